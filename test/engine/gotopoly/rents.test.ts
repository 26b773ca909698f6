/** Seed 7.0 "Rents", seed 4.2 and rulings G8 (study or work) and G9 (rent). */
import { describe, expect, it } from 'vitest';
import { gotopoly, type GotopolyState } from '../../../engine/gotopoly';
import {
  act,
  actAll,
  cashOf,
  fresh,
  moveFrom,
  netTo,
  ofType,
  pendingOf,
  progressAt,
  sp,
  turnOf,
  uncleCashOf,
  withEstates,
  withStudents,
} from './helpers';

const GO = progressAt('go');
const MAYFAIR = sp('mayfair');

/** Students 0 and 1 both on GO, both moving this term in the order [0, 1]. */
function twoOnGo(state: GotopolyState): GotopolyState {
  return turnOf(withStudents(state, { 0: { progress: GO }, 1: { progress: GO } }), 0, { order: [0, 1] });
}

describe('G9 rent to the bank or the uncle (seed 7.1)', () => {
  it('seed 7.1 "NOT owned by any of the LANDLORD UNCLES the rent to pay is the basic rent as printed. Money goes to the bank"', () => {
    const { state, events } = moveFrom(fresh(), 0, GO, 1);
    expect(ofType(events, 'rent')).toEqual([
      { type: 'rent', seat: 0, space: MAYFAIR, amount: 50, to: 'bank', doubled: false },
    ]);
    expect(ofType(events, 'transfer').filter((t) => t.reason === 'rent')).toEqual([
      { type: 'transfer', from: { student: 0 }, to: 'bank', amount: 50, reason: 'rent', space: MAYFAIR },
    ]);
    expect(state.students[0]!.cash).toBe(200 - 1 - 50);
    expect(uncleCashOf(state)).toEqual([2000, 2000, 2000, 2000]);
  });

  it('seed 7.1 "If the property is owned by a LANDLORD UNCLE, the rent goes to him"', () => {
    const { state, events } = moveFrom(withEstates(fresh(), { mayfair: { owner: 2 } }), 0, GO, 1);
    expect(ofType(events, 'rent')).toEqual([
      { type: 'rent', seat: 0, space: MAYFAIR, amount: 50, to: 2, doubled: false },
    ]);
    expect(netTo(events, { uncle: 2 })).toBe(50);
    expect(state.students[0]!.cash).toBe(149);
    expect(state.uncles[2]!.cash).toBe(2050);
  });

  it('G9 "Owned: the rent for its houses": 2 houses on a brown charge the 2-house rent (doubled, the group being owned)', () => {
    const owned = withEstates(fresh(), {
      'old-kent-road': { owner: 1, houses: 2 },
      'whitechapel-road': { owner: 1, houses: 2 },
    });
    const { events } = moveFrom(owned, 0, progressAt('old-kent-road') - 2, 2);
    expect(ofType(events, 'rent')).toEqual([
      { type: 'rent', seat: 0, space: sp('old-kent-road'), amount: 60, to: 1, doubled: true },
    ]);
    expect(netTo(events, { uncle: 1 })).toBe(60);
  });

  it('G5/G9: a B&B charges the B&B rent (doubled: its group is owned)', () => {
    const hotels = withEstates(fresh(), {
      'old-kent-road': { owner: 1, houses: 5 },
      'whitechapel-road': { owner: 1, houses: 5 },
    });
    const rich = withStudents(hotels, { 0: { cash: 1000 } });
    const { state, events } = moveFrom(rich, 0, progressAt('whitechapel-road'), 2);
    expect(ofType(events, 'rent')).toEqual([
      { type: 'rent', seat: 0, space: sp('old-kent-road'), amount: 500, to: 1, doubled: true },
    ]);
    expect(state.students[0]!.cash).toBe(1000 - 2 - 500);
  });

  it('G9: an unowned property charges its base rent even when others of its colour are owned', () => {
    const { events } = moveFrom(withEstates(fresh(), { 'park-lane': { owner: 1 } }), 0, GO, 1);
    expect(ofType(events, 'rent')).toEqual([
      { type: 'rent', seat: 0, space: MAYFAIR, amount: 50, to: 'bank', doubled: false },
    ]);
  });
});

describe('G9 a whole colour owned doubles the rent (seed 7.3)', () => {
  it('seed 7.3 "the rent is doubled, irrespective of whether they have all been purchased by a single player or not"', () => {
    const split = withEstates(fresh(), { mayfair: { owner: 1 }, 'park-lane': { owner: 2 } });
    const { events } = moveFrom(split, 0, GO, 1);
    expect(ofType(events, 'rent')).toEqual([
      { type: 'rent', seat: 0, space: MAYFAIR, amount: 100, to: 1, doubled: true },
    ]);
    expect(netTo(events, { uncle: 1 })).toBe(100);
    expect(netTo(events, { uncle: 2 })).toBe(0);
  });

  it('seed 7.3: a single uncle owning the whole colour also doubles', () => {
    const { events } = moveFrom(withEstates(fresh(), { mayfair: { owner: 1 }, 'park-lane': { owner: 1 } }), 0, GO, 3);
    expect(ofType(events, 'rent')).toEqual([
      { type: 'rent', seat: 0, space: sp('park-lane'), amount: 70, to: 1, doubled: true },
    ]);
  });

  it('G9 "All properties of a colour owned by uncles": the lander\'s own uncle owning the rest still counts', () => {
    const { events } = moveFrom(withEstates(fresh(), { mayfair: { owner: 1 }, 'park-lane': { owner: 0 } }), 0, GO, 1);
    expect(ofType(events, 'rent')).toEqual([
      { type: 'rent', seat: 0, space: MAYFAIR, amount: 100, to: 1, doubled: true },
    ]);
  });

  it('G9: two of three light blues owned is not the whole colour: no doubling', () => {
    const partial = withEstates(fresh(), { 'pentonville-road': { owner: 1 }, 'euston-road': { owner: 2 } });
    const { events } = moveFrom(partial, 0, progressAt('pentonville-road') - 4, 4);
    expect(ofType(events, 'rent')).toEqual([
      { type: 'rent', seat: 0, space: sp('pentonville-road'), amount: 8, to: 1, doubled: false },
    ]);
  });
});

describe('G9 only the first lander in a term pays (seed 7.2)', () => {
  it('seed 7.2 "the second student on the same property in a term pays nothing and still studies"', () => {
    const owned = withEstates(fresh(), { mayfair: { owner: 2 } });
    const { state, events } = actAll(twoOnGo(owned), [
      [0, { type: 'move', token: 1 }],
      [0, { type: 'study' }],
      [1, { type: 'move', token: 1 }],
    ]);
    expect(ofType(events, 'rent').map((r) => r.seat)).toEqual([0]);
    expect(ofType(events, 'rentFree')).toEqual([{ type: 'rentFree', seat: 1, space: MAYFAIR, why: 'alreadyVisited' }]);
    expect(state.students[1]!.cash).toBe(199); // only the £1 fare
    expect(pendingOf(state)).toEqual(['1:study']);
    const after = act(state, 1, { type: 'study' });
    expect(after.state.students[1]!.credits).toBe(1);
    expect(ofType(after.events, 'studied')).toEqual([{ type: 'studied', seat: 1, space: MAYFAIR, credits: 1 }]);
  });

  it('seed 7.2: the second lander on an unowned property pays the bank nothing either, and may work instead', () => {
    const { state, events } = actAll(twoOnGo(fresh()), [
      [0, { type: 'move', token: 1 }],
      [0, { type: 'work' }],
      [1, { type: 'move', token: 1 }],
      [1, { type: 'work' }],
    ]);
    expect(ofType(events, 'rent').map((r) => r.seat)).toEqual([0]);
    expect(cashOf(state).slice(0, 2)).toEqual([200 - 1 - 50 + 25, 200 - 1 + 25]);
  });

  it('G9: the first lander pays even if the property was visited in an earlier term — rent resets each term', () => {
    const visitedLastTerm = withEstates(fresh(), { mayfair: { owner: 2, visited: 1 } });
    const { events } = moveFrom(visitedLastTerm, 0, GO, 1, { term: 2 });
    expect(ofType(events, 'rent')).toEqual([
      { type: 'rent', seat: 0, space: MAYFAIR, amount: 50, to: 2, doubled: false },
    ]);
  });

  it('G9: a property already landed on this term charges nothing', () => {
    const visitedNow = withEstates(fresh(), { mayfair: { owner: 2, visited: 3 } });
    const { state, events } = moveFrom(visitedNow, 0, GO, 1, { term: 3 });
    expect(ofType(events, 'rent')).toEqual([]);
    expect(state.students[0]!.cash).toBe(199);
  });

  it('G9 across a term boundary: the same student pays again next term', () => {
    const owned = withEstates(fresh({ players: 2 }), { mayfair: { owner: 1 } });
    const first = actAll(turnOf(withStudents(owned, { 0: { progress: GO } }), 0, { term: 4 }), [
      [0, { type: 'move', token: 1 }],
      [0, { type: 'study' }],
    ]);
    expect(first.state.term).toBe(5);
    const second = moveFrom(first.state, 0, progressAt('go', 1) - 1, 2, { term: 5 }); // token 1 is spent: a 2 from Old Kent Road
    expect(ofType(second.events, 'rent')).toEqual([
      { type: 'rent', seat: 0, space: MAYFAIR, amount: 50, to: 1, doubled: false },
    ]);
  });
});

describe("G9 own uncle's property (seed 7.4)", () => {
  it('seed 7.4 "If you land on a property owned by your own LANDLORD UNCLE you don\'t pay any rent"', () => {
    const { state, events } = moveFrom(withEstates(fresh(), { mayfair: { owner: 0 } }), 0, GO, 1);
    expect(ofType(events, 'rent')).toEqual([]);
    expect(ofType(events, 'rentFree')).toEqual([{ type: 'rentFree', seat: 0, space: MAYFAIR, why: 'ownUncle' }]);
    expect(state.students[0]!.cash).toBe(199);
    expect(state.uncles[0]!.cash).toBe(2000);
    expect(pendingOf(state)).toEqual(['0:study']);
  });

  it('seed 7.4 "but neither do your freeloading chums if they land there later in the same turn"', () => {
    const { state, events } = actAll(twoOnGo(withEstates(fresh(), { mayfair: { owner: 0 } })), [
      [0, { type: 'move', token: 1 }],
      [0, { type: 'study' }],
      [1, { type: 'move', token: 1 }],
      [1, { type: 'study' }],
    ]);
    expect(ofType(events, 'rent')).toEqual([]);
    expect(state.students[1]!.cash).toBe(199);
    expect(state.uncles[0]!.cash).toBe(2000);
    expect(state.students[1]!.credits).toBe(1);
  });

  it("G9: a chum who lands first still pays the owner; the owner's own student later pays nothing", () => {
    const { state, events } = actAll(twoOnGo(withEstates(fresh(), { mayfair: { owner: 1 } })), [
      [0, { type: 'move', token: 1 }],
      [0, { type: 'study' }],
      [1, { type: 'move', token: 1 }],
    ]);
    expect(ofType(events, 'rent').map((r) => [r.seat, r.to, r.amount])).toEqual([[0, 1, 50]]);
    expect(state.uncles[1]!.cash).toBe(2050);
    expect(state.students[1]!.cash).toBe(199);
  });
});

describe('G8 study or work (seed 4.2)', () => {
  it('seed 4.2 "You can then study to get a TERM CREDIT or choose to work instead which gives you £25"', () => {
    const landed = moveFrom(fresh(), 0, GO, 1).state;
    expect(gotopoly.legal(landed, 0)).toEqual([{ type: 'study' }, { type: 'work' }]);
    const studied = act(landed, 0, { type: 'study' }).state;
    expect(studied.students[0]!.credits).toBe(1);
    expect(studied.students[0]!.cash).toBe(149);
    const worked = act(landed, 0, { type: 'work' });
    expect(worked.state.students[0]!.credits).toBe(0);
    expect(worked.state.students[0]!.cash).toBe(174);
    expect(netTo(worked.events, { student: 0 })).toBe(25);
  });
});
