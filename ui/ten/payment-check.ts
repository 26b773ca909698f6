import { paymentValue, type Payment, type TenPlayer, type TenRules } from '../../engine/ten';

/**
 * T5, as the engine checks a payment (engine/ten/payment.ts): enough tokens and bust tokens held, each card named once
 * and in the collection, worth at least the price. `lost` is the overpayment that no change gives back.
 */
export function checkPayment(
  player: TenPlayer,
  payment: Payment,
  price: number,
  rules: Pick<TenRules, 'bustTokenValue'>,
): { ok: true; lost: number } | { ok: false; error: string } {
  if (!Number.isInteger(payment.tokens) || payment.tokens < 0 || payment.tokens > player.tokens) {
    return { ok: false, error: `you hold ${player.tokens} token${player.tokens === 1 ? '' : 's'}` };
  }
  if (!Number.isInteger(payment.bustTokens) || payment.bustTokens < 0 || payment.bustTokens > player.bustTokens) {
    return { ok: false, error: `you hold ${player.bustTokens} bust token${player.bustTokens === 1 ? '' : 's'}` };
  }
  if (new Set(payment.cards).size !== payment.cards.length) return { ok: false, error: 'a card is named twice' };
  if (payment.cards.some((c) => !player.collection.includes(c))) return { ok: false, error: 'a card is not in your collection' };
  const value = paymentValue(payment, rules);
  if (value < price) return { ok: false, error: `${price - value} short` };
  return { ok: true, lost: value - price };
}
