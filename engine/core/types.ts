import type { RandomGenerator, RngState } from './rng';

/** A player's seat: 0 … players-1. Play passes "clockwise" = increasing seat index. */
export type SeatId = number;
/** Facts from outside the game (e.g. on-chain holdings) are applied by the `system` actor. */
export const SYSTEM = 'system' as const;
export type Actor = SeatId | typeof SYSTEM;

/** Someone must decide something now. Several seats may be pending at once (blind bids). */
export interface Decision {
  readonly seat: SeatId;
  readonly kind: string;
}

export interface GameEvent {
  readonly type: string;
}

export interface Standing {
  readonly seat: SeatId;
  /** 1 = best; tied seats share a rank. */
  readonly rank: number;
  readonly score: number;
}

export interface Outcome {
  readonly winners: readonly SeatId[];
  readonly standings: readonly Standing[];
}

export type GameId = 'pole' | 'gotopoly' | 'ten';

/**
 * A game as a plain set of pure functions (boardgame.io's idea): no I/O, no clock, no Math.random.
 * Randomness is a PRNG state inside S, so `apply` depends on its arguments only.
 */
export interface GameDefinition<S, A, C, E extends GameEvent = GameEvent> {
  readonly id: GameId;
  /** Bumped whenever a rule change would make old records replay differently. */
  readonly version: number;
  /**
   * Older versions whose games it still sets up and replays under the rules they were played by (`setup`'s
   * `version`): a record keeps the version that wrote it, so an amended rule never changes an old game.
   */
  readonly olderVersions?: readonly number[];
  /** @throws ConfigError when the config is invalid. `version`: the rules to play by (default: `version`). */
  setup(config: C, seed: string, version?: number): S;
  pending(state: S): Decision[];
  /** Every legal action of `seat` now; empty when the seat has nothing to decide. */
  legal(state: S, seat: Actor): A[];
  /** @throws RuleError (stable `code`) and leaves `state` untouched when the action is refused. */
  apply(state: S, seat: Actor, action: unknown): { state: S; events: E[] };
  outcome(state: S): Outcome | null;
  /**
   * The state with its randomness drawn afresh from `rng`: the PRNG, and the order of every face-down
   * pile nobody has seen (a shuffled pile reshuffled changes no one's odds). A provably fair game calls it before
   * each action with that action's roll; a plain-seed game never does.
   */
  reseed(state: S, rng: RngState): S;
  /** What `seat` (null: a spectator) may see: never the PRNG, a deck order or another seat's sealed bid. */
  view(state: S, seat: SeatId | null): unknown;
  /**
   * The move played for `seat` when its turn timer runs out: the cheapest choice the rules allow (it gives nothing
   * away a person might have kept); null when the seat has nothing to decide.
   */
  defaultMove(state: S, seat: SeatId): A | null;
}

/** A bot picks one of `legal(state, seat)`; its own randomness comes from `rng`, never the game's. */
export interface Bot<S, A> {
  readonly name: string;
  choose(state: S, seat: SeatId, rng: RandomGenerator): A;
}
