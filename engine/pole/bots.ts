import { NEUTRAL_PERSONALITY, bestOf, type Personality } from '../core/personality';
import { randomBot } from '../core/play';
import type { RandomGenerator } from '../core/rng';
import type { Bot, SeatId } from '../core/types';
import { artistTile, piecesOf } from './holdings';
import { cheapestFlip } from './out-of-cash';
import { lapsOf } from './movement';
import { poleDecision } from './decisions';
import { pole } from './game';
import type { PoleAction, PoleState } from './state';

export type PoleBot = Bot<PoleState, PoleAction>;

const uniform = randomBot(pole);

/** Uniform over `legal()`, but a flip, which is its cheapest copy first (P7a). */
export const poleRandomBot: PoleBot = {
  name: 'random',
  choose(state, seat, rng) {
    const decision = poleDecision(state);
    if (decision?.kind === 'flip' && decision.seat === seat)
      return { type: 'flip', tile: cheapestFlip(state.config.board, decision.tiles) };
    return uniform.choose(state, seat, rng);
  },
};

/** Cash kept back against royalties when buying, by how attractive a piece is (for a neutral personality). */
const RESERVE_GOOD_VALUE = 60;
const RESERVE_DEFAULT = 160;

/**
 * P7: the cheapest copy to flip (lowest list price), an exact tie between equally cheap tiles broken with `rng`
 * rather than always the first listed.
 */
function cheapestFlipOf(state: PoleState, tiles: readonly number[], rng: RandomGenerator): number {
  return bestOf(rng, tiles, (tile) => -artistTile(state.config.board, tile)!.price);
}

/**
 * A sensible player: keeps a cash reserve (smaller for pieces with a high multiplier per Tz, and none on the last
 * lap when only the valuation matters), flips its cheapest edition first (P7; of equally cheap ones, any), and uses
 * the L2 move on its last lap when it is not behind. `personality.boldness` scales the reserve: a bold player keeps
 * back less (reserve ÷ boldness) and so buys more.
 */
export function heuristicBot(personality: Personality = NEUTRAL_PERSONALITY): PoleBot {
  const { boldness } = personality;
  const reserveGood = RESERVE_GOOD_VALUE / boldness;
  const reserveDefault = RESERVE_DEFAULT / boldness;
  return {
    name: 'heuristic',
    choose(state, seat, rng) {
      const decision = poleDecision(state);
      if (!decision || decision.seat !== seat) throw new Error(`heuristic bot: seat ${seat} has nothing to decide`);
      const { board } = state.config;
      switch (decision.kind) {
        case 'roll': {
          if (decision.l2Available && shouldRush(state, seat)) return { type: 'roll', l2: true };
          return { type: 'roll' };
        }
        case 'buy': {
          const art = artistTile(board, decision.tile)!;
          const cash = state.players[seat]!.cash;
          const lastLap = lapsOf(state.players[seat]!.progress, board.tiles.length) >= state.config.laps - 1;
          const valuePerTz = (art.multiplier * 100) / art.price; // ≥ 1 is a good piece (e.g. ×2 at 200 Tz)
          const reserve = lastLap ? 0 : valuePerTz >= 1 ? reserveGood : reserveDefault;
          return cash - art.price >= reserve ? { type: 'buy' } : { type: 'pass' };
        }
        case 'flip':
          return { type: 'flip', tile: cheapestFlipOf(state, decision.tiles, rng) };
      }
    },
  };
}

/** The heuristic with a neutral personality: what existing callers get. */
export const poleHeuristicBot: PoleBot = heuristicBot();

/** On its last lap, a player whose cash + list value is at least everyone else's races to end the game. */
function shouldRush(state: PoleState, seat: SeatId): boolean {
  const { board, laps } = state.config;
  if (lapsOf(state.players[seat]!.progress, board.tiles.length) < laps - 1) return false;
  const worth = (s: SeatId) =>
    state.players[s]!.cash +
    piecesOf(board, state.tiles, s).reduce((sum, p) => sum + p.art.price * p.art.multiplier, 0);
  const mine = worth(seat);
  return state.players.every((_, s) => s === seat || worth(s) <= mine);
}

/**
 * The bots by level. `easy` is the random bot (P7a's cheapest flip aside): Tezos Pole has luck enough that it still
 * wins about one game in six (16 %) against three heuristic players, so it needs no softened heuristic. `normal` is
 * the neutral heuristic. `random` and `heuristic` are the same objects under their older names.
 */
export const poleBots = {
  easy: poleRandomBot,
  normal: poleHeuristicBot,
  random: poleRandomBot,
  heuristic: poleHeuristicBot,
} as const;
export type PoleBotName = keyof typeof poleBots;
