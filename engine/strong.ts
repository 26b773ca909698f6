/** The strong players of every game (engine/core/search.ts), by game id, and a bot that plays one in process. */
import type { SearchBudget, StrongPlayer } from './core/search';
import type { Bot, GameDefinition, GameId } from './core/types';
import { gotopoly } from './gotopoly/game';
import { gotopolyStrong } from './gotopoly/strong';
import { pole } from './pole/game';
import { poleStrong } from './pole/strong';
import { ten } from './ten/game';
import { tenStrong } from './ten/strong';

/** Each game's strong player: it decides from a seat's view (`definition.view(state, seat)`) only. */
export const strongPlayers: Readonly<Record<GameId, StrongPlayer>> = {
  pole: poleStrong,
  gotopoly: gotopolyStrong,
  ten: tenStrong,
};

const definitions: Readonly<Record<GameId, Pick<GameDefinition<unknown, unknown, unknown>, 'view'>>> = {
  pole,
  gotopoly,
  ten,
};

/**
 * The strong player of `game` as a Bot, for in-process play (the simulator, tests): it hands the player the seat's
 * view of the state, never the state, so it cannot see what the seat may not. `budget` defaults to the player's own.
 */
export function strongBot(game: GameId, budget?: SearchBudget): Bot<unknown, unknown> {
  const player = strongPlayers[game];
  const definition = definitions[game];
  return {
    name: 'strong',
    choose: (state, seat, rng) => player.choose(definition.view(state, seat), seat, rng, budget),
  };
}
