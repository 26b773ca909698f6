/** Ruling T10: the solo score attack (one player, the 2-player deck). */
import { describe, expect, it } from 'vitest';
import { deckFor, ten, type TenOutcome, type TenState } from '../../../engine/ten';
import { act, actAll, payment, playToEnd, refusedCode } from './play';
import { ofType } from './reads';
import { lastCards, table, withTableau } from './states';

const SOLO = { players: 1 } as const;

/** The solo player has drawn red 4 and then `joker`: the auction is open. */
function soloAuction(joker = 'blue-joker-a', patch: Parameters<typeof table>[3] = {}): TenState {
  return actAll(table(SOLO, 0, ['red-4a', joker], patch), [
    [0, { type: 'draw' }],
    [0, { type: 'draw' }],
  ]).state;
}

describe('T10 set-up', () => {
  it('T10 "1 player: the 2-player deck": 83 cards, the same as a 2-player game', () => {
    const state = ten.setup(SOLO, 'solo');
    const cards = [...state.deck, ...state.tableau];
    expect(cards).toHaveLength(83);
    expect(deckFor(2)).toHaveLength(83);
    expect([...cards].sort()).toEqual(
      deckFor(2)
        .map((c) => c.id)
        .sort(),
    );
    expect(state.players).toEqual([{ tokens: 5, bustTokens: 0, collection: [] }]);
  });

  it("T10: each turn is the solo player's again", () => {
    const { events } = actAll(table(SOLO, 0, ['red-4a', 'blue-2a']), [
      [0, { type: 'draw' }],
      [0, { type: 'takeCurrency' }],
    ]);
    expect(ofType(events, 'turnStarted')).toEqual([{ type: 'turnStarted', seat: 0, turn: expect.any(Number) }]);
  });
});

describe('T10 "gains \'for other players\' are skipped"', () => {
  it("T10: taking the number cards gives nobody the tableau's currency", () => {
    const start = withTableau(table(SOLO, 0, ['red-4a', 'currency-3-1', 'blue-2a']), ['red-4a', 'currency-3-1']);
    const { state, events } = act(start, 0, { type: 'takeNumbers' });
    expect(ofType(events, 'gained')).toEqual([]);
    expect(state.players[0]).toMatchObject({ tokens: 5, collection: ['red-4a'] });
    expect(state.supply).toEqual(start.supply);
  });

  it('T10: a bust on the number cards gives a bust token and nobody any currency', () => {
    const start = withTableau(table(SOLO, 0, ['red-6a', 'currency-1-1', 'blue-6a', 'green-2a']), [
      'red-6a',
      'currency-1-1',
    ]);
    const { state, events } = act(start, 0, { type: 'draw' });
    expect(ofType(events, 'busted')).toEqual([{ type: 'busted', seat: 0, cause: 'numbers', total: 11, currency: 1 }]);
    expect(ofType(events, 'gained')).toEqual([]);
    expect(state.players[0]).toMatchObject({ tokens: 5, bustTokens: 1 });
  });

  it("T4 still applies to the solo player's own gains: taking the currency", () => {
    const start = withTableau(table(SOLO, 0, ['currency-4-1', 'blue-2a']), ['currency-4-1']);
    const { state, events } = act(start, 0, { type: 'takeCurrency' });
    expect(ofType(events, 'gained')).toEqual([{ type: 'gained', seat: 0, amount: 4, lost: 0, reason: 'takeCurrency' }]);
    expect(state.players[0]!.tokens).toBe(9);
  });
});

describe('T10 "a drawn joker may be bought for 1 or discarded"', () => {
  it('T10: the auction has the solo player as its only bidder, and the only bid is 1', () => {
    const state = soloAuction();
    expect(state.stage).toMatchObject({ kind: 'auction', bidders: [0] });
    expect(ten.pending(state)).toEqual([{ seat: 0, kind: 'bid', joker: 'blue-joker-a', high: 0, min: 1, max: 1 }]);
    expect(ten.legal(state, 0)).toEqual([{ type: 'pass' }, { type: 'bid', amount: 1 }]);
  });

  it('T10: bidding 1 and paying 1 token buys the joker', () => {
    const before = soloAuction();
    const { state, events } = actAll(before, [
      [0, { type: 'bid', amount: 1 }],
      [0, { type: 'pay', payment: payment(1) }],
    ]);
    expect(ofType(events, 'auctionWon')).toEqual([{ type: 'auctionWon', seat: 0, joker: 'blue-joker-a', price: 1 }]);
    expect(state.players[0]).toEqual({ tokens: 4, bustTokens: 0, collection: ['blue-joker-a'] });
    expect(state.supply.tokens).toBe(before.supply.tokens + 1);
    expect(ten.pending(state)[0]).toMatchObject({ seat: 0, kind: 'draw', total: 4 });
  });

  it('T5+T10: the 1 may be paid with a collected card', () => {
    const before = soloAuction('white-wild', { players: { 0: { tokens: 0, collection: ['green-8'] } } });
    const { state } = actAll(before, [
      [0, { type: 'bid', amount: 1 }],
      [0, { type: 'pay', payment: payment(0, 0, ['green-8']) }],
    ]);
    expect(state.players[0]!.collection).toEqual(['white-wild']);
    expect(state.discard).toEqual([...before.discard, 'green-8']);
  });

  it('T10: passing discards the joker', () => {
    const before = soloAuction();
    const { state, events } = act(before, 0, { type: 'pass' });
    expect(ofType(events, 'jokerDiscarded')).toEqual([{ type: 'jokerDiscarded', joker: 'blue-joker-a' }]);
    expect(state.discard).toEqual([...before.discard, 'blue-joker-a']);
    expect(state.players).toEqual(before.players);
    expect(ten.pending(state)[0]).toMatchObject({ seat: 0, kind: 'draw', canDraw: true, total: 4 });
  });

  it.each([2, 3, 5])('T10 "bought for 1": a bid of %i is refused', (amount) => {
    expect(refusedCode(soloAuction(), 0, { type: 'bid', amount })).toBe('BID_TOO_LOW');
  });

  it('T10: a solo player who can pay nothing may only pass', () => {
    const state = soloAuction('blue-joker-a', { players: { 0: { tokens: 0 } } });
    expect(ten.legal(state, 0)).toEqual([{ type: 'pass' }]);
    expect(refusedCode(state, 0, { type: 'bid', amount: 1 })).toBe('CANNOT_AFFORD');
  });
});

describe('T10: the end of a solo game', () => {
  it('T8 alone: after the last card the solo player still has the final buy phase', () => {
    const start = lastCards(SOLO, 0, ['red-2a'], { market: ['blue-3a'] });
    const { state, events } = actAll(start, [
      [0, { type: 'draw' }],
      [0, { type: 'takeNumbers' }],
      [0, { type: 'endTurn' }],
    ]);
    expect(ofType(events, 'finalRound')).toEqual([{ type: 'finalRound', order: [0] }]);
    expect(ten.pending(state)).toEqual([{ seat: 0, kind: 'buy', final: true }]);
    const { state: over, events: end } = act(state, 0, { type: 'buy', card: 'blue-3a', payment: payment(3) });
    expect(over.players[0]!.collection).toEqual(['red-2a', 'blue-3a']);
    expect(ofType(end, 'gameEnded')).toHaveLength(1);
    expect(ten.outcome(over)).toMatchObject({ winners: [0] });
  });

  it('T10 "The score is compared with the player\'s previous best": beating it is a new best', () => {
    const { state, events } = playToEnd({ ...SOLO, previousBest: 2 }, 0, {
      0: { collection: ['red-1a', 'red-2a', 'red-3a'] },
    });
    expect(ofType(events, 'gameEnded')[0]).toMatchObject({ winners: [0], newBest: true });
    const outcome = ten.outcome(state) as TenOutcome;
    expect(outcome.newBest).toBe(true);
    expect(outcome.standings).toEqual([
      { seat: 0, rank: 1, score: 3, tokens: 5, cards: 3, colours: { red: 3, blue: 0, orange: 0, green: 0 } },
    ]);
  });

  it('T10: a score below the previous best is not a new best', () => {
    const { state, events } = playToEnd({ ...SOLO, previousBest: 7 }, 0, {
      0: { collection: ['red-1a', 'red-2a', 'red-3a'] },
    });
    expect(ofType(events, 'gameEnded')[0]!.newBest).toBe(false);
    expect((ten.outcome(state) as TenOutcome).newBest).toBe(false);
  });

  it('T10: equalling the previous best does not beat it', () => {
    const { state } = playToEnd({ ...SOLO, previousBest: 3 }, 0, { 0: { collection: ['red-1a', 'red-2a', 'red-3a'] } });
    expect((ten.outcome(state) as TenOutcome).newBest).toBe(false);
  });

  it('T10: with no previous best the first score is a new best', () => {
    const { state, events } = playToEnd(SOLO, 0, {});
    expect(ofType(events, 'gameEnded')[0]!.newBest).toBe(true);
    expect((ten.outcome(state) as TenOutcome).newBest).toBe(true);
  });

  it('T10: the final score includes jokers bought for 1', () => {
    const start = lastCards(SOLO, 0, ['red-4a', 'red-joker-b'], {
      players: { 0: { collection: ['red-2a', 'red-3a'] } },
    });
    const { state } = actAll(start, [
      [0, { type: 'draw' }],
      [0, { type: 'draw' }],
      [0, { type: 'bid', amount: 1 }],
      [0, { type: 'pay', payment: payment(1) }],
      [0, { type: 'takeNumbers' }],
      [0, { type: 'endTurn' }],
      [0, { type: 'endTurn' }],
    ]);
    // red 2, 3, 4 and the joker as 1 or 5: 4 points.
    expect((ten.outcome(state) as TenOutcome).standings[0]).toMatchObject({ score: 4, tokens: 4, cards: 4 });
  });
});
