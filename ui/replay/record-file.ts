import {
  applyRolled,
  games,
  parseRecord,
  replayAction,
  RecordError,
  recordedRoll,
  replayWith,
  verifyRecord,
  type GameEvent,
  type GameId,
  type GameRecord,
  type SeatId,
  type Verdict,
} from '../../engine';
import { gotopolyView, type GotopolyState } from '../../engine/gotopoly';
import { tenView, type TenState } from '../../engine/ten';
import type { SeatInfo } from '../../server/protocol';
import { seatKindOf } from '../play/seat-kinds';

/**
 * Game records in the browser: reading a record file, replaying it with the engine into a timeline that can be
 * stepped both ways, and the spectator's view of any position. Pure functions (no React, no DOM).
 */

/** A record and the seats to show it with (the engine's record has no names; the server's adds `seats`). */
export interface LoadedRecord {
  readonly record: GameRecord;
  readonly seats: readonly SeatInfo[];
}

/** The number of seats of a record: its config's `players`. */
export function playersOf(record: GameRecord): number {
  const players = (record.config as { players?: unknown } | null)?.players;
  return typeof players === 'number' && Number.isInteger(players) && players > 0 ? players : 0;
}

/**
 * Seats for a record: the names and kinds it carries (`seats: [{name, kind, botTakeover}]`, as the server's record
 * route and so "Export record" give them, or `names: [...]`), else "Player 1"…, people.
 */
export function seatsOf(input: unknown, record: GameRecord): SeatInfo[] {
  const extra = input as { seats?: unknown; names?: unknown } | null;
  const given = Array.isArray(extra?.seats) ? (extra.seats as unknown[]) : [];
  const names = Array.isArray(extra?.names) ? (extra.names as unknown[]) : [];
  return Array.from({ length: playersOf(record) }, (_, seat) => {
    const s = given[seat] as { name?: unknown; kind?: unknown; botTakeover?: unknown } | undefined;
    const name =
      typeof s?.name === 'string' && s.name.trim()
        ? s.name.trim()
        : typeof names[seat] === 'string' && names[seat].trim()
          ? names[seat].trim()
          : `Player ${seat + 1}`;
    const kind = seatKindOf(s?.kind) ?? 'human';
    return { seat, name, kind, botTakeover: kind === 'human' && s?.botTakeover === true };
  });
}

/** Reads a record file's text. @throws Error naming what is wrong (not JSON, not a record). */
export function readRecord(text: string): LoadedRecord {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    throw new Error('This file is not JSON, so it is not a game record.');
  }
  return loadRecord(input);
}

/** Validates a parsed record. @throws RecordError */
export function loadRecord(input: unknown): LoadedRecord {
  const record = parseRecord(input);
  return { record, seats: seatsOf(input, record) };
}

/** A replayed game: its states every `every` actions, and every action's events. */
export interface Timeline {
  readonly game: GameId;
  readonly record: GameRecord;
  /** Number of actions; positions run 0 … length. */
  readonly length: number;
  readonly every: number;
  /** checkpoints[i] = the state after i × every actions. */
  readonly checkpoints: readonly unknown[];
  /** actionEvents[k] = the events of action k. */
  readonly actionEvents: readonly (readonly GameEvent[])[];
}

/**
 * Replays a record with its game's engine (version checked), keeping a checkpoint every `every` actions so any
 * position is at most `every − 1` actions away. A provably fair record's actions are reseeded by their rolls first,
 * as `replayWith` does. @throws RecordError naming the first action that does not apply.
 */
export function buildTimeline(record: GameRecord, every = 64): Timeline {
  const definition = games[record.game];
  // replayWith checks the game, the version and the config, with the engine's words for each refusal.
  let state = replayWith(definition, { ...record, actions: [] }).state;
  const checkpoints: unknown[] = [state];
  const actionEvents: GameEvent[][] = [];
  record.actions.forEach((_, index) => {
    const step = replayAction(definition, record, state, index);
    state = step.state;
    actionEvents.push(step.events);
    if ((index + 1) % every === 0) checkpoints.push(state);
  });
  return { game: record.game, record, length: record.actions.length, every, checkpoints, actionEvents };
}

/** The state after `position` actions (0 = the set-up). */
export function stateAt(timeline: Timeline, position: number): unknown {
  const k = Math.max(0, Math.min(timeline.length, Math.trunc(position)));
  const base = Math.floor(k / timeline.every);
  let state = timeline.checkpoints[base];
  const definition = games[timeline.game];
  for (let i = base * timeline.every; i < k; i++) {
    const { seat, action } = timeline.record.actions[i]!;
    state = applyRolled(definition, state, seat, action, recordedRoll(timeline.record, i)).state;
  }
  return state;
}

/** What checking a record found, in the replay viewer's words. */
export interface VerdictSummary {
  readonly tone: 'good' | 'plain' | 'bad';
  readonly text: string;
  /** The position that shows the action at fault (the state after it: its seq), when the fault is one action's. */
  readonly position: number | null;
}

/** Checks a record with its game's engine (`verifyRecord`: the seed, every link, every roll, every state). */
export function checkRecord(record: GameRecord): VerdictSummary {
  return summarize(verifyRecord(games[record.game], record));
}

/** A record as the viewer opens it: checked, and replayed as far as its actions apply. */
export interface OpenedRecord {
  readonly timeline: Timeline;
  readonly verdict: VerdictSummary;
  /** Why the replay ends before the record does (its first action that does not apply); null: it replays whole. */
  readonly stop: string | null;
}

/**
 * Checks a record, then replays it. A changed link or seed reseeds the rolls after it, so a later action stops
 * applying: such a record still opens, replayed up to that action, so that its verdict names the fault where it
 * first shows (not the later action the replay trips on) and the viewer can go to it.
 * @throws RecordError when not even the set-up replays (another game, another engine version, a bad config).
 */
export function openRecord(record: GameRecord): OpenedRecord {
  const verdict = checkRecord(record);
  try {
    return { timeline: buildTimeline(record), verdict, stop: null };
  } catch (err) {
    if (!(err instanceof RecordError) || err.actionIndex === undefined) throw err;
    const timeline = buildTimeline({ ...record, actions: record.actions.slice(0, err.actionIndex) });
    // No state follows an action that does not apply: the last one the replay reaches shows the fault.
    const position = verdict.position === null ? null : Math.min(verdict.position, timeline.length);
    return { timeline, verdict: { ...verdict, position }, stop: err.message };
  }
}

/** A verdict as the viewer says it. */
export function summarize(verdict: Verdict): VerdictSummary {
  if (!verdict.ok)
    return { tone: 'bad', text: verdict.message, position: verdict.action === null ? null : verdict.action + 1 };
  if (verdict.mode === 'plain')
    return { tone: 'plain', text: 'Plain seed: replays, but the host knew every roll.', position: null };
  return {
    tone: 'good',
    text: `Verified: every roll follows from the seed and the players’ links (${verdict.actions} actions, ${verdict.contributed} with a link).`,
    position: null,
  };
}

/** Every event up to `position` actions, in order. */
export function eventsUntil(timeline: Timeline, position: number): GameEvent[] {
  return timeline.actionEvents.slice(0, position).flat();
}

/** What a seat (null: a spectator) sees of a state, the way the server shows it. */
export function viewOf(game: GameId, state: unknown, seat: SeatId | null): unknown {
  switch (game) {
    case 'pole': {
      const { rng: _rng, ...view } = state as { rng: unknown };
      return view;
    }
    case 'gotopoly':
      return gotopolyView(state as GotopolyState, seat);
    case 'ten':
      return tenView(state as TenState, seat);
  }
}

/** A file name for a record: "<game>-<seed>.json". */
export function recordFileName(record: GameRecord): string {
  return `${record.game}-${record.seed.replace(/[^a-zA-Z0-9_-]+/g, '_') || 'record'}.json`;
}
