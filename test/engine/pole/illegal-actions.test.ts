import { describe, expect, it } from 'vitest';
import { playToEnd, type Actor } from '../../../engine';
import { pole, poleBots, type PoleState } from '../../../engine/pole';
import { refusedCodeWith } from '../game-checks';
import { art, board } from './boards';
import { act } from './play';
import { rig, setup, withHolders, withPlayers, withTurn } from './states';

/** Applies an action that must be refused; returns the error code and checks the state is untouched. */
const refusedCode = (state: PoleState, seat: Actor, action: unknown): string =>
  refusedCodeWith(pole, state, seat, action);

const twoTiles = board(art('cheap', 100), art('dear', 300), art('ed', 80, 3));

describe('illegal actions are refused with a stable code and change nothing', () => {
  const start = withTurn(setup({ players: 3, board: twoTiles }), 0);

  it('acting out of turn: NOT_YOUR_TURN', () => {
    expect(refusedCode(start, 1, { type: 'roll' })).toBe('NOT_YOUR_TURN');
    expect(refusedCode(start, 2, { type: 'roll' })).toBe('NOT_YOUR_TURN');
  });

  it('a seat that is not in the game: UNKNOWN_SEAT', () => {
    expect(refusedCode(start, 3, { type: 'roll' })).toBe('UNKNOWN_SEAT');
    expect(refusedCode(start, -1, { type: 'roll' })).toBe('UNKNOWN_SEAT');
  });

  it('an action that does not answer the pending decision: WRONG_DECISION', () => {
    expect(refusedCode(start, 0, { type: 'buy' })).toBe('WRONG_DECISION');
    expect(refusedCode(start, 0, { type: 'flip', tile: 3 })).toBe('WRONG_DECISION');
    const offered = act(rig(start, 1), 0, { type: 'roll' }).state;
    expect(offered.phase).toBe('buy');
    expect(refusedCode(offered, 0, { type: 'roll' })).toBe('WRONG_DECISION');
  });

  it('malformed payloads: MALFORMED_ACTION', () => {
    for (const bad of [
      null,
      42,
      'roll',
      {},
      { type: 'jump' },
      { type: 'roll', l2: 'yes' },
      { type: 'flip' },
      { type: 'flip', tile: 1.5 },
      { type: 'buy', extra: 1 },
    ]) {
      expect(refusedCode(start, 0, bad)).toBe('MALFORMED_ACTION');
    }
  });

  it('an unaffordable buy: CANNOT_AFFORD', () => {
    const offered = act(rig(start, 2), 0, { type: 'roll' }).state;
    expect(offered.phase).toBe('buy');
    const broke = withPlayers(offered, { 0: { cash: 299 } });
    expect(refusedCode(broke, 0, { type: 'buy' })).toBe('CANNOT_AFFORD');
  });

  it('flipping a tile that is not an edition copy of yours: NOT_FLIPPABLE', () => {
    // Seat 0 owes a 30 Tz royalty on "dear" (owned by seat 1) with 10 Tz cash and holds an edition copy and a 1/1.
    let s = withHolders(withHolders(withHolders(start, 2, [1]), 3, [0]), 1, [0]);
    s = rig(withPlayers(s, { 0: { cash: 10 } }), 2);
    const short = act(s, 0, { type: 'roll' }).state;
    expect(short.phase).toBe('flip');
    expect(refusedCode(short, 0, { type: 'flip', tile: 1 })).toBe('NOT_FLIPPABLE'); // a 1/1
    expect(refusedCode(short, 0, { type: 'flip', tile: 2 })).toBe('NOT_FLIPPABLE'); // someone else's
    expect(refusedCode(short, 1, { type: 'flip', tile: 3 })).toBe('NOT_YOUR_TURN');
  });

  it('the system seat may only record holdings: NOT_YOUR_TURN / SYSTEM_ONLY', () => {
    expect(refusedCode(start, 'system', { type: 'roll' })).toBe('NOT_YOUR_TURN');
    expect(refusedCode(start, 0, { type: 'holdings', tiles: [] })).toBe('SYSTEM_ONLY');
  });

  it('anything after the end: GAME_OVER', () => {
    const done = playToEnd(pole, { players: 2 }, 'over', [poleBots.random, poleBots.random]).state;
    expect(pole.pending(done)).toEqual([]);
    expect(pole.legal(done, done.current)).toEqual([]);
    expect(refusedCode(done, done.current, { type: 'roll' })).toBe('GAME_OVER');
  });

  it('legal() is empty for every seat that has nothing to decide', () => {
    expect(pole.legal(start, 0)).toEqual([{ type: 'roll' }]);
    expect(pole.legal(start, 1)).toEqual([]);
    expect(pole.legal(start, 'system')).toEqual([]);
  });
});
