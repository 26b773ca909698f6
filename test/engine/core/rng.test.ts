import { describe, expect, it } from 'vitest';
import { randomInt, rngFromSeed, rngFromState, rollDie, shuffle } from '../../../engine/core/rng';

const rolls = (seed: string, n: number) => {
  const rng = rngFromSeed(seed);
  return Array.from({ length: n }, () => rollDie(rng));
};

describe('seeded PRNG', () => {
  it('pins the exact dice of a fixed seed, so a record replays identically on every machine', () => {
    // Pinned once from this implementation (xoroshiro128+ seeded by SHA-256 of the seed string); a change here means
    // every stored game record would replay differently and GameDefinition.version must be bumped.
    expect(rolls('tezos-pole', 12)).toEqual(PINNED_TEZOS_POLE_ROLLS);
  });

  it('gives the same sequence for the same seed and a different one for a nearby seed', () => {
    expect(rolls('game-1', 50)).toEqual(rolls('game-1', 50));
    expect(rolls('game-1', 50)).not.toEqual(rolls('game-2', 50));
  });

  it('resumes exactly from a stored state (the state is plain numbers inside the game state)', () => {
    const rng = rngFromSeed('resume');
    rollDie(rng);
    const stored = JSON.parse(JSON.stringify(rng.getState())) as number[];
    const next = Array.from({ length: 20 }, () => rollDie(rng));
    const resumed = rngFromState(stored);
    expect(Array.from({ length: 20 }, () => rollDie(resumed))).toEqual(next);
  });

  it('rolls every face of a d6 about equally often', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (const die of rolls('fairness', 60_000)) counts[die - 1]!++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(400);
  });

  it('keeps dice and ranges within bounds', () => {
    const rng = rngFromSeed('bounds');
    for (let i = 0; i < 1000; i++) {
      const d = rollDie(rng, 6);
      expect(d >= 1 && d <= 6).toBe(true);
      const r = randomInt(rng, -3, 3);
      expect(r >= -3 && r <= 3).toBe(true);
    }
  });

  it('shuffles into a permutation without touching the input', () => {
    const input = Object.freeze([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const out = shuffle(rngFromSeed('deck'), input);
    expect(out.slice().sort((a, b) => a - b)).toEqual([...input]);
    expect(out).not.toEqual([...input]);
  });
});

const PINNED_TEZOS_POLE_ROLLS = [4, 4, 5, 1, 3, 6, 4, 3, 6, 3, 4, 5];
