/** Extra helpers for the Ten setup / card-drawing / rewards / busting / buy-phase tests. */
import { isConfigError, type ConfigError, type SeatId } from '../../../engine';
import { cardById, ten, type Payment, type TenConfigInput, type TenDecision, type TenEvent, type TenPlayer, type TenState } from '../../../engine/ten';
import { act, table, withTableau } from './helpers';

/** Runs `fn`, which must throw a ConfigError; returns it. */
export function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    if (isConfigError(err)) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

/** The single pending decision (Ten never has simultaneous ones). */
export function pendingOf(state: TenState): TenDecision {
  const pending = ten.pending(state);
  if (pending.length !== 1) throw new Error(`expected one pending decision, got ${pending.length}`);
  return pending[0] as TenDecision;
}

/** Black currency tokens of every seat, by seat. */
export const tokensOf = (state: TenState): number[] => state.players.map((p) => p.tokens);

/** Bust tokens of every seat, by seat. */
export const bustTokensOf = (state: TenState): number[] => state.players.map((p) => p.bustTokens);

/** Every black token at the table: the supply plus every player's (no token is ever created or destroyed except lost gains). */
export const tokensInPlay = (state: TenState): number => state.supply.tokens + state.players.reduce((s, p) => s + p.tokens, 0);

/** `seat` is at a draw decision with `tableau` already drawn this turn; the deck then deals `next` first. */
export function drawing(
  seat: SeatId,
  tableau: string[],
  next: string[] = [],
  patch: { players?: Record<number, Partial<TenPlayer>>; market?: string[]; discard?: string[] } = {},
  config: Partial<TenConfigInput> = {},
): TenState {
  return withTableau(table(config, seat, [...next], patch), tableau);
}

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
export const payment = (tokens: number, bustTokens = 0, cards: string[] = []): Payment => ({ tokens, bustTokens, cards });

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

/** The first of the seeds "seed-0", "seed-1", … whose 4-player set-up satisfies `pred`. */
export function seedWhere(pred: (state: TenState) => boolean, config: Partial<TenConfigInput> = {}, tries = 400): { seed: string; state: TenState } {
  for (let k = 0; k < tries; k++) {
    const seed = `seed-${k}`;
    const state = ten.setup({ players: 4, ...config }, seed);
    if (pred(state)) return { seed, state };
  }
  throw new Error('no seed found');
}
