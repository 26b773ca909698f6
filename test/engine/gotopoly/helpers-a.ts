/** Extra helpers for the starter / turn-sequence / movement / spaces / rail-fare / board / cards tests. */
import type { SeatId } from '../../../engine';
import { decisionsOf, type GotopolyEvent, type GotopolyState, type Student } from '../../../engine/gotopoly';
import { act, progressAt, setup, turnOf, unowned, withStudents } from './helpers';

/** A fresh 4-seat game with nothing owned, `seat` (default 0) about to pick a token at `progress`. */
export function ready(
  progress: number,
  patch: Partial<Student> = {},
  seat: SeatId = 0,
  base?: GotopolyState,
): GotopolyState {
  const state = base ?? unowned(setup());
  return turnOf(withStudents(state, { [seat]: { progress, ...patch } }), seat);
}

/** Seat 0 moves with `token` onto the space `id` (lap 0), starting `token` spaces before it. */
export function landOn(
  id: string,
  token: number,
  patch: Partial<Student> = {},
  base?: GotopolyState,
): { state: GotopolyState; events: GotopolyEvent[] } {
  const start = progressAt(id) - token;
  if (start < 0) throw new Error(`cannot reach ${id} with a ${token} from GO on lap 0`);
  return act(ready(start, patch, 0, base), 0, { type: 'move', token });
}

/** Every uncle still to bid bids nothing; returns the state and all events. */
export function allPass(state: GotopolyState): { state: GotopolyState; events: GotopolyEvent[] } {
  let s = state;
  const events: GotopolyEvent[] = [];
  for (const d of decisionsOf(s)) {
    if (d.kind !== 'bid') throw new Error(`expected bids pending, got ${d.kind}`);
    const r = act(s, d.seat, { type: 'bid', bids: d.lot.map(() => 0) });
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

/** The pending decision kinds with seats, e.g. ["0:bid", "1:bid"]. */
export function pendingOf(state: GotopolyState): string[] {
  return decisionsOf(state).map((d) => `${d.seat}:${d.kind}`);
}
