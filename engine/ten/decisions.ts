import type { SeatId } from '../core/types';
import { bidRange } from './auction';
import { heldNumbers, numberKey } from './buying';
import { cardById, type NumberCard } from './cards';
import type { Payment, TenAction, TenPlayer, TenView } from './state';

type Public = Omit<TenView, 'viewer'>;

/** Who must decide what now (Ten never has simultaneous decisions). */
export type TenDecision =
  | { seat: SeatId; kind: 'draw'; canDraw: boolean; canStop: boolean; total: number; currency: number }
  | { seat: SeatId; kind: 'bid'; joker: string; high: number; min: number; max: number }
  | { seat: SeatId; kind: 'pay'; joker: string; price: number }
  | { seat: SeatId; kind: 'buy'; final: boolean };

export const DECISION_FOR: Record<TenAction['type'], TenDecision['kind']> = {
  draw: 'draw',
  takeNumbers: 'draw',
  takeCurrency: 'draw',
  bid: 'bid',
  pass: 'bid',
  pay: 'pay',
  buy: 'buy',
  endTurn: 'buy',
};

export function decisionOf(state: Public): TenDecision | null {
  const { stage } = state;
  switch (stage.kind) {
    case 'over':
      return null;
    case 'draw':
      return {
        seat: state.current,
        kind: 'draw',
        canDraw: state.deckCount > 0,
        canStop: stage.opened,
        total: stage.total,
        currency: stage.currency,
      };
    case 'auction': {
      const seat = stage.bidders[stage.index]!;
      return { seat, kind: 'bid', joker: stage.joker, high: stage.high?.amount ?? 0, ...bidRange(state, seat) };
    }
    case 'pay':
      return { seat: stage.seat, kind: 'pay', joker: stage.joker, price: stage.price };
    case 'buy':
      return { seat: stage.seat, kind: 'buy', final: stage.final };
  }
}

/**
 * Payments of `price` that waste nothing (no token, bust token or card could be left out), spending tokens before
 * cards; the cards offered are the earliest collected. `apply` accepts any payment within T5.
 */
export function paymentMenu(player: TenPlayer, price: number, bustValue: number, exclude?: string): Payment[] {
  const out: Payment[] = [];
  const cards = exclude === undefined ? player.collection : player.collection.filter((c) => c !== exclude);
  for (let bust = 0; bust <= player.bustTokens; bust++) {
    const afterBust = price - bust * bustValue;
    if (bust > 0 && afterBust + bustValue <= 0) break; // the previous bust token already covered the price
    for (let used = 0; used <= cards.length; used++) {
      const tokens = Math.max(0, afterBust - used);
      if (tokens > player.tokens) continue;
      if (used > 0 && afterBust - used < 0) break; // a card that pays for nothing
      out.push({ tokens, bustTokens: bust, cards: cards.slice(0, used) });
      if (tokens === 0) break;
    }
  }
  return out;
}

/** Every legal action of `seat` (a representative menu of payments; see paymentMenu). */
export function legalActions(state: Public, seat: SeatId): TenAction[] {
  const decision = decisionOf(state);
  if (!decision || decision.seat !== seat) return [];
  const player = state.players[seat]!;
  const bustValue = state.config.bustTokenValue;
  switch (decision.kind) {
    case 'draw': {
      const out: TenAction[] = decision.canDraw ? [{ type: 'draw' }] : [];
      if (decision.canStop) out.push({ type: 'takeNumbers' }, { type: 'takeCurrency' });
      return out;
    }
    case 'bid': {
      const out: TenAction[] = [{ type: 'pass' }];
      for (let amount = decision.min; amount <= decision.max; amount++) out.push({ type: 'bid', amount });
      return out;
    }
    case 'pay':
      return paymentMenu(player, decision.price, bustValue).map((payment) => ({ type: 'pay', payment }));
    case 'buy': {
      const out: TenAction[] = [{ type: 'endTurn' }];
      const held = heldNumbers(player);
      for (const id of new Set(state.market)) {
        const card = cardById(id) as NumberCard;
        if (held.has(numberKey(card))) continue;
        for (const payment of paymentMenu(player, card.number, bustValue)) out.push({ type: 'buy', card: id, payment });
      }
      return out;
    }
  }
}
