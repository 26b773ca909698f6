import { cardById } from './cards';
import type { Draft } from './draft';
import { tableauTotals } from './drawing';
import { endTurn } from './turn-end';

/** Moves the tableau's number cards to the market and its currency cards to the discard pile; returns both. */
function clearTableau(d: Draft, numbersTo: 'market' | 'collection'): { numbers: string[]; currency: string[] } {
  const numbers = d.tableau.filter((id) => cardById(id).kind === 'number');
  const currency = d.tableau.filter((id) => cardById(id).kind === 'currency');
  d.tableau = [];
  if (numbersTo === 'market' && numbers.length) {
    d.market = [...d.market, ...numbers];
    d.emit({ type: 'toMarket', cards: numbers });
  }
  if (currency.length) {
    d.discard = [...d.discard, ...currency];
    d.emit({ type: 'discarded', cards: currency });
  }
  return { numbers, currency };
}

/**
 * Seed "Take a reward": "collect all number cards in the tableau … When a player collects the number cards, every other
 * player at the table collects the tableau's currency value" (T4: capped at ten each; T10: nobody else when alone).
 * A buy phase follows (T6).
 */
export function takeNumbers(d: Draft): void {
  const seat = d.current;
  const { currency: value } = tableauTotals(d.tableau);
  const { numbers } = clearTableau(d, 'collection');
  d.updatePlayer(seat, { collection: [...d.player(seat).collection, ...numbers] });
  d.emit({ type: 'tookNumbers', seat, cards: numbers });
  for (const other of d.othersFrom(seat)) d.gainTokens(other, value, 'takeNumbers');
  d.stage = { kind: 'buy', seat, final: false, queue: [] };
}

/**
 * Seed: "When a player collects the currency, they take that many tokens from the supply; the tableau's number cards
 * go to the market. A player who takes the currency has no buy phase."
 */
export function takeCurrency(d: Draft): void {
  const seat = d.current;
  const { currency: value } = tableauTotals(d.tableau);
  clearTableau(d, 'market');
  d.emit({ type: 'tookCurrency', seat, value });
  d.gainTokens(seat, value, 'takeCurrency');
  endTurn(d);
}

/**
 * Seed "Busting": "all number cards in the tableau go to the market. The busting player takes a bust token from the
 * supply. If the bust came from the number cards, the other players collect the tableau's currency value from the
 * supply. If it came from the currency cards, the currency cards go to the discard pile and nobody collects anything."
 */
export function bust(d: Draft, cause: 'numbers' | 'currency'): void {
  const seat = d.current;
  const { total, currency } = tableauTotals(d.tableau);
  d.emit({ type: 'busted', seat, cause, total, currency });
  clearTableau(d, 'market');
  const received = d.supply.bustTokens > 0;
  if (received) {
    d.supply = { ...d.supply, bustTokens: d.supply.bustTokens - 1 };
    d.updatePlayer(seat, { bustTokens: d.player(seat).bustTokens + 1 });
  }
  d.emit({ type: 'bustToken', seat, received });
  if (cause === 'numbers') for (const other of d.othersFrom(seat)) d.gainTokens(other, currency, 'bust');
  endTurn(d);
}
