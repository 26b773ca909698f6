// pure-rand: a well-kept, dependency-free PRNG library whose generators expose their state as plain
// numbers, so the state can live inside a serialisable game state and be resumed exactly.
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator as PureRandGenerator } from 'pure-rand/types/RandomGenerator';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export type RandomGenerator = PureRandGenerator;
/** The PRNG state as it is stored in a game state: four 32-bit integers. */
export type RngState = readonly number[];

/** A 32-bit seed from any string seed; hashing spreads nearby seeds ("1", "2") apart. */
export function seedToInt(seed: string): number {
  const digest = sha256(utf8ToBytes(seed));
  return (digest[0]! << 24) | (digest[1]! << 16) | (digest[2]! << 8) | digest[3]! | 0;
}

/** What a seed's commitment hashes before the seed itself (see `seedCommitment`). */
export const SEED_COMMITMENT_PREFIX = 'tezos-pole seed commitment:';

/**
 * The commitment to a game's seed shown while the seed is hidden: SHA-256 (hex) of `SEED_COMMITMENT_PREFIX + seed`,
 * so anyone can check the revealed seed against it (`printf '%s' "<prefix><seed>" | sha256sum`). Not the bare
 * SHA-256 of the seed: its first four bytes are the PRNG's seed (`seedToInt`), and would predict every roll and draw.
 */
export function seedCommitment(seed: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${SEED_COMMITMENT_PREFIX}${seed}`)));
}

export function rngFromSeed(seed: string): RandomGenerator {
  return xoroshiro128plus(seedToInt(seed));
}

export function rngState(seed: string): RngState {
  return rngFromSeed(seed).getState();
}

/** A mutable generator resumed from a stored state; callers store `getState()` back when done. */
export function rngFromState(state: RngState): RandomGenerator {
  return xoroshiro128plusFromState(state);
}

/** Roll one die with `sides` faces (1…sides). */
export function rollDie(rng: RandomGenerator, sides = 6): number {
  return uniformInt(rng, 1, sides);
}

/** A uniform integer in [from, to]. */
export function randomInt(rng: RandomGenerator, from: number, to: number): number {
  return uniformInt(rng, from, to);
}

/** A Fisher–Yates shuffle into a new array. */
export function shuffle<T>(rng: RandomGenerator, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = uniformInt(rng, 0, i);
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}
