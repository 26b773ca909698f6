/**
 * The table's latest bust, from the game's events, for the notice that keeps it in view: whoever busted, why, the card
 * that did it and the cards the tableau lost. A bust clears the tableau at once (rules T3), so without this the
 * player would never see why their turn ended.
 */
import type { GameEvent, SeatId } from '../../engine/core';
import type { TenEvent } from '../../engine/ten';

export interface LastBust {
  /** The `busted` event's index among the game's events: which bust this is (a dismissed one stays dismissed). */
  readonly at: number;
  readonly seat: SeatId;
  readonly cause: 'numbers' | 'currency';
  readonly total: number;
  readonly currency: number;
  /** The card whose draw busted, if the events hold it. */
  readonly card: string | null;
  /** Every card the tableau lost: to the market, and (currency) to the discard pile. */
  readonly lost: readonly string[];
}

/**
 * The latest bust while it is news: until the busting seat draws again (its next turn under way — however fast the
 * seats between play, the player sees it when their turn comes round). Null when there is none.
 */
export function lastBust(events: readonly GameEvent[]): LastBust | null {
  const ten = events as readonly TenEvent[];
  const drewSince = new Set<SeatId>();
  for (let i = ten.length - 1; i >= 0; i--) {
    const e = ten[i]!;
    if (e.type === 'drew') drewSince.add(e.seat);
    if (e.type !== 'busted') continue;
    if (drewSince.has(e.seat)) return null;
    let card: string | null = null;
    for (let j = i - 1; j >= 0; j--) {
      const drew = ten[j]!;
      if (drew.type === 'drew' && drew.seat === e.seat) {
        card = drew.card;
        break;
      }
      if (drew.type === 'turnStarted') break;
    }
    const lost: string[] = [];
    for (let j = i + 1; j < ten.length; j++) {
      const after = ten[j]!;
      if (after.type === 'toMarket' || after.type === 'discarded') lost.push(...after.cards);
      else if (after.type !== 'bustToken') break;
    }
    return { at: i, seat: e.seat, cause: e.cause, total: e.total, currency: e.currency, card, lost };
  }
  return null;
}
