import { cardById, type Card } from '../../engine/ten/cards';
import { scoreTotal } from '../../engine/ten/scoring';
import { latency } from './measure';
import type { BenchCase } from './types';

/**
 * A realistic end-game collection: 20 number cards over the four colours (gappy runs, a duplicate), a red and a
 * blue `#`, three white numbered jokers and the white `#` — 6 jokers, with whites several colours want.
 */
const END_GAME: readonly string[] = [
  'red-1a',
  'red-2a',
  'red-4a',
  'red-5a',
  'red-5b',
  'red-8',
  'blue-2a',
  'blue-3a',
  'blue-5a',
  'blue-6a',
  'blue-9',
  'orange-1a',
  'orange-3a',
  'orange-4a',
  'orange-7',
  'green-2a',
  'green-4a',
  'green-6a',
  'green-7',
  'green-9',
  'red-joker-a',
  'blue-joker-a',
  'white-3',
  'white-4',
  'white-7',
  'white-wild',
];

export const tenScoringCases: readonly BenchCase[] = [
  {
    // T9's exact optimiser, as bots call it in loops (the total only). latency() is in ms; reported in µs.
    name: 'ten: score a collection with 6 jokers',
    unit: 'µs',
    goal: { atMost: 1000 },
    prepare: () => {
      const cards: readonly Card[] = END_GAME.map(cardById);
      let sink = 0;
      return () => {
        const ms = latency(() => {
          sink += scoreTotal(cards);
        });
        if (sink < 0) throw new Error('unreachable');
        return ms * 1000;
      };
    },
  },
];
