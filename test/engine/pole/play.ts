/** Playing Tezos Pole in tests: actions by seat, a roll, an exact landing, a refusal that leaves the state untouched. */
import { expect } from 'vitest';
import { RuleError } from '../../../engine/core/errors';
import type { Actor, SeatId } from '../../../engine/core/types';
import { pole, type PoleEvent, type PoleState } from '../../../engine/pole';
import { rig, withPlayers, withTurn } from './states';

export function act(
  state: PoleState,
  seat: SeatId | 'system',
  action: unknown,
): { state: PoleState; events: PoleEvent[] } {
  return pole.apply(state, seat, action);
}

/** Asserts that `action` by `seat` is refused with a RuleError of `code` and that `state` is left untouched. */
export function expectRefused(state: PoleState, seat: Actor, action: unknown, code: string): RuleError {
  const before = structuredClone(state);
  let caught: unknown;
  try {
    act(state, seat, action);
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(RuleError);
  expect((caught as RuleError).code).toBe(code);
  expect(state).toEqual(before);
  return caught as RuleError;
}

/** Legal actions of a seat. */
export function legal(state: PoleState, seat: Actor): unknown[] {
  return pole.legal(state, seat);
}

/** `seat` rolls its movement die. */
export function roll(state: PoleState, seat: SeatId): { state: PoleState; events: PoleEvent[] } {
  return act(state, seat, { type: 'roll' });
}

/**
 * `seat`, standing just before tile `tile` (progress `lap × ring + tile − 1`), rolls a rigged 1 and lands on it.
 * `after` are further d6 results to rig (e.g. valuation dice).
 */
export function landOn(
  state: PoleState,
  seat: SeatId,
  tile: number,
  after: number[] = [],
): { state: PoleState; events: PoleEvent[] } {
  if (tile < 1) throw new Error('landOn: tile must be ≥ 1');
  const placed = withTurn(withPlayers(state, { [seat]: { progress: tile - 1 } }), seat);
  return roll(rig(placed, 1, ...after), seat);
}
