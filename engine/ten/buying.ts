import { RuleError } from '../core/errors';
import type { SeatId } from '../core/types';
import { cardById, type NumberCard } from './cards';
import type { Draft } from './draft';
import { pay } from './payment';
import type { Payment, TenPlayer } from './state';
import { afterBuyPhase } from './turn-end';

/**
 * T6: "Not allowed: a card whose colour and number match one the player already holds." Jokers have no fixed colour
 * and number, so they never block a purchase.
 */
export function holdsSame(player: TenPlayer, card: NumberCard): boolean {
  return heldNumbers(player).has(numberKey(card));
}

const COLOUR_KEY: Readonly<Record<NumberCard['colour'], number>> = { red: 0, blue: 10, orange: 20, green: 30 };

/** A number card's colour and number as one small integer (red 4 → 4, blue 4 → 14). */
export const numberKey = (card: NumberCard): number => COLOUR_KEY[card.colour] + card.number;

/**
 * The colour+number keys of the number cards a player holds (a fresh set the caller may extend). Memoised by the
 * collection's array, which the engine replaces whenever the collection changes.
 */
export function heldNumbers(player: TenPlayer): Set<number> {
  let keys = heldKeys.get(player.collection);
  if (!keys) {
    keys = [];
    for (const id of player.collection) {
      const card = cardById(id);
      if (card.kind === 'number') keys.push(numberKey(card));
    }
    heldKeys.set(player.collection, keys);
  }
  return new Set(keys);
}
const heldKeys = new WeakMap<readonly string[], number[]>();

/**
 * T6: one card from the market per buy phase, at its number in currency (T5).
 * @throws RuleError NOT_IN_MARKET, DUPLICATE_CARD, and the payment's codes
 */
export function buy(d: Draft, seat: SeatId, cardId: string, payment: Payment): void {
  if (!d.market.includes(cardId))
    throw new RuleError('NOT_IN_MARKET', `card ${cardId} is not in the market`, { card: cardId });
  const card = cardById(cardId) as NumberCard;
  if (holdsSame(d.player(seat), card)) {
    throw new RuleError('DUPLICATE_CARD', `seat ${seat + 1} already holds a ${card.colour} ${card.number} (T6)`, {
      card: cardId,
    });
  }
  if (payment.cards.includes(cardId)) throw new RuleError('BAD_PAYMENT', 'a card cannot pay for itself');
  pay(d, seat, payment, card.number);
  d.market = d.market.filter((id) => id !== cardId);
  d.updatePlayer(seat, { collection: [...d.player(seat).collection, cardId] });
  d.emit({ type: 'bought', seat, card: cardId, price: card.number });
  d.emit({ type: 'buyPhaseEnded', seat, bought: true });
  afterBuyPhase(d);
}

/** The player ends the buy phase without buying. */
export function skipBuy(d: Draft, seat: SeatId): void {
  d.emit({ type: 'buyPhaseEnded', seat, bought: false });
  afterBuyPhase(d);
}
