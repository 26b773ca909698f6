/** Seed "Card-drawing phase" and ruling T3 (the running total, busting, the first card of a turn). */
import { describe, expect, it } from 'vitest';
import { ten, type TenState } from '../../../engine/ten';
import { act, actAll, refusedCode } from './play';
import { ofType, pendingOf } from './reads';
import { drawing, table } from './states';

/** Seat 0 of 4 draws `cards` one by one from a fresh turn (nothing drawn yet); stops at the first bust or auction. */
function drawAll(
  cards: string[],
  patch: Parameters<typeof table>[3] = {},
): { state: TenState; events: ReturnType<typeof act>['events'] } {
  let state = table({}, 0, cards, patch);
  const events: ReturnType<typeof act>['events'] = [];
  for (let k = 0; k < cards.length; k++) {
    const step = act(state, 0, { type: 'draw' });
    state = step.state;
    events.push(...step.events);
    if (state.stage.kind !== 'draw' || state.current !== 0) break;
  }
  return { state, events };
}

describe('T3 the running total: numbers − currency', () => {
  it('T3 "total = sum of number cards − sum of currency cards in the tableau", reported after every card', () => {
    const { state, events } = drawAll(['red-3a', 'currency-2-1', 'blue-4a', 'currency-1-1']);
    expect(ofType(events, 'drew').map((e) => [e.card, e.total, e.currency])).toEqual([
      ['red-3a', 3, 0],
      ['currency-2-1', 1, 2],
      ['blue-4a', 5, 2],
      ['currency-1-1', 4, 3],
    ]);
    expect(state.tableau).toEqual(['red-3a', 'currency-2-1', 'blue-4a', 'currency-1-1']);
    expect(pendingOf(state)).toEqual({ seat: 0, kind: 'draw', canDraw: true, canStop: true, total: 4, currency: 3 });
  });

  it('Card-drawing "Currency cards lower the running total by their value": the total may go below zero', () => {
    const { state } = drawAll(['currency-5-1', 'red-2a']);
    expect(pendingOf(state)).toMatchObject({ kind: 'draw', total: -3, currency: 5 });
  });

  it('Card-drawing "lays number and currency cards face up in a row: the tableau", in the order drawn', () => {
    const { state } = drawAll(['green-9', 'currency-4-1', 'orange-1a']);
    expect(state.tableau).toEqual(['green-9', 'currency-4-1', 'orange-1a']);
    expect(state.deck).not.toContain('green-9');
  });
});

describe('T3 "Bust when total ≥ 11"', () => {
  it('T3: 6 + 5 = 11 busts', () => {
    const { state, events } = drawAll(['red-6a', 'blue-5a']);
    expect(ofType(events, 'busted')).toEqual([{ type: 'busted', seat: 0, cause: 'numbers', total: 11, currency: 0 }]);
    expect(state.current).toBe(1);
    expect(state.players[0]!.bustTokens).toBe(1);
  });

  it('T3: 6 + 4 = 10 does not bust; the player decides again', () => {
    const { state, events } = drawAll(['red-6a', 'blue-4a']);
    expect(ofType(events, 'busted')).toEqual([]);
    expect(pendingOf(state)).toEqual({ seat: 0, kind: 'draw', canDraw: true, canStop: true, total: 10, currency: 0 });
  });

  it('T3: 9 − 3 (currency) + 4 = 10 does not bust, although the number cards alone make 13', () => {
    const { state, events } = drawAll(['red-9', 'currency-3-1', 'blue-4a']);
    expect(ofType(events, 'busted')).toEqual([]);
    expect(pendingOf(state)).toMatchObject({ seat: 0, kind: 'draw', total: 10, currency: 3 });
  });

  it('T3: 9 − 3 + 4 + 1 = 11 busts on the number cards', () => {
    const { events } = drawAll(['red-9', 'currency-3-1', 'blue-4a', 'green-1a']);
    expect(ofType(events, 'busted')).toEqual([{ type: 'busted', seat: 0, cause: 'numbers', total: 11, currency: 3 }]);
  });

  it('T3: a single high card on a high total busts well past 11 (8 + 9 = 17)', () => {
    const { events } = drawAll(['red-8', 'blue-9']);
    expect(ofType(events, 'busted')).toEqual([{ type: 'busted', seat: 0, cause: 'numbers', total: 17, currency: 0 }]);
  });
});

describe('T3 "or when the currency cards alone sum to ≥ 11"', () => {
  it('T3: currency 5 + 5 + 1 = 11 busts even though the running total is negative', () => {
    const { state, events } = drawAll(['red-2a', 'currency-5-1', 'currency-5-2', 'currency-1-1']);
    expect(ofType(events, 'drew').at(-1)).toMatchObject({ card: 'currency-1-1', total: -9, currency: 11 });
    expect(ofType(events, 'busted')).toEqual([{ type: 'busted', seat: 0, cause: 'currency', total: -9, currency: 11 }]);
    expect(state.current).toBe(1);
  });

  it('T3: currency 5 + 5 = 10 does not bust', () => {
    const { state, events } = drawAll(['currency-5-1', 'currency-5-2']);
    expect(ofType(events, 'busted')).toEqual([]);
    expect(pendingOf(state)).toMatchObject({ seat: 0, kind: 'draw', total: -10, currency: 10 });
  });

  it('T3: currency 4 + 4 + 3 = 11 busts with number cards in the tableau too', () => {
    const { events } = drawAll(['blue-7', 'currency-4-1', 'currency-4-2', 'currency-3-1']);
    expect(ofType(events, 'busted')).toEqual([{ type: 'busted', seat: 0, cause: 'currency', total: -4, currency: 11 }]);
  });
});

describe('T3 "Checked after every card"', () => {
  it('T3: the bust comes on the card that reaches 11, and no further card is drawn that turn', () => {
    const next = ['red-5a', 'currency-2-1', 'blue-6a', 'green-3a', 'orange-1a'];
    let state = table({}, 0, next);
    const seen: string[] = [];
    for (let k = 0; k < 3; k++) {
      const step = act(state, 0, { type: 'draw' });
      state = step.state;
      seen.push(...ofType(step.events, 'drew').map((e) => e.card));
      expect(ofType(step.events, 'busted')).toEqual([]);
    }
    expect(seen).toEqual(['red-5a', 'currency-2-1', 'blue-6a']);
    const bust = act(state, 0, { type: 'draw' });
    // 5 − 2 + 6 + 3 = 12: bust on green-3a; orange-1a stays on the pile for seat 1's turn.
    expect(ofType(bust.events, 'busted')).toEqual([
      { type: 'busted', seat: 0, cause: 'numbers', total: 12, currency: 2 },
    ]);
    expect(ofType(bust.events, 'drew').map((e) => [e.seat, e.card])).toEqual([[0, 'green-3a']]);
    expect(bust.state.deck[0]).toBe('orange-1a');
    expect(pendingOf(bust.state)).toMatchObject({ seat: 1, kind: 'draw', canStop: false });
  });

  it('T3: after a bust the busting player has no decision left this turn', () => {
    const { state } = drawAll(['red-6a', 'blue-5a']);
    expect(pendingOf(state).seat).toBe(1);
    expect(refusedCode(state, 0, { type: 'draw' })).toBe('NOT_YOUR_TURN');
    expect(refusedCode(state, 0, { type: 'takeNumbers' })).toBe('NOT_YOUR_TURN');
  });
});

describe('T3 "Jokers do not count"; Card-drawing "If the drawn card is any joker card, drawing pauses and an auction begins"', () => {
  it.each(['red-joker-a', 'white-5', 'white-wild'])(
    'drawing %s pauses the turn with an auction; it does not join the tableau',
    (joker) => {
      const state = act(drawing(0, ['red-6a'], [joker]), 0, { type: 'draw' });
      expect(ofType(state.events, 'auctionOpened')).toEqual([{ type: 'auctionOpened', joker, bidders: [1, 2, 3, 0] }]);
      expect(ofType(state.events, 'drew')).toEqual([
        { type: 'drew', seat: 0, card: joker, total: 6, currency: 0, left: state.state.deck.length },
      ]);
      expect(state.state.tableau).toEqual(['red-6a']);
      expect(pendingOf(state.state)).toMatchObject({ seat: 1, kind: 'bid', joker });
    },
  );

  it('T3: a white 5 drawn on a 6 does not bust (the joker is not 5 in the total); after the auction the total is still 6', () => {
    const { state, events } = actAll(drawing(0, ['red-6a'], ['white-5', 'blue-5a']), [
      [0, { type: 'draw' }],
      [1, { type: 'pass' }],
      [2, { type: 'pass' }],
      [3, { type: 'pass' }],
      [0, { type: 'pass' }],
    ]);
    expect(ofType(events, 'busted')).toEqual([]);
    expect(ofType(events, 'jokerDiscarded')).toEqual([{ type: 'jokerDiscarded', joker: 'white-5' }]);
    // T7: "The active player then continues drawing or stops."
    expect(pendingOf(state)).toEqual({ seat: 0, kind: 'draw', canDraw: true, canStop: true, total: 6, currency: 0 });
    // …and the real 5 then busts.
    const bust = act(state, 0, { type: 'draw' });
    expect(ofType(bust.events, 'busted')).toEqual([
      { type: 'busted', seat: 0, cause: 'numbers', total: 11, currency: 0 },
    ]);
  });

  it("T7: a joker won at auction goes to the winner's collection, not the tableau, and the drawing player goes on", () => {
    const { state } = actAll(drawing(0, ['red-4a'], ['orange-joker-b']), [
      [0, { type: 'draw' }],
      [1, { type: 'bid', amount: 2 }],
      [2, { type: 'pass' }],
      [3, { type: 'pass' }],
      [0, { type: 'pass' }],
      [1, { type: 'pay', payment: { tokens: 2, bustTokens: 0, cards: [] } }],
    ]);
    expect(state.players[1]!.collection).toEqual(['orange-joker-b']);
    expect(state.tableau).toEqual(['red-4a']);
    expect(pendingOf(state)).toMatchObject({ seat: 0, kind: 'draw', total: 4 });
  });
});

describe('Card-drawing "After each card the player decides: stop and take a reward, or draw on"', () => {
  it('the draw decision offers exactly: draw, take the numbers, take the currency', () => {
    const state = drawing(0, ['red-3a']);
    expect(ten.legal(state, 0)).toEqual([{ type: 'draw' }, { type: 'takeNumbers' }, { type: 'takeCurrency' }]);
    for (const seat of [1, 2, 3]) expect(ten.legal(state, seat)).toEqual([]);
  });

  it('drawing is the only way on: ending the turn, buying, bidding or paying are refused at a draw decision', () => {
    const state = drawing(0, ['red-3a'], [], { market: ['blue-2a'] });
    expect(refusedCode(state, 0, { type: 'endTurn' })).toBe('WRONG_DECISION');
    expect(
      refusedCode(state, 0, { type: 'buy', card: 'blue-2a', payment: { tokens: 2, bustTokens: 0, cards: [] } }),
    ).toBe('WRONG_DECISION');
    expect(refusedCode(state, 0, { type: 'bid', amount: 1 })).toBe('WRONG_DECISION');
    expect(refusedCode(state, 0, { type: 'pass' })).toBe('WRONG_DECISION');
    expect(refusedCode(state, 0, { type: 'pay', payment: { tokens: 1, bustTokens: 0, cards: [] } })).toBe(
      'WRONG_DECISION',
    );
  });

  it('only the active player draws', () => {
    const state = drawing(0, ['red-3a']);
    expect(refusedCode(state, 1, { type: 'draw' })).toBe('NOT_YOUR_TURN');
    expect(refusedCode(state, 2, { type: 'takeCurrency' })).toBe('NOT_YOUR_TURN');
    expect(refusedCode(state, 9, { type: 'draw' })).toBe('UNKNOWN_SEAT');
    expect(refusedCode(state, 'system', { type: 'draw' })).toBe('NOT_YOUR_TURN');
  });

  it('a draw takes the top card of the pile and leaves one card fewer', () => {
    const state = drawing(0, ['red-3a'], ['green-2b']);
    const { state: next, events } = act(state, 0, { type: 'draw' });
    expect(ofType(events, 'drew')).toEqual([
      { type: 'drew', seat: 0, card: 'green-2b', total: 5, currency: 0, left: state.deck.length - 1 },
    ]);
    expect(next.deck).toEqual(state.deck.slice(1));
  });
});

describe('T3 "The first card of a turn is always drawn"', () => {
  it("T3: when a turn ends the next player's turn starts with an empty tableau and a draw they must make", () => {
    const { state, events } = act(drawing(0, ['red-3a'], ['blue-7']), 0, { type: 'takeCurrency' });
    expect(ofType(events, 'turnStarted')).toEqual([{ type: 'turnStarted', seat: 1, turn: state.turn }]);
    expect(state.tableau).toEqual([]);
    expect(pendingOf(state)).toEqual({ seat: 1, kind: 'draw', canDraw: true, canStop: false, total: 0, currency: 0 });
    expect(ten.legal(state, 1)).toEqual([{ type: 'draw' }]);
  });

  it('T3: stopping before the first card is refused (MUST_DRAW), with either reward', () => {
    const state = table({}, 0, ['blue-7']);
    expect(refusedCode(state, 0, { type: 'takeNumbers' })).toBe('MUST_DRAW');
    expect(refusedCode(state, 0, { type: 'takeCurrency' })).toBe('MUST_DRAW');
  });

  it('T3: after the first card the player may stop at once', () => {
    const { state, events } = actAll(table({}, 0, ['blue-7']), [
      [0, { type: 'draw' }],
      [0, { type: 'takeNumbers' }],
    ]);
    expect(ofType(events, 'tookNumbers')).toEqual([{ type: 'tookNumbers', seat: 0, cards: ['blue-7'] }]);
    expect(state.players[0]!.collection).toEqual(['blue-7']);
  });

  it('T3/T7: a joker as the first card opens its auction; afterwards the card has been drawn and the player may stop', () => {
    const { state, events } = actAll(table({}, 0, ['white-wild', 'red-2a']), [
      [0, { type: 'draw' }],
      [1, { type: 'pass' }],
      [2, { type: 'pass' }],
      [3, { type: 'pass' }],
      [0, { type: 'pass' }],
    ]);
    expect(ofType(events, 'auctionOpened')).toEqual([
      { type: 'auctionOpened', joker: 'white-wild', bidders: [1, 2, 3, 0] },
    ]);
    expect(state.tableau).toEqual([]);
    expect(pendingOf(state)).toEqual({ seat: 0, kind: 'draw', canDraw: true, canStop: true, total: 0, currency: 0 });
  });
});
