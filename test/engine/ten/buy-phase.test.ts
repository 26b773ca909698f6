/** Seed "Buy phase", rulings T5 (payment) and T6 (the buy phase). */
import { describe, expect, it } from 'vitest';
import { ten, type TenPlayer } from '../../../engine/ten';
import { act, buying, payment, refusedCode } from './play';
import { ofType, pendingOf, tokensInPlay } from './reads';
import { drawing } from './states';

/** Seat 0 takes red 3 + blue 4 and may buy from this market. */
const MARKET = ['green-1a', 'orange-2a', 'green-5a', 'blue-6a', 'red-4b', 'orange-9'];
const inBuy = (players: Record<number, Partial<TenPlayer>> = {}, market = MARKET) =>
  buying(0, ['red-3a', 'blue-4a'], { players, market });
const buy = (card: string, pay: ReturnType<typeof payment>) => ({ type: 'buy', card, payment: pay });

describe('T6 "One card from the market per buy phase, only after taking the number cards"', () => {
  it("taking the numbers opens the player's buy phase, offering to end the turn or buy a market card", () => {
    const state = inBuy();
    expect(pendingOf(state)).toEqual({ seat: 0, kind: 'buy', final: false });
    const legal = ten.legal(state, 0);
    expect(legal[0]).toEqual({ type: 'endTurn' });
    expect(legal).toContainEqual(buy('green-5a', payment(5)));
    for (const seat of [1, 2, 3]) expect(ten.legal(state, seat)).toEqual([]);
  });

  it('Buy phase "paying the card\'s value in currency": the card joins the collection and leaves the market', () => {
    const before = inBuy();
    const { state, events } = act(before, 0, buy('green-5a', payment(5)));
    expect(ofType(events, 'paid')).toEqual([
      { type: 'paid', seat: 0, price: 5, tokens: 5, bustTokens: 0, cards: [], lost: 0 },
    ]);
    expect(ofType(events, 'bought')).toEqual([{ type: 'bought', seat: 0, card: 'green-5a', price: 5 }]);
    expect(state.players[0]).toEqual({ tokens: 0, bustTokens: 0, collection: ['red-3a', 'blue-4a', 'green-5a'] });
    expect(state.market).toEqual(MARKET.filter((c) => c !== 'green-5a'));
  });

  it('"Spent currency returns to the supply"', () => {
    const before = inBuy({ 0: { bustTokens: 1 } });
    const { state } = act(before, 0, buy('blue-6a', payment(3, 1)));
    expect(state.players[0]).toMatchObject({ tokens: 2, bustTokens: 0 });
    expect(state.supply).toEqual({ tokens: before.supply.tokens + 3, bustTokens: before.supply.bustTokens + 1 });
    expect(tokensInPlay(state)).toBe(tokensInPlay(before));
  });

  it('"When the buy phase ends, the turn ends": one purchase ends the buy phase and the next player\'s turn starts', () => {
    const before = inBuy();
    const { state, events } = act(before, 0, buy('green-1a', payment(1)));
    expect(ofType(events, 'buyPhaseEnded')).toEqual([{ type: 'buyPhaseEnded', seat: 0, bought: true }]);
    expect(ofType(events, 'turnStarted')).toEqual([{ type: 'turnStarted', seat: 1, turn: before.turn + 1 }]);
    expect(pendingOf(state)).toMatchObject({ seat: 1, kind: 'draw' });
    // T6 "One card … per buy phase": a second purchase is refused.
    expect(refusedCode(state, 0, buy('orange-2a', payment(2)))).toBe('NOT_YOUR_TURN');
  });

  it('"if they choose not to buy, the turn ends": endTurn buys nothing and passes the turn', () => {
    const before = inBuy();
    const { state, events } = act(before, 0, { type: 'endTurn' });
    expect(ofType(events, 'buyPhaseEnded')).toEqual([{ type: 'buyPhaseEnded', seat: 0, bought: false }]);
    expect(ofType(events, 'paid')).toEqual([]);
    expect(state.market).toEqual(MARKET);
    expect(state.players[0]).toEqual(before.players[0]);
    expect(state.current).toBe(1);
    expect(pendingOf(state)).toMatchObject({ seat: 1, kind: 'draw' });
  });

  it('no buy phase without taking the numbers: buying at a draw decision is refused', () => {
    const state = drawing(0, ['red-3a'], [], { market: MARKET });
    expect(refusedCode(state, 0, buy('green-1a', payment(1)))).toBe('WRONG_DECISION');
  });

  it('only the player whose buy phase it is may buy or end it', () => {
    const state = inBuy();
    expect(refusedCode(state, 1, buy('green-1a', payment(1)))).toBe('NOT_YOUR_TURN');
    expect(refusedCode(state, 2, { type: 'endTurn' })).toBe('NOT_YOUR_TURN');
    expect(refusedCode(state, 0, { type: 'draw' })).toBe('WRONG_DECISION');
  });

  it('NOT_IN_MARKET: only a market card can be bought, not one in the deck, the discard pile or a collection', () => {
    const state = buying(0, ['red-3a'], {
      market: ['green-1a'],
      discard: ['blue-2a'],
      players: { 1: { collection: ['orange-1a'] } },
    });
    expect(refusedCode(state, 0, buy('blue-2a', payment(2)))).toBe('NOT_IN_MARKET');
    expect(refusedCode(state, 0, buy('orange-1a', payment(1)))).toBe('NOT_IN_MARKET');
    expect(refusedCode(state, 0, buy('red-8', payment(5, 1)))).toBe('NOT_IN_MARKET');
    expect(refusedCode(state, 0, buy('red-3a', payment(3)))).toBe('NOT_IN_MARKET');
  });
});

describe('T5 payment: "a price is paid with any mix of currency tokens (1 each), bust tokens (3 each, no change given) and collected cards (1 each)"', () => {
  it('"a bust token pays 3 for a 1-cost card with no change": the excess 2 is lost', () => {
    const before = inBuy({ 0: { bustTokens: 1 } });
    const { state, events } = act(before, 0, buy('green-1a', payment(0, 1)));
    expect(ofType(events, 'paid')).toEqual([
      { type: 'paid', seat: 0, price: 1, tokens: 0, bustTokens: 1, cards: [], lost: 2 },
    ]);
    expect(state.players[0]).toMatchObject({ tokens: 5, bustTokens: 0 });
    expect(state.supply).toEqual({ tokens: before.supply.tokens, bustTokens: before.supply.bustTokens + 1 });
    expect(state.players[0]!.collection).toContain('green-1a');
  });

  it('two bust tokens pay exactly 6', () => {
    const { state, events } = act(inBuy({ 0: { bustTokens: 2 } }), 0, buy('blue-6a', payment(0, 2)));
    expect(ofType(events, 'paid')[0]).toMatchObject({ price: 6, bustTokens: 2, lost: 0 });
    expect(state.players[0]).toMatchObject({ tokens: 5, bustTokens: 0 });
  });

  it('"each card counts 1 toward their currency": collected cards pay and go to the discard pile', () => {
    const before = inBuy({}, MARKET);
    const { state, events } = act(before, 0, buy('orange-2a', payment(0, 0, ['red-3a', 'blue-4a'])));
    expect(ofType(events, 'paid')).toEqual([
      { type: 'paid', seat: 0, price: 2, tokens: 0, bustTokens: 0, cards: ['red-3a', 'blue-4a'], lost: 0 },
    ]);
    expect(state.players[0]).toEqual({ tokens: 5, bustTokens: 0, collection: ['orange-2a'] });
    expect(state.discard).toEqual([...before.discard, 'red-3a', 'blue-4a']);
    expect(state.supply).toEqual(before.supply);
  });

  it('"cards may be combined with currency tokens": a bust token, a token and a card pay 5', () => {
    const before = inBuy({ 0: { bustTokens: 1 } });
    const { state, events } = act(before, 0, buy('green-5a', payment(1, 1, ['red-3a'])));
    expect(ofType(events, 'paid')[0]).toMatchObject({ price: 5, tokens: 1, bustTokens: 1, cards: ['red-3a'], lost: 0 });
    expect(state.players[0]).toEqual({ tokens: 4, bustTokens: 0, collection: ['blue-4a', 'green-5a'] });
    expect(state.discard).toContain('red-3a');
    expect(state.supply).toEqual({ tokens: before.supply.tokens + 1, bustTokens: before.supply.bustTokens + 1 });
  });

  it('a collected joker can pay 1 like any card', () => {
    const before = inBuy({ 0: { collection: ['white-wild'] } });
    const { state } = act(before, 0, buy('green-1a', payment(0, 0, ['white-wild'])));
    expect(state.players[0]!.collection).toEqual(['red-3a', 'blue-4a', 'green-1a']);
    expect(state.discard).toContain('white-wild');
  });

  it('T5 "Overpayment is lost": 5 tokens for a 2 leave the player with none', () => {
    const before = inBuy();
    const { state, events } = act(before, 0, buy('orange-2a', payment(5)));
    expect(ofType(events, 'paid')[0]).toMatchObject({ price: 2, tokens: 5, lost: 3 });
    expect(state.players[0]!.tokens).toBe(0);
    expect(state.supply.tokens).toBe(before.supply.tokens + 5);
  });

  it("UNDERPAID: a payment worth less than the card's number is refused", () => {
    const state = inBuy({ 0: { bustTokens: 1 } });
    expect(refusedCode(state, 0, buy('blue-6a', payment(5)))).toBe('UNDERPAID');
    expect(refusedCode(state, 0, buy('green-5a', payment(1, 0, ['red-3a'])))).toBe('UNDERPAID');
    expect(refusedCode(state, 0, buy('orange-9', payment(5, 1)))).toBe('UNDERPAID');
    expect(refusedCode(state, 0, buy('green-1a', payment(0)))).toBe('UNDERPAID');
  });

  it('a player cannot pay with tokens, bust tokens or cards they do not have', () => {
    const state = inBuy();
    expect(refusedCode(state, 0, buy('blue-6a', payment(6)))).toBe('CANNOT_AFFORD');
    expect(refusedCode(state, 0, buy('green-1a', payment(0, 1)))).toBe('CANNOT_AFFORD');
    expect(refusedCode(state, 0, buy('green-1a', payment(0, 0, ['green-9'])))).toBe('BAD_PAYMENT');
    expect(refusedCode(state, 0, buy('orange-2a', payment(0, 0, ['red-3a', 'red-3a'])))).toBe('BAD_PAYMENT');
  });

  it('a malformed payment is refused', () => {
    const state = inBuy();
    expect(
      refusedCode(state, 0, { type: 'buy', card: 'green-1a', payment: { tokens: -1, bustTokens: 0, cards: [] } }),
    ).toBe('MALFORMED_ACTION');
    expect(refusedCode(state, 0, { type: 'buy', card: 'green-1a' })).toBe('MALFORMED_ACTION');
  });
});

describe('T6 "Not allowed: a card whose colour and number match one the player already holds"', () => {
  it('DUPLICATE_CARD: holding red 4 (another copy), the red 4 in the market cannot be bought', () => {
    const state = inBuy({ 0: { collection: ['red-4a'] } });
    expect(refusedCode(state, 0, buy('red-4b', payment(4)))).toBe('DUPLICATE_CARD');
  });

  it('DUPLICATE_CARD: a card taken this very turn counts as held', () => {
    const state = buying(0, ['red-3a', 'blue-4a'], { market: ['blue-4b', 'red-3b'] });
    expect(refusedCode(state, 0, buy('blue-4b', payment(4)))).toBe('DUPLICATE_CARD');
    expect(refusedCode(state, 0, buy('red-3b', payment(3)))).toBe('DUPLICATE_CARD');
  });

  it('the same number in another colour, or another number in the same colour, may be bought', () => {
    const sameNumber = act(inBuy({}, ['green-4a']), 0, buy('green-4a', payment(4))).state;
    expect(sameNumber.players[0]!.collection).toContain('green-4a');
    const sameColour = act(inBuy({}, ['red-5a']), 0, buy('red-5a', payment(5))).state;
    expect(sameColour.players[0]!.collection).toContain('red-5a');
  });

  it('jokers do not block: holding the red # joker and the white 4, the red 4 can still be bought', () => {
    const before = buying(0, ['blue-1a'], {
      market: ['red-4b'],
      players: { 0: { collection: ['red-joker-a', 'white-4', 'white-wild'] } },
    });
    const { state } = act(before, 0, buy('red-4b', payment(4)));
    expect(state.players[0]!.collection).toEqual(['red-joker-a', 'white-4', 'white-wild', 'blue-1a', 'red-4b']);
  });

  it("another player's holdings do not matter", () => {
    const before = inBuy({ 1: { collection: ['green-5b'] } });
    expect(act(before, 0, buy('green-5a', payment(5))).state.players[0]!.collection).toContain('green-5a');
  });

  it('the buy menu leaves out the cards the player may not buy', () => {
    const state = buying(0, ['red-3a', 'blue-4a'], { market: ['red-3b', 'blue-4b', 'blue-3a'] });
    const cards = new Set(ten.legal(state, 0).flatMap((a) => (a.type === 'buy' ? [a.card] : [])));
    expect([...cards]).toEqual(['blue-3a']);
  });
});
