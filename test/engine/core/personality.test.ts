/** Bot personalities (personalityFor) and the tie-breaking the heuristic bots share (bestOf, pickOne). */
import { describe, expect, it } from 'vitest';
import { BOLDNESS, NEUTRAL_PERSONALITY, bestOf, personalityFor, pickOne, rngFromSeed } from '../../../engine';

describe('personalityFor(seed, seat)', () => {
  it('is a pure draw: the same seed and seat give the same personality, every time', () => {
    for (const seed of ['1', 'game/42', 'x']) {
      for (let seat = 0; seat < 6; seat++) expect(personalityFor(seed, seat)).toEqual(personalityFor(seed, seat));
    }
  });

  it('stays within BOLDNESS and spreads over the whole range: every tenth of it is drawn, the mean is near neutral', () => {
    const boldness: number[] = [];
    for (let game = 0; game < 500; game++) {
      for (let seat = 0; seat < 4; seat++) boldness.push(personalityFor(`spread/${game}`, seat).boldness);
    }
    const width = BOLDNESS.max - BOLDNESS.min;
    const tenths = new Array<number>(10).fill(0);
    for (const b of boldness) {
      expect(b).toBeGreaterThanOrEqual(BOLDNESS.min);
      expect(b).toBeLessThanOrEqual(BOLDNESS.max);
      tenths[Math.min(9, Math.floor(((b - BOLDNESS.min) / width) * 10))]! += 1;
    }
    // 2,000 draws: about 200 in each tenth.
    for (const count of tenths) expect(count).toBeGreaterThan(140);
    const mean = boldness.reduce((a, b) => a + b, 0) / boldness.length;
    expect(mean).toBeCloseTo(NEUTRAL_PERSONALITY.boldness, 1);
  });

  it('gives the seats of one game their own personalities, and another game other ones', () => {
    const seats = [0, 1, 2, 3].map((seat) => personalityFor('table', seat).boldness);
    expect(new Set(seats).size).toBe(4);
    expect(personalityFor('other table', 0)).not.toEqual(personalityFor('table', 0));
  });
});

describe('bestOf and pickOne: exact ties broken with the bot rng', () => {
  const items = ['a', 'b', 'c', 'd'];
  const score = (item: string) => (item === 'b' || item === 'd' ? 2 : 1);

  it('takes the best item; of equally good ones, different seeds reach each of them', () => {
    const chosen = new Set<string>();
    for (let k = 0; k < 40; k++) chosen.add(bestOf(rngFromSeed(`tie/${k}`), items, score));
    expect([...chosen].sort()).toEqual(['b', 'd']);
  });

  it('is deterministic: the same rng state gives the same choice', () => {
    for (let k = 0; k < 10; k++) {
      expect(bestOf(rngFromSeed(`same/${k}`), items, score)).toBe(bestOf(rngFromSeed(`same/${k}`), items, score));
    }
  });

  it('draws from the rng only when there is a tie', () => {
    const rng = rngFromSeed('untouched');
    const before = rng.getState();
    expect(bestOf(rng, items, (item) => (item === 'c' ? 5 : 0))).toBe('c');
    expect(pickOne(rng, ['only'])).toBe('only');
    expect(rng.getState()).toEqual(before);
    expect(() => pickOne(rng, [])).toThrow();
  });
});
