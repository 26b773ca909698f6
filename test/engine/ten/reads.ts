/** Reading a Ten state or its events in tests: the pending decision, tokens by seat, cards by event. */
import { expect } from 'vitest';
import type { SeatId } from '../../../engine';
import { cardById, ten, type GainReason, type TenDecision, type TenEvent, type TenState } from '../../../engine/ten';

export { ofType } from '../game-checks';

/** The single pending decision (Ten never has simultaneous ones). */
export function pendingOf(state: TenState): TenDecision {
  const pending = ten.pending(state);
  if (pending.length !== 1) throw new Error(`expected one pending decision, got ${pending.length}`);
  return pending[0] as TenDecision;
}

/** The `gained` events of `reason`, one per [seat, amount, lost], in order. */
export const gains = (reason: GainReason, ...rows: (readonly [seat: SeatId, amount: number, lost: number])[]) =>
  rows.map(([seat, amount, lost]) => ({ type: 'gained' as const, seat, amount, lost, reason }));

/** Black currency tokens of every seat, by seat. */
export const tokensOf = (state: TenState): number[] => state.players.map((p) => p.tokens);

/** Bust tokens of every seat, by seat. */
export const bustTokensOf = (state: TenState): number[] => state.players.map((p) => p.bustTokens);

/** Every black token at the table: the supply plus every player's (no token is ever created or destroyed except lost gains). */
export const tokensInPlay = (state: TenState): number =>
  state.supply.tokens + state.players.reduce((s, p) => s + p.tokens, 0);

/** The card ids in a list of events of one type, flattened (e.g. every `toMarket` card). */
export function cardsIn(events: readonly TenEvent[], type: 'toMarket' | 'discarded' | 'tookNumbers'): string[] {
  return events.flatMap((e) => (e.type === type ? e.cards : []));
}

/** The value of a currency card (its effect on the running total). */
export function currencyValue(id: string): number {
  const card = cardById(id);
  if (card.kind !== 'currency') throw new Error(`${id} is not a currency card`);
  return card.value;
}

/** The seat that must decide now (fails the test if none). */
export function pendingSeat(state: TenState): SeatId {
  const [decision] = ten.pending(state);
  expect(decision).toBeDefined();
  return decision!.seat;
}
