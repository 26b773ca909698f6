/** Extra helpers for the Ten auction, game-end, winning, solo and illegal-action tests. */
import { expect } from 'vitest';
import { ten, type Payment, type TenConfigInput, type TenEvent, type TenPlayer, type TenState } from '../../../engine/ten';
import type { SeatId } from '../../../engine';
import { act, actAll, table } from './helpers';

/** A T5 payment: currency tokens, bust tokens and collected cards. */
export const P = (tokens: number, bustTokens = 0, cards: string[] = []): Payment => ({ tokens, bustTokens, cards });

/**
 * A table where the draw pile holds exactly `cards` (nothing else), at `seat`'s draw decision with nothing drawn.
 * Drawing the last of them triggers the end of the game (T8).
 */
export function lastCards(
  config: Partial<TenConfigInput>,
  seat: SeatId,
  cards: string[],
  patch: { players?: Record<number, Partial<TenPlayer>>; market?: string[]; discard?: string[] } = {},
): TenState {
  return table(config, seat, cards, { ...patch, rest: false });
}

/** The seat that must decide now (fails the test if none). */
export function pendingSeat(state: TenState): SeatId {
  const [decision] = ten.pending(state);
  expect(decision).toBeDefined();
  return decision!.seat;
}

/** Every seat ends its buy phase without buying until the game is over; returns the final state and events. */
export function skipFinalRound(state: TenState): { state: TenState; events: TenEvent[] } {
  const events: TenEvent[] = [];
  for (let guard = 0; state.stage.kind !== 'over'; guard++) {
    expect(guard).toBeLessThan(10);
    expect(state.stage.kind).toBe('buy');
    const step = act(state, pendingSeat(state), { type: 'endTurn' });
    state = step.state;
    events.push(...step.events);
  }
  return { state, events };
}

/**
 * Plays a game whose draw pile holds only `last` (a number card) to its end: `seat` draws it and takes the currency
 * (worth 0, so nobody's tokens change), then everyone skips the final buy phase.
 */
export function playToEnd(
  config: Partial<TenConfigInput>,
  seat: SeatId,
  players: Record<number, Partial<TenPlayer>>,
  last = 'green-9',
): { state: TenState; events: TenEvent[] } {
  const start = lastCards(config, seat, [last], { players });
  const played = actAll(start, [
    [seat, { type: 'draw' }],
    [seat, { type: 'takeCurrency' }],
  ]);
  const rest = skipFinalRound(played.state);
  return { state: rest.state, events: [...played.events, ...rest.events] };
}

/** The players' black currency tokens, by seat. */
export const tokensOf = (state: TenState): number[] => state.players.map((p) => p.tokens);
