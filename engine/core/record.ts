import { z } from 'zod';
import { RecordError, isEngineError } from './errors';
import { issueLines } from './issues';
import type { Actor, GameDefinition, GameEvent, GameId } from './types';

/** One applied action, in order. */
export interface RecordedAction<A = unknown> {
  readonly seat: Actor;
  readonly action: A;
}

/** Everything needed to reproduce a game exactly: replaying `actions` from `setup(config, seed)`. */
export interface GameRecord<C = unknown, A = unknown> {
  readonly game: GameId;
  /** The engine version that wrote the record (GameDefinition.version). */
  readonly version: number;
  readonly config: C;
  readonly seed: string;
  readonly actions: readonly RecordedAction<A>[];
}

const actorSchema = z.union([z.number().int().min(0), z.literal('system')]);

export const gameRecordSchema = z.object({
  game: z.enum(['pole', 'gotopoly', 'ten']),
  version: z.number().int().positive(),
  config: z.unknown(),
  seed: z.string(),
  actions: z.array(z.object({ seat: actorSchema, action: z.unknown() })),
});

/** Validates a record from outside (a file, a request body). @throws RecordError */
export function parseRecord(input: unknown): GameRecord {
  const parsed = gameRecordSchema.safeParse(input);
  if (!parsed.success) {
    const where = issueLines(parsed.error.issues, '(root)').join('; ');
    throw new RecordError('MALFORMED_RECORD', `not a game record: ${where}`);
  }
  return parsed.data;
}

export interface Replayed<S, E extends GameEvent> {
  readonly state: S;
  /** The events of every action, in order. */
  readonly events: E[];
}

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
  if (record.version !== definition.version) {
    throw new RecordError(
      'UNSUPPORTED_VERSION',
      `record was written by ${record.game} engine version ${record.version}; this engine is version ${definition.version}`,
    );
  }
  let state: S;
  try {
    state = definition.setup(record.config as C, record.seed);
  } catch (err) {
    if (!isEngineError(err)) throw err;
    throw new RecordError('BAD_CONFIG', `the record's config does not set up ${record.game}: ${err.message}`);
  }
  const events: E[] = [];
  record.actions.forEach(({ seat, action }, index) => {
    try {
      const step = definition.apply(state, seat, action);
      state = step.state;
      if (options.collectEvents) events.push(...step.events);
    } catch (err) {
      if (!isEngineError(err)) throw err;
      throw new RecordError('REPLAY_FAILED', `action ${index} (${JSON.stringify(action)}) does not apply: ${err.message}`, index);
    }
  });
  return { state, events };
}
