import { playToEnd } from '../../engine/core/play';
import type { GameRecord } from '../../engine/core/record';
import { gotopoly, gotopolyBots, type GotopolyBot } from '../../engine/gotopoly';
import { botGameCases, firstActions, replayCase } from './game-cases';
import type { BenchCase } from './types';

/**
 * The first 1,000 actions of a long six-player game: a degree needing 40 credits keeps heuristic students on the
 * course until the time limit, so the prefix is deep in the game, with houses built and trades made.
 */
function longRecord(): GameRecord {
  const six = new Array<GotopolyBot>(6).fill(gotopolyBots.heuristic);
  return firstActions(playToEnd(gotopoly, { players: 6, creditsToWin: 40 }, 'bench/replay', six).record, 1000);
}

export const gotopolyCases: readonly BenchCase[] = [
  ...botGameCases(gotopoly, { players: 4 }, gotopolyBots, { atLeast: 200 }),
  replayCase('gotopoly: replay 1,000 actions (no hash)', longRecord),
];
