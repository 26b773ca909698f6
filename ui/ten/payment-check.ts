import { paymentValue, type Payment, type TenPlayer, type TenRules } from '../../engine/ten';

/** What is wrong with a payment: a message key of Ten's `payment` messages, with its number. */
export interface PaymentProblem {
  readonly key: 'holdTokens' | 'holdBust' | 'twice' | 'notYours' | 'short';
  readonly n: number;
}

/**
 * T5, as the engine checks a payment (engine/ten/payment.ts): enough tokens and bust tokens held, each card named once
 * and in the collection, worth at least the price. `lost` is the overpayment that no change gives back.
 */
export function checkPayment(
  player: TenPlayer,
  payment: Payment,
  price: number,
  rules: Pick<TenRules, 'bustTokenValue'>,
): { ok: true; lost: number } | { ok: false; problem: PaymentProblem } {
  if (!Number.isInteger(payment.tokens) || payment.tokens < 0 || payment.tokens > player.tokens) {
    return { ok: false, problem: { key: 'holdTokens', n: player.tokens } };
  }
  if (!Number.isInteger(payment.bustTokens) || payment.bustTokens < 0 || payment.bustTokens > player.bustTokens) {
    return { ok: false, problem: { key: 'holdBust', n: player.bustTokens } };
  }
  if (new Set(payment.cards).size !== payment.cards.length) return { ok: false, problem: { key: 'twice', n: 0 } };
  if (payment.cards.some((c) => !player.collection.includes(c)))
    return { ok: false, problem: { key: 'notYours', n: 0 } };
  const value = paymentValue(payment, rules);
  if (value < price) return { ok: false, problem: { key: 'short', n: price - value } };
  return { ok: true, lost: value - price };
}
