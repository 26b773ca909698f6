import { RuleError } from '../core/errors';
import type { SeatId } from '../core/types';
import { isTradable, refusal, ruleErrorOf, type Refusal } from './building';
import type { Draft } from './draft';
import type { GotopolyPublic, TradeOffer } from './state';

/**
 * G5: why an offer cannot stand, or null. "Unimproved properties may be traded between uncles in the Build/Trade
 * phase (offer and accept, property for property and/or cash)." Cash is the uncles' own (G2).
 */
export function tradeRefusal(state: Pick<GotopolyPublic, 'estates' | 'uncles'>, offer: TradeOffer): Refusal | null {
  const { from, to, give, take, giveCash, takeCash } = offer;
  if (to === from || to < 0 || to >= state.uncles.length)
    return refusal('BAD_TRADE', `uncle ${from} cannot trade with seat ${to}`);
  if (give.length + take.length === 0) return refusal('BAD_TRADE', 'a trade must include at least one property');
  if (giveCash > 0 && takeCash > 0) return refusal('BAD_TRADE', 'cash moves one way in a trade');
  if (new Set([...give, ...take]).size !== give.length + take.length)
    return refusal('BAD_TRADE', 'a property is named twice');
  for (const [spaces, owner] of [
    [give, from],
    [take, to],
  ] as const) {
    for (const space of spaces) {
      if (state.estates[space]?.owner !== owner) {
        return refusal('NOT_THEIR_PROPERTY', `uncle ${owner} does not own space ${space}`, { space });
      }
      if (!isTradable(state.estates, space)) {
        return refusal(
          'IMPROVED_PROPERTY',
          `space ${space} is improved or in a group with houses: only unimproved properties trade (G5)`,
          { space },
        );
      }
    }
  }
  if (giveCash > state.uncles[from]!.cash)
    return refusal('CANNOT_AFFORD', `uncle ${from} has only £${state.uncles[from]!.cash}`);
  if (takeCash > state.uncles[to]!.cash)
    return refusal('CANNOT_AFFORD', `uncle ${to} has only £${state.uncles[to]!.cash}`);
  return null;
}

/** An uncle proposes a trade; the other uncle must answer before the proposer carries on. @throws RuleError */
export function offerTrade(d: Draft, offer: TradeOffer): void {
  const stage = d.stage;
  if (stage.kind !== 'build') throw new Error('internal: not in Build/Trade');
  if (stage.offers >= d.rules.tradeOffersPerTerm) {
    throw new RuleError('TOO_MANY_OFFERS', `an uncle may make ${d.rules.tradeOffersPerTerm} trade offers per term`);
  }
  const refused = tradeRefusal(d, offer);
  if (refused) throw ruleErrorOf(refused);
  d.stage = { ...stage, offers: stage.offers + 1, offer };
  d.emit({ type: 'tradeOffered', offer });
}

/** The other uncle accepts (the trade happens) or rejects; either way the proposer's Build/Trade turn resumes. */
export function answerTrade(d: Draft, seat: SeatId, accept: boolean): void {
  const stage = d.stage;
  if (stage.kind !== 'build' || !stage.offer) throw new Error('internal: no trade offer pending');
  const offer = stage.offer;
  d.stage = { ...stage, offer: null };
  if (!accept) {
    d.emit({ type: 'tradeRejected', offer });
    return;
  }
  if (seat !== offer.to) throw new Error('internal: only the receiving uncle answers');
  for (const space of offer.give) d.updateEstate(space, { owner: offer.to });
  for (const space of offer.take) d.updateEstate(space, { owner: offer.from });
  d.transfer({ uncle: offer.from }, { uncle: offer.to }, offer.giveCash, 'trade');
  d.transfer({ uncle: offer.to }, { uncle: offer.from }, offer.takeCash, 'trade');
  d.emit({ type: 'tradeAccepted', offer });
}
