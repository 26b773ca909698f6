/** The heuristic bot's ties and personality, and the bots by level (poleBots). */
import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../../engine/core/rng';
import { heuristicBot, poleBots, poleHeuristicBot, poleRandomBot, type PoleState } from '../../../engine/pole';
import { art, event } from './boards';
import { act, landOn } from './play';
import { decision } from './reads';
import { rig, start, withHolders, withPlayers } from './states';

// Tiles: 0 GO | 1 ed-a (edition 3, 90) | 2 ed-b (edition 2, 90) | 3 ed-c (edition 2, 150) | 4 tax (pay 300)
// | 5 good (1/1, 100 Tz ×1: a good piece, reserve 60 Tz) | 6 quiet
const TILES = [
  art('ed-a', 90, 3),
  art('ed-b', 90, 2),
  art('ed-c', 150, 2),
  event('tax', { kind: 'pay', amount: 300 }),
  art('good', 100),
  event('quiet', { kind: 'none' }),
];
const ED_A = 1,
  ED_B = 2,
  ED_C = 3,
  GOOD = 5;

/** Seat 0, with no cash and one copy of each edition, has rolled onto the 300 Tz tax and must flip. */
function mustFlip(): PoleState {
  let s = start(TILES, { players: 2 });
  for (const tile of [ED_A, ED_B, ED_C]) s = withHolders(s, tile, [0]);
  const { state } = act(rig(withPlayers(s, { 0: { cash: 0 } }), 4), 0, { type: 'roll' });
  expect(decision(state)).toMatchObject({ kind: 'flip', tiles: [ED_A, ED_B, ED_C] });
  return state;
}

describe('heuristic: exact ties broken with its rng', () => {
  it('P7: of two equally cheap editions (90 Tz each) it flips either, by its rng, never the dearer one', () => {
    const state = mustFlip();
    const flipped = new Set<unknown>();
    for (let k = 0; k < 40; k++) {
      const action = poleHeuristicBot.choose(state, 0, rngFromSeed(`flip/${k}`));
      expect(action.type).toBe('flip');
      if (action.type === 'flip') flipped.add(action.tile);
    }
    expect([...flipped].sort()).toEqual([ED_A, ED_B]);
  });

  it('the same rng gives the same choice', () => {
    const state = mustFlip();
    for (let k = 0; k < 10; k++) {
      const seed = `again/${k}`;
      expect(poleHeuristicBot.choose(state, 0, rngFromSeed(seed))).toEqual(
        poleHeuristicBot.choose(state, 0, rngFromSeed(seed)),
      );
    }
  });
});

describe('heuristic: personality', () => {
  /** Seat 0 lands on "good" (100 Tz, reserve 60 Tz when neutral) with `cash`, on its first of 3 laps. */
  const buying = (cash: number): PoleState => {
    const state = landOn(withPlayers(start(TILES, { players: 2, laps: 3 }), { 0: { cash } }), 0, GOOD).state;
    expect(decision(state)).toMatchObject({ kind: 'buy', tile: GOOD });
    return state;
  };
  const bold = heuristicBot({ boldness: 1.15 });
  const cautious = heuristicBot({ boldness: 0.85 });
  const rng = () => rngFromSeed('personality');

  it('a bold bot keeps less cash back: with 55 Tz left after buying, it buys where a neutral or cautious one passes', () => {
    const state = buying(155);
    expect(bold.choose(state, 0, rng())).toEqual({ type: 'buy' });
    expect(poleHeuristicBot.choose(state, 0, rng())).toEqual({ type: 'pass' });
    expect(cautious.choose(state, 0, rng())).toEqual({ type: 'pass' });
  });

  it('a cautious bot keeps more back: with 65 Tz left after buying, it passes where a neutral or bold one buys', () => {
    const state = buying(165);
    expect(bold.choose(state, 0, rng())).toEqual({ type: 'buy' });
    expect(poleHeuristicBot.choose(state, 0, rng())).toEqual({ type: 'buy' });
    expect(cautious.choose(state, 0, rng())).toEqual({ type: 'pass' });
  });

  it('heuristicBot() with no personality plays like poleBots.heuristic', () => {
    for (const cash of [155, 165, 400]) {
      expect(heuristicBot().choose(buying(cash), 0, rng())).toEqual(poleHeuristicBot.choose(buying(cash), 0, rng()));
    }
  });
});

describe('poleBots by level', () => {
  it('easy is the random bot and normal the heuristic, the same objects as their older names', () => {
    expect(poleBots.easy).toBe(poleRandomBot);
    expect(poleBots.random).toBe(poleRandomBot);
    expect(poleBots.normal).toBe(poleHeuristicBot);
    expect(poleBots.heuristic).toBe(poleHeuristicBot);
    expect(Object.keys(poleBots).sort()).toEqual(['easy', 'heuristic', 'normal', 'random']);
  });
});
