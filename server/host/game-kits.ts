import { games, type Bot, type GameDefinition, type GameEvent, type GameId, type SeatId } from '../../engine';
import { gotopolyBots } from '../../engine/gotopoly';
import { poleBots } from '../../engine/pole';
import { tenBots } from '../../engine/ten';

export type BotKind = 'random' | 'heuristic';

/** What the host needs of one game: its definition (rules, views, timer moves) and its bots. */
export interface GameKit {
  readonly definition: GameDefinition<unknown, unknown, unknown, GameEvent>;
  /** What `seat` (null: a spectator) may see: the definition's view. */
  view(state: unknown, seat: SeatId | null): unknown;
  bot(kind: BotKind): Bot<unknown, unknown>;
  /** The move played for a human seat whose turn timer ran out: the definition's default move. */
  defaultAction(state: unknown, seat: SeatId): unknown;
}

const bots: Readonly<Record<GameId, Readonly<Record<BotKind, Bot<never, unknown>>>>> = {
  pole: poleBots,
  gotopoly: gotopolyBots,
  ten: tenBots,
};

const kitOf = (id: GameId): GameKit => {
  const definition = games[id];
  return {
    definition,
    view: (state, seat) => definition.view(state, seat),
    bot: (kind) => bots[id][kind],
    defaultAction: (state, seat) => definition.defaultMove(state, seat),
  };
};

export const gameKits: Readonly<Record<GameId, GameKit>> = {
  pole: kitOf('pole'),
  gotopoly: kitOf('gotopoly'),
  ten: kitOf('ten'),
};
