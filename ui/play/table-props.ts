import type { Decision, GameEvent, Outcome, SeatId } from '../../engine';
import type { SeatInfo } from '../../server/protocol';

/**
 * What every game table component receives: one seat's knowledge of the game (a GameSnapshot / GameUpdate from the
 * server, see server/protocol.ts) and a way to act. Tables offer only the actions in `legal`; everything else they
 * show and animate on their own.
 */
export interface TableProps<V, A> {
  /** The engine's view for `seat` (hidden information already removed by the server). */
  readonly view: V;
  /** Whose view this is; null for a spectator. */
  readonly seat: SeatId | null;
  readonly seats: readonly SeatInfo[];
  readonly pending: readonly Decision[];
  /** The legal actions of `seat` now; empty when it has nothing to decide (or is a spectator). */
  readonly legal: readonly A[];
  /** Every event so far, in order. */
  readonly events: readonly GameEvent[];
  readonly outcome: Outcome | null;
  /** When the pending human decision times out (ms since epoch), if a turn timer runs. */
  readonly deadline: number | null;
  /** Sends one action for `seat`; the table shows `busy` until the server answers. */
  readonly act: (action: A) => void;
  readonly busy: boolean;
  /** The last refusal or connection problem, in words, or null. */
  readonly error: string | null;
}
