import { z } from 'zod';
import { parseAction } from '../core/parse';
import { plainText } from '../core/text';
import type { TenAction } from './state';

const count = z.number().int().min(0).max(1000);
const cardId = plainText(z.string().max(40));
const paymentSchema = z.object({ tokens: count, bustTokens: count, cards: z.array(cardId).max(129) }).strict();
const plain = <T extends string>(type: T) => z.object({ type: z.literal(type) }).strict();

export const tenActionSchema = z.discriminatedUnion('type', [
  plain('draw'),
  plain('takeNumbers'),
  plain('takeCurrency'),
  z.object({ type: z.literal('bid'), amount: z.number().int().min(1).max(1000) }).strict(),
  plain('pass'),
  z.object({ type: z.literal('pay'), payment: paymentSchema }).strict(),
  z.object({ type: z.literal('buy'), card: cardId, payment: paymentSchema }).strict(),
  plain('endTurn'),
]);

/** Validates an action from outside. @throws RuleError MALFORMED_ACTION */
export const parseTenAction = (input: unknown): TenAction => parseAction(tenActionSchema, input, 'Ten');
