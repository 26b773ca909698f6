import { GENESIS } from '../../engine/pole';
import { runBalanceLab } from '../../server/studio/balance-lab';
import type { BenchCase } from './types';

/** Games per sample: half the lab's default run, stretches and merge included. */
const LAB_GAMES = 1000;

/** Games per second of one whole run on `workers` threads (0: the calling thread), each with its own seed. */
async function labRate(workers: number, seed: string): Promise<number> {
  const start = performance.now();
  await runBalanceLab(GENESIS, { games: LAB_GAMES, workers, seed });
  return (LAB_GAMES * 1000) / (performance.now() - start);
}

const labCase = (name: string, workers: number): BenchCase => ({
  name,
  unit: 'games/s',
  prepare: () => {
    let run = 0;
    return () => labRate(workers, `bench/lab/${workers}/${run++}`);
  },
});

/**
 * The balance lab's speed as a person sees it (games per second of a whole run, on Genesis with four heuristic
 * bots): a run of the default 2,000 games takes 2,000 / this seconds. In the calling thread, on one worker and on
 * two; and two workers against one, run by run in the same sample, since a shared machine's absolute figures vary
 * 2–3× from run to run while a ratio of neighbouring runs does not.
 */
export const studioLabCases: readonly BenchCase[] = [
  labCase('studio: balance lab, 4p heuristic games, one thread', 0),
  labCase('studio: balance lab, 4p heuristic games, 1 worker', 1),
  labCase('studio: balance lab, 4p heuristic games, 2 workers', 2),
  {
    name: 'studio: balance lab, 2 workers ÷ 1 worker',
    unit: '×',
    goal: { atLeast: 1.8 },
    prepare: () => {
      let run = 0;
      return async () => {
        const one = await labRate(1, `bench/lab/ratio/${run}`);
        const two = await labRate(2, `bench/lab/ratio/${run++}`);
        return two / one;
      };
    },
  },
];
