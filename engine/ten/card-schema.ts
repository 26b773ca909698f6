import { z } from 'zod';
import { ConfigError } from '../core/errors';
import { COLOURS } from './cards';

/**
 * T1: every card of the 129-card deck. Number cards and colour `#` jokers belong to a colour; white jokers are
 * either a fixed number in any colour or the full `#` (anything); currency cards lower the running total (T3).
 * `from` is the player count from which the card is in the deck (T2: 4 = the "4+" symbol, 3 = the "3" symbol).
 */
const cardSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('number'),
      id: z.string(),
      colour: z.enum(COLOURS),
      number: z.number().int().min(1).max(9),
      from: z.number().int(),
    })
    .strict(),
  z
    .object({ kind: z.literal('colourJoker'), id: z.string(), colour: z.enum(COLOURS), from: z.number().int() })
    .strict(),
  z
    .object({
      kind: z.literal('whiteJoker'),
      id: z.string(),
      number: z.number().int().min(1).max(9),
      from: z.number().int(),
    })
    .strict(),
  z.object({ kind: z.literal('wild'), id: z.string(), from: z.number().int() }).strict(),
  z
    .object({
      kind: z.literal('currency'),
      id: z.string(),
      value: z.number().int().min(1).max(5),
      from: z.number().int(),
    })
    .strict(),
]);

export type Card = z.output<typeof cardSchema>;

const tenDeckSchema = z.array(cardSchema).length(129);
const checkedDecks = new WeakSet<readonly Card[]>();

/**
 * Validates the deck the rules play with (TEN_DECK, built in cards.ts): every card's shape, 129 cards, unique ids.
 * Once per deck: a deck already checked is not read again.
 * @throws ConfigError `BAD_DECK`
 */
export function checkTenDeck(deck: readonly Card[]): void {
  if (checkedDecks.has(deck)) return;
  const parsed = tenDeckSchema.safeParse(deck);
  if (!parsed.success)
    throw new ConfigError(
      'BAD_DECK',
      'invalid Ten deck',
      parsed.error.issues.map((i) => i.message),
    );
  if (new Set(parsed.data.map((c) => c.id)).size !== 129)
    throw new ConfigError('BAD_DECK', 'Ten card ids are not unique');
  checkedDecks.add(deck);
}
