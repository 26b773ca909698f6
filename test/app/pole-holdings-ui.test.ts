/**
 * P13 (amended 2026-12-01) as players see it: "The log names the copy that left", and the board tells copies that
 * left the game apart from unsold ones, rendered with react-dom/server from the engine's real states and events.
 */
import { describe, expect, it } from 'vitest';
import { pole, type PoleState } from '../../engine/pole';
import { describeEvents } from '../../ui/pole/pole-log';
import { boardTileHtml, fourTileBoard, MOTH, SUNFOLD } from './fixtures';

const BOARD = fourTileBoard('p13-ui', 'P13 board', 300);
const NAMES = ['Alice', 'Bob'];

/** A fresh on-chain game where Alice holds a Sunfold copy and Bob holds the Moth Hour 1/1. */
function game(): PoleState {
  const s = pole.setup({ players: 2, onChainHoldings: true, board: BOARD }, 'p13-ui');
  return {
    ...s,
    tiles: s.tiles.map((t, i) =>
      i === SUNFOLD ? { holders: [0], removed: 0 } : i === MOTH ? { holders: [1], removed: 0 } : t,
    ),
  };
}

const read = (s: PoleState, tiles: { tile: number; holders: number[]; elsewhere?: number }[]) =>
  pole.apply(s, 'system', { type: 'holdings', tiles });

const tileHtml = (state: PoleState, index: number): string => boardTileHtml(BOARD, state, index, NAMES);

describe('P13 in the game log', () => {
  it('P13 "The log names the copy that left": the seat, the work and what it means', () => {
    const { events } = read(game(), [
      { tile: SUNFOLD, holders: [], elsewhere: 1 },
      { tile: MOTH, holders: [], elsewhere: 1 },
    ]);
    const lines = describeEvents(events, { names: NAMES, board: BOARD }).map((l) => l.text);
    expect(lines).toContain(
      'Alice’s copy of Sunfold left the game: it was sent to a wallet outside this game, so it no longer pays royalties, is not scored and cannot be flipped, even if it comes back (P13).',
    );
    // A 1/1 that leaves: its tile is inert, as after a forfeit.
    expect(lines.find((l) => l.startsWith('Bob’s copy of Moth Hour left the game'))).toMatch(
      /Moth Hour is now out of play, as after a forfeit\.$/,
    );
  });
});

describe('P13 on the board', () => {
  it('an edition shows its copies that left the game apart from the unsold ones, and a returned copy as out of play', () => {
    let s = read(game(), [{ tile: SUNFOLD, holders: [], elsewhere: 1 }]).state;
    let out = tileHtml(s, SUNFOLD);
    expect(out).toContain('1 left the game');
    expect(out).toContain('2 left'); // for sale: 3 less the one out of the game
    expect(out).not.toContain('data-holder-seat');
    // Back in Alice's wallet: a hollow marker, not a holder dot.
    s = read(s, [{ tile: SUNFOLD, holders: [0] }]).state;
    out = tileHtml(s, SUNFOLD);
    expect(out).toContain('data-returned-seat="0"');
    expect(out).not.toContain('data-holder-seat');
    expect(out).toContain('1 left the game');
  });

  it('a 1/1 that left the game is stamped as such, not shown as unsold', () => {
    const s = read(game(), [{ tile: MOTH, holders: [], elsewhere: 1 }]).state;
    const out = tileHtml(s, MOTH);
    expect(out).toContain('isRemoved');
    expect(out).toContain('Left the game');
  });
});
