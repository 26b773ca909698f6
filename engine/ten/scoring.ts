import { COLOURS, type Card, type Colour } from './cards';

/** Where the optimum puts one joker: `card` is the joker's id, placed as `colour` `number`. */
export interface JokerPlacement {
  readonly card: string;
  readonly colour: Colour;
  readonly number: number;
}

export interface ScoreResult {
  /** The sum over the four colours. */
  readonly total: number;
  /** Points per colour: the longest run's length, 10 for a complete 1–9 run. */
  readonly colours: Readonly<Record<Colour, number>>;
  /** The numbers of the scoring run per colour, ascending ([] if the colour scores nothing). */
  readonly runs: Readonly<Record<Colour, readonly number[]>>;
  /** Where the optimum puts each joker it uses (jokers it does not need are omitted). */
  readonly jokers: readonly JokerPlacement[];
}

/*
 * Scoring (seed "Scoring", T9): each colour scores the length of its longest run of consecutive numbers, 10 for a
 * complete 1–9 run; jokers are assigned to maximise the total, each used once in one place. A colour `#` joker is any
 * number of its own colour, a white numbered joker its fixed number in any colour, the white `#` anything.
 *
 * Exactness: given which jokers a colour receives, its best score is the longest window [a, b] ⊆ 1..9 whose numbers
 * missing from (its cards ∪ the numbers of its white jokers) are at most (its colour jokers + its wilds), since those
 * two kinds can stand on any missing number. Colour jokers only ever go to their colour, so the whole problem is how
 * to share the white numbered jokers (disjoint subsets, 3^n ways per colour) and the wild(s) among the four colours:
 * a max-plus subset DP over the colours, reading each colour's score from a table built at module load.
 */

const NUMBERS = 9;
const MASKS = 1 << NUMBERS;
/** Free jokers beyond 9 change nothing (a window has at most 9 gaps), so the table stops there. */
const MAX_FREE = 9;
const STRIDE = MAX_FREE + 1;

const POP = new Uint8Array(MASKS);
for (let m = 1; m < MASKS; m++) POP[m] = POP[m >> 1]! + (m & 1);

/** POINTS[mask * STRIDE + k]: the best score of a colour holding the numbers in `mask` (bit n-1 = n) with k free jokers. */
const POINTS = new Uint8Array(MASKS * STRIDE);
/** RUN_LO / RUN_HI: that best run's first and last number (0 when the colour scores nothing). */
const RUN_LO = new Uint8Array(MASKS * STRIDE);
const RUN_HI = new Uint8Array(MASKS * STRIDE);

for (let mask = 0; mask < MASKS; mask++) {
  for (let k = 0; k <= MAX_FREE; k++) {
    let len = 0;
    let gaps = 0;
    let lo = 0;
    let hi = 0;
    for (let a = 1; a <= NUMBERS; a++) {
      for (let b = a; b <= NUMBERS; b++) {
        const window = ((1 << (b - a + 1)) - 1) << (a - 1);
        const missing = POP[window & ~mask]!;
        if (missing > k) continue;
        const l = b - a + 1;
        // Longest first; among equally long runs the one needing fewest jokers, then the lowest.
        if (l > len || (l === len && missing < gaps)) [len, gaps, lo, hi] = [l, missing, a, b];
      }
    }
    const i = mask * STRIDE + k;
    POINTS[i] = len === NUMBERS ? 10 : len;
    RUN_LO[i] = lo;
    RUN_HI[i] = hi;
  }
}

const COLOUR_INDEX: Readonly<Record<Colour, number>> = { red: 0, blue: 1, orange: 2, green: 3 };

/** A collection reduced to what scoring needs. */
interface Holdings {
  /** Per colour, the numbers held (bit n-1 = n). */
  masks: Int32Array;
  /** Per colour, how many colour `#` jokers. */
  colourJokers: Int32Array;
  /** The white numbered jokers' numbers, one entry per card (duplicates kept: each card is one item). */
  whites: number[];
  /** How many white `#` jokers (the real deck has one). */
  wilds: number;
}

const scratchHoldings: Holdings = { masks: new Int32Array(4), colourJokers: new Int32Array(4), whites: [], wilds: 0 };

function readHoldings(cards: readonly Card[], into: Holdings): Holdings {
  into.masks.fill(0);
  into.colourJokers.fill(0);
  into.whites.length = 0;
  into.wilds = 0;
  for (const card of cards) {
    switch (card.kind) {
      case 'number':
        into.masks[COLOUR_INDEX[card.colour]]! |= 1 << (card.number - 1);
        break;
      case 'colourJoker':
        into.colourJokers[COLOUR_INDEX[card.colour]]!++;
        break;
      case 'whiteJoker':
        into.whites.push(card.number);
        break;
      case 'wild':
        into.wilds++;
        break;
      default:
        break; // currency plays no part in scoring
    }
  }
  return into;
}

/** Grows-only scratch buffers for scoreTotal (single-threaded, not re-entrant). */
let expandBuf = new Int32Array(MASKS);
let bufA = new Int32Array(MASKS * 2);
let bufB = new Int32Array(MASKS * 2);
let valBuf = new Int32Array(MASKS * 2);

function ensure(size: number, wildStates: number): void {
  if (expandBuf.length < size) expandBuf = new Int32Array(size);
  const need = size * wildStates;
  if (bufA.length < need) {
    bufA = new Int32Array(need);
    bufB = new Int32Array(need);
    valBuf = new Int32Array(need);
  }
}

/** expand[s]: the numbers (9-bit mask) of the white jokers in item subset s. */
function fillExpand(whites: readonly number[], expand: Int32Array): void {
  const size = 1 << whites.length;
  expand[0] = 0;
  for (let s = 1; s < size; s++) {
    const low = s & -s;
    expand[s] = expand[s ^ low]! | (1 << (whites[31 - Math.clz32(low)]! - 1));
  }
}

/** val[f * size + s]: a colour's score given white subset s and f wilds. */
function fillValues(
  mask: number,
  jokers: number,
  wilds: number,
  expand: Int32Array,
  size: number,
  val: Int32Array,
): void {
  for (let f = 0; f <= wilds; f++) {
    const k = Math.min(jokers + f, MAX_FREE);
    const base = f * size;
    for (let s = 0; s < size; s++) val[base + s] = POINTS[(mask | expand[s]!) * STRIDE + k]!;
  }
}

/**
 * One DP step: next[w][s] = max over sub ⊆ s, f ≤ w of prev[w-f][s \ sub] + val[f][sub] — the best total of the
 * colours so far using at most w wilds and white jokers within s. For the last colour only the full state (all
 * wilds, all white jokers) is filled: nothing reads the others.
 */
function combine(
  prev: Int32Array,
  val: Int32Array,
  next: Int32Array,
  size: number,
  wilds: number,
  last: boolean,
): void {
  for (let w = last ? wilds : 0; w <= wilds; w++) {
    for (let s = last ? size - 1 : 0; s < size; s++) {
      let best = 0;
      for (let f = 0; f <= w; f++) {
        const vBase = f * size;
        const pBase = (w - f) * size;
        let sub = s;
        for (;;) {
          const v = val[vBase + sub]! + prev[pBase + (s ^ sub)]!;
          if (v > best) best = v;
          if (sub === 0) break;
          sub = (sub - 1) & s;
        }
      }
      next[w * size + s] = best;
    }
  }
}

/** The same total as scoreCollection, with no placements built and no allocation in the common case. */
export function scoreTotal(cards: readonly Card[]): number {
  return scoreHoldings(readHoldings(cards, scratchHoldings));
}

function scoreHoldings(holdings: Holdings): number {
  const { masks, colourJokers, whites, wilds: held } = holdings;
  // More wilds than 4 × 9 gaps can never all be useful.
  const wilds = Math.min(held, 4 * NUMBERS);
  if (whites.length === 0 && wilds === 0) {
    let total = 0;
    for (let c = 0; c < 4; c++) total += POINTS[masks[c]! * STRIDE + Math.min(colourJokers[c]!, MAX_FREE)]!;
    return total;
  }
  const size = 1 << whites.length;
  ensure(size, wilds + 1);
  const expand = expandBuf;
  fillExpand(whites, expand);
  let prev = bufA;
  let next = bufB;
  fillValues(masks[0]!, colourJokers[0]!, wilds, expand, size, prev);
  for (let c = 1; c < 4; c++) {
    fillValues(masks[c]!, colourJokers[c]!, wilds, expand, size, valBuf);
    combine(prev, valBuf, next, size, wilds, c === 3);
    [prev, next] = [next, prev];
  }
  return prev[wilds * size + size - 1]!;
}

/**
 * The points each candidate card would add to the collection on its own: what bots rank market cards and jokers
 * by. The collection is read once; each candidate is added, scored and taken back out.
 */
export function marginalGains(cards: readonly Card[], candidates: readonly Card[]): number[] {
  const holdings = readHoldings(cards, scratchHoldings);
  const base = scoreHoldings(holdings);
  return candidates.map((card) => {
    switch (card.kind) {
      case 'number': {
        const c = COLOUR_INDEX[card.colour];
        const before = holdings.masks[c]!;
        holdings.masks[c] = before | (1 << (card.number - 1));
        const gain = before === holdings.masks[c] ? 0 : scoreHoldings(holdings) - base;
        holdings.masks[c] = before;
        return gain;
      }
      case 'colourJoker': {
        const c = COLOUR_INDEX[card.colour];
        holdings.colourJokers[c]!++;
        const gain = scoreHoldings(holdings) - base;
        holdings.colourJokers[c]!--;
        return gain;
      }
      case 'whiteJoker': {
        holdings.whites.push(card.number);
        const gain = scoreHoldings(holdings) - base;
        holdings.whites.pop();
        return gain;
      }
      case 'wild': {
        holdings.wilds++;
        const gain = scoreHoldings(holdings) - base;
        holdings.wilds--;
        return gain;
      }
      default:
        return 0;
    }
  });
}

/** Optimal joker assignment (T9): the total, per-colour points and runs, and where each used joker goes. */
export function scoreCollection(cards: readonly Card[]): ScoreResult {
  const h = readHoldings(cards, { masks: new Int32Array(4), colourJokers: new Int32Array(4), whites: [], wilds: 0 });
  const whiteIds: string[] = [];
  const wildIds: string[] = [];
  const colourJokerIds: string[][] = [[], [], [], []];
  for (const card of cards) {
    if (card.kind === 'whiteJoker') whiteIds.push(card.id);
    else if (card.kind === 'wild') wildIds.push(card.id);
    else if (card.kind === 'colourJoker') colourJokerIds[COLOUR_INDEX[card.colour]]!.push(card.id);
  }
  const wilds = Math.min(h.wilds, 4 * NUMBERS);
  const n = h.whites.length;
  const size = 1 << n;
  const expand = new Int32Array(size);
  fillExpand(h.whites, expand);
  const states = size * (wilds + 1);

  // Forward pass keeping every stage: stage[c] = best over colours 0..c (the last one only at the full state).
  const values = COLOURS.map((_, c) => {
    const val = new Int32Array(states);
    fillValues(h.masks[c]!, h.colourJokers[c]!, wilds, expand, size, val);
    return val;
  });
  const stages: Int32Array[] = [values[0]!];
  for (let c = 1; c < 4; c++) {
    const next = new Int32Array(states);
    combine(stages[c - 1]!, values[c]!, next, size, wilds, c === 3);
    stages.push(next);
  }

  // Backtrack: which white subset and how many wilds each colour gets.
  const share = new Array<{ sub: number; wilds: number }>(4);
  let s = size - 1;
  let w = wilds;
  for (let c = 3; c >= 1; c--) {
    const target = stages[c]![w * size + s]!;
    const prev = stages[c - 1]!;
    const val = values[c]!;
    let found = false;
    for (let f = 0; f <= w && !found; f++) {
      let sub = s;
      for (;;) {
        if (val[f * size + sub]! + prev[(w - f) * size + (s ^ sub)]! === target) {
          share[c] = { sub, wilds: f };
          s ^= sub;
          w -= f;
          found = true;
          break;
        }
        if (sub === 0) break;
        sub = (sub - 1) & s;
      }
    }
    if (!found) throw new Error('internal: Ten scoring backtrack failed');
  }
  share[0] = { sub: s, wilds: w };

  // Place the jokers on each colour's run: white jokers on their own numbers, then colour jokers, then wilds.
  const colours = {} as Record<Colour, number>;
  const runs = {} as Record<Colour, number[]>;
  const jokers: JokerPlacement[] = [];
  let nextWild = 0;
  let total = 0;
  COLOURS.forEach((colour, c) => {
    const { sub, wilds: f } = share[c]!;
    const mask = h.masks[c]!;
    const i = (mask | expand[sub]!) * STRIDE + Math.min(h.colourJokers[c]! + f, MAX_FREE);
    const lo = RUN_LO[i]!;
    const hi = RUN_HI[i]!;
    colours[colour] = POINTS[i]!;
    total += POINTS[i]!;
    const run: number[] = [];
    let nextColourJoker = 0;
    let wildsLeft = f;
    let whitesLeft = sub;
    for (let number = lo; lo > 0 && number <= hi; number++) {
      run.push(number);
      if (mask & (1 << (number - 1))) continue;
      let item = -1;
      for (let j = 0; j < n; j++) {
        if (whitesLeft & (1 << j) && h.whites[j] === number) {
          item = j;
          break;
        }
      }
      if (item >= 0) {
        whitesLeft &= ~(1 << item);
        jokers.push({ card: whiteIds[item]!, colour, number });
      } else if (nextColourJoker < colourJokerIds[c]!.length) {
        jokers.push({ card: colourJokerIds[c]![nextColourJoker++]!, colour, number });
      } else if (wildsLeft > 0) {
        wildsLeft--;
        jokers.push({ card: wildIds[nextWild++]!, colour, number });
      } else {
        throw new Error('internal: Ten scoring run has an unfilled gap');
      }
    }
    runs[colour] = run;
  });
  return { total, colours, runs, jokers };
}

/**
 * The points the collection would lose without each of its cards (same order as `cards`): what a bot gives up by
 * paying with that card (T5). A duplicate number card costs nothing.
 */
export function marginalLosses(cards: readonly Card[]): number[] {
  const holdings = readHoldings(cards, scratchHoldings);
  const base = scoreHoldings(holdings);
  const copies = new Map<number, number>();
  const keyOf = (card: Extract<Card, { kind: 'number' }>) => COLOUR_INDEX[card.colour] * 16 + card.number;
  for (const card of cards) if (card.kind === 'number') copies.set(keyOf(card), (copies.get(keyOf(card)) ?? 0) + 1);
  return cards.map((card) => {
    switch (card.kind) {
      case 'number': {
        if (copies.get(keyOf(card))! > 1) return 0;
        const c = COLOUR_INDEX[card.colour];
        const before = holdings.masks[c]!;
        holdings.masks[c] = before & ~(1 << (card.number - 1));
        const loss = base - scoreHoldings(holdings);
        holdings.masks[c] = before;
        return loss;
      }
      case 'colourJoker': {
        const c = COLOUR_INDEX[card.colour];
        holdings.colourJokers[c]!--;
        const loss = base - scoreHoldings(holdings);
        holdings.colourJokers[c]!++;
        return loss;
      }
      case 'whiteJoker': {
        const k = holdings.whites.indexOf(card.number);
        holdings.whites.splice(k, 1);
        const loss = base - scoreHoldings(holdings);
        holdings.whites.splice(k, 0, card.number);
        return loss;
      }
      case 'wild': {
        holdings.wilds--;
        const loss = base - scoreHoldings(holdings);
        holdings.wilds++;
        return loss;
      }
      default:
        return 0;
    }
  });
}
