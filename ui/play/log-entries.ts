/**
 * How a game's events become its running log, with no game's own describer but Tezos Pole's (which needs no data of
 * its own): Gotopoly's and Ten's come with their boards and decks, so the play page loads them with their game
 * (game-log.tsx) and the replay viewer has them all (any-game-log.ts).
 */
import type { GameEvent } from '../../engine/core';
import type { Board, PoleEvent, PoleState } from '../../engine/pole';
import type { SeatMarkEvent, TimedOutEvent } from '../../server/protocol';
import { describeEvents, describeSetup, type LogLine } from '../pole/pole-log';

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

const nameOf = (names: readonly string[], seat: number) => names[seat] ?? `Seat ${seat + 1}`;

const seatOf = (e: GameEvent): number | null => {
  const seat = (e as { seat?: unknown }).seat;
  return typeof seat === 'number' ? seat : null;
};

/** What set-up decided in a Tezos Pole game: the P2 turn-order rolls and who goes first (in every view). */
export type PoleStart = Pick<PoleState, 'turnOrderRolls' | 'firstSeat'>;

const isTimedOut = (e: GameEvent): e is TimedOutEvent => e.type === 'timedOut';
const isSeatMark = (e: GameEvent): e is SeatMarkEvent => e.type === 'seatMark';

const SEAT_MARK_TEXT: Record<SeatMarkEvent['mark'], (who: string) => string> = {
  away: (who) => `${who} is away — their bot plays`,
  left: (who) => `${who} left — their bot plays`,
  back: (who) => `${who} took their seat back`,
};

/** A seat's bot took over or its person took it back, as its own entry of the log. */
const seatMarkEntry = (e: SeatMarkEvent, key: number, who: string): ActionLogEntry => ({
  key,
  seat: e.seat,
  meta: who,
  lines: [{ text: SEAT_MARK_TEXT[e.mark](who), tone: 'info' }],
});

/** How a line of a move the server made when the seat's turn timer ran out begins. */
export const TIMED_OUT = '(time ran out)';

/**
 * For each event, the index of the TimedOutEvent mark whose default move it belongs to, or null (the seat's own
 * move, a bot's, or the mark itself).
 */
function timedOutMoves(events: readonly GameEvent[]): (number | null)[] {
  const of: (number | null)[] = events.map(() => null);
  events.forEach((e, i) => {
    if (isTimedOut(e)) for (let k = i + 1; k <= i + e.events && k < events.length; k++) of[k] = i;
  });
  return of;
}

const marked = (line: LogLine): LogLine => ({ ...line, text: `${TIMED_OUT} ${line.text}` });

/** The line of a timed-out default move that no line of the game's log tells. */
const defaultMoveLine = (who: string): LogLine => ({
  text: `${TIMED_OUT} ${who} did not decide in time: the rules’ default move was played`,
  tone: 'info',
});

/**
 * Tezos Pole's log from its events (oldest first): one entry per turn (split at `turnStarted`, told by
 * describeEvents), after a set-up entry with the turn-order roll when `poleStart` is given. A move made when the
 * seat's turn timer ran out reads "(time ran out) …" (its TimedOutEvent mark).
 */
export function poleLogEntries(
  events: readonly GameEvent[],
  names: readonly string[],
  poleBoard: Board | null,
  poleStart: PoleStart | null = null,
): ActionLogEntry[] {
  const name = (seat: number) => nameOf(names, seat);
  const moveOf = timedOutMoves(events);
  /** The marks whose move has a line already. */
  const told = new Set<number>();
  if (!poleBoard) return [];
  const entries: ActionLogEntry[] = [];
  // Set-up is in no action's events: without this entry a live game's log began empty.
  if (poleStart)
    entries.push({ key: -1, seat: null, meta: 'Set-up', lines: describeSetup(poleStart, names), action: 'setup' });
  /** A turn's lines; a timed-out move's events are told apart from the rest, so that its first line is marked. */
  const describeTurn = (from: number, to: number): LogLine[] => {
    const lines: LogLine[] = [];
    let run: PoleEvent[] = [];
    let runMark: number | null = null;
    const tell = () => {
      const said = describeEvents(run, { names, board: poleBoard });
      if (runMark === null || told.has(runMark)) lines.push(...said);
      else {
        told.add(runMark);
        lines.push(
          ...(said.length
            ? [marked(said[0]!), ...said.slice(1)]
            : [defaultMoveLine(name((events[runMark] as TimedOutEvent).seat))]),
        );
      }
      run = [];
    };
    for (let i = from; i < to; i++) {
      const e = events[i]!;
      if (isTimedOut(e) || isSeatMark(e)) continue;
      if (run.length > 0 && moveOf[i] !== runMark) tell();
      if (run.length === 0) runMark = moveOf[i] ?? null;
      run.push(e as PoleEvent);
    }
    if (run.length > 0) tell();
    return lines;
  };
  let start = 0;
  const flush = (end: number) => {
    if (end <= start) return;
    const first = (events.slice(start, end) as PoleEvent[]).find((e) => !isTimedOut(e) && !isSeatMark(e));
    const lines = describeTurn(start, end);
    // The first turn starts at set-up, so its `turnStarted` is in no action's events.
    const seat = first?.type === 'turnStarted' ? first.seat : first ? seatOf(first) : null;
    const meta =
      first?.type === 'turnStarted'
        ? `Turn ${first.turn} · ${name(first.seat)}`
        : first?.type === 'gameEnded'
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
  // A seat mark follows the turn it happened in (its key is its own index, after the turn's first).
  const marks = events.flatMap((e, i) => (isSeatMark(e) ? [seatMarkEntry(e, i, name(e.seat))] : []));
  return marks.length ? [...entries, ...marks].sort((a, b) => a.key - b.key) : entries;
}

/**
 * Gotopoly's or Ten's log from its events (oldest first): one entry per event that `describe` tells; a move made
 * when the seat's turn timer ran out reads "(time ran out) …"; a seat's bot taking over or its person coming back
 * has its own entry.
 */
export function eventLogEntries(
  events: readonly GameEvent[],
  names: readonly string[],
  describe: (event: GameEvent) => string | null,
): ActionLogEntry[] {
  const name = (seat: number) => nameOf(names, seat);
  const moveOf = timedOutMoves(events);
  const told = new Set<number>();
  const entries: ActionLogEntry[] = [];
  events.forEach((e, i) => {
    if (isSeatMark(e)) {
      entries.push(seatMarkEntry(e, i, name(e.seat)));
      return;
    }
    if (isTimedOut(e)) {
      // A default move none of whose events is told (each game's log skips some) still says that it was played.
      const toldAny = events.slice(i + 1, i + 1 + e.events).some((x) => describe(x) !== null);
      if (!toldAny) entries.push({ key: i, seat: e.seat, meta: name(e.seat), lines: [defaultMoveLine(name(e.seat))] });
      return;
    }
    const text = describe(e);
    if (text === null) return;
    const seat = seatOf(e);
    const mark = moveOf[i] ?? null;
    const line: LogLine = { text, tone: 'info' };
    const first = mark !== null && !told.has(mark);
    if (mark !== null) told.add(mark);
    entries.push({ key: i, seat, meta: seat === null ? '' : name(seat), lines: [first ? marked(line) : line] });
  });
  return entries;
}
