/** Seed §3.1 "Roll & Move" and §3.4 "Lap bonus", ruling P8 (GO pays 300 Tz); laps counted for P9. */
import { describe, expect, it } from 'vitest';
import { lapsOf, positionOf, type BoardInput, type PoleConfigInput } from '../../../engine/pole';
import { art, board, event, quiet } from './boards';
import { act, roll } from './play';
import { netTransfers, ofType } from './reads';
import { rig, setup, withPlayers, withTurn } from './states';

/** GO + six quiet squares + an artist tile at 7 (ring of 8): any single d6 from Start lands on a quiet square. */
const EIGHT = board(quiet('q1'), quiet('q2'), quiet('q3'), quiet('q4'), quiet('q5'), quiet('q6'), art('a7', 100));

/** A ring of 6: GO, 1–4 quiet, 5 an artist. */
const SIX = board(quiet('q1'), quiet('q2'), quiet('q3'), quiet('q4'), art('a5', 100));

/** SIX with tile `at` (1–4) an event instead of a quiet square. */
const sixWithEvent = (at: number, id: string, effect: Parameters<typeof event>[1]) =>
  board(...[1, 2, 3, 4].map((i) => (i === at ? event(id, effect) : quiet(`q${i}`))), art('a5', 100));

/** Seat 0 to roll, standing at `progress`, next dice rigged. */
function ready(boardInput: BoardInput, progress: number, dice: number[], config: Partial<PoleConfigInput> = {}) {
  const state = setup({ players: 2, board: boardInput, ...config });
  return rig(withTurn(withPlayers(state, { 0: { progress } }), 0), ...dice);
}

describe('P8 roll & move', () => {
  // Seed §3.1: "Roll & Move — roll 1d6 and advance that many tiles."
  it.each([1, 2, 3, 4, 5, 6])(
    '"roll 1d6 and advance that many tiles": a %i moves the pawn that many tiles from Start',
    (die) => {
      const { state, events } = roll(ready(EIGHT, 0, [die]), 0);
      expect(ofType(events, 'rolled')).toEqual([{ type: 'rolled', seat: 0, dice: [die], l2: false }]);
      expect(ofType(events, 'moved')).toEqual([{ type: 'moved', seat: 0, from: 0, to: die, steps: die }]);
      expect(ofType(events, 'landed')).toEqual([{ type: 'landed', seat: 0, tile: die }]);
      expect(state.players[0]!.progress).toBe(die);
      expect(state.players[1]!.progress).toBe(0);
    },
  );

  it('"advance that many tiles" from mid-board: tile 3 + 4 → tile 7, whose tile is then resolved (buy offer)', () => {
    const { state, events } = roll(ready(EIGHT, 3, [4]), 0);
    expect(positionOf(state.players[0]!.progress, 8)).toBe(7);
    expect(ofType(events, 'offered')).toEqual([{ type: 'offered', seat: 0, tile: 7, price: 100 }]);
  });

  it('the movement roll is one die (no L2 move by default)', () => {
    const { events } = roll(ready(EIGHT, 0, [2]), 0);
    expect(ofType(events, 'rolled')[0]!.dice).toHaveLength(1);
  });

  it('positions wrap around the ring; progress below 0 maps to the last tiles', () => {
    expect(positionOf(13, 6)).toBe(1);
    expect(positionOf(12, 6)).toBe(0);
    expect(positionOf(-1, 6)).toBe(5);
    expect(lapsOf(13, 6)).toBe(2);
    expect(lapsOf(11, 6)).toBe(1);
    expect(lapsOf(-1, 6)).toBe(0);
  });
});

describe('P8 lap bonus', () => {
  // Seed §3.4: "each time you pass or land on GO, collect +300 Tz". P8: "Passing or landing on GO pays 300 Tz".
  it('"each time you pass … GO, collect +300 Tz": passing GO mid-move (tile 4 + 4 on a ring of 6) pays 300', () => {
    const { state, events } = roll(ready(SIX, 4, [4]), 0);
    expect(positionOf(state.players[0]!.progress, 6)).toBe(2);
    expect(state.players[0]!.cash).toBe(1300);
    expect(state.players[1]!.cash).toBe(1000);
    expect(ofType(events, 'transfer')).toEqual([
      { type: 'transfer', from: 'bank', to: 0, amount: 300, reason: 'goBonus', tile: 0 },
    ]);
    expect(ofType(events, 'lapCompleted')).toEqual([{ type: 'lapCompleted', seat: 0, laps: 1 }]);
    expect(ofType(events, 'landed')).toEqual([{ type: 'landed', seat: 0, tile: 2 }]);
  });

  // Seed §3.4: "each time you pass or land on GO, collect +300 Tz".
  it('"… or land on GO": landing exactly on GO (tile 4 + 2 on a ring of 6) pays 300, and GO asks nothing more', () => {
    const { state, events } = roll(ready(SIX, 4, [2]), 0);
    expect(ofType(events, 'landed')).toEqual([{ type: 'landed', seat: 0, tile: 0 }]);
    expect(state.players[0]!.cash).toBe(1300);
    expect(netTransfers(events, 0)).toBe(300);
    expect(ofType(events, 'offered')).toEqual([]);
    expect(state.phase).toBe('roll');
    expect(state.current).toBe(1);
  });

  it('a move that neither passes nor lands on GO pays nothing', () => {
    const { state, events } = roll(ready(SIX, 0, [3]), 0);
    expect(state.players[0]!.cash).toBe(1000);
    expect(ofType(events, 'transfer')).toEqual([]);
    expect(ofType(events, 'lapCompleted')).toEqual([]);
  });

  // "each time": the bonus is paid again on the next lap.
  it('"each time you pass … GO": the second lap pays again and is counted as lap 2', () => {
    const { state, events } = roll(ready(SIX, 10, [3]), 0);
    expect(state.players[0]!.progress).toBe(13);
    expect(lapsOf(state.players[0]!.progress, 6)).toBe(2);
    expect(state.players[0]!.cash).toBe(1300);
    expect(ofType(events, 'lapCompleted')).toEqual([{ type: 'lapCompleted', seat: 0, laps: 2 }]);
  });

  it('the bonus is the goBonus option (a table playing 200 Tz collects 200)', () => {
    const { state } = roll(ready(SIX, 4, [4], { goBonus: 200 }), 0);
    expect(state.players[0]!.cash).toBe(1200);
  });

  // P12 "L2 move" (3d6) with P8 "each time": one long move on the smallest ring passes GO several times.
  it('"each time you pass GO": an L2 move of 6+6+6 on a ring of 4 passes GO four times → 1,200 Tz, laps 1–4', () => {
    const ring4 = board(art('a1', 100), quiet('q2'), quiet('q3'));
    const state = rig(withTurn(setup({ players: 2, board: ring4, l2Move: true }), 0), 6, 6, 6);
    const { state: next, events } = act(state, 0, { type: 'roll', l2: true });
    expect(next.players[0]!.progress).toBe(18);
    expect(next.players[0]!.cash).toBe(2200);
    expect(ofType(events, 'lapCompleted').map((e) => e.laps)).toEqual([1, 2, 3, 4]);
    expect(ofType(events, 'gameEnded')).toEqual([]);
  });

  // Seed §3.4 counts passing GO in the direction of play: a backward move over Start is not "passing GO" and does not
  // pay (movement.ts: "Only forward moves pass GO").
  it('a backward event move over Start ("move back 3" from tile 2) does not pay the bonus', () => {
    const back = sixWithEvent(2, 'back', { kind: 'moveBy', steps: -3 });
    const { state, events } = roll(ready(back, 0, [2]), 0);
    expect(ofType(events, 'moved')).toEqual([
      { type: 'moved', seat: 0, from: 0, to: 2, steps: 2 },
      { type: 'moved', seat: 0, from: 2, to: 5, steps: -3 },
    ]);
    expect(ofType(events, 'landed').map((e) => e.tile)).toEqual([2, 5]);
    expect(state.players[0]!.cash).toBe(1000);
    expect(ofType(events, 'transfer')).toEqual([]);
    expect(ofType(events, 'lapCompleted')).toEqual([]);
    expect(lapsOf(state.players[0]!.progress, 6)).toBe(0);
  });

  it('a backward move over Start after a completed lap does not pay either', () => {
    const back = sixWithEvent(2, 'back', { kind: 'moveBy', steps: -3 });
    const { state, events } = roll(ready(back, 6, [2]), 0);
    expect(positionOf(state.players[0]!.progress, 6)).toBe(5);
    expect(state.players[0]!.cash).toBe(1000);
    expect(ofType(events, 'transfer')).toEqual([]);
  });

  // Seed §3.4: "each time you pass or land on GO, collect +300 Tz"; P8: "Passing or landing on GO pays 300 Tz".
  // Only passing is tied to the direction of play; no ruling exempts a pawn that lands exactly on GO by moving back.
  it('P8 "… or land on GO": a backward event move ("move back 3" from tile 3) that lands exactly on GO pays 300', () => {
    const back = sixWithEvent(3, 'back', { kind: 'moveBy', steps: -3 });
    const { state, events } = roll(ready(back, 6, [3]), 0);
    expect(ofType(events, 'landed').map((e) => e.tile)).toEqual([3, 0]);
    expect(ofType(events, 'transfer')).toEqual([
      { type: 'transfer', from: 'bank', to: 0, amount: 300, reason: 'goBonus', tile: 0 },
    ]);
    expect(state.players[0]!.cash).toBe(1300);
  });

  // P8: passing GO pays whatever moves you: an event that advances you past GO pays too.
  it('"each time you pass GO": an event "advance to tile 1" from tile 3 passes GO and pays 300', () => {
    const adv = sixWithEvent(3, 'adv', { kind: 'moveTo', tile: 'q1' });
    const { state, events } = roll(ready(adv, 0, [3]), 0);
    expect(ofType(events, 'landed').map((e) => e.tile)).toEqual([3, 1]);
    expect(state.players[0]!.cash).toBe(1300);
    expect(ofType(events, 'lapCompleted')).toEqual([{ type: 'lapCompleted', seat: 0, laps: 1 }]);
  });

  it('"… or land on GO": an event "advance to GO" pays 300', () => {
    const toGo = sixWithEvent(2, 'to-go', { kind: 'moveTo', tile: 'go' });
    const { state, events } = roll(ready(toGo, 0, [2]), 0);
    expect(ofType(events, 'landed').map((e) => e.tile)).toEqual([2, 0]);
    expect(state.players[0]!.cash).toBe(1300);
  });

  it('a forward event move ("move 4 forward" from tile 4 on a ring of 6) that passes GO pays 300', () => {
    const fwd = sixWithEvent(4, 'fwd', { kind: 'moveBy', steps: 4 });
    const { state, events } = roll(ready(fwd, 0, [4]), 0);
    expect(ofType(events, 'landed').map((e) => e.tile)).toEqual([4, 2]);
    expect(state.players[0]!.cash).toBe(1300);
  });
});
