/**
 * P10 Valuation (seed §5 End-Game Valuation).
 * Seed: "Even (2,4,6): new value = die × original price × multiplier on card; Odd (1,3,5): new value = (original
 * price × multiplier on card) ÷ die. Round all results down to the nearest 10 Tz. Total all your adjusted values and
 * add remaining cash: highest portfolio wins. Ties → player with most masterpieces wins."
 * P10: "For every masterpiece a player holds (each 1/1 and each edition copy) roll a d6 ... Score = valuations + cash.
 * Ties → most masterpieces; still tied → shared win. The valuation rolls are part of the game record like every other
 * roll."
 */
import { describe, expect, it } from 'vitest';
import { playToEnd } from '../../../engine/core/play';
import { parseRecord, replayWith } from '../../../engine/core/record';
import { RuleError } from '../../../engine/core/errors';
import { parseBoard, pole, poleHeuristicBot, valuePiece, type ArtistTile, type PoleState } from '../../../engine/pole';
import { art, board } from './boards';
import { act } from './play';
import { ofType } from './reads';
import { rig, setup, start, withHolders, withPlayers } from './states';

/** A parsed artist tile with this price, multiplier and edition size. */
function piece(price: number, multiplier = 1, editionSize = 1): ArtistTile {
  const tile = parseBoard(board(art('p', price, editionSize, multiplier), art('filler', 100), art('filler-2', 100)))
    .tiles[1]!;
  if (tile.kind !== 'artist') throw new Error('not an artist tile');
  return tile;
}

const RULES = setup({ players: 2 }).config;
const FLOORED = setup({ players: 2, valuationFloor: true }).config;

describe('P10 valuePiece', () => {
  it('P10 "Odd (1,3,5): (price × multiplier) ÷ die, round down to 10": 130 × 1.5 with a 3 → 195 / 3 = 65 → 60', () => {
    expect(valuePiece(RULES, piece(130, 1.5), 3)).toBe(60);
  });

  it('P10 "Even (2,4,6): die × price × multiplier": 130 × 1.5 with a 4 → 780', () => {
    expect(valuePiece(RULES, piece(130, 1.5), 4)).toBe(780);
  });

  it('P10 every face of 130 × 1.5 (= 195): 1 → 190, 2 → 390, 3 → 60, 4 → 780, 5 → 30, 6 → 1170', () => {
    expect([1, 2, 3, 4, 5, 6].map((die) => valuePiece(RULES, piece(130, 1.5), die))).toEqual([
      190, 390, 60, 780, 30, 1170,
    ]);
  });

  it('P10 "(price × multiplier) ÷ die": 100 × 1 with a 1 → 100', () => {
    expect(valuePiece(RULES, piece(100), 1)).toBe(100);
  });

  it('P10 "Round all results down to the nearest 10 Tz": 60 × 1 with a 5 → 12 → 10', () => {
    expect(valuePiece(RULES, piece(60), 5)).toBe(10);
  });

  it('P10 "Round all results down": 40 × 1 with a 5 → 8 → 0 (no floor by default)', () => {
    expect(valuePiece(RULES, piece(40), 5)).toBe(0);
  });

  it('P12 "Floor any valuation below 10 Tz at 10 Tz": 40 × 1 with a 5 → 10 with the tweak', () => {
    expect(valuePiece(FLOORED, piece(40), 5)).toBe(10);
    // The floor does not touch values already ≥ 10.
    expect(valuePiece(FLOORED, piece(60), 5)).toBe(10);
    expect(valuePiece(FLOORED, piece(130, 1.5), 3)).toBe(60);
  });

  it('P10 exact arithmetic with two-decimal multipliers: 100 × 1.15 × 2 = 230 (not 220 from 114.999… float error)', () => {
    expect(valuePiece(RULES, piece(100, 1.15), 2)).toBe(230);
    expect(valuePiece(RULES, piece(200, 2.05), 1)).toBe(410);
    expect(valuePiece(RULES, piece(100, 2.3), 4)).toBe(920);
  });

  it('P10 the value of an edition copy is the same formula (edition size does not matter)', () => {
    expect(valuePiece(RULES, piece(200, 2, 3), 6)).toBe(2400);
    expect(valuePiece(RULES, piece(200, 2, 3), 3)).toBe(130);
  });
});

describe('P10 game end', () => {
  // 0 GO | 1 a (1/1, 100, ×1) | 2 b (edition 3, 200, ×2) | 3 c (1/1, 60, ×1) — one lap ends the game.
  const TILES = [art('a', 100), art('b', 200, 3, 2), art('c', 60)];

  /** Seat 0 on tile 3 rolls a 1: passes GO (+300), completes its last lap and the game ends (P9). */
  function finish(s: PoleState, valuationDice: number[]) {
    return act(rig(withPlayers(s, { 0: { progress: 3 } }), 1, ...valuationDice), 0, { type: 'roll' });
  }

  it('P10 "for every masterpiece ... roll a d6 ... Score = valuations + cash": highest portfolio wins', () => {
    let s = start(TILES, { laps: 1 });
    s = withHolders(withHolders(withHolders(s, 1, [0]), 2, [0, 1]), 3, [1]);
    // Play order from seat 0: seat 0's a (die 2), b (die 3); seat 1's b (die 5), c (die 6).
    const { state, events } = finish(s, [2, 3, 5, 6]);
    expect(ofType(events, 'gameEnded')).toEqual([{ type: 'gameEnded', seat: 0, laps: 1 }]);
    expect(ofType(events, 'valued')).toEqual([
      { type: 'valued', seat: 0, tile: 1, die: 2, value: 200 }, // 2 × 100
      { type: 'valued', seat: 0, tile: 2, die: 3, value: 130 }, // 400 / 3 = 133.3
      { type: 'valued', seat: 1, tile: 2, die: 5, value: 80 }, // 400 / 5
      { type: 'valued', seat: 1, tile: 3, die: 6, value: 360 }, // 6 × 60
    ]);
    // Seat 0: 1000 + 300 (GO) + 330 = 1630. Seat 1: 1000 + 440 = 1440.
    const outcome = pole.outcome(state)!;
    expect(outcome.winners).toEqual([0]);
    expect(outcome.standings.map((x) => [x.seat, x.rank, x.score])).toEqual([
      [0, 1, 1630],
      [1, 2, 1440],
    ]);
    expect(ofType(events, 'finalScores')).toEqual([
      {
        type: 'finalScores',
        scores: [
          { seat: 0, cash: 1300, pieces: 2, valuation: 330, score: 1630 },
          { seat: 1, cash: 1000, pieces: 2, valuation: 440, score: 1440 },
        ],
        winners: [0],
      },
    ]);
    expect(state.valuations).toHaveLength(4);
    // The game is over: nobody has anything to decide, and actions are refused.
    expect(pole.pending(state)).toEqual([]);
    expect(() => act(state, 1, { type: 'roll' })).toThrow(RuleError);
  });

  it('P10 "each 1/1 and each edition copy": two copies of one edition roll two separate dice', () => {
    let s = start(TILES, { laps: 1, editionCopiesPerPlayer: 2 });
    s = withHolders(s, 2, [1, 1]);
    const { state, events } = finish(s, [2, 4]);
    expect(ofType(events, 'valued')).toEqual([
      { type: 'valued', seat: 1, tile: 2, die: 2, value: 800 },
      { type: 'valued', seat: 1, tile: 2, die: 4, value: 1600 },
    ]);
    // Seat 0 has no piece (1300 cash); seat 1: 1000 + 2400.
    expect(pole.outcome(state)!.standings.map((x) => [x.seat, x.score])).toEqual([
      [1, 3400],
      [0, 1300],
    ]);
  });

  it('P10 pieces that left play are not valued: a forfeited 1/1 and a flipped copy roll no die', () => {
    let s = start(TILES, { laps: 1 });
    s = withHolders(withHolders(s, 1, [], 1), 2, [1]); // a was forfeited; seat 1 still holds a b copy
    const { events } = finish(s, [5]);
    expect(ofType(events, 'valued')).toEqual([{ type: 'valued', seat: 1, tile: 2, die: 5, value: 80 }]);
  });

  it('P10 "Ties → player with most masterpieces wins": 1200 vs 1200, two pieces beat one', () => {
    let s = start(TILES, { laps: 1 });
    s = withPlayers(withHolders(withHolders(withHolders(s, 1, [0]), 2, [1]), 3, [1]), { 0: { cash: 700 } });
    // Seat 0: a (100) die 2 → 200; 700 + 300 (GO) + 200 = 1200 with 1 piece.
    // Seat 1: b (400) die 5 → 80, c (60) die 2 → 120; 1000 + 200 = 1200 with 2 pieces.
    const { state } = finish(s, [2, 5, 2]);
    const outcome = pole.outcome(state)!;
    expect(outcome.standings.map((x) => [x.seat, x.rank, x.score])).toEqual([
      [1, 1, 1200],
      [0, 2, 1200],
    ]);
    expect(outcome.winners).toEqual([1]);
  });

  it('P10 "still tied → shared win": equal score and equal number of masterpieces → both win', () => {
    let s = start(TILES, { laps: 1 });
    s = withPlayers(withHolders(withHolders(s, 1, [0]), 3, [1]), { 0: { cash: 700 }, 1: { cash: 980 } });
    // Seat 0: a (100) die 1 → 100; 700 + 300 (GO) + 100 = 1100 with 1 piece.
    // Seat 1: c (60) die 2 → 120; 980 + 120 = 1100 with 1 piece.
    const { state, events } = finish(s, [1, 2]);
    const outcome = pole.outcome(state)!;
    expect(outcome.winners).toEqual([0, 1]);
    expect(outcome.standings.map((x) => [x.seat, x.rank, x.score])).toEqual([
      [0, 1, 1100],
      [1, 1, 1100],
    ]);
    expect(ofType(events, 'finalScores')[0]!.winners).toEqual([0, 1]);
  });

  it('P10 "The valuation rolls are part of the game record": replaying a whole game gives the same valuations and outcome', () => {
    const config = { players: 3, laps: 2 };
    const played = playToEnd(pole, config, 'valuation-replay', [poleHeuristicBot, poleHeuristicBot, poleHeuristicBot], {
      collectEvents: true,
    });
    const valuations = played.state.valuations!;
    expect(valuations.length).toBeGreaterThan(0);

    // Every masterpiece held at the end (each 1/1, each copy) was valued exactly once.
    const held = played.state.tiles.flatMap((t, tile) => t.holders.map((seat) => `${seat}@${tile}`)).sort();
    expect(valuations.map((v) => `${v.seat}@${v.tile}`).sort()).toEqual(held);

    // Each value follows the P10 formula for its own die, and score = cash + values.
    const board = played.state.config.board;
    for (const v of valuations) {
      const tile = board.tiles[v.tile]!;
      if (tile.kind !== 'artist') throw new Error('valued a non-artist tile');
      const hundredths = Math.round(tile.price * tile.multiplier * 100);
      const expected =
        v.die % 2 === 0 ? Math.floor((hundredths * v.die) / 1000) * 10 : Math.floor(hundredths / (v.die * 1000)) * 10;
      expect(v.value).toBe(expected);
    }
    for (const standing of played.outcome.standings) {
      const values = valuations.filter((v) => v.seat === standing.seat).reduce((sum, v) => sum + v.value, 0);
      expect(standing.score).toBe(played.state.players[standing.seat]!.cash + values);
    }
    const best = Math.max(...played.outcome.standings.map((x) => x.score));
    for (const w of played.outcome.winners)
      expect(played.outcome.standings.find((x) => x.seat === w)!.score).toBe(best);

    // The record (seed + actions, through JSON) reproduces the very same dice.
    const record = parseRecord(JSON.parse(JSON.stringify(played.record)));
    const replayed = replayWith(pole, record, { collectEvents: true });
    expect(replayed.state.valuations).toEqual(valuations);
    expect(ofType(replayed.events, 'valued')).toEqual(ofType(played.events, 'valued'));
    expect(pole.outcome(replayed.state)).toEqual(played.outcome);
  });
});
