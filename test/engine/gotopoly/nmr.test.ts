/** Seed 11.0 "NMR" and ruling G17: what a seat that does not act in time plays. */
import { describe, expect, it } from 'vitest';
import { gotopoly, mostHeldToken, nmrAction, type GotopolyState } from '../../../engine/gotopoly';
import {
  act,
  auctionOf,
  buildTurnOf,
  fresh,
  moveFrom,
  progressAt,
  setup,
  turnOf,
  withEstates,
  withStudents,
} from './helpers';

/** nmrAction for `seat`, checked to be accepted by apply. */
function nmrAccepted(state: GotopolyState, seat: number) {
  const action = nmrAction(state, seat);
  expect(action).not.toBeNull();
  expect(() => act(state, seat, action)).not.toThrow();
  return action;
}

describe('G17 move tokens (seed 11.1 "use the card number which they have most of (lowest first if ties exist)")', () => {
  it('seed 11.1: the token held most of', () => {
    const s = turnOf(withStudents(fresh(), { 0: { tokens: [1, 3, 3, 3, 4, 6] } }), 0);
    expect(nmrAccepted(s, 0)).toEqual({ type: 'move', token: 3 });
  });

  it('seed 11.1 "lowest first if ties exist": two pairs → the lower pair', () => {
    const s = turnOf(withStudents(fresh(), { 0: { tokens: [1, 2, 2, 5, 5, 6] } }), 0);
    expect(nmrAccepted(s, 0)).toEqual({ type: 'move', token: 2 });
  });

  it('seed 11.1: a fresh set (all tied) plays the 1', () => {
    expect(nmrAccepted(turnOf(fresh(), 0), 0)).toEqual({ type: 'move', token: 1 });
  });

  it('mostHeldToken: counts, then lowest', () => {
    expect(mostHeldToken([6, 6, 6, 1, 1, 1])).toBe(1);
    expect(mostHeldToken([2, 4, 4, 5, 5, 5])).toBe(5);
    expect(mostHeldToken([6, 5, 4, 3, 2, 2])).toBe(2);
  });

  it('G17: the NMR token is played even when RISK cards make it a trip to jail (the rule names the token, not the outcome)', () => {
    const s = turnOf(withStudents(fresh(), { 0: { tokens: [1, 1, 2, 3, 4, 5], risk: 1 } }), 0);
    expect(nmrAccepted(s, 0)).toEqual({ type: 'move', token: 1 });
  });
});

describe('G17 "other decisions default to the cheapest legal choice (pass, no bid, sleep rough, work)"', () => {
  it('Build/Trade: endBuild (pass), even when a house could be built', () => {
    const s = buildTurnOf(withEstates(fresh(), { 'old-kent-road': { owner: 0 }, 'whitechapel-road': { owner: 0 } }), 0);
    expect(nmrAccepted(s, 0)).toEqual({ type: 'endBuild' });
  });

  it('a trade offer pending: rejectTrade', () => {
    const s = buildTurnOf(withEstates(fresh(), { 'old-kent-road': { owner: 0 }, mayfair: { owner: 1 } }), 0);
    const offered = act(s, 0, { type: 'offerTrade', to: 1, give: [], take: [39], giveCash: 1000, takeCash: 0 }).state;
    expect(nmrAccepted(offered, 1)).toEqual({ type: 'rejectTrade' });
  });

  it('auction: no bid on every property of the lot', () => {
    const s = auctionOf(fresh(), ['mayfair', 'park-lane', 'strand']);
    expect(nmrAccepted(s, 2)).toEqual({ type: 'bid', bids: [0, 0, 0] });
  });

  it('the opening auction of 6: no bid ×6', () => {
    expect(nmrAccepted(setup(), 0)).toEqual({ type: 'bid', bids: [0, 0, 0, 0, 0, 0] });
  });

  it('jail: serve (costs nothing), even with £50 and a Get Out Of Jail Free card', () => {
    const s = turnOf(
      withStudents(fresh(), { 0: { progress: 30, jailed: 0, kept: [{ deck: 'chance', card: 'tutor-reference' }] } }),
      0,
      {
        decision: { kind: 'jail' },
      },
    );
    expect(nmrAccepted(s, 0)).toEqual({ type: 'serve' });
  });

  it('property: work (the cheapest for the student: +£25)', () => {
    const s = moveFrom(fresh(), 0, 0, 1).state;
    expect(nmrAccepted(s, 0)).toEqual({ type: 'work' });
  });

  it('station: sleep rough', () => {
    const s = moveFrom(fresh(), 0, progressAt('liverpool-street') - 5, 5).state;
    expect(nmrAccepted(s, 0)).toEqual({ type: 'sleepRough' });
  });

  it('utility: take a RISK card (no money)', () => {
    const s = moveFrom(fresh(), 0, progressAt('water-works') - 4, 4).state;
    expect(nmrAccepted(s, 0)).toEqual({ type: 'takeRisk' });
  });

  it('in the red: restart (keeps an absent player in the game)', () => {
    const s = moveFrom(withStudents(fresh(), { 0: { cash: 0 } }), 0, 0, 1).state;
    expect(nmrAccepted(s, 0)).toEqual({ type: 'restart' });
  });
});

describe('G17: nothing pending, nothing to play', () => {
  it("null for a seat with nothing pending (another student's turn)", () => {
    const s = turnOf(fresh(), 1, { order: [1, 0] });
    expect(nmrAction(s, 0)).toBeNull();
    expect(nmrAction(s, 2)).toBeNull();
    expect(nmrAction(s, 1)).not.toBeNull();
  });

  it('null for an uncle who has already bid', () => {
    const s = act(auctionOf(fresh(), ['mayfair']), 1, { type: 'bid', bids: [0] }).state;
    expect(nmrAction(s, 1)).toBeNull();
    expect(nmrAction(s, 0)).toEqual({ type: 'bid', bids: [0] });
  });

  it('null for everyone once the game is over', () => {
    const s = withStudents(fresh(), { 0: { credits: 9, cash: 1 } });
    const over = moveFrom(s, 0, 39, 1).state;
    expect(over.stage.kind).toBe('over');
    expect([0, 1, 2, 3].map((seat) => nmrAction(over, seat))).toEqual([null, null, null, null]);
  });
});

describe('G17: the NMR action is always accepted by apply', () => {
  for (const seed of ['nmr-a', 'nmr-b', 'nmr-c']) {
    it(`a whole game of absent players (seed ${seed}, 3 seats, 12 terms) plays only accepted actions`, () => {
      let state = gotopoly.setup({ players: 3, maxTerms: 12 }, seed);
      let steps = 0;
      while (state.stage.kind !== 'over') {
        const pending = gotopoly.pending(state);
        expect(pending.length).toBeGreaterThan(0);
        const seat = pending[0]!.seat;
        const action = nmrAction(state, seat);
        expect(action).not.toBeNull();
        state = act(state, seat, action).state;
        steps += 1;
        expect(steps).toBeLessThan(5000);
      }
      expect(state.stage.reason).toBe('timeLimit');
      expect(state.term).toBe(12);
    });
  }
});
