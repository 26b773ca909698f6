import { stateHash } from '../../engine/core/hash';
import { playToEnd } from '../../engine/core/play';
import type { GameRecord } from '../../engine/core/record';
import { replay } from '../../engine/index';
import { pole, poleBots, type PoleBot, type PoleConfigInput } from '../../engine/pole';
import { latency, throughput } from './measure';
import type { BenchCase } from './types';

const FOUR_PLAYERS: PoleConfigInput = { players: 4 };

/** Plays complete games, each with a fresh seed so the sample covers many different games. */
function gamesWith(bot: PoleBot, work: (actions: number) => number): () => () => number {
  return () => {
    const bots = new Array<PoleBot>(4).fill(bot);
    let game = 0;
    return () => throughput(() => work(playToEnd(pole, FOUR_PLAYERS, `bench/${game++}`, bots).record.actions.length));
  };
}

const REPLAY_ACTIONS = 1000;

/**
 * The first 1,000 actions of a long game (a prefix of a record is a valid record). Six heuristic players and 30
 * laps make a game of about 1,250 actions, so the prefix is mid-game, with full holdings and debts.
 */
function longRecord(): GameRecord {
  const config: PoleConfigInput = { players: 6, laps: 30 };
  const { record } = playToEnd(pole, config, 'bench/replay', new Array<PoleBot>(6).fill(poleBots.heuristic));
  if (record.actions.length < REPLAY_ACTIONS) throw new Error(`bench game has only ${record.actions.length} actions`);
  return { ...record, actions: record.actions.slice(0, REPLAY_ACTIONS) };
}

export const poleCases: readonly BenchCase[] = [
  { name: 'pole: 4p games, random bots', unit: 'games/s', prepare: gamesWith(poleBots.random, () => 1) },
  {
    name: 'pole: 4p games, heuristic bots',
    unit: 'games/s',
    goal: { atLeast: 1000 },
    prepare: gamesWith(poleBots.heuristic, () => 1),
  },
  { name: 'pole: actions in 4p heuristic games', unit: 'actions/s', prepare: gamesWith(poleBots.heuristic, (n) => n) },
  {
    // Everything a server does to rebuild a state from its log: record validation, setup and 1,000 applies.
    name: 'pole: replay 1,000 actions (no hash)',
    unit: 'ms',
    goal: { atMost: 10 },
    prepare: () => {
      const record = longRecord();
      return () => latency(() => replay(record));
    },
  },
  {
    name: 'pole: stateHash after 1,000 actions',
    unit: 'ms',
    prepare: () => {
      const { state } = replay(longRecord());
      return () => latency(() => stateHash(state));
    },
  },
];
