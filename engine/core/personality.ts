import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { randomInt, type RandomGenerator } from './rng';
import type { Bot, SeatId } from './types';

/**
 * How a heuristic bot leans, from cautious to bold. Each game's heuristic scales what it risks by `boldness`: bids and
 * bid limits are multiplied by it, cash reserves divided by it, push-your-luck thresholds multiplied by it.
 */
export interface Personality {
  /** 1 is neutral; BOLDNESS.min the most cautious, BOLDNESS.max the boldest. */
  readonly boldness: number;
}

/** The range `personalityFor` draws boldness from: sensible players, none reckless, none frozen. */
export const BOLDNESS = { min: 0.85, max: 1.15 } as const;

/** Today's heuristic: neither cautious nor bold. */
export const NEUTRAL_PERSONALITY: Personality = Object.freeze({ boldness: 1 });

/**
 * What personalityFor hashes before the seed: keeps the draw apart from every other use of the seed (the game's PRNG
 * is seeded from the bare seed's SHA-256, `seedToInt`), so a bot's temper tells nothing about the rolls.
 */
const PERSONALITY_PREFIX = 'bot personality:';

/**
 * The personality of the bot in `seat` of the game seeded `seed`: a pure draw from SHA-256 of the seed and the seat,
 * uniform over BOLDNESS (to 3 decimals), so every seat of a game gets its own and a replay gets the same ones.
 */
export function personalityFor(seed: string, seat: SeatId): Personality {
  const digest = sha256(utf8ToBytes(`${PERSONALITY_PREFIX}${seed}/${seat}`));
  const unit = (((digest[0]! << 24) | (digest[1]! << 16) | (digest[2]! << 8) | digest[3]!) >>> 0) / 2 ** 32;
  const boldness = BOLDNESS.min + unit * (BOLDNESS.max - BOLDNESS.min);
  return { boldness: Math.round(boldness * 1000) / 1000 };
}

/** One of `items`, uniformly; draws from `rng` only when there is a choice. @throws on an empty list. */
export function pickOne<T>(rng: RandomGenerator, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pickOne: nothing to pick from');
  return items.length === 1 ? items[0]! : items[randomInt(rng, 0, items.length - 1)]!;
}

/**
 * The item with the highest score, an exact tie broken uniformly with `rng` (drawn from only when there is a tie), so
 * bots of the same mind do not all take the first of equally good choices. @throws on an empty list.
 */
export function bestOf<T>(rng: RandomGenerator, items: Iterable<T>, score: (item: T) => number): T {
  let best: T[] = [];
  let bestScore = -Infinity;
  for (const item of items) {
    const s = score(item);
    if (s > bestScore || best.length === 0) [best, bestScore] = [[item], s];
    else if (s === bestScore) best.push(item);
  }
  return pickOne(rng, best);
}

/** How often (%) an easy bot plays the random bot's move instead of its own. */
export const EASY_SLIPS = 5;

/**
 * An easy bot: `steady` (a game's cautious heuristic), which at EASY_SLIPS % of the decisions `maySlip` allows plays
 * the `random` bot's move instead (`rng` is drawn from only for those).
 */
export function easyBot<S, A>(
  steady: Bot<S, A>,
  random: Bot<S, A>,
  maySlip: (state: S, seat: SeatId) => boolean = () => true,
): Bot<S, A> {
  return {
    name: 'easy',
    choose(state, seat, rng) {
      const slips = maySlip(state, seat) && randomInt(rng, 1, 100) <= EASY_SLIPS;
      return (slips ? random : steady).choose(state, seat, rng);
    },
  };
}
