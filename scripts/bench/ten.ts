import { playToEnd } from '../../engine/core/play';
import type { GameRecord } from '../../engine/core/record';
import { replay } from '../../engine/index';
import { ten, tenBots, type TenBot } from '../../engine/ten';
import { latency, throughput } from './measure';
import { tenScoringCases } from './ten-scoring';
import type { BenchCase } from './types';

/** Plays complete 4-player games, each with a fresh seed. */
function gamesWith(bot: TenBot, work: (actions: number) => number): () => () => number {
  return () => {
    const bots = new Array<TenBot>(4).fill(bot);
    let game = 0;
    return () => throughput(() => work(playToEnd(ten, { players: 4 }, `bench/${game++}`, bots).record.actions.length));
  };
}

/** A whole five-player heuristic game: the longest kind of record Ten has. */
function fullRecord(): GameRecord {
  return playToEnd(ten, { players: 5 }, 'bench/replay', new Array<TenBot>(5).fill(tenBots.heuristic)).record;
}

export const tenCases: readonly BenchCase[] = [
  { name: 'ten: 4p games, random bots', unit: 'games/s', prepare: gamesWith(tenBots.random, () => 1) },
  {
    name: 'ten: 4p games, heuristic bots',
    unit: 'games/s',
    goal: { atLeast: 1000 },
    prepare: gamesWith(tenBots.heuristic, () => 1),
  },
  { name: 'ten: actions in 4p heuristic games', unit: 'actions/s', prepare: gamesWith(tenBots.heuristic, (n) => n) },
  ...tenScoringCases,
  {
    name: 'ten: replay a whole 5p game (no hash)',
    unit: 'ms',
    prepare: () => {
      const record = fullRecord();
      return () => latency(() => replay(record));
    },
  },
];
