/**
 * The random, easy and heuristic bots: they decide from their seat's view only, and the heuristic plays sensibly,
 * breaks exact ties with its rng and has a personality.
 */
import { describe, expect, it } from 'vitest';
import { winsInTurningSeat } from '../../../engine/core/play';
import { playToEnd, rngFromSeed, stateHash } from '../../../engine';
import {
  gotopoly,
  gotopolyBots,
  gotopolyEasyBot,
  gotopolyHeuristicBot,
  gotopolyRandomBot,
  heuristicBot,
  type GotopolyAction,
  type GotopolyState,
} from '../../../engine/gotopoly';
import {
  auctionOf,
  buildTurnOf,
  progressAt,
  setup,
  sp,
  turnOf,
  unowned,
  withEstates,
  withStudents,
  withUncleCash,
} from './helpers';

const { heuristic, random, easy } = gotopolyBots;
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
  it("every bot (heuristic, random, easy) chooses the same action whatever the hidden information (deck order, dice, others' bids)", () => {
    let compared = 0;
    for (const bot of [heuristic, random, easy]) {
      playToEnd(gotopoly, { players: 4 }, `secrets-${bot.name}`, [bot, bot, bot, bot], {
        onAction: (_before, after) => {
          for (const { seat } of gotopoly.pending(after)) {
            expect(choose(bot, withOtherSecrets(after, seat), seat)).toEqual(choose(bot, after, seat));
            compared++;
          }
        },
      });
    }
    expect(compared).toBeGreaterThan(300);
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

describe('heuristic: exact ties broken with its rng', () => {
  // Seat 0's uncle owns the greens with a house on Bond Street: even building (G5) leaves Regent Street and Oxford
  // Street, whose rents are the same, so a house on either adds as much rent per pound.
  const greens = buildTurnOf(
    withUncleCash(
      withEstates(unowned(setup()), {
        'regent-street': { owner: 0 },
        'oxford-street': { owner: 0 },
        'bond-street': { owner: 0, houses: 1 },
      }),
      { 0: 2000 },
    ),
    0,
  );

  it('builds on either of two equally good properties, by its rng', () => {
    const built = new Set<unknown>();
    for (let k = 0; k < 40; k++) {
      const action = heuristic.choose(greens, 0, rngFromSeed(`build/${k}`));
      expect(action.type).toBe('build');
      if (action.type === 'build') built.add(action.space);
    }
    expect([...built].sort()).toEqual([sp('regent-street'), sp('oxford-street')].sort());
  });

  it('the same rng gives the same choice', () => {
    for (let k = 0; k < 10; k++) {
      expect(heuristic.choose(greens, 0, rngFromSeed(`same/${k}`))).toEqual(
        heuristic.choose(greens, 0, rngFromSeed(`same/${k}`)),
      );
    }
  });

  it('picks either of two tokens that score the same (both only lead to RISK jail, G14)', () => {
    const state = turnOf(withStudents(unowned(setup()), { 0: { risk: 2, tokens: [1, 2, 1, 2, 1, 2] } }), 0);
    const moved = new Set<unknown>();
    for (let k = 0; k < 40; k++) {
      const action = heuristic.choose(state, 0, rngFromSeed(`token/${k}`));
      if (action.type === 'move') moved.add(action.token);
    }
    expect([...moved].sort()).toEqual([1, 2]);
  });
});

describe('heuristic: personality', () => {
  const bold = heuristicBot({ boldness: 1.15 });
  const cautious = heuristicBot({ boldness: 0.85 });
  const total = (action: GotopolyAction): number =>
    action.type === 'bid' ? action.bids.reduce((a, b) => a + b, 0) : 0;
  const rng = () => rngFromSeed('personality');

  it('a bold uncle bids more than a neutral one, and a neutral one more than a cautious one (same jitter)', () => {
    const state = auctionOf(unowned(setup()), ['park-lane', 'old-kent-road']);
    const [b, n, c] = [bold, heuristic, cautious].map((bot) => total(bot.choose(state, 0, rng())));
    expect(b).toBeGreaterThan(n!);
    expect(n).toBeGreaterThan(c!);
  });

  it('a bold uncle spends more of a small purse (budget × boldness), never more than it has', () => {
    const state = withUncleCash(auctionOf(unowned(setup()), ['park-lane']), { 0: 100 });
    const b = total(bold.choose(state, 0, rng()));
    const c = total(cautious.choose(state, 0, rng()));
    expect(c).toBeLessThanOrEqual(Math.floor(100 * 0.5 * 0.85));
    expect(b).toBeGreaterThan(c);
    expect(b).toBeLessThanOrEqual(100);
  });

  it('a bold student pays bail with less cash to spare (bail 50 + a reserve of 40 ÷ boldness)', () => {
    const jailed = (cash: number) =>
      turnOf(withStudents(unowned(setup()), { 0: { cash, jailed: 0 } }), 0, { decision: { kind: 'jail' } });
    expect(bold.choose(jailed(88), 0, rng())).toEqual({ type: 'payBail' });
    expect(heuristic.choose(jailed(88), 0, rng())).toEqual({ type: 'serve' });
    expect(heuristic.choose(jailed(95), 0, rng())).toEqual({ type: 'payBail' });
    expect(cautious.choose(jailed(95), 0, rng())).toEqual({ type: 'serve' });
  });
});

describe('gotopolyBots by level', () => {
  it('normal is the heuristic (also named heuristic); easy is a softened heuristic; random stays the random bot', () => {
    expect(gotopolyBots.normal).toBe(gotopolyHeuristicBot);
    expect(gotopolyBots.heuristic).toBe(gotopolyHeuristicBot);
    expect(gotopolyBots.easy).toBe(gotopolyEasyBot);
    expect(gotopolyBots.random).toBe(gotopolyRandomBot);
  });

  it('the easy bot wins now and then against three heuristic bots (the random bot never does), but far less often', () => {
    const games = 120;
    const easyWins = winsInTurningSeat(gotopoly, { players: 4 }, easy, heuristic, games, 'easy');
    // About 12 % (25 % would be as strong as the heuristic).
    expect(easyWins).toBeGreaterThan(games * 0.03);
    expect(easyWins).toBeLessThan(games * 0.2);
  });
});
