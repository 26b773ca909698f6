/** The random and heuristic bots: they decide from their seat's view only, and the heuristic plays sensibly. */
import { describe, expect, it } from 'vitest';
import { playToEnd, rngFromSeed, stateHash } from '../../../engine';
import { gotopoly, gotopolyBots, type GotopolyAction, type GotopolyState } from '../../../engine/gotopoly';
import { auctionOf, progressAt, setup, sp, turnOf, unowned, withEstates, withStudents } from './helpers';

const { heuristic, random } = gotopolyBots;
const choose = (bot: typeof heuristic, state: GotopolyState, seat: number): GotopolyAction =>
  bot.choose(state, seat, rngFromSeed('bot'));

/** The same state with every secret changed: the PRNG, the order of both draw piles and other uncles' sealed bids. */
function withOtherSecrets(state: GotopolyState, seat: number): GotopolyState {
  const { stage } = state;
  return {
    ...state,
    rng: rngFromSeed('other secrets').getState(),
    decks: {
      chance: { ...state.decks.chance, draw: state.decks.chance.draw.slice().reverse() },
      chest: { ...state.decks.chest, draw: state.decks.chest.draw.slice().reverse() },
    },
    stage:
      stage.kind === 'auction'
        ? { ...stage, bids: stage.bids.map((b, s) => (s === seat || !b ? b : b.map((x) => x + 7))) }
        : stage,
  };
}

describe('bots use only their view', () => {
  it("both bots choose the same action whatever the hidden information (deck order, dice, others' bids)", () => {
    let compared = 0;
    for (const bot of [heuristic, random]) {
      playToEnd(gotopoly, { players: 4 }, `secrets-${bot.name}`, [bot, bot, bot, bot], {
        onAction: (_before, after) => {
          for (const { seat } of gotopoly.pending(after)) {
            expect(choose(bot, withOtherSecrets(after, seat), seat)).toEqual(choose(bot, after, seat));
            compared++;
          }
        },
      });
    }
    expect(compared).toBeGreaterThan(200);
  });
});

describe('heuristic student', () => {
  it('avoids RISK jail (G14): with 2 RISK cards it never spends a 1 or a 2 while it holds anything higher', () => {
    const state = turnOf(withStudents(unowned(setup()), { 0: { risk: 2, tokens: [1, 2, 2, 3, 5, 6] } }), 0);
    const action = choose(heuristic, state, 0);
    expect(action.type).toBe('move');
    expect(action.type === 'move' && action.token).toBeGreaterThan(2);
  });

  it('with 9 credits 3 spaces short of GO, it spends its 3 to land exactly on GO and win (G16)', () => {
    const state = turnOf(
      withStudents(unowned(setup()), { 0: { credits: 9, progress: 37, tokens: [1, 2, 3, 4, 5, 6] } }),
      0,
    );
    expect(choose(heuristic, state, 0)).toEqual({ type: 'move', token: 3 });
    const { state: after } = gotopoly.apply(state, 0, choose(heuristic, state, 0));
    expect(gotopoly.outcome(after)?.winners).toEqual([0]);
  });

  it("prefers a rent-free landing: it goes where its own uncle owns the property rather than onto a rival's hotel", () => {
    // From GO: 1 → Mayfair (rival B&B, £4,000 doubled), 3 → Park Lane (own uncle's).
    const base = withEstates(unowned(setup()), {
      mayfair: { owner: 1, houses: 5 },
      'park-lane': { owner: 0, houses: 0 },
    });
    const state = turnOf(withStudents(base, { 0: { tokens: [1, 1, 3, 6, 6, 6] } }), 0);
    expect(choose(heuristic, state, 0)).toEqual({ type: 'move', token: 3 });
  });

  it('studies until it has the credits it needs, then works', () => {
    const studying = turnOf(withStudents(unowned(setup()), { 0: { credits: 4, progress: progressAt('mayfair') } }), 0, {
      decision: { kind: 'study', space: sp('mayfair') },
    });
    expect(choose(heuristic, studying, 0)).toEqual({ type: 'study' });
    const graduated = withStudents(studying, { 0: { credits: 9 } });
    expect(choose(heuristic, graduated, 0)).toEqual({ type: 'work' });
  });
});

describe('heuristic uncle', () => {
  it('G4: its sealed bids stay within its cash, and it bids more for the property that completes its colour group', () => {
    const lot = ['park-lane', 'bond-street'];
    const state = auctionOf(withEstates(unowned(setup()), { mayfair: { owner: 0 } }), lot);
    const action = choose(heuristic, state, 0);
    expect(action.type).toBe('bid');
    if (action.type !== 'bid') return;
    expect(action.bids.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(state.uncles[0]!.cash);
    // Park Lane (£350) completes the dark blues; Bond Street (£320) does not.
    expect(action.bids[0]! - 350).toBeGreaterThan(action.bids[1]! - 320);
    const poor = { ...state, uncles: state.uncles.map((u, s) => (s === 0 ? { cash: 100 } : u)) };
    const small = choose(heuristic, poor, 0);
    expect(small.type === 'bid' && small.bids.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(100);
  });
});

describe('heuristic against random', () => {
  it('wins most two-player games against the random bot, from either seat', () => {
    let heuristicWins = 0;
    const games = 100;
    for (let i = 0; i < games; i++) {
      const heuristicSeat = i % 2;
      const bots = heuristicSeat === 0 ? [heuristic, random] : [random, heuristic];
      const { outcome, state } = playToEnd(gotopoly, { players: 2 }, `duel/${i}`, bots);
      expect(stateHash(state)).toMatch(/^[0-9a-f]{64}$/);
      if (outcome.winners.length === 1 && outcome.winners[0] === heuristicSeat) heuristicWins++;
    }
    expect(heuristicWins).toBeGreaterThan(games * 0.7);
  });
});
