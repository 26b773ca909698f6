/** Seed "Take a reward" and ruling T4 (rewards, the ten-token cap). */
import { describe, expect, it } from 'vitest';
import { act, refusedCode } from './play';
import { gains, ofType, pendingOf, tokensInPlay, tokensOf } from './reads';
import { drawing } from './states';

/** red 3, currency 2, blue 4: running total 5, currency value 2. */
const TABLEAU = ['red-3a', 'currency-2-1', 'blue-4a'];

describe('Take a reward: "collect all number cards in the tableau"', () => {
  it("the number cards join the player's collection; the currency cards go to the discard pile", () => {
    const before = drawing(0, TABLEAU, [], { players: { 0: { collection: ['green-9'] } } });
    const { state, events } = act(before, 0, { type: 'takeNumbers' });
    expect(ofType(events, 'tookNumbers')).toEqual([{ type: 'tookNumbers', seat: 0, cards: ['red-3a', 'blue-4a'] }]);
    expect(state.players[0]!.collection).toEqual(['green-9', 'red-3a', 'blue-4a']);
    expect(state.tableau).toEqual([]);
    expect(state.discard).toEqual(['currency-2-1']);
    expect(state.market).toEqual([]);
  });

  it('"every other player at the table collects the tableau\'s currency value, as that many tokens from the supply"', () => {
    const before = drawing(0, TABLEAU);
    const { state, events } = act(before, 0, { type: 'takeNumbers' });
    expect(ofType(events, 'gained')).toEqual(gains('takeNumbers', [1, 2, 0], [2, 2, 0], [3, 2, 0]));
    expect(tokensOf(state)).toEqual([5, 7, 7, 7]);
    expect(state.supply.tokens).toBe(before.supply.tokens - 6);
    expect(tokensInPlay(state)).toBe(tokensInPlay(before));
  });

  it('the currency value is the sum of the currency cards (not the running total), at a 5-player table', () => {
    const before = drawing(
      2,
      ['red-9', 'currency-3-1', 'currency-4-1', 'blue-8'],
      [],
      { players: { 3: { tokens: 3 }, 4: { tokens: 0 } } },
      { players: 5 },
    );
    const { state, events } = act(before, 2, { type: 'takeNumbers' });
    expect(ofType(events, 'gained').map((e) => [e.seat, e.amount])).toEqual([
      [3, 7],
      [4, 7],
      [0, 5],
      [1, 5],
    ]);
    expect(ofType(events, 'gained').map((e) => e.lost)).toEqual([0, 0, 2, 2]);
    expect(tokensOf(state)).toEqual([10, 10, 5, 10, 7]);
  });

  it('the player who takes the numbers gains no tokens', () => {
    const { state, events } = act(drawing(1, TABLEAU), 1, { type: 'takeNumbers' });
    expect(ofType(events, 'gained').map((e) => e.seat)).toEqual([2, 3, 0]);
    expect(state.players[1]!.tokens).toBe(5);
  });

  it('a tableau without currency cards gives nobody anything', () => {
    const before = drawing(0, ['red-3a', 'blue-4a']);
    const { state, events } = act(before, 0, { type: 'takeNumbers' });
    expect(ofType(events, 'gained')).toEqual([]);
    expect(tokensOf(state)).toEqual([5, 5, 5, 5]);
    expect(state.supply).toEqual(before.supply);
  });

  it("taking the numbers leads to the player's buy phase (T6)", () => {
    const { state } = act(drawing(0, TABLEAU), 0, { type: 'takeNumbers' });
    expect(pendingOf(state)).toEqual({ seat: 0, kind: 'buy', final: false });
    expect(state.current).toBe(0);
  });
});

describe('T4 "A player may hold at most ten currency tokens at a time"', () => {
  it('a player at 9 tokens gains only 1; the excess is lost (it stays in the supply)', () => {
    const before = drawing(0, ['red-3a', 'currency-3-1'], [], { players: { 1: { tokens: 9 } } });
    const { state, events } = act(before, 0, { type: 'takeNumbers' });
    expect(ofType(events, 'gained')[0]).toEqual({ type: 'gained', seat: 1, amount: 1, lost: 2, reason: 'takeNumbers' });
    expect(tokensOf(state)).toEqual([5, 10, 8, 8]);
    expect(state.supply.tokens).toBe(before.supply.tokens - 1 - 3 - 3);
  });

  it('a player at 10 tokens gains nothing', () => {
    const before = drawing(0, ['red-3a', 'currency-3-1'], [], { players: { 2: { tokens: 10 } } });
    const { state, events } = act(before, 0, { type: 'takeNumbers' });
    expect(ofType(events, 'gained').find((e) => e.seat === 2)).toEqual({
      type: 'gained',
      seat: 2,
      amount: 0,
      lost: 3,
      reason: 'takeNumbers',
    });
    expect(state.players[2]!.tokens).toBe(10);
  });

  it('"Bust tokens do not count toward the ten": 8 tokens and 3 bust tokens still gain 2', () => {
    const before = drawing(0, ['red-3a', 'currency-2-1'], [], { players: { 1: { tokens: 8, bustTokens: 3 } } });
    const { state, events } = act(before, 0, { type: 'takeNumbers' });
    expect(ofType(events, 'gained')[0]).toEqual({ type: 'gained', seat: 1, amount: 2, lost: 0, reason: 'takeNumbers' });
    expect(state.players[1]).toMatchObject({ tokens: 10, bustTokens: 3 });
  });

  it('T4 "The 10-token cap applies to every gain": taking the currency at 8 tokens gains only 2 of 5', () => {
    const before = drawing(0, ['currency-5-1', 'red-4a'], [], { players: { 0: { tokens: 8 } } });
    const { state, events } = act(before, 0, { type: 'takeCurrency' });
    expect(ofType(events, 'gained')).toEqual([{ type: 'gained', seat: 0, amount: 2, lost: 3, reason: 'takeCurrency' }]);
    expect(state.players[0]!.tokens).toBe(10);
    expect(state.supply.tokens).toBe(before.supply.tokens - 2);
  });

  it('T4: bust tokens do not count toward the ten when taking the currency either (7 tokens + 2 bust tokens gain 3)', () => {
    const before = drawing(0, ['currency-3-1'], [], { players: { 0: { tokens: 7, bustTokens: 2 } } });
    const { state } = act(before, 0, { type: 'takeCurrency' });
    expect(state.players[0]).toMatchObject({ tokens: 10, bustTokens: 2 });
  });
});

describe('the supply limits gains ("that many tokens from the supply")', () => {
  it('with 1 token left in the supply, the first player to the left gets it and the others get nothing', () => {
    const base = drawing(0, TABLEAU);
    const before = { ...base, supply: { tokens: 1, bustTokens: 15 } };
    const { state, events } = act(before, 0, { type: 'takeNumbers' });
    expect(ofType(events, 'gained')).toEqual(gains('takeNumbers', [1, 1, 1], [2, 0, 2], [3, 0, 2]));
    expect(tokensOf(state)).toEqual([5, 6, 5, 5]);
    expect(state.supply.tokens).toBe(0);
  });

  it('taking the currency with 3 tokens left in the supply gains only those 3', () => {
    const base = drawing(0, ['currency-5-1']);
    const { state, events } = act({ ...base, supply: { tokens: 3, bustTokens: 15 } }, 0, { type: 'takeCurrency' });
    expect(ofType(events, 'gained')).toEqual([{ type: 'gained', seat: 0, amount: 3, lost: 2, reason: 'takeCurrency' }]);
    expect(state.players[0]!.tokens).toBe(8);
    expect(state.supply.tokens).toBe(0);
  });
});

describe('Take a reward: "collect all the currency shown in the tableau"', () => {
  it('"they take that many tokens from the supply; the tableau\'s number cards go to the market"', () => {
    const before = drawing(0, ['red-3a', 'currency-2-1', 'currency-1-1', 'blue-4a'], [], { market: ['green-5a'] });
    const { state, events } = act(before, 0, { type: 'takeCurrency' });
    expect(ofType(events, 'tookCurrency')).toEqual([{ type: 'tookCurrency', seat: 0, value: 3 }]);
    expect(ofType(events, 'gained')).toEqual([{ type: 'gained', seat: 0, amount: 3, lost: 0, reason: 'takeCurrency' }]);
    expect(ofType(events, 'toMarket')).toEqual([{ type: 'toMarket', cards: ['red-3a', 'blue-4a'] }]);
    expect(state.market).toEqual(['green-5a', 'red-3a', 'blue-4a']);
    expect(state.players[0]).toEqual({ tokens: 8, bustTokens: 0, collection: [] });
    expect(state.supply.tokens).toBe(before.supply.tokens - 3);
  });

  it('the currency cards themselves go to the discard pile', () => {
    const before = drawing(0, ['red-3a', 'currency-2-1', 'currency-1-1'], [], { discard: ['white-3'] });
    const { state, events } = act(before, 0, { type: 'takeCurrency' });
    expect(ofType(events, 'discarded')).toEqual([{ type: 'discarded', cards: ['currency-2-1', 'currency-1-1'] }]);
    expect(state.discard).toEqual(['white-3', 'currency-2-1', 'currency-1-1']);
    expect(state.tableau).toEqual([]);
  });

  it('the other players gain nothing when the currency is taken', () => {
    const { state, events } = act(drawing(0, ['currency-4-1']), 0, { type: 'takeCurrency' });
    expect(ofType(events, 'gained').map((e) => e.seat)).toEqual([0]);
    expect(tokensOf(state)).toEqual([9, 5, 5, 5]);
  });

  it('"A player who takes the currency has no buy phase": the next player\'s turn starts at once', () => {
    const before = drawing(0, ['red-3a', 'currency-2-1'], [], { market: ['green-1a'] });
    const { state, events } = act(before, 0, { type: 'takeCurrency' });
    expect(ofType(events, 'buyPhaseEnded')).toEqual([]);
    expect(ofType(events, 'turnStarted')).toEqual([{ type: 'turnStarted', seat: 1, turn: before.turn + 1 }]);
    expect(pendingOf(state)).toMatchObject({ seat: 1, kind: 'draw' });
    expect(
      refusedCode(state, 0, { type: 'buy', card: 'green-1a', payment: { tokens: 1, bustTokens: 0, cards: [] } }),
    ).toBe('NOT_YOUR_TURN');
    expect(refusedCode(state, 0, { type: 'endTurn' })).toBe('NOT_YOUR_TURN');
  });

  it('a tableau with no currency cards gains nothing, but its number cards still go to the market', () => {
    const before = drawing(0, ['red-3a', 'blue-4a']);
    const { state, events } = act(before, 0, { type: 'takeCurrency' });
    expect(ofType(events, 'gained')).toEqual([]);
    expect(state.players[0]!.tokens).toBe(5);
    expect(state.market).toEqual(['red-3a', 'blue-4a']);
    expect(state.current).toBe(1);
  });
});

describe('T10: alone, "gains for other players are skipped"', () => {
  it('taking the numbers in a solo game gives no tokens to anyone and leads to the buy phase', () => {
    const before = drawing(0, TABLEAU, [], {}, { players: 1 });
    const { state, events } = act(before, 0, { type: 'takeNumbers' });
    expect(ofType(events, 'gained')).toEqual([]);
    expect(state.players[0]).toMatchObject({ tokens: 5, collection: ['red-3a', 'blue-4a'] });
    expect(state.supply.tokens).toBe(before.supply.tokens);
    expect(pendingOf(state)).toEqual({ seat: 0, kind: 'buy', final: false });
  });
});
