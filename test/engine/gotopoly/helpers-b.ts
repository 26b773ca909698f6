/** Extra Gotopoly test helpers for the uncles / rents / jail / bankruptcy / winning / NMR / illegal-action files. */
import { type SeatId } from '../../../engine';
import { gotopoly, type GotopolyConfigInput, type GotopolyEvent, type GotopolyState } from '../../../engine/gotopoly';
import { act, setup, sp, turnOf, unowned, withStudents } from './helpers';

/** A fresh game with nothing owned (the opening auction stage is replaced by whatever the test puts in place). */
export function fresh(config: Partial<GotopolyConfigInput> = {}, seed = 'test'): GotopolyState {
  return unowned(setup(config, seed));
}

/** A trade offer to uncle `to`: the spaces given and taken, by id, and the cash each way (none unless said). */
export const tradeOffer = (
  to: SeatId,
  deal: { give?: string[]; take?: string[]; giveCash?: number; takeCash?: number },
) => ({
  type: 'offerTrade' as const,
  to,
  give: (deal.give ?? []).map(sp),
  take: (deal.take ?? []).map(sp),
  giveCash: deal.giveCash ?? 0,
  takeCash: deal.takeCash ?? 0,
});

/** Students' cash, by seat. */
export const cashOf = (state: GotopolyState): number[] => state.students.map((s) => s.cash);

/** Uncles' cash, by seat. */
export const uncleCashOf = (state: GotopolyState): number[] => state.uncles.map((u) => u.cash);

/** Owner of a space (by id). */
export const ownerOf = (state: GotopolyState, id: string): SeatId | null => state.estates[sp(id)]!.owner;

/** Houses on a space (by id). */
export const housesOn = (state: GotopolyState, id: string): number => state.estates[sp(id)]!.houses;

/** The board space a student stands on. */
export const positionOfSeat = (state: GotopolyState, seat: SeatId): number => {
  const p = state.students[seat]!.progress;
  return (((40 - (p % 40)) % 40) + 40) % 40;
};

/** The pending decision kinds, as "seat:kind" strings. */
export const pendingOf = (state: GotopolyState): string[] => gotopoly.pending(state).map((d) => `${d.seat}:${d.kind}`);

/**
 * `seat` stands at `progress` and moves `token` in the Movement phase (term, order from options).
 * Returns the result of the move action.
 */
export function moveFrom(
  state: GotopolyState,
  seat: SeatId,
  progress: number,
  token: number,
  options: { order?: SeatId[]; term?: number } = {},
): { state: GotopolyState; events: GotopolyEvent[] } {
  const placed = turnOf(withStudents(state, { [seat]: { progress } }), seat, options);
  return act(placed, seat, { type: 'move', token });
}

/** Applies a sequence of [seat, action] pairs, collecting every event. */
export function actAll(
  state: GotopolyState,
  steps: readonly (readonly [SeatId, unknown])[],
): { state: GotopolyState; events: GotopolyEvent[] } {
  let s = state;
  const events: GotopolyEvent[] = [];
  for (const [seat, action] of steps) {
    const r = act(s, seat, action);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}
