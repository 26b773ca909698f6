import { shuffle, type RandomGenerator } from '../core/rng';
import { freshRngState } from '../core/search';
import type { SeatId } from '../core/types';
import { deckFor } from './cards';
import type { TenState, TenView } from './state';

/**
 * Ten hides only the order of the draw pile (and the PRNG): every other card of the table's deck (T2) is in plain view
 * — the tableau, the market, the discard pile, every collection, and the joker up for auction or being paid for. A
 * state consistent with a seat's view holds, as its draw pile, exactly the table's cards that are in none of those
 * places, in an order shuffled from `rng`, and a fresh PRNG drawn from `rng`.
 */
export function determinizeTen(view: TenView, _seat: SeatId, rng: RandomGenerator): TenState {
  const { viewer: _viewer, deckCount, ...open } = view;
  const seen = new Set<string>([...open.tableau, ...open.market, ...open.discard]);
  for (const player of open.players) for (const id of player.collection) seen.add(id);
  if (open.stage.kind === 'auction' || open.stage.kind === 'pay') seen.add(open.stage.joker);
  const unseen = deckFor(open.players.length)
    .map((c) => c.id)
    .filter((id) => !seen.has(id));
  if (unseen.length !== deckCount) {
    throw new Error(`determinize: ${unseen.length} unseen cards for a draw pile of ${deckCount}`);
  }
  return { ...open, deck: shuffle(rng, unseen), rng: freshRngState(rng) };
}
