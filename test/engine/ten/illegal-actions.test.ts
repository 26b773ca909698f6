/** Refused actions: a RuleError with a stable code, and the state left exactly as it was. */
import { describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../engine';
import { ten, type TenState } from '../../../engine/ten';
import { act, actAll, payment, refusedCode, skipFinalRound } from './play';
import { lastCards, table } from './states';

/** Four players, seat 1 has drawn red 4 and may draw on or stop. */
function drawing(): TenState {
  return act(table({}, 1, ['red-4a', 'blue-2a']), 1, { type: 'draw' }).state;
}

/** Seat 1 has drawn red 4 then the red joker: seat 2 bids first. */
function auction(patch: Parameters<typeof table>[3] = {}): TenState {
  return actAll(table({}, 1, ['red-4a', 'red-joker-a'], patch), [
    [1, { type: 'draw' }],
    [1, { type: 'draw' }],
  ]).state;
}

/** Seat 0 won the red joker for 3 and must pay. */
function paying(patch: Parameters<typeof table>[3] = {}): TenState {
  return actAll(auction(patch), [
    [2, { type: 'pass' }],
    [3, { type: 'pass' }],
    [0, { type: 'bid', amount: 3 }],
    [1, { type: 'pass' }],
  ]).state;
}

/** Seat 1 took red 4 (holding blue 1, blue 2 and a bust token besides) and is in its buy phase. */
function buying(market = ['red-4b', 'green-3a', 'orange-6a', 'blue-5a']): TenState {
  const start = table({}, 1, ['red-4a', 'blue-2b'], {
    market,
    players: { 1: { tokens: 2, bustTokens: 1, collection: ['blue-1a', 'blue-2a'] } },
  });
  return actAll(start, [
    [1, { type: 'draw' }],
    [1, { type: 'takeNumbers' }],
  ]).state;
}

describe('Who may act', () => {
  it("NOT_YOUR_TURN: another seat cannot draw or stop in the active player's turn", () => {
    const state = drawing();
    expect(refusedCode(state, 2, { type: 'draw' })).toBe('NOT_YOUR_TURN');
    expect(refusedCode(state, 0, { type: 'takeNumbers' })).toBe('NOT_YOUR_TURN');
  });

  it('NOT_YOUR_TURN: the active player cannot bid before the players to their left (T7)', () => {
    const state = auction();
    expect(refusedCode(state, 1, { type: 'bid', amount: 1 })).toBe('NOT_YOUR_TURN');
    expect(refusedCode(state, 3, { type: 'pass' })).toBe('NOT_YOUR_TURN');
  });

  it("NOT_YOUR_TURN: another seat cannot buy in the active player's buy phase", () => {
    expect(refusedCode(buying(), 2, { type: 'buy', card: 'green-3a', payment: payment(3) })).toBe('NOT_YOUR_TURN');
    expect(refusedCode(buying(), 2, { type: 'endTurn' })).toBe('NOT_YOUR_TURN');
  });

  it.each([4, -1, 1.5, 99])('UNKNOWN_SEAT: seat %s is not at a 4-player table', (seat) => {
    expect(refusedCode(drawing(), seat, { type: 'draw' })).toBe('UNKNOWN_SEAT');
  });

  it('the system seat has nothing to do in Ten', () => {
    expect(refusedCode(drawing(), SYSTEM, { type: 'draw' })).toBe('NOT_YOUR_TURN');
    expect(ten.legal(drawing(), SYSTEM)).toEqual([]);
  });
});

describe('WRONG_DECISION: an action that does not answer the pending decision', () => {
  it.each([
    ['buy', { type: 'buy', card: 'red-4b', payment: payment(4) }],
    ['endTurn', { type: 'endTurn' }],
    ['bid', { type: 'bid', amount: 1 }],
    ['pass', { type: 'pass' }],
    ['pay', { type: 'pay', payment: payment(1) }],
  ])('during the draw decision: %s', (_name, action) => {
    expect(refusedCode(drawing(), 1, action)).toBe('WRONG_DECISION');
  });

  it('during an auction: the bidder cannot draw, stop or pay', () => {
    const state = auction();
    expect(refusedCode(state, 2, { type: 'draw' })).toBe('WRONG_DECISION');
    expect(refusedCode(state, 2, { type: 'takeNumbers' })).toBe('WRONG_DECISION');
    expect(refusedCode(state, 2, { type: 'pay', payment: payment(1) })).toBe('WRONG_DECISION');
  });

  it('during the pay decision: the winner cannot bid again or draw', () => {
    expect(refusedCode(paying(), 0, { type: 'bid', amount: 4 })).toBe('WRONG_DECISION');
    expect(refusedCode(paying(), 0, { type: 'pass' })).toBe('WRONG_DECISION');
  });

  it('during the buy phase: no more drawing or rewards', () => {
    expect(refusedCode(buying(), 1, { type: 'draw' })).toBe('WRONG_DECISION');
    expect(refusedCode(buying(), 1, { type: 'takeCurrency' })).toBe('WRONG_DECISION');
  });

  it('T3 "The first card of a turn is always drawn": a reward before the first draw is refused', () => {
    const state = table({}, 1, ['red-4a']);
    expect(refusedCode(state, 1, { type: 'takeNumbers' })).toBe('MUST_DRAW');
    expect(refusedCode(state, 1, { type: 'takeCurrency' })).toBe('MUST_DRAW');
  });
});

describe('MALFORMED_ACTION', () => {
  it.each([
    ['null', null],
    ['a string', 'draw'],
    ['no type', {}],
    ['an unknown type', { type: 'steal' }],
    ['an extra field', { type: 'draw', cards: 3 }],
    ['a bid in words', { type: 'bid', amount: 'three' }],
    ['a fractional bid', { type: 'bid', amount: 1.5 }],
    ['a bid without an amount', { type: 'bid' }],
    ['a buy without a payment', { type: 'buy', card: 'red-4b' }],
    ['a negative token payment', { type: 'pay', payment: { tokens: -1, bustTokens: 0, cards: [] } }],
    ['a payment missing bust tokens', { type: 'pay', payment: { tokens: 1, cards: [] } }],
    ['cards that are not strings', { type: 'pay', payment: { tokens: 0, bustTokens: 0, cards: [7] } }],
  ])('%s', (_name, action) => {
    expect(refusedCode(drawing(), 1, action)).toBe('MALFORMED_ACTION');
  });
});

describe('Auction refusals (T7)', () => {
  it('BID_TOO_LOW: not more than the current high bid', () => {
    const state = act(auction(), 2, { type: 'bid', amount: 2 }).state;
    expect(refusedCode(state, 3, { type: 'bid', amount: 2 })).toBe('BID_TOO_LOW');
    expect(refusedCode(state, 3, { type: 'bid', amount: 1 })).toBe('BID_TOO_LOW');
  });

  it('CANNOT_AFFORD: a bid beyond tokens + bust tokens (3) + collected cards', () => {
    const state = auction({ players: { 2: { tokens: 1, bustTokens: 2, collection: ['green-1a'] } } });
    expect(refusedCode(state, 2, { type: 'bid', amount: 9 })).toBe('CANNOT_AFFORD');
  });
});

describe('Payment refusals (T5)', () => {
  it('BAD_PAYMENT: a card not in the collection', () => {
    const state = paying({ players: { 0: { tokens: 2, collection: ['green-1a'] } } });
    expect(refusedCode(state, 0, { type: 'pay', payment: payment(2, 0, ['green-2a']) })).toBe('BAD_PAYMENT');
  });

  it("BAD_PAYMENT: the joker being paid for is not yet the winner's to spend", () => {
    const state = paying({ players: { 0: { tokens: 3 } } });
    expect(refusedCode(state, 0, { type: 'pay', payment: payment(2, 0, ['red-joker-a']) })).toBe('BAD_PAYMENT');
  });

  it('BAD_PAYMENT: the same card named twice', () => {
    const state = paying({ players: { 0: { tokens: 2, collection: ['green-1a'] } } });
    expect(refusedCode(state, 0, { type: 'pay', payment: payment(1, 0, ['green-1a', 'green-1a']) })).toBe(
      'BAD_PAYMENT',
    );
  });

  it('CANNOT_AFFORD: more currency tokens or bust tokens than held', () => {
    const state = paying({ players: { 0: { tokens: 2, bustTokens: 1 } } });
    expect(refusedCode(state, 0, { type: 'pay', payment: payment(3) })).toBe('CANNOT_AFFORD');
    expect(refusedCode(state, 0, { type: 'pay', payment: payment(0, 2) })).toBe('CANNOT_AFFORD');
  });

  it('UNDERPAID: less than the price', () => {
    const state = paying({ players: { 0: { tokens: 5, collection: ['green-1a'] } } });
    expect(refusedCode(state, 0, { type: 'pay', payment: payment(1, 0, ['green-1a']) })).toBe('UNDERPAID');
    expect(refusedCode(state, 0, { type: 'pay', payment: payment(0) })).toBe('UNDERPAID');
  });
});

describe('Buy refusals (T6)', () => {
  it('NOT_IN_MARKET: a card in the deck, in a collection, or not a card at all', () => {
    const state = buying();
    expect(refusedCode(state, 1, { type: 'buy', card: 'green-4a', payment: payment(2, 1) })).toBe('NOT_IN_MARKET');
    expect(refusedCode(state, 1, { type: 'buy', card: 'blue-1a', payment: payment(1) })).toBe('NOT_IN_MARKET');
    expect(refusedCode(state, 1, { type: 'buy', card: 'purple-3a', payment: payment(2, 1) })).toBe('NOT_IN_MARKET');
  });

  it('DUPLICATE_CARD: a card whose colour and number match one already held', () => {
    // Seat 1 holds red 4 (copy a); the market's red 4 is copy b.
    expect(refusedCode(buying(), 1, { type: 'buy', card: 'red-4b', payment: payment(2, 1) })).toBe('DUPLICATE_CARD');
    // Blue 2: held as copy a, the market has copy c.
    expect(refusedCode(buying(['blue-2c']), 1, { type: 'buy', card: 'blue-2c', payment: payment(2) })).toBe(
      'DUPLICATE_CARD',
    );
  });

  it('BAD_PAYMENT: a market card cannot pay for itself', () => {
    expect(refusedCode(buying(), 1, { type: 'buy', card: 'green-3a', payment: payment(2, 0, ['green-3a']) })).toBe(
      'BAD_PAYMENT',
    );
  });

  it('BAD_PAYMENT, CANNOT_AFFORD, UNDERPAID: the payment rules apply to purchases', () => {
    const state = buying();
    expect(refusedCode(state, 1, { type: 'buy', card: 'orange-6a', payment: payment(2, 1, ['green-9']) })).toBe(
      'BAD_PAYMENT',
    );
    expect(refusedCode(state, 1, { type: 'buy', card: 'green-3a', payment: payment(3) })).toBe('CANNOT_AFFORD');
    expect(
      refusedCode(state, 1, { type: 'buy', card: 'orange-6a', payment: payment(2, 0, ['blue-1a', 'blue-2a']) }),
    ).toBe('UNDERPAID');
  });

  it('a valid purchase from the same state is accepted (the refusals above are about the action, not the state)', () => {
    const { state } = act(buying(), 1, { type: 'buy', card: 'orange-6a', payment: payment(2, 1, ['blue-1a']) });
    expect(state.players[1]).toMatchObject({
      tokens: 0,
      bustTokens: 0,
      collection: ['blue-2a', 'red-4a', 'orange-6a'],
    });
  });
});

describe('End-of-game refusals (T8)', () => {
  it('DECK_EMPTY: no draw after the last card', () => {
    const state = act(lastCards({}, 1, ['red-4a']), 1, { type: 'draw' }).state;
    expect(refusedCode(state, 1, { type: 'draw' })).toBe('DECK_EMPTY');
  });

  it('GAME_OVER: every seat, every action, once the game is over', () => {
    const over = skipFinalRound(
      actAll(lastCards({}, 1, ['red-4a']), [
        [1, { type: 'draw' }],
        [1, { type: 'takeCurrency' }],
      ]).state,
    ).state;
    expect(over.stage.kind).toBe('over');
    for (const seat of [0, 1, 2, 3]) {
      expect(refusedCode(over, seat, { type: 'draw' })).toBe('GAME_OVER');
      expect(refusedCode(over, seat, { type: 'endTurn' })).toBe('GAME_OVER');
    }
    expect(refusedCode(over, 2, { type: 'buy', card: 'red-4a', payment: payment(4) })).toBe('GAME_OVER');
  });
});
