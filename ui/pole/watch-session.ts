import {
  botRngFor,
  playStep,
  rngFromState,
  type GameRecord,
  type RecordedAction,
  type RngState,
} from '../../engine/core';
import {
  pole,
  poleBots,
  poleConfigSchema,
  poleDecision,
  type PoleAction,
  type PoleBotName,
  type PoleConfigInput,
  type PoleEvent,
  type PoleState,
} from '../../engine/pole';
import { describeEvents, describeSetup, type LogLine } from './pole-log';
import { DEFAULT_NAMES } from '../lib/seats';

/**
 * A bot-played Tezos Pole game as a sequence of immutable snapshots: `startWatch` sets the game up, `advance`
 * applies exactly one action (the pending seat's bot chooses it). Everything is a pure function of the setup, and
 * the bots draw from one generator seeded with `${seed}/bots` exactly like core's `playToEnd`, so the record here
 * is the record `playToEnd` produces for the same seed, config and bots.
 */

export interface SeatSetup {
  readonly name: string;
  readonly bot: PoleBotName;
}

/** The table options of engine/pole/config.ts that a watcher may change. */
export interface TableOptions {
  readonly laps: number;
  readonly royaltySplit: 'split' | 'each';
  readonly valuationFloor: boolean;
  readonly threePlayerRoyalty20: boolean;
  readonly l2Move: boolean;
}

export interface WatchSetup {
  readonly seats: readonly SeatSetup[];
  readonly seed: string;
  readonly options: TableOptions;
}

/** One action's worth of the running log (index −1: the setup). */
export interface LogEntry {
  readonly index: number;
  readonly seat: number | null;
  readonly turn: number;
  readonly lines: readonly LogLine[];
}

export interface WatchSnapshot {
  readonly setup: WatchSetup;
  readonly names: readonly string[];
  readonly config: PoleConfigInput;
  readonly state: PoleState;
  /** The bots' generator state after the last action. */
  readonly botRng: RngState;
  readonly actions: readonly RecordedAction<PoleAction>[];
  readonly log: readonly LogEntry[];
  /** The events of the last action. */
  readonly lastEvents: readonly PoleEvent[];
  /** The tile the last action ended on, and who moved there (the highlighted tile). */
  readonly landed: { readonly seat: number; readonly tile: number } | null;
}

/** The engine's own defaults (the rulings'), so the form never drifts from the rules. */
const ENGINE_DEFAULTS = poleConfigSchema.parse({ players: 2 });

export const DEFAULT_OPTIONS: TableOptions = {
  laps: ENGINE_DEFAULTS.laps,
  royaltySplit: ENGINE_DEFAULTS.royaltySplit,
  valuationFloor: ENGINE_DEFAULTS.valuationFloor,
  threePlayerRoyalty20: ENGINE_DEFAULTS.threePlayerRoyalty20,
  l2Move: ENGINE_DEFAULTS.l2Move,
};

/** A game must end well before this; a longer one is an engine bug, not something to watch forever. */
export const MAX_ACTIONS = 100_000;

export function defaultSeats(players: number): SeatSetup[] {
  return Array.from({ length: players }, (_, seat) => ({
    name: DEFAULT_NAMES[seat] ?? `Player ${seat + 1}`,
    bot: 'normal',
  }));
}

/** The engine config for a setup (the board is Genesis, the default). */
export function configOf(setup: WatchSetup): PoleConfigInput {
  return { players: setup.seats.length, ...setup.options };
}

/** Display names: the given ones, trimmed, with the default for a blank one. */
export function namesOf(setup: WatchSetup): string[] {
  return setup.seats.map((s, seat) => s.name.trim() || DEFAULT_NAMES[seat] || `Player ${seat + 1}`);
}

/** Sets a game up. @throws ConfigError when the options are invalid. */
export function startWatch(setup: WatchSetup): WatchSnapshot {
  const config = configOf(setup);
  const state = pole.setup(config, setup.seed);
  const names = namesOf(setup);
  return {
    setup,
    names,
    config,
    state,
    botRng: botRngFor(setup.seed).getState(),
    actions: [],
    log: [{ index: -1, seat: null, turn: 0, lines: describeSetup(state, names) }],
    lastEvents: [],
    landed: null,
  };
}

export const isOver = (snap: WatchSnapshot): boolean => poleDecision(snap.state) === null;

/** Applies exactly one action: the pending seat's bot chooses it. A finished game is returned unchanged. */
export function advance(snap: WatchSnapshot): WatchSnapshot {
  if (snap.actions.length >= MAX_ACTIONS) throw new Error(`game did not end within ${MAX_ACTIONS} actions`);
  const bots = snap.setup.seats.map((seat) => poleBots[seat.bot]);
  const rng = rngFromState(snap.botRng);
  const turn = snap.state.turn;
  const step = playStep(pole, snap.state, bots, rng);
  if (!step) return snap;
  const { seat, action, state, events } = step;
  const lines = describeEvents(events, { names: snap.names, board: state.config.board });
  return {
    ...snap,
    state,
    botRng: rng.getState(),
    actions: [...snap.actions, { seat, action }],
    log: [...snap.log, { index: snap.actions.length, seat, turn, lines }],
    lastEvents: events,
    landed: lastLanding(events) ?? snap.landed,
  };
}

/** Advances until the game is over (or `limit` actions were applied). */
export function advanceBy(snap: WatchSnapshot, limit = MAX_ACTIONS): WatchSnapshot {
  let s = snap;
  for (let k = 0; k < limit && !isOver(s); k++) s = advance(s);
  return s;
}

/** The record of the game so far: replaying it with the engine reproduces the state exactly. */
export function recordOf(snap: WatchSnapshot): GameRecord<PoleConfigInput, PoleAction> {
  return { game: pole.id, version: pole.version, config: snap.config, seed: snap.setup.seed, actions: snap.actions };
}

function lastLanding(events: readonly PoleEvent[]): { seat: number; tile: number } | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'landed') return { seat: e.seat, tile: e.tile };
  }
  return null;
}
