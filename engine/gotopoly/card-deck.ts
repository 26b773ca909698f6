import type { SeatId } from '../core/types';
import type { Card, DeckName } from './cards';
import { POLY_FIED_DECKS } from './decks/poly-fied';
import type { Draft } from './draft';
import { sendToJail } from './jail';
import { advance } from './movement';
import { routeOffset } from './ring';
import type { KeptCard, Student } from './state';

const CARDS: ReadonlyMap<string, Card> = new Map(
  [...POLY_FIED_DECKS.chance, ...POLY_FIED_DECKS.chest].map((card) => [card.id, card]),
);

export function cardById(id: string): Card {
  const card = CARDS.get(id);
  if (!card) throw new Error(`internal: no card "${id}"`);
  return card;
}

/** G13: "Decks are shuffled from the seed." */
export function shuffledDecks(
  shuffle: <T>(items: readonly T[]) => T[],
): Record<DeckName, { draw: string[]; discard: string[] }> {
  return {
    chance: { draw: shuffle(POLY_FIED_DECKS.chance.map((c) => c.id)), discard: [] },
    chest: { draw: shuffle(POLY_FIED_DECKS.chest.map((c) => c.id)), discard: [] },
  };
}

/** Cards a student keeps instead of discarding at once. */
const isKeptCard = (card: Card): boolean => card.effect.kind === 'jailFree' || card.effect.kind === 'railcard';

const keptKind = (kept: KeptCard) => cardById(kept.card).effect.kind;
export const hasRailcard = (student: Pick<Student, 'kept'>): boolean =>
  student.kept.some((k) => keptKind(k) === 'railcard');
export const jailCardOf = (student: Pick<Student, 'kept'>): KeptCard | undefined =>
  student.kept.find((k) => keptKind(k) === 'jailFree');

/** A kept card goes back to its deck's discard pile (used to leave jail, or its holder left the course). */
export function returnKeptCard(d: Draft, seat: SeatId, kept: KeptCard): void {
  const student = d.student(seat);
  const k = student.kept.indexOf(kept);
  d.updateStudent(seat, { kept: student.kept.filter((_, i) => i !== k) });
  const deck = d.decks[kept.deck];
  d.decks[kept.deck] = { ...deck, discard: [...deck.discard, kept.card] };
}

/** The top card of a deck; G13: "reshuffled when empty" — the discard pile, shuffled from the seed, becomes the deck. */
function takeTopCard(d: Draft, name: DeckName): Card {
  let deck = d.decks[name];
  if (deck.draw.length === 0) {
    deck = { draw: d.shuffle(deck.discard), discard: [] };
    d.emit({ type: 'deckReshuffled', deck: name });
  }
  const [top, ...rest] = deck.draw;
  d.decks[name] = { ...deck, draw: rest };
  return cardById(top!);
}

/**
 * Seed 4.1: "You get a random card from a Poly-fied version of the original card set." Applies its effect; returns
 * true when the card moved the student (the new space is then acted on).
 */
export function drawCard(d: Draft, seat: SeatId, name: DeckName): boolean {
  const card = takeTopCard(d, name);
  d.emit({ type: 'cardDrawn', seat, deck: name, card: card.id, text: card.text });
  const student = d.student(seat);
  if (isKeptCard(card)) {
    d.updateStudent(seat, { kept: [...student.kept, { deck: name, card: card.id }] });
  } else {
    const deck = d.decks[name];
    d.decks[name] = { ...deck, discard: [...deck.discard, card.id] };
  }
  const effect = card.effect;
  switch (effect.kind) {
    case 'collect':
      d.transfer('bank', { student: seat }, effect.amount, 'card');
      return false;
    case 'pay':
      d.transfer({ student: seat }, 'bank', effect.amount, 'card');
      return false;
    case 'moveTo': {
      const target = routeOffset(d.board.indexOf.get(effect.space)!);
      advance(d, seat, stepsAhead(student.progress, target), 'card');
      return true;
    }
    case 'nextStation': {
      const here = student.progress;
      const steps = Math.min(...[...d.board.stationOrder.keys()].map((s) => stepsAhead(here, routeOffset(s))));
      advance(d, seat, steps, 'card');
      return true;
    }
    case 'moveBy':
      advance(d, seat, effect.steps, 'card');
      return true;
    case 'goToJail':
      sendToJail(d, seat, 'card');
      return false;
    case 'risk':
    case 'returnRisk': {
      const risk = effect.kind === 'risk' ? student.risk + effect.count : Math.max(0, student.risk - effect.count);
      d.updateStudent(seat, { risk });
      d.emit({ type: 'riskChanged', seat, risk });
      return false;
    }
    case 'jailFree':
    case 'railcard':
      return false;
  }
}

/** Spaces forward from route position `progress` to the route offset `target` (a full lap when already there). */
function stepsAhead(progress: number, target: number): number {
  const here = ((progress % 40) + 40) % 40;
  return (((target - here) % 40) + 40) % 40 || 40;
}
