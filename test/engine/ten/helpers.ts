/** Test helpers for Ten: exact situations from plain state data and stacked decks. */
import type { Actor, SeatId } from '../../../engine';
import { refusedCodeWith } from '../shared';
import { deckFor, tableauTotals, ten, type TenConfigInput, type TenEvent, type TenPlayer, type TenState } from '../../../engine/ten';

export function setup(config: Partial<TenConfigInput> = {}, seed = 'test'): TenState {
  return ten.setup({ players: 4, ...config }, seed);
}

export function act(state: TenState, seat: Actor, action: unknown): { state: TenState; events: TenEvent[] } {
  return ten.apply(state, seat, action);
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
  const placed = new Set([...cards, ...(patch.market ?? []), ...(patch.discard ?? []), ...players.flatMap((p) => p.collection)]);
  const rest = patch.rest === false ? [] : deckFor(base.players.length).map((c) => c.id).filter((id) => !placed.has(id));
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

export function ofType<T extends TenEvent['type']>(events: readonly TenEvent[], type: T): Extract<TenEvent, { type: T }>[] {
  return events.filter((e): e is Extract<TenEvent, { type: T }> => e.type === type);
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
export const refusedCode = (state: TenState, seat: Actor, action: unknown): string => refusedCodeWith(ten, state, seat, action);
