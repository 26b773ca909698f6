/** Test helpers for Gotopoly: build exact situations from plain state data, rigged dice and stacked decks. */
import type { Actor, SeatId } from '../../../engine';
import { ofType, refusedCodeWith, rngFor } from '../game-checks';
import {
  LONDON,
  decisionsOf,
  gotopoly,
  type DeckName,
  type Estate,
  type GotopolyConfigInput,
  type GotopolyEvent,
  type GotopolyState,
  type MoveDecision,
  type Purse,
  type Student,
} from '../../../engine/gotopoly';

/** Space index by id on the London board ("mayfair" → 39). */
export function sp(id: string): number {
  const index = LONDON.indexOf.get(id);
  if (index === undefined) throw new Error(`no space "${id}"`);
  return index;
}

/** Progress (spaces travelled anticlockwise from GO, lap 0) at which a student stands on space `id`. */
export function progressAt(id: string, laps = 0): number {
  return laps * 40 + ((40 - sp(id)) % 40);
}

export function setup(config: Partial<GotopolyConfigInput> = {}, seed = 'test'): GotopolyState {
  return gotopoly.setup({ players: 4, ...config }, seed);
}

export function act(
  state: GotopolyState,
  seat: Actor,
  action: unknown,
): { state: GotopolyState; events: GotopolyEvent[] } {
  return gotopoly.apply(state, seat, action);
}

/** The same state with G7's drawn order for level students set to `order` (seat order unless given). */
export function withTieOrder(state: GotopolyState, order?: readonly number[]): GotopolyState {
  return { ...state, tieOrder: order ?? state.students.map((_, seat) => seat) };
}

/** The same state with some students changed. */
export function withStudents(state: GotopolyState, patches: Record<number, Partial<Student>>): GotopolyState {
  return { ...state, students: state.students.map((s, seat) => ({ ...s, ...patches[seat] })) };
}

/** The same state with some uncles' cash changed. */
export function withUncleCash(state: GotopolyState, cash: Record<number, number>): GotopolyState {
  return { ...state, uncles: state.uncles.map((u, seat) => (seat in cash ? { cash: cash[seat]! } : u)) };
}

/** The same state with some spaces (by id) owned / built on / visited. */
export function withEstates(state: GotopolyState, patches: Record<string, Partial<Estate>>): GotopolyState {
  const estates = state.estates.slice();
  for (const [id, patch] of Object.entries(patches)) estates[sp(id)] = { ...estates[sp(id)]!, ...patch };
  return { ...state, estates };
}

/** No property owned by anyone (setup's opening auction has not sold anything yet either way). */
export function unowned(state: GotopolyState): GotopolyState {
  return { ...state, estates: state.estates.map(() => ({ owner: null, houses: 0, visited: 0 })) };
}

/**
 * The same state in the Movement phase of `term` (default 1), with `seat` to decide `decision` (default: pick a
 * token) and `order` the move order (default [seat]: the term ends after this student).
 */
export function turnOf(
  state: GotopolyState,
  seat: SeatId,
  options: { decision?: MoveDecision; order?: SeatId[]; term?: number; token?: number | null } = {},
): GotopolyState {
  const order = options.order ?? [seat];
  return {
    ...state,
    term: options.term ?? Math.max(1, state.term),
    stage: {
      kind: 'movement',
      order,
      index: order.indexOf(seat),
      decision: options.decision ?? { kind: 'token' },
      token: options.token ?? null,
    },
  };
}

/** The same state in the Build/Trade phase with `uncle` to act. */
export function buildTurnOf(state: GotopolyState, uncle: SeatId, term = Math.max(1, state.term)): GotopolyState {
  return { ...state, term, stage: { kind: 'build', uncle, built: false, offers: 0, offer: null } };
}

/** The same state with an auction of `lot` (space ids) open and nobody's bids in. */
export function auctionOf(state: GotopolyState, lot: string[], term = Math.max(1, state.term)): GotopolyState {
  const seats = state.uncles.length;
  return {
    ...state,
    term,
    stage: {
      kind: 'auction',
      lot: lot.map(sp),
      submitted: new Array<boolean>(seats).fill(false),
      bids: new Array<null>(seats).fill(null),
    },
  };
}

/** The same state whose `deck` will deal `cards` (card ids) first, then the rest of the deck in its current order. */
export function stackDeck(state: GotopolyState, deck: DeckName, cards: string[]): GotopolyState {
  const current = state.decks[deck];
  const all = [...current.draw, ...current.discard];
  for (const c of cards)
    if (!all.includes(c)) throw new Error(`card "${c}" is not in the ${deck} draw or discard pile`);
  const rest = all.filter((c) => !cards.includes(c));
  return { ...state, decks: { ...state.decks, [deck]: { draw: [...cards, ...rest], discard: [] } } };
}

/** The same state, whose next d6 rolls will be `dice`. */
export function rig(state: GotopolyState, ...dice: number[]): GotopolyState {
  return { ...state, rng: rngFor(dice) };
}

export { ofType };

const samePurse = (a: Purse, b: Purse) => JSON.stringify(a) === JSON.stringify(b);

/** Net money into `purse` over these events' transfers. */
export function netTo(events: readonly GotopolyEvent[], purse: Purse): number {
  let net = 0;
  for (const e of ofType(events, 'transfer')) {
    if (samePurse(e.to, purse)) net += e.amount;
    if (samePurse(e.from, purse)) net -= e.amount;
  }
  return net;
}

/** Applies an action that must be refused; returns the RuleError code, checking the state is untouched. */
export const refusedCode = (state: GotopolyState, seat: Actor, action: unknown): string =>
  refusedCodeWith(gotopoly, state, seat, action);

// ---- situations before a move: a student about to pick a token, landing on a space ----

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

// ---- the uncles' side: a fresh game, trades, cash and holdings, moving and acting for everyone ----

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
