/** Playing Ten in tests: actions by seat, T5 payments, the sequences that reach a buy phase or the end of the game. */
import { expect } from 'vitest';
import { type Actor, type SeatId } from '../../../engine';
import {
  type Payment,
  ten,
  type TenConfigInput,
  type TenEvent,
  type TenPlayer,
  type TenState,
} from '../../../engine/ten';
import { refusedCodeWith } from '../game-checks';
import { pendingSeat } from './reads';
import { drawing, lastCards } from './states';

export function act(state: TenState, seat: Actor, action: unknown): { state: TenState; events: TenEvent[] } {
  return ten.apply(state, seat, action);
}

/** Applies actions in order, each by the seat given, returning the final state and all events. */
export function actAll(state: TenState, steps: [Actor, unknown][]): { state: TenState; events: TenEvent[] } {
  const events: TenEvent[] = [];
  for (const [seat, action] of steps) {
    const step = act(state, seat, action);
    state = step.state;
    events.push(...step.events);
  }
  return { state, events };
}

/** Applies an action that must be refused; returns the RuleError code, checking the state is untouched. */
export const refusedCode = (state: TenState, seat: Actor, action: unknown): string =>
  refusedCodeWith(ten, state, seat, action);

/**
 * `seat` took the numbers of `tableau` and is now in its buy phase; the draw pile then deals `next` first (default
 * blue-1a, a plain number card).
 */
export function buying(
  seat: SeatId,
  tableau: string[],
  patch: { players?: Record<number, Partial<TenPlayer>>; market?: string[]; discard?: string[] } = {},
  next: string[] = ['blue-1a'],
  config: Partial<TenConfigInput> = {},
): TenState {
  const state = act(drawing(seat, tableau, next, patch, config), seat, { type: 'takeNumbers' }).state;
  if (state.stage.kind !== 'buy' || state.stage.seat !== seat) throw new Error('expected a buy phase');
  return state;
}

/** A payment: `tokens` black tokens, `bustTokens` bust tokens and these collected cards. */
export const payment = (tokens: number, bustTokens = 0, cards: string[] = []): Payment => ({
  tokens,
  bustTokens,
  cards,
});

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
