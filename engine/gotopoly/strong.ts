import type { RandomGenerator } from '../core/rng';
import { Candidates, flatMonteCarlo, placingValue, type SearchGame, type StrongPlayer } from '../core/search';
import type { SeatId } from '../core/types';
import { gotopolyHeuristicBot } from './bots';
import { decisionOf, legalActions } from './decisions';
import { determinizeGotopoly } from './determinize';
import { gotopoly } from './game';
import type { GotopolyAction, GotopolyState, GotopolyView } from './state';
import { gotopolyView } from './view';

/** Of a rollout's value, the share that is the win; the rest is the rank (G16, G18). */
const WIN_WEIGHT = 0.8;

/** Bids `scale` times the heuristic's, trimmed to the uncle's cash (G4). */
function scaledBids(bids: readonly number[], scale: number, cash: number): number[] {
  const scaled = bids.map((b) => Math.floor(b * scale));
  const total = scaled.reduce((a, b) => a + b, 0);
  return total <= cash ? scaled : scaled.map((b) => Math.floor((b * cash) / total));
}

/**
 * The root's candidates, the heuristic's choice first. Sealed bids: the heuristic's, none, half and 1.3 times the
 * heuristic's, and the rules' menu (half or full list price on one street). Build/Trade: the heuristic's choice, ending
 * the turn and every house that may be built; the long menu of single-street trades is left out. Anything else: every
 * legal action.
 */
function candidates(state: GotopolyState, seat: SeatId, rng: RandomGenerator): GotopolyAction[] {
  const view = gotopolyView(state, seat);
  const decision = decisionOf(view, seat);
  const own = gotopolyHeuristicBot.choose(state, seat, rng);
  const out = new Candidates<GotopolyAction>().add(own);
  const legal = legalActions(view, seat);
  if (decision?.kind === 'bid' && own.type === 'bid') {
    const cash = decision.cash;
    out.add(
      { type: 'bid', bids: decision.lot.map(() => 0) },
      { type: 'bid', bids: scaledBids(own.bids, 0.5, cash) },
      { type: 'bid', bids: scaledBids(own.bids, 1.3, cash) },
      ...legal,
    );
  } else if (decision?.kind === 'buildTrade') {
    out.add(...legal.filter((a) => a.type !== 'offerTrade'));
  } else {
    out.add(...legal);
  }
  return out.list;
}

function value(state: GotopolyState, seat: SeatId): number {
  const outcome = gotopoly.outcome(state);
  return outcome ? placingValue(outcome, seat, WIN_WEIGHT) : 1 / state.students.length;
}

/** What the search needs of Gotopoly: see engine/core/search.ts. */
export const gotopolySearch: SearchGame<GotopolyState, GotopolyView, GotopolyAction> = {
  id: 'gotopoly',
  definition: gotopoly,
  determinize: determinizeGotopoly,
  candidates,
  rollout: gotopolyHeuristicBot,
  maxRolloutActions: 5000,
  value,
  defaultIterations: 200,
};

/**
 * The strong Gotopoly player: flat Monte-Carlo (engine/core/search.ts) over the seat's decision, as uncle or as
 * student, with the heuristic bot playing every seat in the rollouts.
 */
export const gotopolyStrong: StrongPlayer<GotopolyView, GotopolyAction> = flatMonteCarlo(gotopolySearch);
