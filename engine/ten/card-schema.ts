import { z } from 'zod';
import { ConfigError } from '../core/errors';
import { COLOURS } from './cards';

/** A card of kind `kind`: its id, the fields of its kind, and the player count from which it is in the deck. */
function card<K extends string, F extends z.ZodRawShape>(kind: K, fields: F) {
  return z.object({ kind: z.literal(kind), id: z.string(), ...fields, from: z.number().int() }).strict();
}

/**
 * T1: every card of the 129-card deck. Number cards and colour `#` jokers belong to a colour; white jokers are
 * either a fixed number in any colour or the full `#` (anything); currency cards lower the running total (T3).
 * `from` is the player count from which the card is in the deck (T2: 4 = the "4+" symbol, 3 = the "3" symbol).
 */
const cardSchema = z.discriminatedUnion('kind', [
  card('number', { colour: z.enum(COLOURS), number: z.number().int().min(1).max(9) }),
  card('colourJoker', { colour: z.enum(COLOURS) }),
  card('whiteJoker', { number: z.number().int().min(1).max(9) }),
  card('wild', {}),
  card('currency', { value: z.number().int().min(1).max(5) }),
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
