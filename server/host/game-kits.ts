import {
  games,
  NEUTRAL_PERSONALITY,
  type Bot,
  type GameDefinition,
  type GameEvent,
  type GameId,
  type Personality,
  type SeatId,
} from '../../engine';
import { gotopolyBots, heuristicBot as gotopolyHeuristic } from '../../engine/gotopoly';
import { poleBots, heuristicBot as poleHeuristic } from '../../engine/pole';
import { tenBots, heuristicBot as tenHeuristic } from '../../engine/ten';

/** The levels a bot plays in process: easy and normal (the heuristic); strong searches in a worker (server/bots). */
export type BotKind = 'easy' | 'normal';

/** What the host needs of one game: its definition (rules, views, timer moves) and its bots. */
export interface GameKit {
  readonly definition: GameDefinition<unknown, unknown, unknown, GameEvent>;
  /** What `seat` (null: a spectator) may see: the definition's view. */
  view(state: unknown, seat: SeatId | null): unknown;
  /** A bot of `kind`; a normal one leans as `personality` says (each seat of a game has its own, personalityFor). */
  bot(kind: BotKind, personality?: Personality): Bot<unknown, unknown>;
  /** The move played for a human seat whose turn timer ran out: the definition's default move. */
  defaultAction(state: unknown, seat: SeatId): unknown;
}

interface GameBots {
  readonly easy: Bot<never, unknown>;
  readonly normal: (personality: Personality) => Bot<never, unknown>;
}

const bots: Readonly<Record<GameId, GameBots>> = {
  pole: { easy: poleBots.easy, normal: poleHeuristic },
  gotopoly: { easy: gotopolyBots.easy, normal: gotopolyHeuristic },
  ten: { easy: tenBots.easy, normal: tenHeuristic },
};

const kitOf = (id: GameId): GameKit => {
  const definition = games[id];
  return {
    definition,
    view: (state, seat) => definition.view(state, seat),
    bot: (kind, personality = NEUTRAL_PERSONALITY) => (kind === 'easy' ? bots[id].easy : bots[id].normal(personality)),
    defaultAction: (state, seat) => definition.defaultMove(state, seat),
  };
};

export const gameKits: Readonly<Record<GameId, GameKit>> = {
  pole: kitOf('pole'),
  gotopoly: kitOf('gotopoly'),
  ten: kitOf('ten'),
};
