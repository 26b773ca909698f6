/** Hidden information (G4 sealed bids, G13 deck order): what `view(state, seat)` removes and what it keeps. */
import { describe, expect, it } from 'vitest';
import { gotopoly, gotopolyView, legalActions } from '../../../engine/gotopoly';
import { act, auctionOf, ofType, setup, sp } from './helpers';

describe('view(state, seat)', () => {
  const open = auctionOf(setup({ players: 3 }), ['mayfair', 'park-lane']);
  const afterSeat0 = act(open, 0, { type: 'bid', bids: [420, 0] }).state;

  it('G4 "All uncles bid at once and in secret": another seat sees only that uncle 0 has bid, never the amounts', () => {
    const view = gotopolyView(afterSeat0, 1);
    expect(view.stage.kind === 'auction' && view.stage.submitted).toEqual([true, false, false]);
    expect(view.stage.kind === 'auction' && view.stage.bids).toEqual([null, null, null]);
    expect(JSON.stringify(view)).not.toContain('420');
  });

  it('an uncle sees its own sealed bids; a spectator sees none', () => {
    const own = gotopolyView(afterSeat0, 0);
    expect(own.stage.kind === 'auction' && own.stage.bids).toEqual([[420, 0], null, null]);
    const spectator = gotopolyView(afterSeat0, null);
    expect(spectator.stage.kind === 'auction' && spectator.stage.bids).toEqual([null, null, null]);
    expect(spectator.viewer).toBeNull();
  });

  it('the bid event carries no amount; every bid is revealed once all are in', () => {
    const first = act(open, 0, { type: 'bid', bids: [420, 0] });
    expect(ofType(first.events, 'bidSubmitted')).toEqual([{ type: 'bidSubmitted', seat: 0 }]);
    expect(JSON.stringify(first.events)).not.toContain('420');
    const second = act(first.state, 1, { type: 'bid', bids: [400, 350] });
    const last = act(second.state, 2, { type: 'bid', bids: [0, 0] });
    expect(ofType(last.events, 'auctionResolved')[0]!.results).toEqual([
      { space: sp('mayfair'), bids: [420, 400, 0], winner: 0, price: 420 },
      { space: sp('park-lane'), bids: [0, 350, 0], winner: 1, price: 350 },
    ]);
  });

  it('G13 "Decks are shuffled from the seed": no view shows the draw order or the PRNG state, only pile sizes and discards', () => {
    const state = setup();
    const view = gotopolyView(state, 0);
    expect(view).not.toHaveProperty('rng');
    expect(view.decks).toEqual({
      chance: { drawCount: 16, discard: [] },
      chest: { drawCount: 16, discard: [] },
    });
  });

  it('keeps everything public: purses, tokens, positions, owners and houses', () => {
    const state = setup();
    const view = gotopolyView(state, 2);
    expect(view.students).toEqual(state.students);
    expect(view.uncles).toEqual(state.uncles);
    expect(view.estates).toEqual(state.estates);
    expect(view.term).toBe(state.term);
  });

  it("legal() is computed from the seat's view alone", () => {
    for (const seat of [0, 1, 2]) {
      expect(gotopoly.legal(afterSeat0, seat)).toEqual(legalActions(gotopolyView(afterSeat0, seat), seat));
    }
    expect(gotopoly.legal(afterSeat0, 0)).toEqual([]);
  });
});
