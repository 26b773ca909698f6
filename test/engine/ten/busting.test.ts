/** Seed "Busting" (with T3 for when a bust happens and T4 for the gains it gives). */
import { describe, expect, it } from 'vitest';
import { act, actAll, refusedCode } from './play';
import { bustTokensOf, gains, ofType, pendingOf, tokensInPlay, tokensOf } from './reads';
import { drawing } from './states';

/** Seat 0 holds red 6 and currency 2 (total 4) and draws blue 7: 11, a number bust with currency value 2. */
function numberBust(patch: Parameters<typeof drawing>[3] = {}, seat = 0, config = {}) {
  const before = drawing(seat, ['red-6a', 'currency-2-1'], ['blue-7', 'green-1a'], patch, config);
  return { before, ...act(before, seat, { type: 'draw' }) };
}

/** Seat 0 holds red 2 and currency 5 + 5 and draws currency 1: the currency alone makes 11. */
function currencyBust(patch: Parameters<typeof drawing>[3] = {}) {
  const before = drawing(0, ['red-2a', 'currency-5-1', 'currency-5-2'], ['currency-1-1', 'green-1a'], patch);
  return { before, ...act(before, 0, { type: 'draw' }) };
}

describe('Busting: "all number cards in the tableau go to the market"', () => {
  it("a number bust sends the tableau's number cards (including the card that busted) to the market", () => {
    const { state, events } = numberBust({ market: ['orange-4b'] });
    expect(ofType(events, 'busted')).toEqual([{ type: 'busted', seat: 0, cause: 'numbers', total: 11, currency: 2 }]);
    expect(ofType(events, 'toMarket')).toEqual([{ type: 'toMarket', cards: ['red-6a', 'blue-7'] }]);
    expect(state.market).toEqual(['orange-4b', 'red-6a', 'blue-7']);
    expect(state.tableau).toEqual([]);
    expect(state.players[0]!.collection).toEqual([]);
  });

  it('a currency bust sends the number cards to the market too', () => {
    const { state, events } = currencyBust();
    expect(ofType(events, 'busted')).toEqual([{ type: 'busted', seat: 0, cause: 'currency', total: -9, currency: 11 }]);
    expect(state.market).toEqual(['red-2a']);
    expect(state.tableau).toEqual([]);
  });

  it('the market cards from a bust can be bought by a later player in their buy phase', () => {
    const { state } = numberBust();
    // Seat 1 draws green-1a, takes it, and buys the busted red 6 with 5 tokens and the green 1.
    const { state: after, events } = actAll(state, [
      [1, { type: 'draw' }],
      [1, { type: 'takeNumbers' }],
      [1, { type: 'buy', card: 'red-6a', payment: { tokens: 5, bustTokens: 0, cards: ['green-1a'] } }],
    ]);
    expect(ofType(events, 'bought')).toEqual([{ type: 'bought', seat: 1, card: 'red-6a', price: 6 }]);
    expect(after.market).toEqual(['blue-7']);
    expect(after.players[1]!.collection).toEqual(['red-6a']);
  });
});

describe('Busting: "The busting player takes a bust token from the supply"', () => {
  it('after a number bust the player has one bust token and the supply one fewer; black tokens are untouched', () => {
    const { before, state, events } = numberBust();
    expect(ofType(events, 'bustToken')).toEqual([{ type: 'bustToken', seat: 0, received: true }]);
    expect(bustTokensOf(state)).toEqual([1, 0, 0, 0]);
    expect(state.supply.bustTokens).toBe(before.supply.bustTokens - 1);
    expect(state.players[0]!.tokens).toBe(5);
  });

  it('after a currency bust the player takes a bust token too', () => {
    const { before, state, events } = currencyBust();
    expect(ofType(events, 'bustToken')).toEqual([{ type: 'bustToken', seat: 0, received: true }]);
    expect(state.players[0]!.bustTokens).toBe(1);
    expect(state.supply.bustTokens).toBe(before.supply.bustTokens - 1);
  });

  it('bust tokens add up: a player with 2 takes a third', () => {
    const { state } = numberBust({ players: { 0: { bustTokens: 2 } } });
    expect(state.players[0]!.bustTokens).toBe(3);
  });

  it('with no bust token left in the supply the busting player receives none', () => {
    const base = drawing(0, ['red-6a', 'currency-2-1'], ['blue-7']);
    const { state, events } = act({ ...base, supply: { ...base.supply, bustTokens: 0 } }, 0, { type: 'draw' });
    expect(ofType(events, 'bustToken')).toEqual([{ type: 'bustToken', seat: 0, received: false }]);
    expect(state.players[0]!.bustTokens).toBe(0);
    expect(state.supply.bustTokens).toBe(0);
    // The rest of the bust still happens.
    expect(state.market).toEqual(['red-6a', 'blue-7']);
    expect(tokensOf(state)).toEqual([5, 7, 7, 7]);
  });
});

describe('Busting: "If the bust came from the number cards, the other players collect the tableau\'s currency value"', () => {
  it('every other player gains the currency value from the supply; the busting player gains nothing', () => {
    const { before, state, events } = numberBust();
    expect(ofType(events, 'gained')).toEqual(gains('bust', [1, 2, 0], [2, 2, 0], [3, 2, 0]));
    expect(tokensOf(state)).toEqual([5, 7, 7, 7]);
    expect(state.supply.tokens).toBe(before.supply.tokens - 6);
    expect(tokensInPlay(state)).toBe(tokensInPlay(before));
  });

  it('the currency value is the sum of the currency cards (9 − 4 + 6 = 11: the others gain 4)', () => {
    const before = drawing(2, ['red-9', 'currency-4-1'], ['blue-6a']);
    const { state, events } = act(before, 2, { type: 'draw' });
    expect(ofType(events, 'busted')).toEqual([{ type: 'busted', seat: 2, cause: 'numbers', total: 11, currency: 4 }]);
    expect(ofType(events, 'gained').map((e) => [e.seat, e.amount])).toEqual([
      [3, 4],
      [0, 4],
      [1, 4],
    ]);
    expect(tokensOf(state)).toEqual([9, 9, 5, 9]);
  });

  it('the currency cards are not collected by anyone: they go to the discard pile', () => {
    const { state, events } = numberBust({ discard: ['white-2'] });
    expect(ofType(events, 'discarded')).toEqual([{ type: 'discarded', cards: ['currency-2-1'] }]);
    expect(state.discard).toEqual(['white-2', 'currency-2-1']);
  });

  it('a number bust with no currency cards gives nobody anything', () => {
    const before = drawing(0, ['red-6a'], ['blue-5a']);
    const { state, events } = act(before, 0, { type: 'draw' });
    expect(ofType(events, 'busted')).toHaveLength(1);
    expect(ofType(events, 'gained')).toEqual([]);
    expect(tokensOf(state)).toEqual([5, 5, 5, 5]);
  });

  it('T4 "The 10-token cap applies to every gain": a player at 9 collects only 1 from a bust', () => {
    const { state, events } = numberBust({ players: { 3: { tokens: 9, bustTokens: 4 } } });
    expect(ofType(events, 'gained').find((e) => e.seat === 3)).toEqual({
      type: 'gained',
      seat: 3,
      amount: 1,
      lost: 1,
      reason: 'bust',
    });
    expect(state.players[3]).toMatchObject({ tokens: 10, bustTokens: 4 });
  });

  it('the supply limits what the others collect from a bust', () => {
    const base = drawing(0, ['red-6a', 'currency-2-1'], ['blue-7']);
    const { state, events } = act({ ...base, supply: { tokens: 3, bustTokens: 15 } }, 0, { type: 'draw' });
    expect(ofType(events, 'gained').map((e) => [e.seat, e.amount, e.lost])).toEqual([
      [1, 2, 0],
      [2, 1, 1],
      [3, 0, 2],
    ]);
    expect(state.supply.tokens).toBe(0);
  });

  it('T10: alone, a number bust gives no tokens to anyone', () => {
    const { state, events } = numberBust({}, 0, { players: 1 });
    expect(ofType(events, 'gained')).toEqual([]);
    expect(state.players[0]).toMatchObject({ tokens: 5, bustTokens: 1 });
  });
});

describe('Busting: "If it came from the currency cards, the currency cards go to the discard pile and nobody collects anything"', () => {
  it('all the currency cards go to the discard pile', () => {
    const { state, events } = currencyBust();
    expect(ofType(events, 'discarded')).toEqual([
      { type: 'discarded', cards: ['currency-5-1', 'currency-5-2', 'currency-1-1'] },
    ]);
    expect(state.discard).toEqual(['currency-5-1', 'currency-5-2', 'currency-1-1']);
  });

  it("nobody collects anything: no tokens move except the busting player's bust token", () => {
    const { before, state, events } = currencyBust();
    expect(ofType(events, 'gained')).toEqual([]);
    expect(tokensOf(state)).toEqual(tokensOf(before));
    expect(state.supply.tokens).toBe(before.supply.tokens);
  });
});

describe('Busting: "The player\'s turn ends when they bust"', () => {
  it("the next player's turn starts; the busting player has no buy phase", () => {
    const { before, state, events } = numberBust({ market: ['green-2a'] });
    expect(ofType(events, 'buyPhaseEnded')).toEqual([]);
    expect(ofType(events, 'turnStarted')).toEqual([{ type: 'turnStarted', seat: 1, turn: before.turn + 1 }]);
    expect(state.current).toBe(1);
    expect(pendingOf(state)).toMatchObject({ seat: 1, kind: 'draw' });
    expect(
      refusedCode(state, 0, { type: 'buy', card: 'green-2a', payment: { tokens: 2, bustTokens: 0, cards: [] } }),
    ).toBe('NOT_YOUR_TURN');
  });

  it('after the last seat busts, play passes to seat 0', () => {
    const { state } = numberBust({}, 3);
    expect(state.current).toBe(0);
    expect(pendingOf(state)).toMatchObject({ seat: 0, kind: 'draw' });
  });

  it('a currency bust ends the turn too', () => {
    const { state, events } = currencyBust();
    expect(ofType(events, 'turnStarted').map((e) => e.seat)).toEqual([1]);
    expect(state.current).toBe(1);
  });

  it('the event order tells the story: busted, cards to the market, currency discarded, bust token, gains, next turn', () => {
    const types = numberBust().events.map((e) => e.type);
    const order = (['drew', 'busted', 'toMarket', 'discarded', 'bustToken', 'gained', 'turnStarted'] as const).map(
      (t) => types.indexOf(t),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(types.lastIndexOf('gained')).toBeLessThan(types.indexOf('turnStarted'));
  });
});
