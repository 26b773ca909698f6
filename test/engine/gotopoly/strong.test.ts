/**
 * Gotopoly's strong player sees what its seat sees (determinize.ts): not the order of the draw piles, not the other
 * uncles' sealed bids, not the PRNG. It samples them; what it samples depends on its view alone.
 */
import { describe, expect, it } from 'vitest';
import { playToEnd, rngFromSeed, type SeatId } from '../../../engine';
import {
  determinizeGotopoly,
  gotopoly,
  gotopolyBots,
  gotopolyStrong,
  gotopolyView,
  type GotopolyState,
} from '../../../engine/gotopoly';

const heuristic = gotopolyBots.heuristic;

/**
 * States of a game, after each action, with the seats that must decide then. Two heuristic bots and two random ones:
 * the heuristic keeps off the card spaces, the random bots draw cards.
 */
function positions(seed: string): { state: GotopolyState; seat: SeatId }[] {
  const out: { state: GotopolyState; seat: SeatId }[] = [];
  const bots = [heuristic, gotopolyBots.random, heuristic, gotopolyBots.random];
  playToEnd(gotopoly, { players: 4 }, seed, bots, {
    onAction: (_before, after) => {
      for (const { seat } of gotopoly.pending(after)) out.push({ state: after, seat });
    },
  });
  return out;
}

/** The opening auction after seats 1 and 2 have sealed `bids` each: seat 0 (and 3) still to bid. */
function auctionWith(bids: (lot: readonly number[]) => number[]): GotopolyState {
  let state = gotopoly.setup({ players: 4 }, 'sealed');
  for (const seat of [1, 2]) {
    const stage = state.stage;
    if (stage.kind !== 'auction') throw new Error('no auction');
    state = gotopoly.apply(state, seat, { type: 'bid', bids: bids(stage.lot) }).state;
  }
  return state;
}

const reversedPiles = (state: GotopolyState): GotopolyState => ({
  ...state,
  rng: rngFromSeed('other').getState(),
  decks: {
    chance: { ...state.decks.chance, draw: state.decks.chance.draw.slice().reverse() },
    chest: { ...state.decks.chest, draw: state.decks.chest.draw.slice().reverse() },
  },
});

describe('Gotopoly: determinization', () => {
  const game = positions('gotopoly-strong');

  it('other uncles’ sealed bids: different bids, one view, the same samples and the same bid', () => {
    const low = auctionWith((lot) => lot.map(() => 10));
    const high = reversedPiles(auctionWith((lot) => lot.map((_, k) => (k === 0 ? 900 : 150))));
    expect(gotopolyView(high, 0)).toEqual(gotopolyView(low, 0));
    const sample = (s: GotopolyState) => determinizeGotopoly(gotopolyView(s, 0), 0, rngFromSeed('sample'));
    expect(sample(high)).toEqual(sample(low));
    // The sampled bids are the seat's guesses, within each uncle's cash, one per street of the lot.
    const sampled = sample(low);
    if (sampled.stage.kind !== 'auction') throw new Error('no auction');
    for (const uncle of [1, 2]) {
      const bids = sampled.stage.bids[uncle]!;
      expect(bids).toHaveLength(sampled.stage.lot.length);
      expect(bids.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(sampled.uncles[uncle]!.cash);
      expect(bids).not.toEqual(low.stage.kind === 'auction' ? low.stage.bids[uncle] : null);
    }
    expect(sampled.stage.bids[3]).toBeNull();
    const move = (s: GotopolyState) =>
      gotopolyStrong.choose(gotopolyView(s, 0), 0, rngFromSeed('move'), { iterations: 30 });
    expect(move(high)).toEqual(move(low));
  });

  it('the order of the draw piles: reversed, one view, the same samples and the same move', () => {
    const drawn = game.filter(
      ({ state, seat }) =>
        state.decks.chance.discard.length + state.decks.chest.discard.length > 0 &&
        gotopoly.legal(state, seat).length > 1,
    );
    expect(drawn.length).toBeGreaterThan(5);
    for (const { state, seat } of drawn.slice(0, 5)) {
      const twin = reversedPiles(state);
      expect(gotopolyView(twin, seat)).toEqual(gotopolyView(state, seat));
      const sample = (s: GotopolyState) => determinizeGotopoly(gotopolyView(s, seat), seat, rngFromSeed('sample'));
      expect(sample(twin)).toEqual(sample(state));
      const move = (s: GotopolyState) =>
        gotopolyStrong.choose(gotopolyView(s, seat), seat, rngFromSeed('move'), { iterations: 20 });
      expect(move(twin)).toEqual(move(state));
    }
  });

  it('every sample is consistent with the view: the seat would see exactly what it sees', () => {
    const rng = rngFromSeed('consistent');
    for (const { state, seat } of game.filter((_, k) => k % 3 === 0)) {
      const view = gotopolyView(state, seat);
      const sample = determinizeGotopoly(view, seat, rng);
      expect(gotopolyView(sample, seat)).toEqual(view);
      for (const name of ['chance', 'chest'] as const)
        expect(sample.decks[name].draw.slice().sort()).toEqual(state.decks[name].draw.slice().sort());
    }
  });

  it('a sampled pile matches the real order no more often than chance', () => {
    const { state, seat } = game.find(({ state }) => state.decks.chance.draw.length >= 10)!;
    const real = state.decks.chance.draw;
    const view = gotopolyView(state, seat);
    const rng = rngFromSeed('chance');
    const samples = 3000;
    let sameTop = 0;
    let sameOrder = 0;
    for (let k = 0; k < samples; k++) {
      const draw = determinizeGotopoly(view, seat, rng).decks.chance.draw;
      if (draw[0] === real[0]) sameTop++;
      if (draw.every((id, i) => id === real[i])) sameOrder++;
    }
    // The top card is right one time in `real.length`, within five standard deviations; the whole order never.
    const p = 1 / real.length;
    expect(Math.abs(sameTop - samples * p)).toBeLessThan(5 * Math.sqrt(samples * p * (1 - p)));
    expect(sameOrder).toBe(0);
  });
});
