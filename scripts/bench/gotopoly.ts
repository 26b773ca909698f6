import { playToEnd } from '../../engine/core/play';
import type { GameRecord } from '../../engine/core/record';
import { replay } from '../../engine/index';
import { gotopoly, gotopolyBots, type GotopolyBot, type GotopolyConfigInput } from '../../engine/gotopoly';
import { latency, throughput } from './measure';
import type { BenchCase } from './types';

const FOUR_PLAYERS: GotopolyConfigInput = { players: 4 };

/** Plays complete games, each with a fresh seed so the sample covers many different games. */
function gamesWith(bot: GotopolyBot, work: (actions: number) => number): () => () => number {
  return () => {
    const bots = new Array<GotopolyBot>(4).fill(bot);
    let game = 0;
    return () =>
      throughput(() => work(playToEnd(gotopoly, FOUR_PLAYERS, `bench/${game++}`, bots).record.actions.length));
  };
}

const REPLAY_ACTIONS = 1000;

/**
 * The first 1,000 actions of a long six-player game: a degree needing 40 credits keeps heuristic students on the
 * course until the time limit, so the prefix is deep in the game, with houses built and trades made.
 */
function longRecord(): GameRecord {
  const config: GotopolyConfigInput = { players: 6, creditsToWin: 40 };
  const { record } = playToEnd(
    gotopoly,
    config,
    'bench/replay',
    new Array<GotopolyBot>(6).fill(gotopolyBots.heuristic),
  );
  if (record.actions.length < REPLAY_ACTIONS) throw new Error(`bench game has only ${record.actions.length} actions`);
  return { ...record, actions: record.actions.slice(0, REPLAY_ACTIONS) };
}

export const gotopolyCases: readonly BenchCase[] = [
  { name: 'gotopoly: 4p games, random bots', unit: 'games/s', prepare: gamesWith(gotopolyBots.random, () => 1) },
  {
    name: 'gotopoly: 4p games, heuristic bots',
    unit: 'games/s',
    goal: { atLeast: 200 },
    prepare: gamesWith(gotopolyBots.heuristic, () => 1),
  },
  {
    name: 'gotopoly: actions in 4p heuristic games',
    unit: 'actions/s',
    prepare: gamesWith(gotopolyBots.heuristic, (n) => n),
  },
  {
    name: 'gotopoly: replay 1,000 actions (no hash)',
    unit: 'ms',
    prepare: () => {
      const record = longRecord();
      return () => latency(() => replay(record));
    },
  },
];
