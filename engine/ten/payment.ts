import { RuleError } from '../core/errors';
import type { SeatId } from '../core/types';
import type { TenRules } from './config';
import type { Draft } from './draft';
import type { Payment, TenPlayer } from './state';

/** T5: the most a player can pay: tokens (1 each), bust tokens (3 each) and collected cards (1 each). */
export function capacityOf(player: TenPlayer, rules: Pick<TenRules, 'bustTokenValue'>): number {
  return player.tokens + player.bustTokens * rules.bustTokenValue + player.collection.length;
}

export const paymentValue = (p: Payment, rules: Pick<TenRules, 'bustTokenValue'>): number =>
  p.tokens + p.bustTokens * rules.bustTokenValue + p.cards.length;

/** Why `player` cannot make this payment of `price`, or null. */
export function paymentRefusal(
  player: TenPlayer,
  payment: Payment,
  price: number,
  rules: Pick<TenRules, 'bustTokenValue'>,
): RuleError | null {
  if (payment.tokens > player.tokens)
    return new RuleError('CANNOT_AFFORD', `only ${player.tokens} currency tokens held`);
  if (payment.bustTokens > player.bustTokens)
    return new RuleError('CANNOT_AFFORD', `only ${player.bustTokens} bust tokens held`);
  if (new Set(payment.cards).size !== payment.cards.length)
    return new RuleError('BAD_PAYMENT', 'a card is named twice');
  const missing = payment.cards.find((c) => !player.collection.includes(c));
  if (missing) return new RuleError('BAD_PAYMENT', `card ${missing} is not in the collection`, { card: missing });
  const value = paymentValue(payment, rules);
  if (value < price)
    return new RuleError('UNDERPAID', `the price is ${price}; this payment is worth ${value} (T5)`, { price, value });
  return null;
}

/**
 * T5: "A price is paid with any mix of currency tokens (1 each), bust tokens (3 each, no change given) and collected
 * cards (1 each; the card leaves the player's collection to the discard pile). Overpayment is lost." Spent tokens
 * return to the supply.
 * @throws RuleError CANNOT_AFFORD, BAD_PAYMENT, UNDERPAID
 */
export function pay(d: Draft, seat: SeatId, payment: Payment, price: number): void {
  const player = d.player(seat);
  const refusal = paymentRefusal(player, payment, price, d.rules);
  if (refusal) throw refusal;
  d.updatePlayer(seat, {
    tokens: player.tokens - payment.tokens,
    bustTokens: player.bustTokens - payment.bustTokens,
    collection: player.collection.filter((c) => !payment.cards.includes(c)),
  });
  d.supply = { tokens: d.supply.tokens + payment.tokens, bustTokens: d.supply.bustTokens + payment.bustTokens };
  if (payment.cards.length) d.discard = [...d.discard, ...payment.cards];
  const lost = paymentValue(payment, d.rules) - price;
  d.emit({
    type: 'paid',
    seat,
    price,
    tokens: payment.tokens,
    bustTokens: payment.bustTokens,
    cards: [...payment.cards],
    lost,
  });
}
