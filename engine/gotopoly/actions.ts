import { z } from 'zod';
import { parseAction } from '../core/parse';
import type { GotopolyAction } from './state';

const space = z.number().int().min(0).max(39);
const pounds = z.number().int().min(0).max(1_000_000_000);
const plain = <T extends string>(type: T) => z.object({ type: z.literal(type) }).strict();

export const gotopolyActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('build'), space }).strict(),
  z
    .object({
      type: z.literal('offerTrade'),
      to: z.number().int().min(0).max(5),
      give: z.array(space).max(22),
      take: z.array(space).max(22),
      giveCash: pounds,
      takeCash: pounds,
    })
    .strict(),
  plain('acceptTrade'),
  plain('rejectTrade'),
  plain('endBuild'),
  z.object({ type: z.literal('bid'), bids: z.array(pounds).max(22) }).strict(),
  plain('serve'),
  plain('payBail'),
  plain('useJailCard'),
  z.object({ type: z.literal('move'), token: z.number().int().min(1).max(6) }).strict(),
  plain('study'),
  plain('work'),
  plain('goHome'),
  plain('sleepRough'),
  plain('payBill'),
  plain('takeRisk'),
  plain('restart'),
  plain('retire'),
]);

/** Validates an action from outside. @throws RuleError MALFORMED_ACTION */
export const parseGotopolyAction = (input: unknown): GotopolyAction =>
  parseAction(gotopolyActionSchema, input, 'Gotopoly');
