import { cardById, type Card, type TenEvent } from '../../engine/ten';
import { listNames } from '../lib/seats';

/**
 * The running log of a Ten game in plain English, built only from the engine's events: "Ada drew Red 5 (total 7)",
 * "Bao bid 3 for White #", "Ada bought Blue 4 for 4"… Events another event already tells give null.
 */

const COLOUR_NAME: Readonly<Record<string, string>> = { red: 'Red', blue: 'Blue', orange: 'Orange', green: 'Green' };

/** A card in words: "Red 5", "Red #" (colour joker), "White 5" (any colour), "White #" (anything), "Currency 3". */
export function cardLabel(card: Card): string {
  switch (card.kind) {
    case 'number':
      return `${COLOUR_NAME[card.colour]} ${card.number}`;
    case 'colourJoker':
      return `${COLOUR_NAME[card.colour]} #`;
    case 'whiteJoker':
      return `White ${card.number}`;
    case 'wild':
      return 'White #';
    case 'currency':
      return `Currency ${card.value}`;
  }
}

/** The label of a card id, tolerating unknown ids (a record from another version). */
export function cardIdLabel(id: string): string {
  try {
    return cardLabel(cardById(id));
  } catch {
    return id;
  }
}

const seatName = (names: readonly string[], seat: number): string => names[seat] ?? `Seat ${seat + 1}`;
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const cards = (ids: readonly string[]): string => listNames(ids.map(cardIdLabel));

/** One event as a sentence, or null when another event tells it. */
export function describeTenEvent(event: TenEvent, names: readonly string[]): string | null {
  const who = (seat: number) => seatName(names, seat);
  switch (event.type) {
    case 'turnStarted':
      return `Turn ${event.turn}: ${who(event.seat)} draws`;
    case 'drew': {
      const card = cardById(event.card);
      if (card.kind !== 'number' && card.kind !== 'currency') return `${who(event.seat)} drew a joker: ${cardLabel(card)}`;
      return `${who(event.seat)} drew ${cardLabel(card)}: total ${event.total}, currency ${event.currency}`;
    }
    case 'busted':
      return event.cause === 'numbers'
        ? `${who(event.seat)} busted: the total reached ${event.total}`
        : `${who(event.seat)} busted: the currency cards reached ${event.currency}`;
    case 'tookNumbers':
      return event.cards.length ? `${who(event.seat)} took ${cards(event.cards)}` : `${who(event.seat)} stopped with no number cards`;
    case 'tookCurrency':
      return `${who(event.seat)} took the currency: ${event.value}`;
    case 'gained':
      if (event.amount === 0 && event.lost === 0) return null;
      return `${who(event.seat)} gained ${plural(event.amount, 'token')}${event.lost > 0 ? ` (${event.lost} lost: cap or empty supply)` : ''}`;
    case 'bustToken':
      return event.received ? `${who(event.seat)} took a bust token` : `No bust token left for ${who(event.seat)}`;
    case 'toMarket':
      return `To the market: ${cards(event.cards)}`;
    case 'discarded':
      return `Discarded: ${cards(event.cards)}`;
    case 'auctionOpened':
      return `Auction for ${cardIdLabel(event.joker)}: ${event.bidders.map(who).join(', ')} bid in turn`;
    case 'bid':
      return `${who(event.seat)} bid ${event.amount}`;
    case 'passed':
      return `${who(event.seat)} passed`;
    case 'auctionWon':
      return `${who(event.seat)} won ${cardIdLabel(event.joker)} for ${event.price}`;
    case 'jokerDiscarded':
      return `Nobody bid: ${cardIdLabel(event.joker)} is discarded`;
    case 'paid': {
      const parts: string[] = [];
      if (event.tokens) parts.push(plural(event.tokens, 'token'));
      if (event.bustTokens) parts.push(plural(event.bustTokens, 'bust token'));
      if (event.cards.length) parts.push(cards(event.cards));
      const lost = event.lost > 0 ? ` (${event.lost} lost)` : '';
      return `${who(event.seat)} paid ${event.price} with ${parts.length ? listNames(parts) : 'nothing'}${lost}`;
    }
    case 'bought':
      return `${who(event.seat)} bought ${cardIdLabel(event.card)} for ${event.price}`;
    case 'buyPhaseEnded':
      return event.bought ? null : `${who(event.seat)} bought nothing`;
    case 'deckEmpty':
      return `${who(event.seat)} drew the last card`;
    case 'finalRound':
      return `Final buy round: ${event.order.map(who).join(', ')}`;
    case 'gameEnded': {
      const top = event.scores.find((s) => s.seat === event.winners[0]);
      const points = top ? ` with ${plural(top.points, 'point')}` : '';
      if (event.newBest !== undefined) return `Game over: ${who(event.scores[0]?.seat ?? 0)} scored ${top?.points ?? 0}${event.newBest ? ', a new best!' : ''}`;
      return event.winners.length === 1
        ? `Game over: ${who(event.winners[0]!)} wins${points}`
        : `Game over: shared win for ${listNames(event.winners.map(who))}${points} each`;
    }
  }
}
