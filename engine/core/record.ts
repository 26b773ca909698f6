import { z } from 'zod';
import { RecordError, isEngineError } from './errors';
import { FAIR_SCHEME, rngStateOfRoll, rollOf, type FairPart } from './fair';
import { parseOrRefuse } from './issues';
import type { Actor, GameDefinition, GameEvent, GameId } from './types';

/** One applied action, in order. */
export interface RecordedAction<A = unknown> {
  readonly seat: Actor;
  readonly action: A;
  /** Provably fair: the acting seat's chain link given with the action (null or absent: none). */
  readonly contribution?: string | null;
  /** Provably fair: the roll the host applied before the action, as it says; `verify` recomputes it. */
  readonly roll?: string;
  /** Provably fair: the state hash after the action, as the host had it; `verify` compares. */
  readonly hash?: string;
}

/**
 * Everything needed to reproduce a game exactly: replaying `actions` from `setup(config, seed)` — and, in a
 * provably fair game (`fair`), reseeding the state with each action's roll before it applies.
 */
export interface GameRecord<C = unknown, A = unknown> {
  readonly game: GameId;
  /** The engine version that wrote the record (GameDefinition.version). */
  readonly version: number;
  readonly config: C;
  readonly seed: string;
  readonly actions: readonly RecordedAction<A>[];
  /** Absent: a plain-seed game (whoever knew the seed knew every roll). */
  readonly fair?: FairPart;
  /** The state hash at the end, as the host had it (and, on-chain, as the contract keeps it). */
  readonly finalHash?: string;
}

const actorSchema = z.union([z.number().int().min(0), z.literal('system')]);
const hex32 = z.string().regex(/^[0-9a-f]{64}$/, 'expected 32 bytes of lowercase hex');

export const gameRecordSchema = z.object({
  game: z.enum(['pole', 'gotopoly', 'ten']),
  version: z.number().int().positive(),
  config: z.unknown(),
  seed: z.string(),
  actions: z.array(
    z.object({
      seat: actorSchema,
      action: z.unknown(),
      contribution: hex32.nullable().optional(),
      roll: hex32.optional(),
      hash: hex32.optional(),
    }),
  ),
  fair: z
    .object({
      scheme: z.literal(FAIR_SCHEME),
      gameId: z.string().min(1),
      commitment: hex32,
      chains: z.array(z.object({ seat: z.number().int().min(0), head: hex32, at: z.number().int().min(0) })),
    })
    .optional(),
  finalHash: hex32.optional(),
});

/** The roll that reseeds the state before action `index` (seq index + 1) of a provably fair record; null: plain. */
export function recordedRoll(record: GameRecord, index: number): string | null {
  if (!record.fair) return null;
  return rollOf(record.seed, record.fair.gameId, index + 1, record.actions[index]?.contribution ?? null);
}

/** One action applied the way its game was played: reseeded by its roll first when there is one. */
export function applyRolled<S, E extends GameEvent>(
  definition: GameDefinition<S, unknown, unknown, E>,
  state: S,
  seat: Actor,
  action: unknown,
  roll: string | null,
): { state: S; events: E[] } {
  return definition.apply(roll === null ? state : definition.reseed(state, rngStateOfRoll(roll)), seat, action);
}

/** Validates a record from outside (a file, a request body). @throws RecordError */
export function parseRecord(input: unknown): GameRecord {
  return parseOrRefuse(
    gameRecordSchema,
    input,
    '(root)',
    (issues) => new RecordError('MALFORMED_RECORD', `not a game record: ${issues.join('; ')}`),
  );
}

/**
 * Applies the record's action `index` to `state`, reseeded by its roll first in a provably fair record.
 * @throws RecordError `REPLAY_FAILED` naming the action, where the rules refuse it.
 */
export function replayAction<S, E extends GameEvent>(
  definition: GameDefinition<S, unknown, unknown, E>,
  record: GameRecord,
  state: S,
  index: number,
): { state: S; events: E[] } {
  const { seat, action } = record.actions[index]!;
  try {
    return applyRolled(definition, state, seat, action, recordedRoll(record, index));
  } catch (err) {
    if (!isEngineError(err)) throw err;
    throw new RecordError(
      'REPLAY_FAILED',
      `action ${index} (${JSON.stringify(action)}) does not apply: ${err.message}`,
      index,
    );
  }
}

export interface Replayed<S, E extends GameEvent> {
  readonly state: S;
  /** The events of every action, in order. */
  readonly events: E[];
}

/** Whether a definition sets up and replays games of `version`: its own, or an older one it keeps. */
export const playsVersion = (definition: { version: number; olderVersions?: readonly number[] }, version: number) =>
  version === definition.version || (definition.olderVersions ?? []).includes(version);

/** The versions a definition plays, in words ("version 2" or "versions 1 and 2"). */
export const versionsText = (definition: { version: number; olderVersions?: readonly number[] }): string => {
  const all = [...(definition.olderVersions ?? []), definition.version];
  return all.length === 1 ? `version ${all[0]}` : `versions ${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
};

/**
 * Replays a record with its game's definition.
 * @throws RecordError naming the first action that does not apply.
 */
export function replayWith<S, A, C, E extends GameEvent>(
  definition: GameDefinition<S, A, C, E>,
  record: GameRecord,
  options: { collectEvents?: boolean } = {},
): Replayed<S, E> {
  if (record.game !== definition.id) {
    throw new RecordError('WRONG_GAME', `record is for "${record.game}", not "${definition.id}"`);
  }
  if (!playsVersion(definition, record.version)) {
    throw new RecordError(
      'UNSUPPORTED_VERSION',
      `record was written by ${record.game} engine version ${record.version}; this engine plays ${versionsText(definition)}`,
    );
  }
  let state: S;
  try {
    state = definition.setup(record.config as C, record.seed, record.version);
  } catch (err) {
    if (!isEngineError(err)) throw err;
    throw new RecordError('BAD_CONFIG', `the record's config does not set up ${record.game}: ${err.message}`);
  }
  const events: E[] = [];
  record.actions.forEach((_, index) => {
    const step = replayAction(definition, record, state, index);
    state = step.state;
    if (options.collectEvents) events.push(...step.events);
  });
  return { state, events };
}
