import { z } from 'zod';
import { parseAction } from '../core/parse';
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
      // Bounded like a board (at most 80 tiles, 6 seats), so a forged action cannot be arbitrarily large.
      tiles: z
        .array(
          z
            .object({
              tile: z.number().int().min(0),
              holders: z.array(seat).max(6),
              elsewhere: z.number().int().min(0).optional(),
            })
            .strict(),
        )
        .max(80),
    })
    .strict(),
]);

/** Validates an action from outside. @throws RuleError MALFORMED_ACTION */
export const parsePoleAction = (input: unknown): PoleAction => parseAction(poleActionSchema, input, 'Tezos Pole');
