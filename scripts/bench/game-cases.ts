/** The cases every game's bench has alike: bot games, and replaying a long record. */
import { playToEnd } from '../../engine/core/play';
import type { GameRecord } from '../../engine/core/record';
import type { Bot, GameDefinition, GameEvent } from '../../engine/core/types';
import { replay } from '../../engine/index';
import { latency, throughput } from './measure';
import type { BenchCase } from './types';

/**
 * Complete 4-player games with random bots and with heuristic bots (games/s; the heuristic ones with their goal), and
 * the actions of heuristic games (actions/s). Each game has a fresh seed, so the sample covers many different games.
 */
export function botGameCases<S, A, C, E extends GameEvent>(
  definition: GameDefinition<S, A, C, E>,
  fourPlayers: C,
  bots: { readonly random: Bot<S, A>; readonly heuristic: Bot<S, A> },
  heuristicGoal: { readonly atLeast: number },
): BenchCase[] {
  const gamesWith = (bot: Bot<S, A>, work: (actions: number) => number) => (): (() => number) => {
    const seats = new Array<Bot<S, A>>(4).fill(bot);
    let game = 0;
    return () =>
      throughput(() => work(playToEnd(definition, fourPlayers, `bench/${game++}`, seats).record.actions.length));
  };
  const game = definition.id;
  return [
    { name: `${game}: 4p games, random bots`, unit: 'games/s', prepare: gamesWith(bots.random, () => 1) },
    {
      name: `${game}: 4p games, heuristic bots`,
      unit: 'games/s',
      goal: heuristicGoal,
      prepare: gamesWith(bots.heuristic, () => 1),
    },
    {
      name: `${game}: actions in 4p heuristic games`,
      unit: 'actions/s',
      prepare: gamesWith(bots.heuristic, (n) => n),
    },
  ];
}

/** Replaying `record` (made once, untimed): what a server does to rebuild a state from its log, the hash left out. */
export function replayCase(name: string, record: () => GameRecord, goal?: BenchCase['goal']): BenchCase {
  return {
    name,
    unit: 'ms',
    ...(goal && { goal }),
    prepare: () => {
      const made = record();
      return () => latency(() => replay(made));
    },
  };
}

/** The first `count` actions of `record` (a prefix of a record is a valid record); throws when it has fewer. */
export function firstActions<C, A>(record: GameRecord<C, A>, count: number): GameRecord<C, A> {
  if (record.actions.length < count) throw new Error(`bench game has only ${record.actions.length} actions`);
  return { ...record, actions: record.actions.slice(0, count) };
}
