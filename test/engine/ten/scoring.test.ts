import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardById,
  COLOURS,
  isJoker,
  TEN_DECK,
  type Card,
  type Colour,
  type JokerCard,
  type NumberCard,
} from '../../../engine/ten/cards';
import {
  marginalGains,
  marginalLosses,
  scoreCollection,
  scoreTotal,
  type ScoreResult,
} from '../../../engine/ten/scoring';

const NUMBER_CARDS = TEN_DECK.filter((c): c is NumberCard => c.kind === 'number');
const JOKER_CARDS = TEN_DECK.filter(isJoker);

/** The first number card of this colour and number in the deck (copies are interchangeable for scoring). */
function num(colour: Colour, number: number, copy = 0): NumberCard {
  const card = NUMBER_CARDS.filter((c) => c.colour === colour && c.number === number)[copy];
  if (!card) throw new Error(`no ${colour} ${number} copy ${copy}`);
  return card;
}
const nums = (colour: Colour, ...numbers: number[]): NumberCard[] => numbers.map((n) => num(colour, n));
const card = (id: string): Card => cardById(id);

/** Longest run of a 9-bit mask (bit n-1 = n), 10 for 1–9: the rule itself, written independently. */
function colourPoints(mask: number): number {
  let best = 0;
  let run = 0;
  for (let n = 1; n <= 9; n++) {
    run = mask & (1 << (n - 1)) ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best === 9 ? 10 : best;
}

type Place = { colour: Colour; number: number } | null;

/** Every legal place of a joker, `null` = unused. */
function optionsFor(joker: JokerCard): Place[] {
  const out: Place[] = [null];
  for (const colour of COLOURS) {
    if (joker.kind === 'colourJoker' && joker.colour !== colour) continue;
    for (let number = 1; number <= 9; number++) {
      if (joker.kind === 'whiteJoker' && joker.number !== number) continue;
      out.push({ colour, number });
    }
  }
  return out;
}

function masksOf(cards: readonly Card[]): Record<Colour, number> {
  const masks: Record<Colour, number> = { red: 0, blue: 0, orange: 0, green: 0 };
  for (const c of cards) if (c.kind === 'number') masks[c.colour] |= 1 << (c.number - 1);
  return masks;
}

function scoreWith(masks: Record<Colour, number>, places: readonly Place[]): number {
  const m = { ...masks };
  for (const p of places) if (p) m[p.colour] |= 1 << (p.number - 1);
  return COLOURS.reduce((sum, colour) => sum + colourPoints(m[colour]), 0);
}

/** Brute force: every joker unused or on each legal (colour, number), every combination. */
function bruteForce(cards: readonly Card[]): number {
  const masks = masksOf(cards);
  const options = cards.filter(isJoker).map(optionsFor);
  let best = 0;
  const chosen: Place[] = [];
  const walk = (i: number): void => {
    if (i === options.length) {
      best = Math.max(best, scoreWith(masks, chosen));
      return;
    }
    for (const place of options[i]!) {
      chosen[i] = place;
      walk(i + 1);
    }
  };
  walk(0);
  return best;
}

/**
 * The placements are legal and consistent: each placed card is a joker of the collection, placed once, somewhere
 * its kind allows, on a run number no real card covers and no other joker takes; the runs are consecutive, fully
 * covered, and their lengths are the points; the colours sum to the total.
 */
function placementProblems(cards: readonly Card[], result: ScoreResult): string[] {
  const out: string[] = [];
  const masks = masksOf(cards);
  const byId = new Map(cards.map((c) => [c.id, c]));
  const seen = new Set<string>();
  const covered = new Set<string>();
  for (const p of result.jokers) {
    const joker = byId.get(p.card);
    if (!joker || !isJoker(joker)) out.push(`${p.card} is not a joker of the collection`);
    else if (!optionsFor(joker).some((o) => o && o.colour === p.colour && o.number === p.number))
      out.push(`${p.card} cannot be ${p.colour} ${p.number}`);
    if (seen.has(p.card)) out.push(`${p.card} used twice`);
    seen.add(p.card);
    const key = `${p.colour}-${p.number}`;
    if (masks[p.colour] & (1 << (p.number - 1))) out.push(`${p.card} on ${key}, already held`);
    if (covered.has(key)) out.push(`two jokers on ${key}`);
    covered.add(key);
    if (!result.runs[p.colour].includes(p.number)) out.push(`${p.card} on ${key}, outside the run`);
  }
  let sum = 0;
  for (const colour of COLOURS) {
    const run = result.runs[colour];
    run.forEach((n, i) => {
      if (i > 0 && n !== run[i - 1]! + 1) out.push(`${colour} run not consecutive: ${run.join(',')}`);
      if (!(masks[colour] & (1 << (n - 1))) && !covered.has(`${colour}-${n}`))
        out.push(`${colour} ${n} in the run but not covered`);
    });
    const points = run.length === 9 ? 10 : run.length;
    if (points !== result.colours[colour])
      out.push(`${colour}: run of ${run.length} but ${result.colours[colour]} points`);
    sum += result.colours[colour];
  }
  if (sum !== result.total) out.push(`colours sum to ${sum}, total ${result.total}`);
  return out;
}

/** The collection with each placed joker swapped for a real number card at its placement (and unused ones dropped). */
function withJokersReplaced(cards: readonly Card[], result: ScoreResult): Card[] {
  const real: Card[] = cards.filter((c) => !isJoker(c));
  result.jokers.forEach((p, i) =>
    real.push({ kind: 'number', id: `placed-${i}`, colour: p.colour, number: p.number, from: 1 }),
  );
  return real;
}

function checkConsistent(cards: readonly Card[]): ScoreResult {
  const result = scoreCollection(cards);
  expect(placementProblems(cards, result)).toEqual([]);
  expect(scoreTotal(withJokersReplaced(cards, result))).toBe(result.total);
  expect(scoreTotal(cards)).toBe(result.total);
  return result;
}

describe('Ten scoring (seed "Scoring", T9)', () => {
  it('"a player with blue 1, 2, 3, 5, 7 scores three points for the 1-2-3 sequence; the 5 and 7 are worth nothing"', () => {
    const result = checkConsistent(nums('blue', 1, 2, 3, 5, 7));
    expect(result.total).toBe(3);
    expect(result.colours).toEqual({ red: 0, blue: 3, orange: 0, green: 0 });
    expect(result.runs.blue).toEqual([1, 2, 3]);
    expect(result.jokers).toEqual([]);
  });

  it('"the player scores 11 points: 5 for red, 3 for green, 2 for blue and 1 for orange"', () => {
    const cards = [
      ...nums('red', 2, 3, 4, 5, 6, 8),
      ...nums('green', 1, 2, 3, 5, 9),
      ...nums('blue', 4, 5, 7),
      ...nums('orange', 3, 6, 9),
      card('currency-3-1'),
    ];
    const result = checkConsistent(cards);
    expect(result.colours).toEqual({ red: 5, blue: 2, orange: 1, green: 3 });
    expect(result.total).toBe(11);
    expect(result.runs.red).toEqual([2, 3, 4, 5, 6]);
  });

  it('T9: "a complete 1–9 run scores 10" — with real cards only', () => {
    const result = checkConsistent(nums('orange', 1, 2, 3, 4, 5, 6, 7, 8, 9));
    expect(result.colours.orange).toBe(10);
    expect(result.total).toBe(10);
    expect(result.runs.orange).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('T9: a complete 1–9 run completed by jokers also scores 10 (a 9-card run, not 9 points)', () => {
    // Red 1–9 without 2, 5 and 8: a red `#`, the white 5 and the white `#` close the gaps.
    const cards = [...nums('red', 1, 3, 4, 6, 7, 9), card('red-joker-a'), card('white-5'), card('white-wild')];
    const result = checkConsistent(cards);
    expect(result.colours.red).toBe(10);
    expect(result.total).toBe(10);
    expect(result.jokers).toHaveLength(3);
    expect(result.jokers).toContainEqual({ card: 'white-5', colour: 'red', number: 5 });
  });

  it('"two `#` joker cards that can be any number of that colour": a red `#` fills a red gap but never a blue one', () => {
    const blue = nums('blue', 1, 2, 4, 5);
    expect(scoreTotal(blue)).toBe(2);
    // The red joker cannot close blue 3: blue still scores 2, and the red joker alone is a red run of 1.
    const withRed = checkConsistent([...blue, card('red-joker-a')]);
    expect(withRed.colours).toEqual({ red: 1, blue: 2, orange: 0, green: 0 });
    expect(withRed.total).toBe(3);
    expect(withRed.jokers).toEqual([{ card: 'red-joker-a', colour: 'red', number: expect.any(Number) }]);
    // A blue joker does close it.
    const withBlue = checkConsistent([...blue, card('blue-joker-b')]);
    expect(withBlue.colours.blue).toBe(5);
    expect(withBlue.jokers).toEqual([{ card: 'blue-joker-b', colour: 'blue', number: 3 }]);
  });

  it('"numbered wildcards that can be any colour": the white 3 is a 3 of any colour, and only a 3', () => {
    // It closes blue 3 …
    const blue = checkConsistent([...nums('blue', 1, 2, 4, 5), card('white-3')]);
    expect(blue.colours.blue).toBe(5);
    expect(blue.jokers).toEqual([{ card: 'white-3', colour: 'blue', number: 3 }]);
    // … or green 3, but only one of them: 5 + 2.
    const both = checkConsistent([...nums('blue', 1, 2, 4, 5), ...nums('green', 1, 2, 4, 5), card('white-3')]);
    expect(both.total).toBe(7);
    // It cannot be a 4: blue 1, 2, 3, 5 stays 3; the white 3 is worth most as a lone 3 of another colour.
    const fixed = checkConsistent([...nums('blue', 1, 2, 3, 5), card('white-3')]);
    expect(fixed.colours.blue).toBe(3);
    expect(fixed.total).toBe(4);
    expect(fixed.jokers).toHaveLength(1);
    expect(fixed.jokers[0]!.number).toBe(3);
    expect(fixed.jokers[0]!.colour).not.toBe('blue');
  });

  it('"one `#` wildcard that can be any colour and any number"', () => {
    const gap = checkConsistent([...nums('green', 6, 7, 9), ...nums('red', 1, 2), card('white-wild')]);
    expect(gap.colours).toEqual({ red: 2, blue: 0, orange: 0, green: 4 });
    expect(gap.jokers).toEqual([{ card: 'white-wild', colour: 'green', number: 8 }]);
    // With no gap to close it is worth 1: extending orange 4-5-6 or standing alone in another colour alike.
    expect(checkConsistent([...nums('orange', 4, 5, 6), card('white-wild')]).total).toBe(4);
    expect(checkConsistent([card('white-wild')]).total).toBe(1);
  });

  it('the optimum shares the jokers across colours (each joker used once, in one place)', () => {
    // White 5 is needed by red 4_6 and by blue 4_6; the wild can take the other one.
    const cards = [...nums('red', 3, 4, 6, 7), ...nums('blue', 4, 6), card('white-5'), card('white-wild')];
    const result = checkConsistent(cards);
    expect(result.total).toBe(5 + 3);
    expect(new Set(result.jokers.map((j) => j.card)).size).toBe(2);
  });

  it('"Each colour has … three sets of 1–3": duplicates add nothing', () => {
    const result = checkConsistent([
      num('red', 1, 0),
      num('red', 1, 1),
      num('red', 1, 2),
      num('red', 2, 0),
      num('red', 2, 1),
    ]);
    expect(result.total).toBe(2);
    expect(result.runs.red).toEqual([1, 2]);
  });

  it('an empty collection, or currency only, scores 0', () => {
    const empty = checkConsistent([]);
    expect(empty.total).toBe(0);
    expect(empty.runs).toEqual({ red: [], blue: [], orange: [], green: [] });
    expect(checkConsistent([card('currency-5-1'), card('currency-1-1')]).total).toBe(0);
  });

  it('jokers alone score: two red `#` → 2; the nine white numbers → one full run of 10; white 5 + white `#` → 2', () => {
    const reds = checkConsistent([card('red-joker-a'), card('red-joker-b')]);
    expect(reds.colours).toEqual({ red: 2, blue: 0, orange: 0, green: 0 });
    const whites = checkConsistent(TEN_DECK.filter((c) => c.kind === 'whiteJoker'));
    expect(whites.total).toBe(10);
    expect(checkConsistent([card('white-5'), card('white-wild')]).total).toBe(2);
    // Colour jokers of different colours cannot join: 1 + 1.
    expect(checkConsistent([card('red-joker-a'), card('green-joker-a')]).total).toBe(2);
  });

  it('unneeded jokers are left out of the placements', () => {
    const result = checkConsistent([...nums('blue', 1, 2, 3, 4, 5, 6, 7, 8, 9), card('blue-joker-a')]);
    expect(result.total).toBe(10);
    expect(result.jokers).toEqual([]);
  });

  it('a full end-game collection: placements valid and re-scoring with real cards gives the same total', () => {
    const cards = [
      ...nums('red', 1, 2, 4, 5, 8),
      ...nums('blue', 2, 3, 5, 6, 9),
      ...nums('orange', 1, 3, 4, 7),
      ...nums('green', 2, 4, 6, 7, 9),
      num('red', 1, 1),
      card('red-joker-a'),
      card('blue-joker-a'),
      card('white-4'),
      card('white-7'),
      card('white-3'),
      card('white-wild'),
      card('currency-2-1'),
    ];
    const result = checkConsistent(cards);
    expect(result.total).toBe(bruteForce(cards));
  });
});

/** A small random collection from the real deck: ≤ 8 number cards (from a random set of colours), ≤ 4 jokers. */
const collectionArb: fc.Arbitrary<Card[]> = fc
  .tuple(
    fc.subarray([...COLOURS], { minLength: 1 }).chain((colours) =>
      fc.shuffledSubarray(
        NUMBER_CARDS.filter((c) => colours.includes(c.colour)),
        { maxLength: 8 },
      ),
    ),
    fc.shuffledSubarray(JOKER_CARDS, { maxLength: 4 }),
  )
  .map(([numbers, jokers]) => [...numbers, ...jokers]);

describe('Ten scoring properties (T9: "the engine finds the optimum")', () => {
  it('2,000 random collections: scoreCollection equals a brute force over every joker assignment, placements valid', () => {
    let runs = 0;
    fc.assert(
      fc.property(collectionArb, (cards) => {
        const result = scoreCollection(cards);
        expect(result.total).toBe(bruteForce(cards));
        expect(scoreTotal(cards)).toBe(result.total);
        expect(placementProblems(cards, result)).toEqual([]);
        expect(scoreTotal(withJokersReplaced(cards, result))).toBe(result.total);
        runs++;
      }),
      { numRuns: 2000, seed: 20261130 },
    );
    expect(runs).toBe(2000);
  });

  it('the optimum is at least the score of any random valid joker assignment', () => {
    fc.assert(
      fc.property(collectionArb, fc.array(fc.nat(), { minLength: 4, maxLength: 4 }), (cards, picks) => {
        const jokers = cards.filter(isJoker);
        const places = jokers.map((j, i) => {
          const options = optionsFor(j);
          return options[picks[i]! % options.length]!;
        });
        // Two jokers on the same spot are still a valid (wasteful) assignment: the score counts the spot once.
        expect(scoreTotal(cards)).toBeGreaterThanOrEqual(scoreWith(masksOf(cards), places));
      }),
      { numRuns: 2000, seed: 20261201 },
    );
  });
});

describe('marginal gains and losses (what bots rank market cards, jokers and payments by)', () => {
  const collectionArb = fc.uniqueArray(fc.constantFrom(...TEN_DECK.filter((c) => c.kind !== 'currency')), {
    minLength: 0,
    maxLength: 14,
    selector: (c) => c.id,
  });

  it("a candidate's gain is the score with it minus the score without it", () => {
    fc.assert(
      fc.property(collectionArb, collectionArb, (cards, candidates) => {
        const base = scoreTotal(cards);
        expect(marginalGains(cards, candidates)).toEqual(candidates.map((c) => scoreTotal([...cards, c]) - base));
      }),
      { numRuns: 500, seed: 7 },
    );
  });

  it("a card's loss is the score with it minus the score without it; a duplicate loses nothing", () => {
    fc.assert(
      fc.property(collectionArb, (cards) => {
        const base = scoreTotal(cards);
        expect(marginalLosses(cards)).toEqual(
          cards.map((c) => base - scoreTotal(cards.filter((other) => other !== c))),
        );
      }),
      { numRuns: 500, seed: 8 },
    );
    const reds = ['red-1a', 'red-1b', 'red-2a'].map(cardById);
    expect(marginalLosses(reds)).toEqual([0, 0, 1]);
  });
});
