/**
 * Provably fair rolls (FAIRNESS.md): what the scheme costs. A roll is one HMAC-SHA256 and the engine's reseed (the
 * PRNG, and the face-down piles reshuffled); a link from a walked chain is at most 64 SHA-256s; checking a whole record
 * is the replay plus a roll, a link check and a state hash per action. The on-chain cost of commit_seed and reveal_seed
 * is in fa2-gas.ts.
 */
import type { Bot } from '../../engine/core/types';
import {
  games,
  HashChain,
  playFairToEnd,
  rngStateOfRoll,
  rollOf,
  verifyRecord,
  type GameId,
  type GameRecord,
} from '../../engine';
import { gotopolyBots } from '../../engine/gotopoly';
import { poleBots } from '../../engine/pole';
import { tenBots } from '../../engine/ten';
import { latency } from './measure';
import type { BenchCase } from './types';

const BOTS: Record<GameId, Bot<unknown, unknown>> = {
  pole: poleBots.heuristic,
  gotopoly: gotopolyBots.heuristic,
  ten: tenBots.heuristic,
};

/**
 * A whole 4-player heuristic game played as a provably fair one, seat 0's every action carrying its link: the record
 * the host would export (links, rolls, state hashes, the final hash).
 */
function fairRecord(game: GameId): GameRecord {
  const chain = new HashChain('42'.repeat(32));
  const link = (k: number) => chain.link(k);
  return playFairToEnd(
    games[game],
    { players: 4 },
    `bench/fair/${game}`,
    [0, 1, 2, 3].map(() => BOTS[game]),
    {
      gameId: `bench-${game}`,
      chains: [{ seat: 0, at: 0, head: chain.head, link }],
    },
  );
}

/** The state before each action of a fair record (each as the host had it, before that action's reseed). */
function statesBefore(record: GameRecord): unknown[] {
  const definition = games[record.game];
  const states: unknown[] = [];
  let state = definition.setup(record.config, record.seed, record.version);
  for (const a of record.actions) {
    states.push(state);
    state = definition.apply(definition.reseed(state, rngStateOfRoll(a.roll!)), a.seat, a.action).state;
  }
  return states;
}

function gameCases(game: GameId): BenchCase[] {
  const definition = games[game];
  return [
    {
      name: `fair: ${game}, one roll (HMAC-SHA256 + reseed of a mid-game state)`,
      unit: 'µs',
      prepare: () => {
        const record = fairRecord(game);
        const middle = statesBefore(record)[Math.floor(record.actions.length / 2)];
        let seq = 0;
        return () =>
          1000 *
          latency(() =>
            definition.reseed(middle, rngStateOfRoll(rollOf(record.seed, 'bench', ++seq, 'ab'.repeat(32)))),
          );
      },
    },
    {
      name: `fair: ${game}, the scheme's own work for a whole 4p game (every roll and reseed)`,
      unit: 'ms',
      prepare: () => {
        const record = fairRecord(game);
        const states = statesBefore(record);
        return () =>
          latency(() => {
            record.actions.forEach((a, i) =>
              definition.reseed(
                states[i],
                rngStateOfRoll(rollOf(record.seed, record.fair!.gameId, i + 1, a.contribution ?? null)),
              ),
            );
          });
      },
    },
    {
      name: `fair: ${game}, verify a whole 4p record (commitment, links, rolls, replay, every state hash)`,
      unit: 'ms',
      prepare: () => {
        const record = fairRecord(game);
        return () =>
          latency(() => {
            if (!verifyRecord(definition, record).ok) throw new Error('the bench record does not verify');
          });
      },
    },
  ];
}

export const fairCases: readonly BenchCase[] = [
  ...gameCases('pole'),
  ...gameCases('gotopoly'),
  ...gameCases('ten'),
  {
    name: 'fair: a chain of 4096 links walked once (a browser’s first link)',
    unit: 'ms',
    prepare: () => {
      let n = 0;
      return () => latency(() => new HashChain((n++ % 256).toString(16).padStart(2, '0').repeat(32)).link(1));
    },
  },
  {
    name: 'fair: the next link from a walked chain',
    unit: 'µs',
    prepare: () => {
      const chain = new HashChain('17'.repeat(32));
      let k = 0;
      return () => 1000 * latency(() => chain.link((k++ % 4096) + 1));
    },
  },
];
