/** Seed "Auction phase" and ruling T7 (auctions), with T5 payment of the winning bid. */
import { describe, expect, it } from 'vitest';
import { ten, type TenState } from '../../../engine/ten';
import { act, actAll, payment, refusedCode } from './play';
import { ofType } from './reads';
import { table, withTableau } from './states';

/** Four players, seat 1 to play; its first draw deals `first`, the next one `second`. */
function drawing(first: string, second = 'red-joker-a', patch: Parameters<typeof table>[3] = {}): TenState {
  return act(table({}, 1, [first, second], patch), 1, { type: 'draw' }).state;
}

/** Seat 1 has drawn red 4 and then `joker`: the auction is open. */
function auction(joker = 'red-joker-a', patch: Parameters<typeof table>[3] = {}): TenState {
  return act(drawing('red-4a', joker, patch), 1, { type: 'draw' }).state;
}

describe('Auction phase: a joker interrupts the turn', () => {
  it.each(['red-joker-a', 'white-5', 'white-wild'])(
    'seed "Drawing a joker — a wild number card or a wild # card — immediately interrupts the turn with an auction": %s',
    (joker) => {
      const { state, events } = act(drawing('red-4a', joker), 1, { type: 'draw' });
      expect(ofType(events, 'auctionOpened')).toEqual([{ type: 'auctionOpened', joker, bidders: [2, 3, 0, 1] }]);
      expect(state.stage.kind).toBe('auction');
      expect(ten.pending(state)).toEqual([{ seat: 2, kind: 'bid', joker, high: 0, min: 1, max: 5 }]);
      expect(ten.legal(state, 1)).toEqual([]);
    },
  );

  it('T3 "Jokers do not count": the joker stays out of the tableau and the running total', () => {
    const { state, events } = act(drawing('red-4a'), 1, { type: 'draw' });
    expect(state.tableau).toEqual(['red-4a']);
    expect(ofType(events, 'drew')).toEqual([
      { type: 'drew', seat: 1, card: 'red-joker-a', total: 4, currency: 0, left: expect.any(Number) },
    ]);
    expect(ofType(events, 'busted')).toEqual([]);
  });

  it('T3: a joker drawn on a total of 10 never busts the player', () => {
    const start = withTableau(table({}, 1, ['blue-6a', 'red-4a', 'white-9']), ['blue-6a', 'red-4a']);
    const { state, events } = act(start, 1, { type: 'draw' });
    expect(ofType(events, 'busted')).toEqual([]);
    expect(state.stage).toMatchObject({ kind: 'auction', joker: 'white-9' });
    expect(state.tableau).toEqual(['blue-6a', 'red-4a']);
  });

  it('T7 "Starting left of the active player … the active player bids last": a 2-player table bids other, then active', () => {
    const start = table({ players: 2 }, 0, ['red-4a', 'white-wild']);
    const { events } = actAll(start, [
      [0, { type: 'draw' }],
      [0, { type: 'draw' }],
    ]);
    expect(ofType(events, 'auctionOpened')[0]!.bidders).toEqual([1, 0]);
  });

  it('T7 "Starting left of the active player": at 5 players the last seat\'s auction starts at seat 0', () => {
    const { state, events } = actAll(table({ players: 5 }, 4, ['red-4a', 'white-3']), [
      [4, { type: 'draw' }],
      [4, { type: 'draw' }],
    ]);
    expect(ofType(events, 'auctionOpened')[0]!.bidders).toEqual([0, 1, 2, 3, 4]);
    expect(ten.pending(state)[0]).toMatchObject({ seat: 0, kind: 'bid', joker: 'white-3' });
  });

  it('T7: a joker dealt as the first card of a turn opens an auction starting left of the new active player', () => {
    // Seat 3 stops with no currency; seat 0's turn starts by drawing the joker (T3: the first card is always drawn).
    const start = table({}, 3, ['red-4a', 'green-joker-b']);
    const { state, events } = actAll(start, [
      [3, { type: 'draw' }],
      [3, { type: 'takeCurrency' }],
      [0, { type: 'draw' }],
    ]);
    expect(ofType(events, 'turnStarted')).toEqual([{ type: 'turnStarted', seat: 0, turn: expect.any(Number) }]);
    expect(ofType(events, 'auctionOpened')).toEqual([
      { type: 'auctionOpened', joker: 'green-joker-b', bidders: [1, 2, 3, 0] },
    ]);
    expect(state.tableau).toEqual([]);
  });
});

describe('T7 bidding', () => {
  it('T7 "each player in turn bids once … or passes; the active player bids last": decisions go 2, 3, 0, 1', () => {
    let state = auction();
    const seen: number[] = [];
    for (const [seat, action] of [
      [2, { type: 'pass' }],
      [3, { type: 'bid', amount: 2 }],
      [0, { type: 'bid', amount: 3 }],
      [1, { type: 'pass' }],
    ] as const) {
      seen.push(ten.pending(state)[0]!.seat);
      state = act(state, seat, action).state;
    }
    expect(seen).toEqual([2, 3, 0, 1]);
    expect(state.stage).toEqual({ kind: 'pay', seat: 0, joker: 'red-joker-a', price: 3 });
  });

  it('T7 "each player … bids once": the auction ends after the active player, with no second round', () => {
    const { state, events } = actAll(auction(), [
      [2, { type: 'bid', amount: 1 }],
      [3, { type: 'bid', amount: 2 }],
      [0, { type: 'pass' }],
      [1, { type: 'pass' }],
    ]);
    expect(ofType(events, 'auctionWon')).toEqual([{ type: 'auctionWon', seat: 3, joker: 'red-joker-a', price: 2 }]);
    expect(ten.pending(state)).toEqual([{ seat: 3, kind: 'pay', joker: 'red-joker-a', price: 2 }]);
    // Seat 2, outbid, gets no further chance.
    expect(refusedCode(state, 2, { type: 'bid', amount: 3 })).toBe('NOT_YOUR_TURN');
  });

  it('T7 "more than the current high bid": an equal or lower bid is refused with BID_TOO_LOW', () => {
    const state = act(auction(), 2, { type: 'bid', amount: 3 }).state;
    expect(ten.pending(state)).toEqual([{ seat: 3, kind: 'bid', joker: 'red-joker-a', high: 3, min: 4, max: 5 }]);
    expect(refusedCode(state, 3, { type: 'bid', amount: 3 })).toBe('BID_TOO_LOW');
    expect(refusedCode(state, 3, { type: 'bid', amount: 2 })).toBe('BID_TOO_LOW');
    expect(ofType(act(state, 3, { type: 'bid', amount: 4 }).events, 'bid')).toEqual([
      { type: 'bid', seat: 3, amount: 4 },
    ]);
  });

  it('T7 "at least 1": a bid of 0 is not a bid', () => {
    expect(refusedCode(auction(), 2, { type: 'bid', amount: 0 })).toBe('MALFORMED_ACTION');
  });

  it('T5/T7: a bid above what the bidder can pay (tokens + 3 per bust token + 1 per card) is refused with CANNOT_AFFORD', () => {
    const state = auction('red-joker-a', {
      players: { 2: { tokens: 2, bustTokens: 1, collection: ['blue-1a', 'blue-2a'] } },
    });
    expect(ten.pending(state)[0]).toMatchObject({ seat: 2, min: 1, max: 7 });
    expect(refusedCode(state, 2, { type: 'bid', amount: 8 })).toBe('CANNOT_AFFORD');
    expect(act(state, 2, { type: 'bid', amount: 7 }).state.stage).toMatchObject({
      kind: 'auction',
      high: { seat: 2, amount: 7 },
    });
  });

  it('T7: a bidder who can pay nothing may only pass', () => {
    const state = auction('red-joker-a', { players: { 2: { tokens: 0 } } });
    expect(ten.legal(state, 2)).toEqual([{ type: 'pass' }]);
    expect(refusedCode(state, 2, { type: 'bid', amount: 1 })).toBe('CANNOT_AFFORD');
  });

  it("T7: the legal bids run from one more than the high bid to the bidder's means", () => {
    const state = act(auction(), 2, { type: 'bid', amount: 2 }).state;
    expect(ten.legal(state, 3)).toEqual([
      { type: 'pass' },
      { type: 'bid', amount: 3 },
      { type: 'bid', amount: 4 },
      { type: 'bid', amount: 5 },
    ]);
  });

  it('T7 "The highest bidder … takes the joker": the active player may win their own joker', () => {
    const { state, events } = actAll(auction(), [
      [2, { type: 'bid', amount: 1 }],
      [3, { type: 'pass' }],
      [0, { type: 'pass' }],
      [1, { type: 'bid', amount: 2 }],
      [1, { type: 'pay', payment: payment(2) }],
    ]);
    expect(ofType(events, 'auctionWon')).toEqual([{ type: 'auctionWon', seat: 1, joker: 'red-joker-a', price: 2 }]);
    expect(state.players[1]).toMatchObject({ tokens: 3, collection: ['red-joker-a'] });
    expect(state.players[2]).toMatchObject({ tokens: 5, collection: [] });
    expect(ten.pending(state)).toEqual([
      { seat: 1, kind: 'draw', canDraw: true, canStop: true, total: 4, currency: 0 },
    ]);
  });

  it('T7 "If everyone passes, the joker is discarded", nobody pays, and the active player continues', () => {
    const start = auction();
    const { state, events } = actAll(start, [
      [2, { type: 'pass' }],
      [3, { type: 'pass' }],
      [0, { type: 'pass' }],
      [1, { type: 'pass' }],
    ]);
    expect(ofType(events, 'passed').map((e) => e.seat)).toEqual([2, 3, 0, 1]);
    expect(ofType(events, 'jokerDiscarded')).toEqual([{ type: 'jokerDiscarded', joker: 'red-joker-a' }]);
    expect(state.discard).toEqual([...start.discard, 'red-joker-a']);
    expect(state.players).toEqual(start.players);
    expect(state.supply).toEqual(start.supply);
    expect(ten.pending(state)).toEqual([
      { seat: 1, kind: 'draw', canDraw: true, canStop: true, total: 4, currency: 0 },
    ]);
  });
});

describe('T7 "The highest bidder pays (T5) and takes the joker"', () => {
  /** Seat 0 wins the red joker at `price` (seat 2 and 3 pass, seat 1 passes last). */
  function won(price: number, patch: Parameters<typeof table>[3] = {}): TenState {
    return actAll(auction('red-joker-a', patch), [
      [2, { type: 'pass' }],
      [3, { type: 'pass' }],
      [0, { type: 'bid', amount: price }],
      [1, { type: 'pass' }],
    ]).state;
  }

  it("T5: paying in currency tokens returns them to the supply; the joker joins the winner's collection", () => {
    const before = won(3);
    const { state, events } = act(before, 0, { type: 'pay', payment: payment(3) });
    expect(ofType(events, 'paid')).toEqual([
      { type: 'paid', seat: 0, price: 3, tokens: 3, bustTokens: 0, cards: [], lost: 0 },
    ]);
    expect(state.players[0]).toMatchObject({ tokens: 2, collection: ['red-joker-a'] });
    expect(state.supply.tokens).toBe(before.supply.tokens + 3);
    expect(state.tableau).toEqual(['red-4a']);
    expect(state.discard).toEqual(before.discard);
  });

  it('T5 "bust tokens (3 each, no change given)": a bust token pays a price of 2 and the excess is lost', () => {
    const before = won(2, { players: { 0: { tokens: 0, bustTokens: 1 } } });
    const { state, events } = act(before, 0, { type: 'pay', payment: payment(0, 1) });
    expect(ofType(events, 'paid')[0]).toMatchObject({ price: 2, bustTokens: 1, lost: 1 });
    expect(state.players[0]).toEqual({ tokens: 0, bustTokens: 0, collection: ['red-joker-a'] });
    expect(state.supply.bustTokens).toBe(before.supply.bustTokens + 1);
  });

  it('T5 "collected cards (1 each; the card leaves the player\'s collection to the discard pile)", mixed with tokens', () => {
    const before = won(3, { players: { 0: { tokens: 1, collection: ['blue-1a', 'green-5a', 'orange-7'] } } });
    const { state } = act(before, 0, { type: 'pay', payment: payment(1, 0, ['blue-1a', 'orange-7']) });
    expect(state.players[0]).toEqual({ tokens: 0, bustTokens: 0, collection: ['green-5a', 'red-joker-a'] });
    expect(state.discard).toEqual([...before.discard, 'blue-1a', 'orange-7']);
  });

  it('T5: a payment short of the winning bid is refused with UNDERPAID', () => {
    expect(refusedCode(won(3), 0, { type: 'pay', payment: payment(2) })).toBe('UNDERPAID');
  });

  it('T7: only the winner pays; nobody else may act before the payment', () => {
    const state = won(3);
    expect(refusedCode(state, 1, { type: 'pay', payment: payment(3) })).toBe('NOT_YOUR_TURN');
    expect(refusedCode(state, 1, { type: 'draw' })).toBe('NOT_YOUR_TURN');
  });

  it('T7 "The active player then continues drawing": the next card counts toward the total, the joker does not', () => {
    const start = table({}, 1, ['red-4a', 'red-joker-a', 'blue-5a']);
    const { state, events } = actAll(start, [
      [1, { type: 'draw' }],
      [1, { type: 'draw' }],
      [2, { type: 'pass' }],
      [3, { type: 'pass' }],
      [0, { type: 'bid', amount: 1 }],
      [1, { type: 'pass' }],
      [0, { type: 'pay', payment: payment(1) }],
      [1, { type: 'draw' }],
    ]);
    expect(ofType(events, 'drew').at(-1)).toMatchObject({ card: 'blue-5a', total: 9 });
    expect(state.tableau).toEqual(['red-4a', 'blue-5a']);
  });

  it('T7 "… or stops": taking the number cards collects the tableau without the joker', () => {
    const { state, events } = actAll(won(1), [
      [0, { type: 'pay', payment: payment(1) }],
      [1, { type: 'takeNumbers' }],
    ]);
    expect(ofType(events, 'tookNumbers')).toEqual([{ type: 'tookNumbers', seat: 1, cards: ['red-4a'] }]);
    expect(state.players[1]!.collection).toEqual(['red-4a']);
    expect(state.players[0]!.collection).toEqual(['red-joker-a']);
  });
});
