/** Test helpers for Tezos Pole: build exact situations from plain state data and rigged dice. */
import { rngFor } from '../shared';
import type { SeatId } from '../../../engine/core/types';
import { pole, type BoardInput, type PoleConfigInput, type PoleEvent, type PoleState } from '../../../engine/pole';

export type TileInput = BoardInput['tiles'][number];

export const GO: TileInput = { kind: 'go', id: 'go', name: 'Start' };

export function art(id: string, price: number, editionSize = 1, multiplier = 1): TileInput {
  return { kind: 'artist', id, artist: `Artist ${id}`, title: `Work ${id}`, price, multiplier, editionSize };
}

export function event(id: string, effect: Extract<TileInput, { kind: 'event' }>['effect'], text = `Event ${id}`): TileInput {
  return { kind: 'event', id, name: `Event ${id}`, text, effect };
}

/** A board from tiles; GO is prepended when missing. */
export function board(...tiles: TileInput[]): BoardInput {
  const all = tiles[0]?.kind === 'go' ? tiles : [GO, ...tiles];
  return { id: 'test-board', name: 'Test board', tiles: all };
}

export function setup(config: PoleConfigInput, seed = 'test'): PoleState {
  return pole.setup(config, seed);
}

/** The same state, whose next d6 rolls will be `dice`. */
export function rig(state: PoleState, ...dice: number[]): PoleState {
  return { ...state, rng: rngFor(dice) };
}

/** The same state with some seats' cash / progress changed. */
export function withPlayers(state: PoleState, patches: Record<number, Partial<PoleState['players'][number]>>): PoleState {
  return { ...state, players: state.players.map((p, seat) => ({ ...p, ...patches[seat] })) };
}

/** The same state with tile `index` held by `holders` (one entry per copy). */
export function withHolders(state: PoleState, index: number, holders: SeatId[], removed = 0): PoleState {
  return { ...state, tiles: state.tiles.map((t, i) => (i === index ? { holders, removed } : t)) };
}

/** The same state with `seat` to roll next. */
export function withTurn(state: PoleState, seat: SeatId): PoleState {
  return { ...state, current: seat, phase: 'roll', queue: [] };
}

export function act(state: PoleState, seat: SeatId | 'system', action: unknown): { state: PoleState; events: PoleEvent[] } {
  return pole.apply(state, seat, action);
}

/** Sum of the transfers to minus from `seat` in these events. */
export function netTransfers(events: readonly PoleEvent[], seat: SeatId): number {
  let net = 0;
  for (const e of events) {
    if (e.type !== 'transfer') continue;
    if (e.to === seat) net += e.amount;
    if (e.from === seat) net -= e.amount;
  }
  return net;
}

export function ofType<T extends PoleEvent['type']>(events: readonly PoleEvent[], type: T): Extract<PoleEvent, { type: T }>[] {
  return events.filter((e): e is Extract<PoleEvent, { type: T }> => e.type === type);
}
