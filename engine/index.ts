import { parseRecord, replayWith, type Replayed } from './core/record';
import type { GameDefinition, GameEvent, GameId } from './core/types';
import { gotopoly } from './gotopoly/game';
import { pole } from './pole/game';
import { ten } from './ten/game';

export * from './core';
export { strongPlayers, strongBot } from './strong';

/** Every game the engine knows, by id. */
export const games: Readonly<Record<GameId, GameDefinition<unknown, unknown, unknown, GameEvent>>> = {
  pole: pole,
  gotopoly: gotopoly,
  ten: ten,
};

/**
 * Replays any game record to its final state: `{game, version, config, seed, actions}` → state.
 * @throws RecordError for a malformed record, an unknown game or version, a config the game refuses, or an action that
 * does not apply.
 */
export function replay(input: unknown, options: { collectEvents?: boolean } = {}): Replayed<unknown, GameEvent> {
  const record = parseRecord(input);
  return replayWith(games[record.game], record, options);
}
