/** Tezos Pole's strong player sees what its seat sees: everything but the PRNG, which it draws afresh (determinize.ts). */
import { describe, expect, it } from 'vitest';
import { playToEnd, rngFromSeed } from '../../../engine';
import {
  artistTile,
  determinizePole,
  pole,
  poleBots,
  poleStrong,
  poleValue,
  type PoleState,
  type PoleView,
} from '../../../engine/pole';
import { withHolders } from './states';

/** What `seat` sees (`pole.view`, typed). */
const viewOf = (state: PoleState, seat: number): PoleView => pole.view(state, seat) as PoleView;

/** Positions of a heuristic game where the seat to act has a real choice (buy or pass, a flip). */
function choices(seed: string): { state: PoleState; seat: number }[] {
  const out: { state: PoleState; seat: number }[] = [];
  playToEnd(pole, { players: 4 }, seed, new Array(4).fill(poleBots.heuristic), {
    onAction: (_before, after) => {
      const pending = pole.pending(after)[0];
      if (pending && pole.legal(after, pending.seat).length > 1) out.push({ state: after, seat: pending.seat });
    },
  });
  return out;
}

describe('Tezos Pole: determinization', () => {
  const positions = choices('pole-strong');

  it('two states that differ only in the PRNG give one view, the same samples and the same move', () => {
    expect(positions.length).toBeGreaterThan(5);
    for (const { state, seat } of positions.slice(0, 6)) {
      const twin: PoleState = { ...state, rng: rngFromSeed('other dice').getState() };
      expect(pole.view(twin, seat)).toEqual(pole.view(state, seat));
      const sample = (s: PoleState) => determinizePole(viewOf(s, seat), seat, rngFromSeed('sample'));
      expect(sample(twin)).toEqual(sample(state));
      const move = (s: PoleState) => poleStrong.choose(viewOf(s, seat), seat, rngFromSeed('move'), { iterations: 30 });
      expect(move(twin)).toEqual(move(state));
    }
  });

  it('a sample is the view with a fresh PRNG, never the game’s own', () => {
    const rng = rngFromSeed('fresh');
    for (const { state, seat } of positions) {
      const view = viewOf(state, seat);
      const sample = determinizePole(view, seat, rng);
      expect(pole.view(sample, seat)).toEqual(view);
      expect(sample.rng).not.toEqual(state.rng);
    }
  });
});

describe('Tezos Pole: how a rollout is valued', () => {
  const positions = choices('pole-strong-value');

  /** The position with `seat` holding one more copy of the first artist tile it holds none of. */
  function withOneMorePiece(state: PoleState, seat: number): PoleState {
    const tile = state.tiles.findIndex((t, i) => artistTile(state.config.board, i) && !t.holders.includes(seat));
    return withHolders(state, tile, [...state.tiles[tile]!.holders, seat]);
  }

  it('appraises every piece two rollouts share with the same dice: a piece more for an opponent never helps the seat, one more for the seat never hurts it', () => {
    expect(positions.length).toBeGreaterThan(20);
    const value = (state: PoleState, seat: number) => poleValue(state, seat, rngFromSeed('the same dice'));
    for (const { state, seat } of positions.slice(0, 20)) {
      const opponent = (seat + 1) % state.players.length;
      expect(value(withOneMorePiece(state, opponent), seat)).toBeLessThanOrEqual(value(state, seat));
      expect(value(withOneMorePiece(state, seat), seat)).toBeGreaterThanOrEqual(value(state, seat));
    }
  });
});
