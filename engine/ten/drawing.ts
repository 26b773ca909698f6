import type { SeatId } from '../core/types';
import { openAuction } from './auction';
import { cardById, isJoker } from './cards';
import type { Draft } from './draft';
import { bust } from './rewards';

/** T3: the running total of a tableau and its currency alone. */
export function tableauTotals(tableau: readonly string[]): { total: number; currency: number } {
  let numbers = 0;
  let currency = 0;
  for (const id of tableau) {
    const card = cardById(id);
    if (card.kind === 'number') numbers += card.number;
    else if (card.kind === 'currency') currency += card.value;
  }
  return { total: numbers - currency, currency };
}

/**
 * T3: "Bust when total ≥ 11, or when the currency cards alone sum to ≥ 11. Checked after every card." Numbers are
 * checked first: a card can only raise one of the two, so at most one condition becomes true on a draw.
 */
export function bustCause(tableau: readonly string[]): 'numbers' | 'currency' | null {
  const { total, currency } = tableauTotals(tableau);
  if (total >= 11) return 'numbers';
  if (currency >= 11) return 'currency';
  return null;
}

/** Starts `seat`'s turn: "The first card of a turn is always drawn" (T3) — drawing is the only choice until then. */
export function startTurn(d: Draft, seat: SeatId): void {
  d.current = seat;
  d.turn += 1;
  d.emit({ type: 'turnStarted', seat, turn: d.turn });
  d.stage = { kind: 'draw', opened: false, total: 0, currency: 0 };
}

/**
 * Draws the top card. A joker interrupts with an auction (T7); a number or currency card joins the tableau and the
 * running total is checked (T3). The last card of the deck triggers the end (T8).
 */
export function drawCard(d: Draft): void {
  const seat = d.current;
  const id = d.deck[0]!;
  d.deck = d.deck.slice(1);
  if (d.deck.length === 0) d.deckOut = true;
  const card = cardById(id);
  if (!isJoker(card)) d.tableau = [...d.tableau, id];
  const { total, currency } = tableauTotals(d.tableau);
  d.emit({ type: 'drew', seat, card: id, total, currency, left: d.deck.length });
  if (d.deck.length === 0) d.emit({ type: 'deckEmpty', seat });
  if (isJoker(card)) return openAuction(d, id);
  const cause = bustCause(d.tableau);
  if (cause) return bust(d, cause);
  d.stage = { kind: 'draw', opened: true, total, currency };
}
