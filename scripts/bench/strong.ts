/**
 * The strong players (engine/core/search.ts) against the normal level: per game, GAMES four-player games with the
 * strong bot in a rotating seat and three heuristic bots, its share of the wins (even is 25 %), and how long its moves
 * take on one core. The strong bot plays with its default budget in iterations and no deadline, so the figures are the
 * same on any machine but the times. One run of the games serves a game's three cases; it takes minutes.
 */
import { winsInTurningSeat } from '../../engine/core/play';
import type { Bot, GameDefinition, GameId } from '../../engine/core/types';
import { games, strongPlayers } from '../../engine/index';
import { gotopolyBots } from '../../engine/gotopoly';
import { poleBots } from '../../engine/pole';
import { tenBots } from '../../engine/ten';
import { percentile } from '../lib/stats';
import type { BenchCase } from './types';

/**
 * Games per game. Tezos Pole's are the cheapest and the luckiest: over 200 a share is known to ± 3.4 points, and its
 * first 200 seeds happen to favour the turning seat by about 5 points for every player tried (docs/benchmarks.md).
 */
const GAMES: Readonly<Record<GameId, number>> = { pole: 400, gotopoly: 200, ten: 200 };
const SEATS = 4;

const NORMAL: Readonly<Record<GameId, Bot<unknown, unknown>>> = {
  pole: poleBots.heuristic,
  gotopoly: gotopolyBots.heuristic,
  ten: tenBots.heuristic,
};

interface StrongRun {
  /** The strong bot's share of the wins, in percent (a shared win counts its share). */
  readonly winShare: number;
  /** Milliseconds per move that had a choice (a single legal action is answered at once). */
  readonly moveMs: readonly number[];
}

const runs = new Map<GameId, StrongRun>();

/** Plays the games once per process; every case of the game reads the same run. */
function strongRun(game: GameId): StrongRun {
  const done = runs.get(game);
  if (done) return done;
  const definition: GameDefinition<unknown, unknown, unknown> = games[game];
  const player = strongPlayers[game];
  const moveMs: number[] = [];
  const strong: Bot<unknown, unknown> = {
    name: 'strong',
    choose(state, seat, rng) {
      const view = definition.view(state, seat);
      const choice = definition.legal(state, seat).length > 1;
      const start = performance.now();
      const action = player.choose(view, seat, rng);
      if (choice) moveMs.push(performance.now() - start);
      return action;
    },
  };
  const count = GAMES[game];
  const wins = winsInTurningSeat(
    definition,
    { players: SEATS },
    strong,
    NORMAL[game],
    count,
    'bench/strong',
    (g, won) => {
      // Minutes of play: show progress to a person, never into a pipe or a test.
      if (process.stderr.isTTY && (g + 1) % 10 === 0) {
        process.stderr.write(
          `${game}: strong vs 3 normal, ${g + 1}/${count} games, ${((100 * won) / (g + 1)).toFixed(1)} %\n`,
        );
      }
    },
  );
  const run = { winShare: (100 * wins) / count, moveMs };
  runs.set(game, run);
  return run;
}

function strongCases(game: GameId): BenchCase[] {
  return [
    {
      name: `${game}: strong vs 3 normal, win share over ${GAMES[game]} 4p games`,
      unit: '%',
      goal: { atLeast: 40 },
      prepare: () => {
        const { winShare } = strongRun(game);
        return () => winShare;
      },
    },
    {
      name: `${game}: strong move time p50 (one core)`,
      unit: 'ms',
      goal: { atMost: 300 },
      prepare: () => {
        const p50 = percentile(strongRun(game).moveMs, 50);
        return () => p50;
      },
    },
    {
      name: `${game}: strong move time p99 (one core)`,
      unit: 'ms',
      prepare: () => {
        const p99 = percentile(strongRun(game).moveMs, 99);
        return () => p99;
      },
    },
  ];
}

export const strongBotCases: readonly BenchCase[] = (['pole', 'gotopoly', 'ten'] as const).flatMap(strongCases);
