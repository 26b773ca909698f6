import { stateHash } from '../../engine/core/hash';
import { playToEnd } from '../../engine/core/play';
import type { GameRecord } from '../../engine/core/record';
import { replay } from '../../engine/index';
import { pole, poleBots, type PoleBot } from '../../engine/pole';
import { botGameCases, firstActions, replayCase } from './game-cases';
import { latency } from './measure';
import type { BenchCase } from './types';

/**
 * The first 1,000 actions of a long game. Six heuristic players and 30 laps make a game of about 1,250 actions, so
 * the prefix is mid-game, with full holdings and debts.
 */
function longRecord(): GameRecord {
  const six = new Array<PoleBot>(6).fill(poleBots.heuristic);
  return firstActions(playToEnd(pole, { players: 6, laps: 30 }, 'bench/replay', six).record, 1000);
}

export const poleCases: readonly BenchCase[] = [
  ...botGameCases(pole, { players: 4 }, poleBots, { atLeast: 1000 }),
  // Everything a server does to rebuild a state from its log: record validation, setup and 1,000 applies.
  replayCase('pole: replay 1,000 actions (no hash)', longRecord, { atMost: 10 }),
  {
    name: 'pole: stateHash after 1,000 actions',
    unit: 'ms',
    prepare: () => {
      const { state } = replay(longRecord());
      return () => latency(() => stateHash(state));
    },
  },
];
