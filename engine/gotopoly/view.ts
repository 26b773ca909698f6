import type { SeatId } from '../core/types';
import type { GotopolyState, GotopolyView } from './state';

/**
 * What `seat` (or, with null, a spectator) may see: the state without the PRNG state (it would predict every die and
 * shuffle), without the order of the draw piles, and without other uncles' sealed bids (G4) — only whether they have
 * bid. Bots and the UI decide from views only.
 */
export function gotopolyView(state: GotopolyState, seat: SeatId | null): GotopolyView {
  const { rng: _rng, decks, stage, ...open } = state;
  return {
    ...open,
    viewer: seat,
    stage: stage.kind === 'auction' ? { ...stage, bids: stage.bids.map((b, s) => (s === seat ? b : null)) } : stage,
    decks: {
      chance: { drawCount: decks.chance.draw.length, discard: decks.chance.discard },
      chest: { drawCount: decks.chest.draw.length, discard: decks.chest.discard },
    },
  };
}
