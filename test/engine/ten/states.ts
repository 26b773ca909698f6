/** Ten test states: a table set up from plain data (hands, tableau, rigged draw pile) or from a seed. */
import type { SeatId } from '../../../engine';
import { deckFor, tableauTotals, ten, type TenConfigInput, type TenPlayer, type TenState } from '../../../engine/ten';

export function setup(config: Partial<TenConfigInput> = {}, seed = 'test'): TenState {
  return ten.setup({ players: 4, ...config }, seed);
}

/**
 * A state at the start of `seat`'s turn with nothing drawn yet, whose draw pile deals `cards` (card ids) first, then
 * the rest of the table's deck that is not placed elsewhere. The turn is then started by `begin` (which draws the
 * first card, T3). Other state (players, market, discard) comes from `patch`.
 */
export function table(
  config: Partial<TenConfigInput>,
  seat: SeatId,
  cards: string[],
  patch: { players?: Record<number, Partial<TenPlayer>>; market?: string[]; discard?: string[]; rest?: boolean } = {},
): TenState {
  const base = setup(config);
  const players = base.players.map((p, s) => ({ ...p, ...patch.players?.[s] }));
  const placed = new Set([
    ...cards,
    ...(patch.market ?? []),
    ...(patch.discard ?? []),
    ...players.flatMap((p) => p.collection),
  ]);
  const rest =
    patch.rest === false
      ? []
      : deckFor(base.players.length)
          .map((c) => c.id)
          .filter((id) => !placed.has(id));
  return {
    ...base,
    players,
    market: patch.market ?? [],
    discard: patch.discard ?? [],
    tableau: [],
    deck: [...cards, ...rest],
    current: seat,
    deckOut: false,
    stage: { kind: 'draw', opened: false, total: 0, currency: 0 },
  };
}

/**
 * The same state with the active player's tableau already holding `cards` (drawn earlier this turn) and the draw
 * decision pending; the cards are taken out of the deck.
 */
export function withTableau(state: TenState, cards: string[]): TenState {
  return {
    ...state,
    tableau: cards,
    deck: state.deck.filter((id) => !cards.includes(id)),
    stage: { kind: 'draw', opened: true, ...tableauTotals(cards) },
  };
}

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

/** The first of the seeds "seed-0", "seed-1", … whose 4-player set-up satisfies `pred`. */
export function seedWhere(
  pred: (state: TenState) => boolean,
  config: Partial<TenConfigInput> = {},
  tries = 400,
): { seed: string; state: TenState } {
  for (let k = 0; k < tries; k++) {
    const seed = `seed-${k}`;
    const state = ten.setup({ players: 4, ...config }, seed);
    if (pred(state)) return { seed, state };
  }
  throw new Error('no seed found');
}

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
