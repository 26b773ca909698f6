/** The strong player's own policy: the collector's buy rule and what it reads (engine/pole/collector.ts). */
import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../../engine/core/rng';
import { GENESIS, poleCollector, type PoleState } from '../../../engine/pole';
import { buyFeatures, buys, type BuyFeatures } from '../../../engine/pole/collector';
import { landOn } from './play';
import { decision } from './reads';
import { setup, withHolders, withPlayers } from './states';

const tileOf = (id: string) => GENESIS.tiles.findIndex((t) => t.id === id);
const MORNING_STATIC = tileOf('morning-static'); // 60 Tz ×1, a one-of-a-kind piece
const LAST_LIGHT = tileOf('last-light-protocol'); // 400 Tz ×3, a one-of-a-kind piece
const PAPER_MOONS = tileOf('paper-moons'); // 140 Tz ×2, an edition of 8

/** A four-player Genesis game in which seat 0 has just landed on `tile` and is offered it. */
function offered(tile: number, patch: (state: PoleState) => PoleState = (s) => s): PoleState {
  const { state } = landOn(patch(setup({ players: 4 }, 'collector')), 0, tile);
  expect(decision(state)).toMatchObject({ kind: 'buy', seat: 0, tile });
  return state;
}

const choice = (state: PoleState) => poleCollector.choose(state, 0, rngFromSeed('collector')).type;

describe('what the collector reads of an offer', () => {
  it('the piece’s expected profit per Tz (P10), its copies left, cash before and after, and how far the game has to go', () => {
    const features = buyFeatures(
      offered(PAPER_MOONS, (s) => withHolders(s, PAPER_MOONS, [2, 3])),
      0,
      PAPER_MOONS,
    );
    // P10: "On an even roll its value is the roll × the list price × the multiplier; on an odd roll it is the list
    // price × the multiplier divided by the roll": per Tz of list value, (2 + 4 + 6 + 1 + 1/3 + 1/5) ÷ 6 ≈ 2.256.
    expect(features.profitPerTz).toBeCloseTo(2.2556 * 2 - 1, 3);
    expect(features.copiesLeft).toBe(8 - 2);
    // P5: "the lander pays the royalty first and is offered a copy after": 10 Tz of its 1,000 (P6), in hundreds.
    expect(features).toMatchObject({ cash: 9.9, cashAfter: 9.9 - 1.4, lastLap: 0 });
    expect(features.worth).toBeCloseTo(0.99, 6); // no piece yet, in thousands
    expect(features.lapsToGo).toBeCloseTo(5 - PAPER_MOONS / 24, 6); // the leader is the seat itself, on lap 0
  });

  it('the best profit still to be had between here and GO: Last Light Protocol’s, until somebody holds it', () => {
    const ahead = buyFeatures(offered(PAPER_MOONS), 0, PAPER_MOONS);
    expect(ahead.bestAhead).toBeCloseTo(((2.2556 * 3 - 1) * 400) / 100, 1);
    const taken = buyFeatures(
      offered(PAPER_MOONS, (s) => withHolders(s, LAST_LIGHT, [1])),
      0,
      PAPER_MOONS,
    );
    expect(taken.bestAhead).toBeLessThan(ahead.bestAhead);
    // Nothing lies past the last tile before GO.
    expect(buyFeatures(offered(LAST_LIGHT), 0, LAST_LIGHT).bestAhead).toBe(0);
  });

  it('counts its pieces at their expected appraisal in what it is worth, and a pawn on its last lap', () => {
    const state = offered(MORNING_STATIC, (s) =>
      withPlayers(withHolders(s, LAST_LIGHT, [0]), { 2: { progress: 4 * 24 + 3 } }),
    );
    const features = buyFeatures(state, 0, MORNING_STATIC);
    expect(features.worth).toBeCloseTo((1000 + 2.2556 * 3 * 400) / 1000, 2);
    expect(features.lastLap).toBe(1);
    expect(features.lapsToGo).toBeCloseTo(5 - (4 * 24 + 3) / 24, 6);
  });
});

describe('what the collector buys', () => {
  it('a ×3 one-of-a-kind piece on the first lap, though it costs 400 of its 1,000 Tz', () => {
    expect(choice(offered(LAST_LIGHT))).toBe('buy');
  });

  it('not a ×1 piece barely worth its price on the first lap, with Last Light Protocol still ahead', () => {
    expect(choice(offered(MORNING_STATIC))).toBe('pass');
  });

  it('that same piece once a pawn is on its last lap: cash left at the end counts once, a piece about 2.26 times', () => {
    expect(choice(offered(MORNING_STATIC, (s) => withPlayers(s, { 2: { progress: 4 * 24 + 3 } })))).toBe('buy');
  });

  it('a rule is a sum: it buys exactly when the bias and the weighted features reach 0', () => {
    const features: BuyFeatures = {
      profitPerTz: 1,
      copiesLeft: 2,
      cash: 3,
      cashAfter: 4,
      lapsToGo: 5,
      worth: 6,
      bestAhead: 7,
      lastLap: 1,
    };
    const weights = { ...features, profitPerTz: 0, copiesLeft: 0, cash: 0, cashAfter: 0, lapsToGo: 0, worth: 0 };
    expect(buys({ bias: -8, weights: { ...weights, bestAhead: 1, lastLap: 1 } }, features)).toBe(true);
    expect(buys({ bias: -8.01, weights: { ...weights, bestAhead: 1, lastLap: 1 } }, features)).toBe(false);
  });
});
