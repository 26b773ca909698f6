import { shuffle, type RandomGenerator } from '../core/rng';
import { freshRngState } from '../core/search';
import type { SeatId } from '../core/types';
import { gotopolyHeuristicBot } from './bots';
import type { DeckName } from './cards';
import { POLY_FIED_DECKS } from './decks/poly-fied';
import type { DeckState, GotopolyState, GotopolyView, Stage } from './state';

const DECK_NAMES: readonly DeckName[] = ['chance', 'chest'];

/**
 * Gotopoly hides three things from a seat (view.ts): the order of the two draw piles, the sealed bids of the other
 * uncles in an open auction (G4), and the PRNG. A state consistent with the seat's view:
 *
 * - each draw pile holds exactly the deck's cards that are neither in its discard pile nor kept by a student (a Get
 *   Out Of Jail Free card, a Student Railcard), in an order shuffled from `rng`;
 * - an uncle who has bid but whose bids the seat cannot see gets bids sampled from how the seat expects uncles to
 *   bid — the heuristic bot's sealed bids on the same lot with the same cash, jitter drawn from `rng` (an uncle with
 *   no cash bids nothing, as the rules make it);
 * - a fresh PRNG, drawn from `rng`: every future die and reshuffle.
 */
export function determinizeGotopoly(view: GotopolyView, seat: SeatId, rng: RandomGenerator): GotopolyState {
  const { viewer: _viewer, decks: seen, ...open } = view;
  const decks = {} as Record<DeckName, DeckState>;
  for (const name of DECK_NAMES) {
    const held = new Set(open.students.flatMap((s) => s.kept.filter((k) => k.deck === name).map((k) => k.card)));
    const discarded = new Set(seen[name].discard);
    const unseen = POLY_FIED_DECKS[name].map((c) => c.id).filter((id) => !held.has(id) && !discarded.has(id));
    if (unseen.length !== seen[name].drawCount) {
      throw new Error(`determinize: ${unseen.length} unseen ${name} cards for a pile of ${seen[name].drawCount}`);
    }
    decks[name] = { draw: shuffle(rng, unseen), discard: seen[name].discard };
  }
  const state: GotopolyState = { ...open, decks, rng: freshRngState(rng) };
  return { ...state, stage: sealedBids(state, seat, rng) };
}

/** The auction's stage with every bid `seat` cannot see sampled (G4); any other stage as it is. */
function sealedBids(state: GotopolyState, seat: SeatId, rng: RandomGenerator): Stage {
  const { stage } = state;
  if (stage.kind !== 'auction') return stage;
  const bids = stage.bids.map((bid, uncle) => {
    if (bid !== null || uncle === seat || !stage.submitted[uncle]) return bid;
    if (state.uncles[uncle]!.cash === 0) return stage.lot.map(() => 0);
    // The uncle as it was before it bid: the heuristic bot decides from that uncle's own view.
    const before: GotopolyState = {
      ...state,
      stage: { ...stage, submitted: stage.submitted.map((done, s) => done && s !== uncle) },
    };
    const action = gotopolyHeuristicBot.choose(before, uncle, rng);
    return action.type === 'bid' ? action.bids : stage.lot.map(() => 0);
  });
  return { ...stage, bids };
}
