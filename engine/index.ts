import { parseRecord, replayWith, type GameRecord, type Replayed } from './core/record';
import type { GameDefinition, GameEvent, GameId } from './core/types';
import { gotopoly } from './gotopoly/game';
import { pole } from './pole/game';
import { ten } from './ten/game';

export * from './core';

/** Every game the engine knows, by id. */
export const games: Readonly<Record<GameId, GameDefinition<unknown, unknown, unknown, GameEvent>>> = {
  pole: pole as unknown as GameDefinition<unknown, unknown, unknown, GameEvent>,
  gotopoly: gotopoly as unknown as GameDefinition<unknown, unknown, unknown, GameEvent>,
  ten: ten as unknown as GameDefinition<unknown, unknown, unknown, GameEvent>,
};

/**
 * Replays any game record to its final state: `{game, version, config, seed, actions}` → state.
 * @throws RecordError for a malformed record, an unknown game or version, a config the game refuses, or an action that
 * does not apply.
 */
export function replay(input: GameRecord | unknown, options: { collectEvents?: boolean } = {}): Replayed<unknown, GameEvent> {
  const record = parseRecord(input);
  return replayWith(games[record.game], record, options);
}
