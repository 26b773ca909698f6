/** Extra test helpers for the rules-section suites (P3, P7, P10–P13, event vocabulary). */
import { expect } from 'vitest';
import { RuleError } from '../../../engine/core/errors';
import type { Actor } from '../../../engine/core/types';
import { pole, poleDecision, type PoleConfigInput, type PoleDecision, type PoleState } from '../../../engine/pole';
import { act, board, setup, withTurn, type TileInput } from './helpers';

export type Options = Omit<PoleConfigInput, 'board' | 'players'> & { players?: number };

/**
 * A fresh game on a small board (GO prepended), seat 0 to roll, seat 0 first in play order
 * (so valuation order is seat 0, seat 1, …).
 */
export function start(tiles: TileInput[], options: Options = {}, seed = 'test'): PoleState {
  const state = setup({ players: 2, ...options, board: board(...tiles) }, seed);
  return { ...withTurn(state, 0), firstSeat: 0 };
}

/** The pending decision (fails the test when there is none). */
export function decision(state: PoleState): PoleDecision {
  const d = poleDecision(state);
  if (!d) throw new Error('no decision pending');
  return d;
}

/** Cash of every seat. */
export function cash(state: PoleState): number[] {
  return state.players.map((p) => p.cash);
}

/** Board position of a seat. */
export function positionOfSeat(state: PoleState, seat: number): number {
  const n = state.config.board.tiles.length;
  return ((state.players[seat]!.progress % n) + n) % n;
}

/** Index of the tile with this id on the state's board. */
export function indexOf(state: PoleState, id: string): number {
  const i = state.config.board.tiles.findIndex((t) => t.id === id);
  if (i < 0) throw new Error(`no tile "${id}"`);
  return i;
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
