import { z } from 'zod';
import { ConfigError } from '../core/errors';
import { parseOrRefuse } from '../core/issues';
import { plainText } from '../core/text';
import type { Board } from './ring';

/**
 * G13: Chance and Community Chest cards are data — printed text plus one effect from a small vocabulary, in the same
 * style as Tezos Pole's event tiles. Card moves go forward along the students' anticlockwise route unless `steps` is
 * negative, cost no fare (only a move token's spaces are paid for, G6) and collect nothing at GO (G12).
 */
const cardId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a lowercase slug (a-z, 0-9, -)');
const pounds = z.number().int('must be whole pounds').positive();

export const cardEffectSchema = z.discriminatedUnion('kind', [
  /** The bank pays the student. */
  z.object({ kind: z.literal('collect'), amount: pounds }).strict(),
  /** The student pays the bank (this can put the student in the red, G15). */
  z.object({ kind: z.literal('pay'), amount: pounds }).strict(),
  /** Go forward along the route to a named space. */
  z.object({ kind: z.literal('moveTo'), space: cardId }).strict(),
  /** Go forward to the next station along the route. */
  z.object({ kind: z.literal('nextStation') }).strict(),
  /** Move this many spaces: forward (> 0) or back (< 0). */
  z
    .object({
      kind: z.literal('moveBy'),
      steps: z
        .number()
        .int()
        .min(-12)
        .max(12)
        .refine((n) => n !== 0, 'must not be 0'),
    })
    .strict(),
  z.object({ kind: z.literal('goToJail') }).strict(),
  /** Kept until used to leave jail (G14), then back to its deck's discard pile. */
  z.object({ kind: z.literal('jailFree') }).strict(),
  /** Kept for good: 40 % off rail fares (G10). */
  z.object({ kind: z.literal('railcard') }).strict(),
  /** Take RISK cards (G14). */
  z.object({ kind: z.literal('risk'), count: z.number().int().min(1).max(3) }).strict(),
  /** Hand back RISK cards, if held. */
  z.object({ kind: z.literal('returnRisk'), count: z.number().int().min(1).max(3) }).strict(),
]);

export const cardSchema = z
  .object({ id: cardId, text: plainText(z.string().min(1).max(200)), effect: cardEffectSchema })
  .strict();
export const deckSchema = z.array(cardSchema).length(16);
export const decksSchema = z.object({ chance: deckSchema, chest: deckSchema }).strict();

export type Card = z.output<typeof cardSchema>;
export type CardEffect = Card['effect'];
export type DeckName = 'chance' | 'chest';
export type Decks = z.output<typeof decksSchema>;

const parsedDecks = new WeakMap<object, { readonly board: Board; readonly decks: Decks }>();

/**
 * Validates both decks against a board (moves must name a space of it; card ids are unique across decks).
 * @throws ConfigError `BAD_DECK` naming the deck, the card and the field at fault.
 */
export function parseDecks(input: unknown, board: Board): Decks {
  if (typeof input === 'object' && input !== null) {
    const cached = parsedDecks.get(input);
    if (cached?.board === board) return cached.decks;
  }
  const decks = parseOrRefuse(
    decksSchema,
    input,
    '(decks)',
    (issues) => new ConfigError('BAD_DECK', 'invalid card decks', issues),
  );
  const issues: string[] = [];
  const seen = new Set<string>();
  for (const deck of ['chance', 'chest'] as const) {
    decks[deck].forEach((card, k) => {
      if (seen.has(card.id)) issues.push(`${deck}.${k} "${card.id}": id: used twice`);
      seen.add(card.id);
      if (card.effect.kind === 'moveTo' && !board.indexOf.has(card.effect.space)) {
        issues.push(`${deck}.${k} "${card.id}": effect.space: no space "${card.effect.space}" on ${board.id}`);
      }
    });
  }
  if (issues.length) throw new ConfigError('BAD_DECK', 'invalid card decks', issues);
  if (typeof input === 'object' && input !== null) parsedDecks.set(input, { board, decks });
  return decks;
}
