/** Seed "End of the game" and ruling T8. */
import { describe, expect, it } from 'vitest';
import { ten, type TenState } from '../../../engine/ten';
import { act, actAll, payment, refusedCode, skipFinalRound } from './play';
import { ofType, pendingSeat } from './reads';
import { lastCards } from './states';

/** Four players; seat 1 draws red 2 and then red 3, the last card of the deck. */
function lastDrawn(patch: Parameters<typeof lastCards>[3] = {}): {
  state: TenState;
  events: ReturnType<typeof act>['events'];
} {
  return actAll(lastCards({}, 1, ['red-2a', 'red-3a'], patch), [
    [1, { type: 'draw' }],
    [1, { type: 'draw' }],
  ]);
}

describe('End of the game: the last card', () => {
  it('T8 "When the last card is drawn, that turn finishes without further draws": deckEmpty, and drawing is not offered', () => {
    const { state, events } = lastDrawn();
    expect(ofType(events, 'drew').at(-1)).toMatchObject({ card: 'red-3a', left: 0 });
    expect(ofType(events, 'deckEmpty')).toEqual([{ type: 'deckEmpty', seat: 1 }]);
    expect(state.deckOut).toBe(true);
    expect(ten.pending(state)).toEqual([
      { seat: 1, kind: 'draw', canDraw: false, canStop: true, total: 5, currency: 0 },
    ]);
    expect(ten.legal(state, 1)).toEqual([{ type: 'takeNumbers' }, { type: 'takeCurrency' }]);
  });

  it('T8: a draw after the last card is refused with DECK_EMPTY', () => {
    expect(refusedCode(lastDrawn().state, 1, { type: 'draw' })).toBe('DECK_EMPTY');
  });

  it('seed "That player finishes their turn as usual": taking the number cards still gives their own buy phase first', () => {
    const { state, events } = act(lastDrawn().state, 1, { type: 'takeNumbers' });
    expect(ofType(events, 'tookNumbers')).toEqual([{ type: 'tookNumbers', seat: 1, cards: ['red-2a', 'red-3a'] }]);
    expect(ten.pending(state)).toEqual([{ seat: 1, kind: 'buy', final: false }]);
    expect(ofType(events, 'finalRound')).toEqual([]);
  });

  it('T8 "starting left of that player and ending with them, everyone has one final buy phase" — the last player too', () => {
    const { state: mid } = actAll(lastDrawn().state, [
      [1, { type: 'takeNumbers' }],
      [1, { type: 'endTurn' }],
    ]);
    expect(mid.stage.kind).toBe('buy');
    const order: number[] = [];
    let state = mid;
    const events = [];
    while (state.stage.kind !== 'over') {
      const seat = pendingSeat(state);
      expect(ten.pending(state)).toEqual([{ seat, kind: 'buy', final: true }]);
      order.push(seat);
      const step = act(state, seat, { type: 'endTurn' });
      state = step.state;
      events.push(...step.events);
    }
    expect(order).toEqual([2, 3, 0, 1]);
    expect(ofType(events, 'gameEnded')).toHaveLength(1);
  });

  it('T8: the finalRound event announces the order when the last turn ends', () => {
    const { events } = actAll(lastDrawn().state, [
      [1, { type: 'takeNumbers' }],
      [1, { type: 'endTurn' }],
    ]);
    expect(ofType(events, 'finalRound')).toEqual([{ type: 'finalRound', order: [2, 3, 0, 1] }]);
    expect(ofType(events, 'turnStarted')).toEqual([]);
  });

  it('T8: a player who takes the currency on the last card has no buy phase in their turn, but a final one (last)', () => {
    const { state, events } = act(lastDrawn().state, 1, { type: 'takeCurrency' });
    expect(ofType(events, 'finalRound')).toEqual([{ type: 'finalRound', order: [2, 3, 0, 1] }]);
    expect(ten.pending(state)).toEqual([{ seat: 2, kind: 'buy', final: true }]);
    const { events: rest } = skipFinalRound(state);
    expect(ofType(rest, 'buyPhaseEnded').map((e) => e.seat)).toEqual([2, 3, 0, 1]);
  });

  it('T8: busting on the last card ends the turn and starts the final buy round', () => {
    const start = lastCards({}, 1, ['blue-6a', 'green-5a']);
    const { state, events } = actAll(start, [
      [1, { type: 'draw' }],
      [1, { type: 'draw' }],
    ]);
    expect(ofType(events, 'busted')).toHaveLength(1);
    expect(state.market).toEqual(['blue-6a', 'green-5a']);
    expect(ofType(events, 'finalRound')).toEqual([{ type: 'finalRound', order: [2, 3, 0, 1] }]);
    expect(ten.pending(state)).toEqual([{ seat: 2, kind: 'buy', final: true }]);
  });

  it('T8: when a turn starts by dealing the last card, that player must stop at once', () => {
    // Seat 3 stops; seat 0's turn begins by drawing the last card (T3: the first card is always drawn).
    const { state, events } = actAll(lastCards({}, 3, ['red-2a', 'blue-4a']), [
      [3, { type: 'draw' }],
      [3, { type: 'takeCurrency' }],
      [0, { type: 'draw' }],
    ]);
    expect(ofType(events, 'deckEmpty')).toEqual([{ type: 'deckEmpty', seat: 0 }]);
    expect(ten.pending(state)).toEqual([
      { seat: 0, kind: 'draw', canDraw: false, canStop: true, total: 4, currency: 0 },
    ]);
    const { events: after } = actAll(state, [[0, { type: 'takeCurrency' }]]);
    expect(ofType(after, 'finalRound')).toEqual([{ type: 'finalRound', order: [1, 2, 3, 0] }]);
  });

  it('T8 in a 2-player game: the final round is the other player, then the last one', () => {
    const { events } = actAll(lastCards({ players: 2 }, 0, ['red-2a']), [
      [0, { type: 'draw' }],
      [0, { type: 'takeCurrency' }],
    ]);
    expect(ofType(events, 'finalRound')).toEqual([{ type: 'finalRound', order: [1, 0] }]);
  });
});

describe('End of the game: the last card is a joker', () => {
  const start = (): TenState => lastCards({}, 1, ['red-2a', 'white-wild']);

  it('T7+T8: the joker is auctioned, then the player stops (no draw offered)', () => {
    const { state, events } = actAll(start(), [
      [1, { type: 'draw' }],
      [1, { type: 'draw' }],
      [2, { type: 'bid', amount: 2 }],
      [3, { type: 'pass' }],
      [0, { type: 'pass' }],
      [1, { type: 'pass' }],
      [2, { type: 'pay', payment: payment(2) }],
    ]);
    expect(ofType(events, 'deckEmpty')).toEqual([{ type: 'deckEmpty', seat: 1 }]);
    expect(state.players[2]!.collection).toEqual(['white-wild']);
    expect(ten.pending(state)).toEqual([
      { seat: 1, kind: 'draw', canDraw: false, canStop: true, total: 2, currency: 0 },
    ]);
    expect(refusedCode(state, 1, { type: 'draw' })).toBe('DECK_EMPTY');
    const { events: after } = act(state, 1, { type: 'takeCurrency' });
    expect(ofType(after, 'finalRound')).toEqual([{ type: 'finalRound', order: [2, 3, 0, 1] }]);
  });

  it('T7+T8: if everyone passes on the last-card joker it is discarded and the player stops', () => {
    const { state } = actAll(start(), [
      [1, { type: 'draw' }],
      [1, { type: 'draw' }],
      [2, { type: 'pass' }],
      [3, { type: 'pass' }],
      [0, { type: 'pass' }],
      [1, { type: 'pass' }],
    ]);
    expect(state.discard).toContain('white-wild');
    expect(ten.legal(state, 1)).toEqual([{ type: 'takeNumbers' }, { type: 'takeCurrency' }]);
    const end = skipFinalRound(
      actAll(state, [
        [1, { type: 'takeNumbers' }],
        [1, { type: 'endTurn' }],
      ]).state,
    );
    expect(end.state.players[1]!.collection).toEqual(['red-2a']);
    expect(ten.outcome(end.state)).not.toBeNull();
  });
});

describe('End of the game: the final buy round', () => {
  it('T6 "(and in the final round)": a player who took no number cards may buy in the final buy phase', () => {
    const start = lastCards({}, 1, ['red-2a'], { market: ['blue-3a', 'green-2a'] });
    const { state, events } = actAll(start, [
      [1, { type: 'draw' }],
      [1, { type: 'takeCurrency' }],
      [2, { type: 'buy', card: 'blue-3a', payment: payment(3) }],
    ]);
    expect(ofType(events, 'bought')).toEqual([{ type: 'bought', seat: 2, card: 'blue-3a', price: 3 }]);
    expect(state.players[2]).toMatchObject({ tokens: 2, collection: ['blue-3a'] });
    expect(state.market).toEqual(['green-2a', 'red-2a']);
    expect(ten.pending(state)).toEqual([{ seat: 3, kind: 'buy', final: true }]);
  });

  it('T8 "one final buy phase": one purchase each; the buyer cannot buy again', () => {
    const start = lastCards({}, 1, ['red-2a'], { market: ['blue-3a', 'green-2a'] });
    const { state } = actAll(start, [
      [1, { type: 'draw' }],
      [1, { type: 'takeCurrency' }],
      [2, { type: 'buy', card: 'blue-3a', payment: payment(3) }],
    ]);
    expect(refusedCode(state, 2, { type: 'buy', card: 'green-2a', payment: payment(2) })).toBe('NOT_YOUR_TURN');
  });

  it('T8: the last player, who bought in their own turn, also buys in the final round', () => {
    const start = lastCards({}, 1, ['red-2a'], { market: ['blue-3a', 'green-2a'] });
    const { state, events } = actAll(start, [
      [1, { type: 'draw' }],
      [1, { type: 'takeNumbers' }],
      [1, { type: 'buy', card: 'blue-3a', payment: payment(3) }],
      [2, { type: 'endTurn' }],
      [3, { type: 'endTurn' }],
      [0, { type: 'endTurn' }],
      [1, { type: 'buy', card: 'green-2a', payment: payment(2) }],
    ]);
    expect(ofType(events, 'bought').map((e) => [e.seat, e.card])).toEqual([
      [1, 'blue-3a'],
      [1, 'green-2a'],
    ]);
    expect(state.players[1]).toMatchObject({ tokens: 0, collection: ['red-2a', 'blue-3a', 'green-2a'] });
    expect(state.stage.kind).toBe('over');
  });

  it('T8: drawing or taking a reward during the final round is refused (WRONG_DECISION)', () => {
    const { state } = actAll(lastCards({}, 1, ['red-2a']), [
      [1, { type: 'draw' }],
      [1, { type: 'takeCurrency' }],
    ]);
    expect(refusedCode(state, 2, { type: 'draw' })).toBe('WRONG_DECISION');
    expect(refusedCode(state, 2, { type: 'takeNumbers' })).toBe('WRONG_DECISION');
  });

  it('seed "When the last buy phase is over, the game ends": outcome() is null until then, and set afterwards', () => {
    const { state } = actAll(lastCards({}, 1, ['red-2a']), [
      [1, { type: 'draw' }],
      [1, { type: 'takeCurrency' }],
      [2, { type: 'endTurn' }],
      [3, { type: 'endTurn' }],
      [0, { type: 'endTurn' }],
    ]);
    expect(ten.outcome(state)).toBeNull();
    const { state: over, events } = act(state, 1, { type: 'endTurn' });
    expect(ofType(events, 'gameEnded')).toHaveLength(1);
    expect(ten.outcome(over)).not.toBeNull();
    expect(ten.pending(over)).toEqual([]);
    for (const seat of [0, 1, 2, 3]) expect(ten.legal(over, seat)).toEqual([]);
  });

  it('End: any action after the game is over is refused with GAME_OVER', () => {
    const over = skipFinalRound(
      actAll(lastCards({}, 1, ['red-2a']), [
        [1, { type: 'draw' }],
        [1, { type: 'takeCurrency' }],
      ]).state,
    ).state;
    expect(refusedCode(over, 1, { type: 'draw' })).toBe('GAME_OVER');
    expect(refusedCode(over, 2, { type: 'endTurn' })).toBe('GAME_OVER');
    expect(refusedCode(over, 0, { type: 'pass' })).toBe('GAME_OVER');
  });
});
