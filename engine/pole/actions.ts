import { z } from 'zod';
import { RuleError } from '../core/errors';
import type { PoleAction } from './state';

const seat = z.number().int().min(0).max(5);

export const poleActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('roll'), l2: z.boolean().optional() }).strict(),
  z.object({ type: z.literal('buy') }).strict(),
  z.object({ type: z.literal('pass') }).strict(),
  z.object({ type: z.literal('flip'), tile: z.number().int().min(0) }).strict(),
  z
    .object({
      type: z.literal('holdings'),
      tiles: z.array(z.object({ tile: z.number().int().min(0), holders: z.array(seat), elsewhere: z.number().int().min(0).optional() }).strict()),
    })
    .strict(),
]);

/** Validates an action from outside. @throws RuleError MALFORMED_ACTION */
export function parsePoleAction(input: unknown): PoleAction {
  const parsed = poleActionSchema.safeParse(input);
  if (!parsed.success) {
    const why = parsed.error.issues.map((i) => `${i.path.join('.') || '(action)'}: ${i.message}`).join('; ');
    throw new RuleError('MALFORMED_ACTION', `not a Tezos Pole action: ${why}`);
  }
  return parsed.data;
}
