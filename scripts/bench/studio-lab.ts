import { GENESIS } from '../../engine/pole';
import { runBalanceLab } from '../../server/studio/balance-lab';
import type { BenchCase } from './types';

/** Games per sample: a tenth of the lab's default run, with its chunked yields included. */
const LAB_GAMES = 200;

/**
 * The balance lab's speed as a person sees it (games per second of a whole run, on Genesis with four heuristic
 * bots): a run of the default 2,000 games takes 2,000 / this seconds. Each sample uses its own seed.
 */
export const studioLabCases: readonly BenchCase[] = [
  {
    name: 'studio: balance lab, 4p heuristic games',
    unit: 'games/s',
    prepare: () => {
      let run = 0;
      return async () => {
        const start = performance.now();
        await runBalanceLab(GENESIS, { games: LAB_GAMES, seed: `bench/lab/${run++}` });
        return (LAB_GAMES * 1000) / (performance.now() - start);
      };
    },
  },
];
