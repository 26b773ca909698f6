import { poleDecision, type PoleDecision, type PoleEvent, type PoleState } from '../../engine/pole';
import type { SeatInfo } from '../../server/protocol';
import type { WatchSnapshot } from './watch-session';
import { SEAT_KIND_TAGS } from '../play/seat-kinds';

/** What a seat sees of a Tezos Pole game: the state without its PRNG state (it would predict every die). */
export type PoleView = Omit<PoleState, 'rng'>;

/**
 * Everything the Pole board, centre and player panels draw, whether the game is watched (bots in the browser) or
 * played (a live view from the server) or replayed.
 */
export interface PoleScene {
  readonly state: PoleView;
  readonly names: readonly string[];
  /** The tile the last move ended on, and who moved there (the highlighted tile). */
  readonly landed: { readonly seat: number; readonly tile: number } | null;
  /** The events whose cash changes the player panels show (the last action's, or the current turn's). */
  readonly lastEvents: readonly PoleEvent[];
  /** The seed, when known (a watched game). */
  readonly seed: string | null;
  /** A short tag per seat: its bot, "human", "you"… */
  readonly tags: readonly string[];
  /** Changes whenever `lastEvents` does (re-runs the cash-change animation). */
  readonly stamp: number;
  /** A live game's seats (who is at the table); none in a watched game. */
  readonly seats?: readonly SeatInfo[];
}

/** The pending decision of a view: poleDecision reads the phase, queue, players and tiles, never the PRNG state. */
export const poleViewDecision = (view: PoleView): PoleDecision | null => poleDecision(view as PoleState);

export function watchScene(snap: WatchSnapshot): PoleScene {
  return {
    state: snap.state,
    names: snap.names,
    landed: snap.landed,
    lastEvents: snap.lastEvents,
    seed: snap.setup.seed,
    tags: snap.setup.seats.map((s) => s.bot),
    stamp: snap.actions.length,
  };
}

/** The last landing among `events`. */
export function lastLanding(events: readonly PoleEvent[]): { seat: number; tile: number } | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'landed') return { seat: e.seat, tile: e.tile };
  }
  return null;
}

/** The events of the current turn (from its last `turnStarted`), or all of them before the first turn. */
export function currentTurnEvents(events: readonly PoleEvent[]): readonly PoleEvent[] {
  for (let i = events.length - 1; i >= 0; i--) if (events[i]!.type === 'turnStarted') return events.slice(i);
  return events;
}

/** A seat's tag: "you", "human", "normal bot", or "bot (left)" for a human seat its bot took over. */
export function seatTag(info: SeatInfo | undefined, viewer: number | null): string {
  if (!info) return 'seat';
  if (info.seat === viewer) return 'you';
  if (info.kind === 'human' && info.botTakeover) return 'bot (left)';
  return SEAT_KIND_TAGS[info.kind];
}

/** The scene of a live or replayed game, from its view, seats and events. */
export function liveScene(
  view: PoleView,
  seats: readonly SeatInfo[],
  events: readonly PoleEvent[],
  viewer: number | null,
): PoleScene {
  return {
    state: view,
    names: view.players.map((_, seat) => seats[seat]?.name ?? `Player ${seat + 1}`),
    landed: lastLanding(events),
    lastEvents: currentTurnEvents(events),
    seed: null,
    tags: view.players.map((_, seat) => seatTag(seats[seat], viewer)),
    stamp: events.length,
    seats,
  };
}
