import type { SeatId } from '../core/types';
import { decisionOf } from './decisions';
import type { GotopolyAction, GotopolyPublic } from './state';

/**
 * Seed 11.1 / G17: "A seat that does not act in time plays the move token it holds most of, lowest first on ties;
 * other decisions default to the cheapest legal choice (pass, no bid, sleep rough, work)." Staying in jail costs
 * nothing; a RISK card costs no money where the bill would; after going into the red the student restarts, which
 * keeps an absent player in the game. Returns null when `seat` has nothing to decide.
 */
export function nmrAction(state: GotopolyPublic, seat: SeatId): GotopolyAction | null {
  const decision = decisionOf(state, seat);
  if (!decision) return null;
  switch (decision.kind) {
    case 'token':
      return { type: 'move', token: mostHeldToken(decision.tokens) };
    case 'buildTrade':
      return { type: 'endBuild' };
    case 'answerTrade':
      return { type: 'rejectTrade' };
    case 'bid':
      return { type: 'bid', bids: decision.lot.map(() => 0) };
    case 'jail':
      return { type: 'serve' };
    case 'study':
      return { type: 'work' };
    case 'station':
      return { type: 'sleepRough' };
    case 'utility':
      return { type: 'takeRisk' };
    case 'bankrupt':
      return { type: 'restart' };
  }
}

/** The token value held most often; the lowest such value on a tie. */
export function mostHeldToken(tokens: readonly number[]): number {
  let best = tokens[0]!;
  let bestCount = 0;
  for (const token of tokens) {
    const count = tokens.filter((t) => t === token).length;
    if (count > bestCount || (count === bestCount && token < best)) {
      best = token;
      bestCount = count;
    }
  }
  return best;
}
