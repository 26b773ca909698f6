/** Seed §4 "Game Length", ruling P9 (with P8: the completing move still pays GO; P10 valuation follows). */
import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../../engine/core/errors';
import { pole, type PoleConfigInput, type PoleState } from '../../../engine/pole';
import { art, board, event, quiet } from './boards';
import { act, roll } from './play';
import { ofType } from './reads';
import { rig, setup, withHolders, withPlayers, withTurn } from './states';

/** Ring of 6: 0 GO, 1 q1, 2 q2, 3 a 1/1 (100 Tz, ×2), 4 q4, 5 "advance to q1" (passes GO). */
const GL = board(
  quiet('q1'),
  quiet('q2'),
  art('a3', 100, 1, 2),
  quiet('q4'),
  event('adv', { kind: 'moveTo', tile: 'q1' }),
);
const RING = 6;

/** Seat 0 to roll from `progress`, next d6 results rigged. */
function ready(progress: number, dice: number[], config: Partial<PoleConfigInput> = {}, players = 2): PoleState {
  const state = setup({ players, board: GL, ...config });
  return rig(withTurn(withPlayers(state, { 0: { progress } }), 0), ...dice);
}

function expectOver(state: PoleState): void {
  expect(state.phase).toBe('over');
  expect(pole.pending(state)).toEqual([]);
  for (let seat = 0; seat < state.players.length; seat++) expect(pole.legal(state, seat)).toEqual([]);
  expect(pole.outcome(state)).not.toBeNull();
  let code = '';
  try {
    act(state, state.current === 0 ? 1 : 0, { type: 'roll' });
  } catch (err) {
    if (isRuleError(err)) code = err.code;
  }
  expect(code).toBe('GAME_OVER');
}

describe('P9 game end', () => {
  // Seed §4: "The instant any pawn completes its 5th full lap, finish that player's tile resolution and the game ends
  // immediately." P8: "Passing or landing on GO pays 300 Tz, including the move that completes the last lap."
  it('P9: landing on GO to complete lap 5 pays the 300 Tz bonus and ends the game at once', () => {
    const { state, events } = roll(ready(4 * RING + 3, [3]), 0);
    expect(state.players[0]!.progress).toBe(5 * RING);
    expect(state.players[0]!.cash).toBe(1300);
    expect(ofType(events, 'lapCompleted')).toEqual([{ type: 'lapCompleted', seat: 0, laps: 5 }]);
    expect(ofType(events, 'gameEnded')).toEqual([{ type: 'gameEnded', seat: 0, laps: 5 }]);
    expect(ofType(events, 'turnStarted')).toEqual([]);
    expectOver(state);
    // Valuation follows (P10): no pieces, so score = cash; highest portfolio wins.
    expect(ofType(events, 'finalScores')[0]!.scores.map((s) => s.score)).toEqual([1300, 1000]);
    expect(pole.outcome(state)!.winners).toEqual([0]);
  });

  // Seed §4: "finish that player's tile resolution" — a 1/1 landed on by the completing move is still offered.
  it('P9 "finish that player\'s tile resolution": the completing move lands on an unowned 1/1 → buy decision first, then the end', () => {
    // From tile 4 of lap 5, a 5 passes GO (lap 5 complete) and lands on tile 3; the next die (4) values the piece.
    const { state: deciding, events: moveEvents } = roll(ready(4 * RING + 4, [5, 4]), 0);
    expect(deciding.players[0]!.progress).toBe(5 * RING + 3);
    expect(deciding.players[0]!.cash).toBe(1300);
    expect(ofType(moveEvents, 'lapCompleted')).toEqual([{ type: 'lapCompleted', seat: 0, laps: 5 }]);
    expect(ofType(moveEvents, 'offered')).toEqual([{ type: 'offered', seat: 0, tile: 3, price: 100 }]);
    expect(ofType(moveEvents, 'gameEnded')).toEqual([]);
    expect(deciding.phase).toBe('buy');
    expect(pole.legal(deciding, 0)).toEqual([{ type: 'buy' }, { type: 'pass' }]);
    expect(pole.outcome(deciding)).toBeNull();

    const { state, events } = act(deciding, 0, { type: 'buy' });
    expect(state.tiles[3]!.holders).toEqual([0]);
    expect(state.players[0]!.cash).toBe(1200);
    expect(ofType(events, 'gameEnded')).toEqual([{ type: 'gameEnded', seat: 0, laps: 5 }]);
    expect(ofType(events, 'turnStarted')).toEqual([]);
    expect(state.players[1]!.progress).toBe(0);
    expectOver(state);
    // P10: even die 4 → 4 × 100 × 2 = 800; the valuation comes after the end.
    const types = events.map((e) => e.type);
    expect(types.indexOf('gameEnded')).toBeLessThan(types.indexOf('valued'));
    expect(ofType(events, 'valued')).toEqual([{ type: 'valued', seat: 0, tile: 3, die: 4, value: 800 }]);
    expect(ofType(events, 'finalScores')[0]!.scores[0]).toEqual({
      seat: 0,
      cash: 1200,
      pieces: 1,
      valuation: 800,
      score: 2000,
    });
    expect(pole.outcome(state)!.winners).toEqual([0]);
  });

  it('P9: declining that last offer also ends the game (nothing bought, nothing valued)', () => {
    const { state: deciding } = roll(ready(4 * RING + 4, [5]), 0);
    const { state, events } = act(deciding, 0, { type: 'pass' });
    expect(state.tiles[3]!.holders).toEqual([]);
    expect(state.players[0]!.cash).toBe(1300);
    expect(ofType(events, 'valued')).toEqual([]);
    expectOver(state);
  });

  // Seed §4 "finish that player's tile resolution" + §3.2B: the royalty is still paid, then the game ends.
  it('P9: the completing move lands on a tile another player owns → the royalty is paid, then the game ends', () => {
    const start = withHolders(ready(4 * RING + 4, [5, 3]), 3, [1]);
    const { state, events } = roll(start, 0);
    // +300 (GO, P8) − 10 (royalty: 10 % of 100 Tz, P6).
    expect(state.players[0]!.cash).toBe(1290);
    expect(state.players[1]!.cash).toBe(1010);
    expect(ofType(events, 'royaltyDue')).toHaveLength(1);
    expect(ofType(events, 'offered')).toEqual([]);
    expect(ofType(events, 'gameEnded')).toEqual([{ type: 'gameEnded', seat: 0, laps: 5 }]);
    expectOver(state);
    // P10: odd die 3 → (100 × 2) ÷ 3 = 66.7 → 60.
    expect(ofType(events, 'valued')).toEqual([{ type: 'valued', seat: 1, tile: 3, die: 3, value: 60 }]);
    expect(ofType(events, 'finalScores')[0]!.scores.map((s) => s.score)).toEqual([1290, 1070]);
  });

  // Seed §4 "any pawn completes its 5th full lap": an event that advances the pawn past GO completes it too.
  it('P9: a lap completed by an event move ("advance to q1" past GO) ends the game after that landing', () => {
    const { state, events } = roll(ready(4 * RING + 2, [3]), 0);
    expect(ofType(events, 'landed').map((e) => e.tile)).toEqual([5, 1]);
    expect(state.players[0]!.progress).toBe(5 * RING + 1);
    expect(state.players[0]!.cash).toBe(1300);
    expect(ofType(events, 'gameEnded')).toEqual([{ type: 'gameEnded', seat: 0, laps: 5 }]);
    expectOver(state);
  });

  // P9 "nobody else moves": the other seats have not played this round, and never will.
  it('P9 "nobody else moves": in a 3-player game the others keep their places, even a pawn one tile from GO', () => {
    const start = withPlayers(ready(4 * RING + 3, [3], {}, 3), { 1: { progress: 4 * RING + 5 }, 2: { progress: 7 } });
    const { state, events } = roll(start, 0);
    expect(state.players.map((p) => p.progress)).toEqual([5 * RING, 4 * RING + 5, 7]);
    expect(ofType(events, 'moved').map((e) => e.seat)).toEqual([0]);
    expectOver(state);
  });

  it('P9: completing lap 4 of 5 does not end the game; the turn passes on', () => {
    const { state, events } = roll(ready(3 * RING + 3, [3]), 0);
    expect(ofType(events, 'lapCompleted')).toEqual([{ type: 'lapCompleted', seat: 0, laps: 4 }]);
    expect(ofType(events, 'gameEnded')).toEqual([]);
    expect(state.phase).toBe('roll');
    expect(state.current).toBe(1);
    expect(pole.outcome(state)).toBeNull();
  });

  // P9: "(`laps`, default 5)".
  it('P9 `laps` option: with laps 2, completing lap 2 ends the game and lap 1 does not', () => {
    const first = roll(ready(RING - 1, [1], { laps: 2 }), 0);
    expect(ofType(first.events, 'lapCompleted')).toEqual([{ type: 'lapCompleted', seat: 0, laps: 1 }]);
    expect(first.state.phase).toBe('roll');
    expect(first.state.current).toBe(1);

    const second = roll(ready(2 * RING - 1, [1], { laps: 2 }), 0);
    expect(ofType(second.events, 'gameEnded')).toEqual([{ type: 'gameEnded', seat: 0, laps: 2 }]);
    expect(second.state.players[0]!.cash).toBe(1300);
    expectOver(second.state);
  });

  it('P9 `laps` option: with laps 1, the first pass of GO ends the game', () => {
    const { state, events } = roll(ready(4, [4], { laps: 1 }), 0);
    expect(ofType(events, 'gameEnded')).toEqual([{ type: 'gameEnded', seat: 0, laps: 1 }]);
    expect(state.players[0]!.cash).toBe(1300);
    expectOver(state);
  });
});
