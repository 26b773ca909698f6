/** Seed "Contents" and "Set-up", rulings T1 (the deck) and T2 (player count); the first card of the game (T3). */
import { describe, expect, it } from 'vitest';
import { cardById, COLOURS, deckFor, isJoker, TEN_DECK, ten, type Card, type TenState } from '../../../engine/ten';
import { configError } from '../game-checks';
import { refusedCode } from './play';
import { ofType, pendingOf } from './reads';
import { seedWhere, setup } from './states';

/** How many cards of `cards` match `pred`. */
const count = (cards: readonly Card[], pred: (c: Card) => boolean): number => cards.filter(pred).length;

/** Every card of a fresh game: the draw pile, the tableau, and a joker up for auction. */
function allCards(state: TenState): string[] {
  const auctioned = state.stage.kind === 'auction' ? [state.stage.joker] : [];
  return [...state.deck, ...state.tableau, ...auctioned, ...state.market, ...state.discard];
}

/** "{colour}-{number}" of a number card, or the card's kind. */
function face(c: Card): string {
  return c.kind === 'number' ? `${c.colour}-${c.number}` : c.kind === 'currency' ? `currency-${c.value}` : c.kind;
}

function faces(cards: readonly Card[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of cards) out.set(face(c), (out.get(face(c)) ?? 0) + 1);
  return out;
}

describe('T1 the 129-card deck as data (seed "Contents")', () => {
  it('Contents "The 129-card deck": TEN_DECK holds exactly 129 cards with 129 distinct ids', () => {
    expect(TEN_DECK).toHaveLength(129);
    expect(new Set(TEN_DECK.map((c) => c.id)).size).toBe(129);
  });

  it('T1 "Per colour (red, blue, orange, green): three each of 1–6, one each of 7–9, two colour # jokers (23 cards)"', () => {
    expect([...COLOURS]).toEqual(['red', 'blue', 'orange', 'green']);
    for (const colour of COLOURS) {
      const ofColour = TEN_DECK.filter((c) => (c.kind === 'number' || c.kind === 'colourJoker') && c.colour === colour);
      expect(ofColour).toHaveLength(23);
      for (let n = 1; n <= 9; n++) {
        expect(
          count(ofColour, (c) => c.kind === 'number' && c.number === n),
          `${colour} ${n}`,
        ).toBe(n <= 6 ? 3 : 1);
      }
      expect(count(ofColour, (c) => c.kind === 'colourJoker')).toBe(2);
    }
  });

  it('T1 "White wild cards: one each of 1–9 (any colour, fixed number) and one full #"', () => {
    const white = TEN_DECK.filter((c) => c.kind === 'whiteJoker');
    expect(white.map((c) => (c.kind === 'whiteJoker' ? c.number : 0)).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(count(TEN_DECK, (c) => c.kind === 'wild')).toBe(1);
    // Jokers: 8 colour jokers + 9 white numbered + 1 full wild.
    expect(count(TEN_DECK, isJoker)).toBe(18);
  });

  it('T1 "Currency cards: 27, values 1×7, 2×6, 3×6, 4×4, 5×4. Total 129."', () => {
    const currency = TEN_DECK.filter((c) => c.kind === 'currency');
    expect(currency).toHaveLength(27);
    const byValue = [1, 2, 3, 4, 5].map((v) => count(currency, (c) => c.kind === 'currency' && c.value === v));
    expect(byValue).toEqual([7, 6, 6, 4, 4]);
    expect(4 * 23 + 10 + 27).toBe(TEN_DECK.length);
  });

  it('stable ids: "red-4a" (copies a/b/c), "red-8", "red-joker-a", "white-5", "white-wild", "currency-3-1" name the cards they say', () => {
    expect(cardById('red-4a')).toMatchObject({ kind: 'number', colour: 'red', number: 4 });
    expect(cardById('blue-6c')).toMatchObject({ kind: 'number', colour: 'blue', number: 6 });
    expect(cardById('red-8')).toMatchObject({ kind: 'number', colour: 'red', number: 8 });
    expect(cardById('green-joker-b')).toMatchObject({ kind: 'colourJoker', colour: 'green' });
    expect(cardById('white-5')).toMatchObject({ kind: 'whiteJoker', number: 5 });
    expect(cardById('white-wild')).toMatchObject({ kind: 'wild' });
    expect(cardById('currency-3-1')).toMatchObject({ kind: 'currency', value: 3 });
    for (const c of TEN_DECK) expect(cardById(c.id)).toBe(c);
  });

  it('stable ids: the same deck data every time, and each table deck is a sub-list of the full deck', () => {
    expect(deckFor(4).map((c) => c.id)).toEqual(TEN_DECK.map((c) => c.id));
    const all = new Set(TEN_DECK.map((c) => c.id));
    for (const n of [1, 2, 3, 5]) {
      expect(deckFor(n).every((c) => all.has(c.id))).toBe(true);
      expect(deckFor(n).map((c) => c.id)).toEqual(deckFor(n).map((c) => c.id));
    }
  });
});

describe('T2 the deck for the player count (seed "Set-up")', () => {
  it.each([
    [5, 129],
    [4, 129],
    [3, 100],
    [2, 83],
    [1, 83],
  ])('T2: with %i players the game is played with %i cards', (players, size) => {
    expect(deckFor(players)).toHaveLength(size);
    const state = setup({ players });
    const cards = allCards(state);
    expect(cards).toHaveLength(size);
    expect([...cards].sort()).toEqual(
      deckFor(players)
        .map((c) => c.id)
        .sort(),
    );
  });

  it('Set-up "With 4 or 5 players use all cards"', () => {
    expect(deckFor(5).map((c) => c.id)).toEqual(TEN_DECK.map((c) => c.id));
    expect(deckFor(4).map((c) => c.id)).toEqual(TEN_DECK.map((c) => c.id));
  });

  it('T2 "3 players: remove the 4+ cards = the third copy of each 1–6 in every colour and one currency card of each value"', () => {
    const full = faces(TEN_DECK);
    const three = faces(deckFor(3));
    const removed = new Map<string, number>();
    for (const [key, n] of full) if (n !== (three.get(key) ?? 0)) removed.set(key, n - (three.get(key) ?? 0));
    const expected = new Map<string, number>();
    for (const colour of COLOURS) for (let n = 1; n <= 6; n++) expected.set(`${colour}-${n}`, 1);
    for (let v = 1; v <= 5; v++) expected.set(`currency-${v}`, 1);
    expect(removed).toEqual(expected);
    // Every joker stays.
    expect(count(deckFor(3), isJoker)).toBe(18);
  });

  it('T2 "2 players: also remove the 3 cards = the second copy of each 1–3 in every colour and one more currency card of each value"', () => {
    const three = faces(deckFor(3));
    const two = faces(deckFor(2));
    const removed = new Map<string, number>();
    for (const [key, n] of three) if (n !== (two.get(key) ?? 0)) removed.set(key, n - (two.get(key) ?? 0));
    const expected = new Map<string, number>();
    for (const colour of COLOURS) for (let n = 1; n <= 3; n++) expected.set(`${colour}-${n}`, 1);
    for (let v = 1; v <= 5; v++) expected.set(`currency-${v}`, 1);
    expect(removed).toEqual(expected);
    // The 2-player deck: per colour 1–3 once, 4–6 twice, 7–9 once; currency 1×5, 2×4, 3×4, 4×2, 5×2.
    for (const colour of COLOURS) {
      for (let n = 1; n <= 9; n++) expect(two.get(`${colour}-${n}`), `${colour} ${n}`).toBe(n >= 4 && n <= 6 ? 2 : 1);
    }
    expect([1, 2, 3, 4, 5].map((v) => two.get(`currency-${v}`))).toEqual([5, 4, 4, 2, 2]);
    expect(count(deckFor(2), isJoker)).toBe(18);
  });

  it('T2 "1 player: the 2-player deck"', () => {
    expect(deckFor(1).map((c) => c.id)).toEqual(deckFor(2).map((c) => c.id));
  });

  it('T2: the removed copies are the same ids at every table (a 2-player deck is inside the 3-player deck)', () => {
    const three = new Set(deckFor(3).map((c) => c.id));
    expect(deckFor(2).every((c) => three.has(c.id))).toBe(true);
    expect(three.has('red-4c')).toBe(false);
    expect(three.has('red-4b')).toBe(true);
    expect(deckFor(2).some((c) => c.id === 'red-2b')).toBe(false);
    expect(deckFor(2).some((c) => c.id === 'red-5b')).toBe(true);
  });
});

describe('Set-up: tokens and the supply', () => {
  it.each([1, 2, 3, 4, 5])(
    'Set-up "Give each player 5 black currency tokens" and the rest form the supply (%i players)',
    (players) => {
      const state = setup({ players });
      expect(state.players).toHaveLength(players);
      for (const p of state.players) expect(p).toEqual({ tokens: 5, bustTokens: 0, collection: [] });
      expect(state.supply).toEqual({ tokens: 50 - 5 * players, bustTokens: 15 });
      expect(state.market).toEqual([]);
    },
  );
});

describe('Set-up: shuffle and start player from the seed', () => {
  it('Set-up "Shuffle and place the deck face down": the same seed deals the same order', () => {
    expect(setup({}, 'alpha').deck).toEqual(setup({}, 'alpha').deck);
  });

  it('Set-up "Shuffle": another seed deals another order, and the deck is not in its printed order', () => {
    const a = setup({}, 'alpha');
    const b = setup({}, 'beta');
    expect(a.deck).not.toEqual(b.deck);
    expect(allCards(a)).not.toEqual(TEN_DECK.map((c) => c.id));
    const firsts = new Set(['s1', 's2', 's3', 's4', 's5', 's6'].map((seed) => setup({}, seed).deck[0]));
    expect(firsts.size).toBeGreaterThan(1);
  });

  it('Set-up "whoever gets the one with the start-player symbol starts": the start player comes from the seed', () => {
    const starts = new Set<number>();
    for (let k = 0; k < 40; k++) {
      const state = setup({ players: 4 }, `start-${k}`);
      expect(setup({ players: 4 }, `start-${k}`).startSeat).toBe(state.startSeat);
      expect(state.current).toBe(state.startSeat);
      expect(state.startSeat).toBeGreaterThanOrEqual(0);
      expect(state.startSeat).toBeLessThan(4);
      starts.add(state.startSeat);
    }
    expect([...starts].sort()).toEqual([0, 1, 2, 3]);
  });

  it('T10: alone, seat 0 starts', () => {
    expect(setup({ players: 1 }, 'solo').startSeat).toBe(0);
  });
});

describe('T3 "The first card of a turn is always drawn": the start player opens the game with a draw', () => {
  it("T3: nothing is drawn at set-up; the first decision is the start player's draw, and only drawing is offered", () => {
    const state = setup({ players: 4 }, 'opening');
    expect(state.tableau).toEqual([]);
    expect(state.deck).toHaveLength(129);
    expect(state.turn).toBe(1);
    expect(pendingOf(state)).toEqual({
      seat: state.startSeat,
      kind: 'draw',
      canDraw: true,
      canStop: false,
      total: 0,
      currency: 0,
    });
    expect(ten.legal(state, state.startSeat)).toEqual([{ type: 'draw' }]);
    for (const seat of [0, 1, 2, 3].filter((s) => s !== state.startSeat)) expect(ten.legal(state, seat)).toEqual([]);
  });

  it('T3: the start player cannot stop before their first card (MUST_DRAW); others cannot act (NOT_YOUR_TURN)', () => {
    const state = setup({ players: 4 }, 'opening');
    const start = state.startSeat;
    expect(refusedCode(state, start, { type: 'takeNumbers' })).toBe('MUST_DRAW');
    expect(refusedCode(state, start, { type: 'takeCurrency' })).toBe('MUST_DRAW');
    expect(refusedCode(state, (start + 1) % 4, { type: 'draw' })).toBe('NOT_YOUR_TURN');
  });

  it('the first draw deals the top card of the shuffled deck', () => {
    const state = setup({ players: 4 }, 'opening');
    const { state: next, events } = ten.apply(state, state.startSeat, { type: 'draw' });
    expect(ofType(events, 'drew')).toMatchObject([{ seat: state.startSeat, card: state.deck[0], left: 128 }]);
    expect(next.deck).toEqual(state.deck.slice(1));
  });

  it('T3/T7: when the top card is a joker, the first draw opens its auction, left of the start player first', () => {
    const { state } = seedWhere((s) => isJoker(cardById(s.deck[0]!)));
    const joker = state.deck[0]!;
    const { state: next, events } = ten.apply(state, state.startSeat, { type: 'draw' });
    const order = [1, 2, 3, 4].map((k) => (state.startSeat + k) % 4);
    expect(ofType(events, 'auctionOpened')).toEqual([{ type: 'auctionOpened', joker, bidders: order }]);
    expect(next.tableau).toEqual([]);
    expect(pendingOf(next)).toMatchObject({ seat: order[0], kind: 'bid', joker, high: 0, min: 1 });
  });

  it('a number or currency top card lands in the tableau and the start player then decides: draw on or stop', () => {
    const { state } = seedWhere((s) => cardById(s.deck[0]!).kind === 'number');
    const first = cardById(state.deck[0]!);
    const next = ten.apply(state, state.startSeat, { type: 'draw' }).state;
    expect(next.tableau).toEqual([first.id]);
    expect(pendingOf(next)).toEqual({
      seat: state.startSeat,
      kind: 'draw',
      canDraw: true,
      canStop: true,
      total: first.kind === 'number' ? first.number : NaN,
      currency: 0,
    });
  });

  it('after the first turn the player to the left starts, again with a draw before any stop', () => {
    const { state } = seedWhere((s) => cardById(s.deck[0]!).kind === 'currency');
    const start = state.startSeat;
    const drawn = ten.apply(state, start, { type: 'draw' }).state;
    const { state: next, events } = ten.apply(drawn, start, { type: 'takeCurrency' });
    expect(ofType(events, 'turnStarted')).toEqual([{ type: 'turnStarted', seat: (start + 1) % 4, turn: 2 }]);
    expect(next.current).toBe((start + 1) % 4);
    expect(next.tableau).toEqual([]);
    expect(pendingOf(next)).toMatchObject({ seat: (start + 1) % 4, kind: 'draw', canStop: false });
  });
});

describe('bad configs are refused with ConfigError BAD_CONFIG', () => {
  it.each([
    ['no players', {}],
    ['0 players', { players: 0 }],
    ['6 players', { players: 6 }],
    ['2.5 players', { players: 2.5 }],
    ['a string', { players: '4' }],
    ['an unknown option', { players: 4, jokers: false }],
    ['negative starting tokens', { players: 4, startingTokens: -1 }],
    ['a 0 token cap', { players: 4, tokenCap: 0 }],
    ['too few tokens for every player (5 × 5 > 20)', { players: 5, tokenSupply: 20 }],
  ])('%s', (_name, config) => {
    const err = configError(() => ten.setup(config as never, 'bad'));
    expect(err.code).toBe('BAD_CONFIG');
    expect(err.issues.length).toBeGreaterThan(0);
  });

  it('BAD_CONFIG names the bad option', () => {
    expect(configError(() => ten.setup({ players: 7 }, 'bad')).issues.some((i) => i.startsWith('players'))).toBe(true);
    expect(
      configError(() => ten.setup({ players: 5, tokenSupply: 20 }, 'bad')).issues.some((i) =>
        i.startsWith('tokenSupply'),
      ),
    ).toBe(true);
  });

  it('a config that is not an object is refused', () => {
    expect(configError(() => ten.setup(null as never, 'bad')).code).toBe('BAD_CONFIG');
    expect(configError(() => ten.setup(4 as never, 'bad')).code).toBe('BAD_CONFIG');
  });
});
