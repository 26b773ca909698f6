import type { SeatId } from '../core/types';
import { LONDON } from './boards/london';
import { buildableSpaces, isTradable } from './building';
import { jailCardOf } from './card-deck';
import { propertyAt } from './ring';
import type { GotopolyAction, GotopolyPublic, TradeOffer } from './state';

/** Who must decide what now. In the auction every uncle who has not bid is pending at once (G4). */
export type GotopolyDecision =
  | { seat: SeatId; kind: 'buildTrade'; built: boolean; offersLeft: number }
  | { seat: SeatId; kind: 'answerTrade'; offer: TradeOffer }
  | { seat: SeatId; kind: 'bid'; lot: readonly number[]; cash: number }
  | { seat: SeatId; kind: 'jail'; turnsServed: number }
  | { seat: SeatId; kind: 'token'; tokens: readonly number[]; risk: number }
  | { seat: SeatId; kind: 'study'; space: number }
  | { seat: SeatId; kind: 'station'; space: number; fare: number }
  | { seat: SeatId; kind: 'utility'; space: number; bill: number }
  | { seat: SeatId; kind: 'bankrupt'; cash: number };

export type DecisionKind = GotopolyDecision['kind'];

/** Which decision each action answers. */
export const DECISION_FOR: Record<GotopolyAction['type'], DecisionKind> = {
  build: 'buildTrade',
  offerTrade: 'buildTrade',
  endBuild: 'buildTrade',
  acceptTrade: 'answerTrade',
  rejectTrade: 'answerTrade',
  bid: 'bid',
  serve: 'jail',
  payBail: 'jail',
  useJailCard: 'jail',
  move: 'token',
  study: 'study',
  work: 'study',
  goHome: 'station',
  sleepRough: 'station',
  payBill: 'utility',
  takeRisk: 'utility',
  restart: 'bankrupt',
  retire: 'bankrupt',
};

/** Every pending decision; it depends only on what every seat may see, so views give the same answer. */
export function decisionsOf(state: GotopolyPublic): GotopolyDecision[] {
  const { stage } = state;
  switch (stage.kind) {
    case 'over':
      return [];
    case 'build':
      return stage.offer
        ? [{ seat: stage.offer.to, kind: 'answerTrade', offer: stage.offer }]
        : [
            {
              seat: stage.uncle,
              kind: 'buildTrade',
              built: stage.built,
              offersLeft: state.config.tradeOffersPerTerm - stage.offers,
            },
          ];
    case 'auction':
      return stage.submitted.flatMap((done, seat) =>
        done ? [] : [{ seat, kind: 'bid' as const, lot: stage.lot, cash: state.uncles[seat]!.cash }],
      );
    case 'movement': {
      const seat = stage.order[stage.index]!;
      const student = state.students[seat]!;
      const d = stage.decision;
      switch (d.kind) {
        case 'jail':
          return [{ seat, kind: 'jail', turnsServed: student.jailed ?? 0 }];
        case 'token':
          return [{ seat, kind: 'token', tokens: student.tokens, risk: student.risk }];
        case 'study':
          return [{ seat, kind: 'study', space: d.space }];
        case 'station':
          return [{ seat, kind: 'station', space: d.space, fare: d.fare }];
        case 'utility':
          return [{ seat, kind: 'utility', space: d.space, bill: d.bill }];
        case 'bankrupt':
          return [{ seat, kind: 'bankrupt', cash: student.cash }];
      }
    }
  }
}

export function decisionOf(state: GotopolyPublic, seat: SeatId): GotopolyDecision | undefined {
  return decisionsOf(state).find((d) => d.seat === seat);
}

/**
 * The legal actions of `seat`, from public information only. Where the choices are unbounded (bid amounts, trade
 * terms) this is a representative menu — no bid, list-price and half-price bids on one property; sales, purchases
 * and swaps of single properties at list price — while `apply` accepts any action within the rules.
 */
export function legalActions(state: GotopolyPublic, seat: SeatId): GotopolyAction[] {
  const decision = decisionOf(state, seat);
  if (!decision) return [];
  switch (decision.kind) {
    case 'buildTrade': {
      const out: GotopolyAction[] = [{ type: 'endBuild' }];
      if (!decision.built) for (const space of buildableSpaces(state, seat)) out.push({ type: 'build', space });
      if (decision.offersLeft > 0) out.push(...tradeMenu(state, seat));
      return out;
    }
    case 'answerTrade':
      return [{ type: 'acceptTrade' }, { type: 'rejectTrade' }];
    case 'bid': {
      const none = decision.lot.map(() => 0);
      const out: GotopolyAction[] = [{ type: 'bid', bids: none }];
      decision.lot.forEach((space, k) => {
        const price = propertyAt(LONDON, space)!.price;
        for (const amount of [Math.ceil(price / 2), price]) {
          if (amount <= decision.cash) out.push({ type: 'bid', bids: none.map((_, j) => (j === k ? amount : 0)) });
        }
      });
      return out;
    }
    case 'jail': {
      const student = state.students[seat]!;
      const out: GotopolyAction[] = [{ type: 'serve' }];
      if (student.cash >= state.config.bail) out.push({ type: 'payBail' });
      if (jailCardOf(student)) out.push({ type: 'useJailCard' });
      return out;
    }
    case 'token':
      return [...new Set(decision.tokens)].map((token) => ({ type: 'move', token }));
    case 'study':
      return [{ type: 'study' }, { type: 'work' }];
    case 'station':
      return state.students[seat]!.cash >= decision.fare
        ? [{ type: 'goHome' }, { type: 'sleepRough' }]
        : [{ type: 'sleepRough' }];
    case 'utility':
      return state.students[seat]!.cash >= decision.bill
        ? [{ type: 'payBill' }, { type: 'takeRisk' }]
        : [{ type: 'takeRisk' }];
    case 'bankrupt':
      return [{ type: 'restart' }, { type: 'retire' }];
  }
}

/** Single-property trades at list price with every other uncle, where both sides could afford them. */
function tradeMenu(state: GotopolyPublic, seat: SeatId): GotopolyAction[] {
  const out: GotopolyAction[] = [];
  const mine = LONDON.properties.filter((s) => state.estates[s]!.owner === seat && isTradable(state.estates, s));
  for (let to = 0; to < state.uncles.length; to++) {
    if (to === seat) continue;
    const theirs = LONDON.properties.filter((s) => state.estates[s]!.owner === to && isTradable(state.estates, s));
    const offer = (give: number[], take: number[], giveCash: number, takeCash: number): GotopolyAction => ({
      type: 'offerTrade',
      to,
      give,
      take,
      giveCash,
      takeCash,
    });
    for (const g of mine) {
      const price = propertyAt(LONDON, g)!.price;
      if (state.uncles[to]!.cash >= price) out.push(offer([g], [], 0, price));
      for (const t of theirs) out.push(offer([g], [t], 0, 0));
    }
    for (const t of theirs) {
      const price = propertyAt(LONDON, t)!.price;
      if (state.uncles[seat]!.cash >= price) out.push(offer([], [t], price, 0));
    }
  }
  return out;
}
