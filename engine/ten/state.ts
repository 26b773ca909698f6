import type { RngState } from '../core/rng';
import type { SeatId } from '../core/types';
import type { TenRules } from './config';
import type { JokerPlacement } from './scoring';

export interface TenPlayer {
  /** Black currency tokens (T4: at most ten). */
  readonly tokens: number;
  /** White bust tokens (worth 3 when paying, T5; not counted toward the ten). */
  readonly bustTokens: number;
  /** Collected number cards and jokers, by card id, in the order collected. */
  readonly collection: readonly string[];
}

/** T5: what a player hands over to pay a price: tokens (1 each), bust tokens (3 each), collected cards (1 each). */
export interface Payment {
  readonly tokens: number;
  readonly bustTokens: number;
  readonly cards: readonly string[];
}

export type Stage =
  /**
   * The active player draws on or stops with a reward; `opened` once the turn's first card is drawn (T3: it always
   * is). `total` is the tableau's running total (numbers − currency) and `currency` its currency cards alone.
   */
  | { readonly kind: 'draw'; readonly opened: boolean; readonly total: number; readonly currency: number }
  /** T7: a joker is up for auction; `bidders` in bidding order (left of the active player first, the active one last). */
  | {
      readonly kind: 'auction';
      readonly joker: string;
      readonly bidders: readonly SeatId[];
      readonly index: number;
      readonly high: { readonly seat: SeatId; readonly amount: number } | null;
    }
  /** The auction's winner chooses how to pay (T5). */
  | { readonly kind: 'pay'; readonly seat: SeatId; readonly joker: string; readonly price: number }
  /** T6: `seat` may buy one market card. In the final round (T8) `queue` holds the seats still to have theirs. */
  | { readonly kind: 'buy'; readonly seat: SeatId; readonly final: boolean; readonly queue: readonly SeatId[] }
  /** T9: the final scores (optimal joker assignment) and the winners, computed once when the game ends. */
  | { readonly kind: 'over'; readonly scores: readonly TenScore[]; readonly winners: readonly SeatId[] };

export interface TenState {
  readonly game: 'ten';
  readonly seq: number;
  readonly config: TenRules;
  readonly rng: RngState;
  /** The draw pile, top first — hidden from every seat (view.ts). */
  readonly deck: readonly string[];
  /** Number and currency cards drawn this turn, in order (jokers go to auction instead). */
  readonly tableau: readonly string[];
  readonly market: readonly string[];
  readonly discard: readonly string[];
  readonly supply: { readonly tokens: number; readonly bustTokens: number };
  readonly players: readonly TenPlayer[];
  /** Set-up: the start player, chosen from the seed. */
  readonly startSeat: SeatId;
  /** The active player. */
  readonly current: SeatId;
  /** Turns started so far. */
  readonly turn: number;
  /** T8: the last card has been drawn; the game ends after this turn and the final buy round. */
  readonly deckOut: boolean;
  readonly stage: Stage;
}

/** Everything a seat may see: all of Ten is public except the order of the draw pile (and the PRNG). */
export interface TenView extends Omit<TenState, 'rng' | 'deck'> {
  readonly viewer: SeatId | null;
  readonly deckCount: number;
}

export type TenAction =
  | { readonly type: 'draw' }
  | { readonly type: 'takeNumbers' }
  | { readonly type: 'takeCurrency' }
  | { readonly type: 'bid'; readonly amount: number }
  | { readonly type: 'pass' }
  | { readonly type: 'pay'; readonly payment: Payment }
  | { readonly type: 'buy'; readonly card: string; readonly payment: Payment }
  | { readonly type: 'endTurn' };

export type GainReason = 'takeNumbers' | 'takeCurrency' | 'bust';

export interface TenScore {
  readonly seat: SeatId;
  readonly points: number;
  readonly colours: Readonly<Record<string, number>>;
  readonly jokers: readonly JokerPlacement[];
  readonly tokens: number;
  readonly cards: number;
}

export type TenEvent =
  | { type: 'turnStarted'; seat: SeatId; turn: number }
  | { type: 'drew'; seat: SeatId; card: string; total: number; currency: number; left: number }
  | { type: 'busted'; seat: SeatId; cause: 'numbers' | 'currency'; total: number; currency: number }
  | { type: 'tookNumbers'; seat: SeatId; cards: string[] }
  | { type: 'tookCurrency'; seat: SeatId; value: number }
  /** A token gain (T4): `amount` arrived, `lost` did not (cap of ten or an empty supply). */
  | { type: 'gained'; seat: SeatId; amount: number; lost: number; reason: GainReason }
  | { type: 'bustToken'; seat: SeatId; received: boolean }
  | { type: 'toMarket'; cards: string[] }
  | { type: 'discarded'; cards: string[] }
  | { type: 'auctionOpened'; joker: string; bidders: SeatId[] }
  | { type: 'bid'; seat: SeatId; amount: number }
  | { type: 'passed'; seat: SeatId }
  | { type: 'auctionWon'; seat: SeatId; joker: string; price: number }
  | { type: 'jokerDiscarded'; joker: string }
  | { type: 'paid'; seat: SeatId; price: number; tokens: number; bustTokens: number; cards: string[]; lost: number }
  | { type: 'bought'; seat: SeatId; card: string; price: number }
  | { type: 'buyPhaseEnded'; seat: SeatId; bought: boolean }
  | { type: 'deckEmpty'; seat: SeatId }
  | { type: 'finalRound'; order: SeatId[] }
  | { type: 'gameEnded'; scores: TenScore[]; winners: SeatId[]; newBest?: boolean };
