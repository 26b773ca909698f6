import {
  games,
  type Actor,
  type Bot,
  type GameDefinition,
  type GameEvent,
  type GameId,
  type SeatId,
} from '../../engine';
import { gotopolyBots, gotopolyView, nmrAction, type GotopolyState } from '../../engine/gotopoly';
import { cheapestFlip, poleBots, type PoleAction, type PoleState } from '../../engine/pole';
import { tenBots, tenView, type TenAction, type TenState } from '../../engine/ten';

export type BotKind = 'random' | 'heuristic';

/** What the host needs of one game beyond its definition: the seat's view, its bots, its default move. */
export interface GameKit {
  readonly definition: GameDefinition<unknown, unknown, unknown, GameEvent>;
  /** What `seat` (null: a spectator) may see: never the PRNG, a deck order or another seat's sealed bid. */
  view(state: unknown, seat: SeatId | null): unknown;
  bot(kind: BotKind): Bot<unknown, unknown>;
  /** The move played for a human seat whose turn timer ran out; null when it has nothing to decide. */
  defaultAction(state: unknown, seat: SeatId): unknown;
}

const asBot = <S, A>(bot: Bot<S, A>): Bot<unknown, unknown> => bot;

const first = (definition: GameDefinition<unknown, unknown, unknown>, state: unknown, seat: Actor): unknown =>
  definition.legal(state, seat)[0] ?? null;

const pole: GameKit = {
  definition: games.pole,
  view(state) {
    const { rng: _rng, ...open } = state as PoleState;
    return open;
  },
  bot: (kind) => asBot(poleBots[kind]),
  // The cheapest choice: do not buy, just roll (never the L2 move), flip the tile with the lowest list price.
  defaultAction(state, seat) {
    const legal = games.pole.legal(state, seat) as PoleAction[];
    const flips = legal.flatMap((a) => (a.type === 'flip' ? [a.tile] : []));
    if (flips.length > 0) return { type: 'flip', tile: cheapestFlip((state as PoleState).config.board, flips) };
    return legal.find((a) => a.type === 'pass') ?? legal.find((a) => a.type === 'roll' && !a.l2) ?? legal[0] ?? null;
  },
};

const gotopoly: GameKit = {
  definition: games.gotopoly,
  view: (state, seat) => gotopolyView(state as GotopolyState, seat),
  bot: (kind) => asBot(gotopolyBots[kind]),
  defaultAction: (state, seat) => nmrAction(state as GotopolyState, seat),
};

const TEN_CHEAPEST: readonly TenAction['type'][] = ['takeNumbers', 'pass', 'endTurn'];

const ten: GameKit = {
  definition: games.ten,
  view: (state, seat) => tenView(state as TenState, seat),
  bot: (kind) => asBot(tenBots[kind]),
  // Stop with the numbers, pass the auction, buy nothing; a forced payment takes the menu's first (tokens first).
  defaultAction(state, seat) {
    const legal = games.ten.legal(state, seat) as TenAction[];
    for (const type of TEN_CHEAPEST) {
      const action = legal.find((a) => a.type === type);
      if (action) return action;
    }
    return first(games.ten, state, seat);
  },
};

export const gameKits: Readonly<Record<GameId, GameKit>> = { pole, gotopoly, ten };
