/**
 * Ten's strong player sees what its seat sees (determinize.ts): everything but the order of the draw pile (and the
 * PRNG), which it samples from the cards it has not seen; what it samples depends on its view alone.
 */
import { describe, expect, it } from 'vitest';
import { playToEnd, rngFromSeed, type SeatId } from '../../../engine';
import { determinizeTen, ten, tenBots, tenStrong, tenView, type TenState } from '../../../engine/ten';

/** States of a heuristic game after each action, with the seat that must decide then. */
function positions(seed: string, players = 4): { state: TenState; seat: SeatId }[] {
  const out: { state: TenState; seat: SeatId }[] = [];
  playToEnd(ten, { players }, seed, new Array(players).fill(tenBots.heuristic), {
    onAction: (_before, after) => {
      for (const { seat } of ten.pending(after)) out.push({ state: after, seat });
    },
  });
  return out;
}

const reversedPile = (state: TenState): TenState => ({
  ...state,
  deck: state.deck.slice().reverse(),
  rng: rngFromSeed('other').getState(),
});

describe('Ten: determinization', () => {
  const game = positions('ten-strong');

  it('the order of the draw pile: reversed, one view, the same samples and the same move', () => {
    const choices = game.filter(({ state, seat }) => state.deck.length > 1 && ten.legal(state, seat).length > 1);
    expect(choices.length).toBeGreaterThan(5);
    for (const { state, seat } of choices.filter((_, k) => k % 10 === 0).slice(0, 6)) {
      const twin = reversedPile(state);
      expect(tenView(twin, seat)).toEqual(tenView(state, seat));
      const sample = (s: TenState) => determinizeTen(tenView(s, seat), seat, rngFromSeed('sample'));
      expect(sample(twin)).toEqual(sample(state));
      const move = (s: TenState) => tenStrong.choose(tenView(s, seat), seat, rngFromSeed('move'), { iterations: 20 });
      expect(move(twin)).toEqual(move(state));
    }
  });

  it('every sample is consistent with the view: the unseen cards, and the seat would see exactly what it sees', () => {
    const rng = rngFromSeed('consistent');
    for (const players of [1, 2, 3, 5]) {
      for (const { state, seat } of positions(`ten-strong-${players}`, players).filter((_, k) => k % 5 === 0)) {
        const view = tenView(state, seat);
        const sample = determinizeTen(view, seat, rng);
        expect(tenView(sample, seat)).toEqual(view);
        expect(sample.deck.slice().sort()).toEqual(state.deck.slice().sort());
      }
    }
  });

  it('a sampled pile matches the real order no more often than chance', () => {
    const { state, seat } = game.find(({ state }) => state.deck.length >= 40 && state.deck.length <= 80)!;
    const view = tenView(state, seat);
    const rng = rngFromSeed('pile');
    const samples = 3000;
    let sameTop = 0;
    let samePrefix = 0;
    for (let k = 0; k < samples; k++) {
      const deck = determinizeTen(view, seat, rng).deck;
      if (deck[0] === state.deck[0]) sameTop++;
      if (deck.slice(0, 3).every((id, i) => id === state.deck[i])) samePrefix++;
    }
    // The top card is right one time in the pile's size, within five standard deviations; its first three cards, at
    // odds of one in more than 60,000, never.
    const p = 1 / state.deck.length;
    expect(Math.abs(sameTop - samples * p)).toBeLessThan(5 * Math.sqrt(samples * p * (1 - p)));
    expect(samePrefix).toBe(0);
  });
});
