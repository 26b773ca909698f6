import type { Card } from './card-schema';

export const COLOURS = ['red', 'blue', 'orange', 'green'] as const;
export type Colour = (typeof COLOURS)[number];
export type { Card };

export type NumberCard = Extract<Card, { kind: 'number' }>;
export type JokerCard = Extract<Card, { kind: 'colourJoker' | 'whiteJoker' | 'wild' }>;
export type CurrencyCard = Extract<Card, { kind: 'currency' }>;

export const isJoker = (card: Card): card is JokerCard =>
  card.kind === 'colourJoker' || card.kind === 'whiteJoker' || card.kind === 'wild';

const COPY = ['a', 'b', 'c'] as const;

/**
 * T1/T2 as data: per colour three each of 1–6 (the third copy "4+", and for 1–3 the second copy "3"), one each of
 * 7–9 and two colour `#` jokers; white jokers 1–9 and one white `#`; currency 1×7, 2×6, 3×6, 4×4, 5×4, of which the
 * last copy of each value is "4+" and the one before it "3".
 */
function buildDeck(): Card[] {
  const cards: Card[] = [];
  for (const colour of COLOURS) {
    for (let number = 1; number <= 9; number++) {
      const copies = number <= 6 ? 3 : 1;
      for (let k = 0; k < copies; k++) {
        const from = k === 2 ? 4 : k === 1 && number <= 3 ? 3 : 1;
        cards.push({ kind: 'number', id: `${colour}-${number}${copies > 1 ? COPY[k] : ''}`, colour, number, from });
      }
    }
    for (const k of [0, 1]) cards.push({ kind: 'colourJoker', id: `${colour}-joker-${COPY[k]}`, colour, from: 1 });
  }
  for (let number = 1; number <= 9; number++)
    cards.push({ kind: 'whiteJoker', id: `white-${number}`, number, from: 1 });
  cards.push({ kind: 'wild', id: 'white-wild', from: 1 });
  for (const [value, count] of [
    [1, 7],
    [2, 6],
    [3, 6],
    [4, 4],
    [5, 4],
  ] as const) {
    for (let k = 0; k < count; k++) {
      const from = k === count - 1 ? 4 : k === count - 2 ? 3 : 1;
      cards.push({ kind: 'currency', id: `currency-${value}-${k + 1}`, value, from });
    }
  }
  return cards;
}

/**
 * The full deck: typed data, read as it is (a browser shows the cards without loading zod); setupTen validates it
 * against the cards' schema (card-schema.ts) when a game is set up, as test/engine/shipped-data.test.ts does.
 */
export const TEN_DECK: readonly Card[] = buildDeck();

const BY_ID: ReadonlyMap<string, Card> = new Map(TEN_DECK.map((c) => [c.id, c]));

/** The card with this id. @throws Error for an unknown id (ids come from the engine's own deck). */
export function cardById(id: string): Card {
  const card = BY_ID.get(id);
  if (!card) throw new Error(`internal: no Ten card "${id}"`);
  return card;
}

const DECKS: readonly (readonly Card[])[] = [2, 2, 2, 3, 4, 5].map((table) => TEN_DECK.filter((c) => c.from <= table));

/** T2: the deck for a player count (1 player uses the 2-player deck, T10). */
export function deckFor(players: number): readonly Card[] {
  const deck = DECKS[players];
  if (!deck) throw new Error(`internal: no Ten deck for ${players} players`);
  return deck;
}
