import type { RngState } from '../core/rng';
import type { SeatId } from '../core/types';
import type { PoleRules } from './config';

export interface PolePlayer {
  readonly cash: number;
  /**
   * Tiles travelled since Start (negative after moving back over Start before a lap).
   * Position = progress mod ring size; completed laps = floor(progress / ring size).
   */
  readonly progress: number;
  /** P12: the once-per-game 3d6 "L2 move" has been used. */
  readonly l2Used: boolean;
}

export interface PoleTile {
  /**
   * Who holds this tile in play: one entry per copy (a 1/1 has at most one). Rule code reads holders only through
   * holdings.ts; a P13 `holdings` action may move copies between seats or take them out of the game.
   */
  readonly holders: readonly SeatId[];
  /** Copies removed from play by forfeit (P7): never minted again. A forfeited 1/1 becomes inert. */
  readonly removed: number;
  /**
   * P13: copies that left the game for good (they left the players' wallets). They still exist on-chain, so they are
   * never for sale again; they earn no royalty, are not scored and cannot be flipped. Never decreases; absent = 0.
   */
  readonly left?: number;
  /**
   * P13: the copies among `left` that sit in a player's wallet again (sent back), one entry per copy: on-chain that
   * player's, out of the game all the same. Absent = none.
   */
  readonly returned?: readonly SeatId[];
}

/** Somebody receiving money: a seat or the bank. */
export type Party = SeatId | 'bank';

export interface Claim {
  readonly to: Party;
  readonly amount: number;
}

export type DebtReason = 'royalty' | 'event';

/**
 * The rest of the current tile resolution, in order. Cascades (an event that moves you onto another event…) run
 * through this bounded queue, never through unbounded recursion.
 */
export type Step =
  | { readonly kind: 'land'; readonly seat: SeatId; readonly tile: number }
  | { readonly kind: 'offer'; readonly seat: SeatId; readonly tile: number }
  | {
      readonly kind: 'debt';
      readonly debtor: SeatId;
      readonly claims: readonly Claim[];
      readonly reason: DebtReason;
      readonly tile: number;
    };

export type PolePhase = 'roll' | 'buy' | 'flip' | 'over';

export interface Valuation {
  readonly seat: SeatId;
  readonly tile: number;
  readonly die: number;
  readonly value: number;
}

export interface PoleState {
  readonly game: 'pole';
  /** Number of actions applied so far. */
  readonly seq: number;
  readonly config: PoleRules;
  readonly rng: RngState;
  /** P2: the turn-order rolls, round by round (re-rolls among the tied). */
  readonly turnOrderRolls: readonly (readonly { readonly seat: SeatId; readonly die: number }[])[];
  readonly firstSeat: SeatId;
  /** Whose turn it is. */
  readonly current: SeatId;
  /** Turns started so far (1 during the first turn). */
  readonly turn: number;
  /** What the pending decision is: roll (current seat), buy (head of queue: offer), flip (head of queue: debt). */
  readonly phase: PolePhase;
  readonly players: readonly PolePlayer[];
  /** One entry per board tile; only artist tiles ever have holders. */
  readonly tiles: readonly PoleTile[];
  readonly queue: readonly Step[];
  /** Landings resolved in the current turn (bounds cascades). */
  readonly landings: number;
  /** P9: the current player completed the last lap; the game ends when this turn's resolution is done. */
  readonly endTriggered: boolean;
  readonly lastRoll: readonly number[];
  /** P10: filled when the game is over. */
  readonly valuations: readonly Valuation[] | null;
}

export type PoleAction =
  | { readonly type: 'roll'; readonly l2?: boolean }
  | { readonly type: 'buy' }
  | { readonly type: 'pass' }
  | { readonly type: 'flip'; readonly tile: number }
  | {
      readonly type: 'holdings';
      /**
       * P13, what the indexer read, per tile: one entry in `holders` per copy a player's wallet holds, and how many
       * copies wallets outside the game hold (`elsewhere`). The engine decides which of them are in play.
       */
      readonly tiles: readonly {
        readonly tile: number;
        readonly holders: readonly SeatId[];
        readonly elsewhere?: number;
      }[];
    };

export type TransferReason = 'purchase' | 'royalty' | 'goBonus' | 'event' | 'flip';

/** Everything the log, the UI and the chain bridge need; nobody diffs states. */
export type PoleEvent =
  | { type: 'turnStarted'; seat: SeatId; turn: number }
  | { type: 'rolled'; seat: SeatId; dice: number[]; l2: boolean }
  | { type: 'moved'; seat: SeatId; from: number; to: number; steps: number }
  | { type: 'lapCompleted'; seat: SeatId; laps: number }
  | { type: 'landed'; seat: SeatId; tile: number }
  /** Every change of cash is one transfer; the money ledger is the sum of these. */
  | { type: 'transfer'; from: Party; to: Party; amount: number; reason: TransferReason; tile?: number }
  | { type: 'offered'; seat: SeatId; tile: number; price: number }
  | { type: 'cannotAfford'; seat: SeatId; tile: number; price: number }
  | { type: 'bought'; seat: SeatId; tile: number; price: number; copy: number; of: number }
  | { type: 'declined'; seat: SeatId; tile: number }
  /** P13: a holdings snapshot took the offered copy off the market before the player decided. */
  | { type: 'offerWithdrawn'; seat: SeatId; tile: number }
  | { type: 'inertTile'; seat: SeatId; tile: number }
  | { type: 'royaltyDue'; seat: SeatId; tile: number; royalty: number; owners: SeatId[]; mode: 'split' | 'each' }
  | { type: 'eventTile'; seat: SeatId; tile: number; text: string }
  | { type: 'eventRoll'; seat: SeatId; tile: number; die: number; text: string }
  | { type: 'freeCopy'; seat: SeatId; tile: number; copy: number; of: number }
  | { type: 'freeCopyUnavailable'; seat: SeatId; tile: number; reason: 'soldOut' | 'atCap' }
  | { type: 'outOfCash'; seat: SeatId; owed: number; cash: number }
  | { type: 'flipped'; seat: SeatId; tile: number; amount: number }
  | { type: 'forfeited'; seat: SeatId; tile: number }
  | { type: 'debtCancelled'; seat: SeatId; amount: number }
  | { type: 'chainLimit'; seat: SeatId; tile: number }
  | { type: 'holdingsUpdated'; tiles: number[] }
  /** P13: a holdings read found `copies` of `seat`'s copies of `tile` gone from the players' wallets: out for good. */
  | { type: 'copyLeftGame'; seat: SeatId; tile: number; copies: number }
  | { type: 'gameEnded'; seat: SeatId; laps: number }
  | { type: 'valued'; seat: SeatId; tile: number; die: number; value: number }
  | {
      type: 'finalScores';
      scores: { seat: SeatId; cash: number; pieces: number; valuation: number; score: number }[];
      winners: SeatId[];
    };
