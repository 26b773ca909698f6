/** Tezos Pole test states: a game set up on a test board, with seats, holders, the turn and the dice rigged from plain data. */
import { rngFromSeed, rollDie } from '../../../engine/core/rng';
import type { SeatId } from '../../../engine/core/types';
import { pole, type PoleConfigInput, type PoleState } from '../../../engine/pole';
import { rngFor } from '../game-checks';
import { board, type TileInput } from './boards';

export function setup(config: PoleConfigInput, seed = 'test'): PoleState {
  return pole.setup(config, seed);
}

/** The same state, whose next d6 rolls will be `dice`. */
export function rig(state: PoleState, ...dice: number[]): PoleState {
  return { ...state, rng: rngFor(dice) };
}

/** The same state with some seats' cash / progress changed. */
export function withPlayers(
  state: PoleState,
  patches: Record<number, Partial<PoleState['players'][number]>>,
): PoleState {
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

export type Options = Omit<PoleConfigInput, 'board' | 'players'> & { players?: number };

/**
 * A fresh game on a small board (GO prepended), seat 0 to roll, seat 0 first in play order
 * (so valuation order is seat 0, seat 1, …).
 */
export function start(tiles: TileInput[], options: Options = {}, seed = 'test'): PoleState {
  const state = setup({ players: 2, ...options, board: board(...tiles) }, seed);
  return { ...withTurn(state, 0), firstSeat: 0 };
}

/** A setup seed whose first d6 rolls are exactly `dice` (searched; fine for ≤ 6 dice). */
export function seedFor(dice: readonly number[]): string {
  for (let i = 0; i < 5_000_000; i++) {
    const seed = `order-${dice.join('')}-${i}`;
    const rng = rngFromSeed(seed);
    if (dice.every((d) => rollDie(rng, 6) === d)) return seed;
  }
  throw new Error(`no seed found for dice ${dice.join(',')}`);
}
