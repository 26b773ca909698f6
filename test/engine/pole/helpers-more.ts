/** More test helpers for Tezos Pole (rules-section suites): quiet tiles, exact landings, rigged setup seeds. */
import { rngFromSeed, rollDie } from '../../../engine/core/rng';
import type { SeatId } from '../../../engine/core/types';
import type { PoleEvent, PoleState } from '../../../engine/pole';
import { act, event, rig, withPlayers, withTurn, type TileInput } from './helpers';

/** An event tile that does nothing: a safe square to land on. */
export function quiet(id: string): TileInput {
  return event(id, { kind: 'none' }, 'Nothing happens.');
}

/** `seat` rolls its movement die. */
export function roll(state: PoleState, seat: SeatId): { state: PoleState; events: PoleEvent[] } {
  return act(state, seat, { type: 'roll' });
}

/**
 * `seat`, standing just before tile `tile` (progress `lap × ring + tile − 1`), rolls a rigged 1 and lands on it.
 * `after` are further d6 results to rig (e.g. valuation dice).
 */
export function landOn(state: PoleState, seat: SeatId, tile: number, after: number[] = []): { state: PoleState; events: PoleEvent[] } {
  if (tile < 1) throw new Error('landOn: tile must be ≥ 1');
  const placed = withTurn(withPlayers(state, { [seat]: { progress: tile - 1 } }), seat);
  return roll(rig(placed, 1, ...after), seat);
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

/** Cash of every seat. */
export function cashOf(state: PoleState): number[] {
  return state.players.map((p) => p.cash);
}
