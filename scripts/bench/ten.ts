import { playToEnd } from '../../engine/core/play';
import type { GameRecord } from '../../engine/core/record';
import { ten, tenBots, type TenBot } from '../../engine/ten';
import { botGameCases, replayCase } from './game-cases';
import { tenScoringCases } from './ten-scoring';
import type { BenchCase } from './types';

/** A whole five-player heuristic game: the longest kind of record Ten has. */
function fullRecord(): GameRecord {
  return playToEnd(ten, { players: 5 }, 'bench/replay', new Array<TenBot>(5).fill(tenBots.heuristic)).record;
}

export const tenCases: readonly BenchCase[] = [
  ...botGameCases(ten, { players: 4 }, tenBots, { atLeast: 1000 }),
  ...tenScoringCases,
  replayCase('ten: replay a whole 5p game (no hash)', fullRecord),
];
