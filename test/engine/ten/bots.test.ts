/** The heuristic bot's ties and personality, and the bots by level (tenBots); the rest is in view-and-bots.test.ts. */
import { describe, expect, it } from 'vitest';
import { winsInTurningSeat } from '../../../engine/core/play';
import { playToEnd, rngFromSeed } from '../../../engine';
import {
  heuristicBot,
  ten,
  tenBots,
  tenEasyBot,
  tenHeuristicBot,
  tenRandomBot,
  type TenAction,
  type TenState,
} from '../../../engine/ten';
import { drawing, table } from './states';

const { heuristic, easy } = tenBots;

/**
 * Seat 0 in the final buy round (T8) holding red 2 and 3, with red 1 and red 4 in the market: either makes a red run
 * of three, and in the final round the tokens it costs do not count, so both are worth the same.
 */
const finalBuy: TenState = {
  ...table({ players: 2 }, 0, [], {
    market: ['red-1a', 'red-4a'],
    players: { 0: { tokens: 5, collection: ['red-2a', 'red-3a'] } },
  }),
  stage: { kind: 'buy', seat: 0, final: true, queue: [] },
};

describe('heuristic: exact ties broken with its rng', () => {
  it('buys either of two market cards worth the same, by its rng', () => {
    const bought = new Set<unknown>();
    for (let k = 0; k < 40; k++) {
      const action = heuristic.choose(finalBuy, 0, rngFromSeed(`buy/${k}`));
      expect(action.type).toBe('buy');
      if (action.type === 'buy') bought.add(action.card);
    }
    expect([...bought].sort()).toEqual(['red-1a', 'red-4a']);
  });

  it('the same rng gives the same choice', () => {
    for (let k = 0; k < 10; k++) {
      expect(heuristic.choose(finalBuy, 0, rngFromSeed(`same/${k}`))).toEqual(
        heuristic.choose(finalBuy, 0, rngFromSeed(`same/${k}`)),
      );
    }
  });
});

describe('heuristic: personality', () => {
  // A red 6 drawn, no currency, 2 players: about a 1 in 3 chance (0.33) that the next card busts.
  const pushing = drawing(0, ['red-6a'], [], {}, { players: 2 });
  const rng = () => rngFromSeed('personality');

  it('a bold bot draws on at a risk where a neutral or cautious one stops (push-your-luck thresholds × boldness)', () => {
    expect(heuristicBot({ boldness: 1.15 }).choose(pushing, 0, rng())).toEqual({ type: 'draw' });
    expect(heuristic.choose(pushing, 0, rng())).toEqual({ type: 'takeNumbers' });
    expect(heuristicBot({ boldness: 0.85 }).choose(pushing, 0, rng())).toEqual({ type: 'takeNumbers' });
  });

  it('heuristicBot() with no personality plays like tenBots.heuristic', () => {
    for (const state of [pushing, finalBuy]) {
      expect(heuristicBot().choose(state, 0, rng())).toEqual(heuristic.choose(state, 0, rng()));
    }
  });
});

describe('tenBots by level', () => {
  it('normal is the heuristic (also named heuristic); easy is a softened heuristic; random stays the random bot', () => {
    expect(tenBots.normal).toBe(tenHeuristicBot);
    expect(tenBots.heuristic).toBe(tenHeuristicBot);
    expect(tenBots.easy).toBe(tenEasyBot);
    expect(tenBots.random).toBe(tenRandomBot);
  });

  it("the easy bot chooses the same action whatever the order of the draw pile and the game's PRNG", () => {
    let compared = 0;
    const choose = (state: TenState, seat: number): TenAction => easy.choose(state, seat, rngFromSeed('bot'));
    playToEnd(ten, { players: 3 }, 'secrets-easy', [easy, easy, easy], {
      onAction: (_before, after) => {
        for (const { seat } of ten.pending(after)) {
          const shuffled = { ...after, deck: after.deck.slice().reverse(), rng: rngFromSeed('x').getState() };
          expect(choose(shuffled, seat)).toEqual(choose(after, seat));
          compared++;
        }
      },
    });
    expect(compared).toBeGreaterThan(50);
  });

  it('the easy bot wins now and then against three heuristic bots (the random bot never does), but far less often', () => {
    const games = 120;
    const easyWins = winsInTurningSeat(ten, { players: 4 }, easy, heuristic, games, 'easy');
    // About 12 % (25 % would be as strong as the heuristic).
    expect(easyWins).toBeGreaterThan(games * 0.03);
    expect(easyWins).toBeLessThan(games * 0.2);
  });
});
