/**
 * How a game's events become its running log, with no game's own describer but Tezos Pole's (which needs no data of
 * its own): Gotopoly's and Ten's come with their boards and decks, so the play page loads them with their game
 * (game-log.tsx) and the replay viewer has them all (any-game-log.ts).
 */
import type { GameEvent } from '../../engine/core';
import type { Board, PoleEvent } from '../../engine/pole';
import { describeEvents, type LogLine } from '../pole/pole-log';

/** One entry of a game's running log: a Pole turn, or one Gotopoly / Ten event, in plain words. */
export interface ActionLogEntry {
  /** Stable across renders: the index of the entry's first event. */
  readonly key: number;
  readonly seat: number | null;
  readonly meta: string;
  readonly lines: readonly LogLine[];
  /** The engine action the entry shows (its index in the game's actions), or 'setup' for what set-up did. */
  readonly action?: number | 'setup';
}

const seatOf = (e: GameEvent): number | null => {
  const seat = (e as { seat?: unknown }).seat;
  return typeof seat === 'number' ? seat : null;
};

const nameOf = (names: readonly string[], seat: number) => names[seat] ?? `Seat ${seat + 1}`;

/** Tezos Pole's log from its events (oldest first): one entry per turn (split at `turnStarted`, told by describeEvents). */
export function poleLogEntries(events: readonly GameEvent[], names: readonly string[], poleBoard: Board | null): ActionLogEntry[] {
  const name = (seat: number) => nameOf(names, seat);
  if (!poleBoard) return [];
  const entries: ActionLogEntry[] = [];
  let start = 0;
  const flush = (end: number) => {
    if (end <= start) return;
    const chunk = events.slice(start, end) as PoleEvent[];
    const first = chunk[0]!;
    const lines = describeEvents(chunk, { names, board: poleBoard });
    // The first turn starts at set-up, so its `turnStarted` is in no action's events.
    const seat = first.type === 'turnStarted' ? first.seat : seatOf(first);
    const meta =
      first.type === 'turnStarted'
        ? `Turn ${first.turn} · ${name(first.seat)}`
        : first.type === 'gameEnded'
          ? 'Game over'
          : start === 0 && seat !== null
            ? `Turn 1 · ${name(seat)}`
            : 'Game';
    if (lines.length) entries.push({ key: start, seat, meta, lines });
    start = end;
  };
  events.forEach((e, i) => {
    if (e.type === 'turnStarted' || e.type === 'gameEnded') flush(i);
  });
  flush(events.length);
  return entries;
}

/** Gotopoly's or Ten's log from its events (oldest first): one entry per event that `describe` tells. */
export function eventLogEntries(events: readonly GameEvent[], names: readonly string[], describe: (event: GameEvent) => string | null): ActionLogEntry[] {
  const entries: ActionLogEntry[] = [];
  events.forEach((e, i) => {
    const text = describe(e);
    if (text === null) return;
    const seat = seatOf(e);
    entries.push({ key: i, seat, meta: seat === null ? '' : nameOf(names, seat), lines: [{ text, tone: 'info' }] });
  });
  return entries;
}
