import type { RandomGenerator } from '../core/rng';
import { Candidates, flatMonteCarlo, placingValue, type SearchGame, type StrongPlayer } from '../core/search';
import type { SeatId } from '../core/types';
import { tenHeuristicBot } from './bots';
import { decisionOf, legalActions } from './decisions';
import { determinizeTen } from './determinize';
import { ten } from './game';
import type { TenAction, TenState, TenView } from './state';
import { tenView } from './view';

/** Of a rollout's value, the share that is the win; the rest is the rank (T9). */
const WIN_WEIGHT = 0.8;
/** Bids compared above the lowest allowed one: the auction gives each bidder one chance (T7). */
const BID_STEPS = 4;
/** Payments compared for a won joker (the menu wastes nothing; T5). */
const PAYMENTS = 6;

/**
 * The root's candidates, the heuristic's choice first. Auctions: a pass and the lowest few bids. Buying: ending the
 * turn, and each market card once, paid with tokens and bust tokens where they cover it (else the menu's first way).
 * Anything else: every legal action (at most PAYMENTS ways to pay).
 */
function candidates(state: TenState, seat: SeatId, rng: RandomGenerator): TenAction[] {
  const view = tenView(state, seat);
  const decision = decisionOf(view);
  const legal = legalActions(view, seat);
  const out = new Candidates<TenAction>().add(tenHeuristicBot.choose(state, seat, rng));
  switch (decision?.kind) {
    case 'bid':
      out.add(...legal.filter((a) => a.type === 'pass' || (a.type === 'bid' && a.amount <= decision.min + BID_STEPS)));
      break;
    case 'pay':
      out.add(...legal.slice(0, PAYMENTS));
      break;
    case 'buy': {
      const cards = new Set<string>();
      for (const action of legal) {
        if (action.type !== 'buy') {
          out.add(action);
          continue;
        }
        if (cards.has(action.card)) continue;
        cards.add(action.card);
        const ways = legal.filter((a) => a.type === 'buy' && a.card === action.card);
        out.add(ways.find((a) => a.type === 'buy' && a.payment.cards.length === 0) ?? action);
      }
      break;
    }
    default:
      out.add(...legal);
  }
  return out.list;
}

function value(state: TenState, seat: SeatId): number {
  const outcome = ten.outcome(state);
  return outcome ? placingValue(outcome, seat, WIN_WEIGHT) : 1 / state.players.length;
}

/** What the search needs of Ten: see engine/core/search.ts. */
export const tenSearch: SearchGame<TenState, TenView, TenAction> = {
  id: 'ten',
  definition: ten,
  determinize: determinizeTen,
  candidates,
  rollout: tenHeuristicBot,
  maxRolloutActions: 5000,
  value,
  defaultIterations: 150,
};

/**
 * The strong Ten player: flat Monte-Carlo (engine/core/search.ts) over drawing or stopping, bids, payments and
 * purchases, with the heuristic bot playing every seat in the rollouts on a freshly shuffled draw pile.
 */
export const tenStrong: StrongPlayer<TenView, TenAction> = flatMonteCarlo(tenSearch);
