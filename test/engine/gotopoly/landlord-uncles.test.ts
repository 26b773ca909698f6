/** Seed 6.0 "Landlord uncles", rulings G3/G4 (sealed auctions) and G5 (building, trades), G2 (separate purses). */
import { describe, expect, it } from 'vitest';
import { LONDON, decisionsOf, gotopoly, gotopolyView, type GotopolyState } from '../../../engine/gotopoly';
import {
  act,
  actAll,
  auctionOf,
  buildTurnOf,
  fresh,
  housesOn,
  moveFrom,
  netTo,
  ofType,
  ownerOf,
  pendingOf,
  progressAt,
  refusedCode,
  setup,
  sp,
  tradeOffer,
  turnOf,
  uncleCashOf,
  withEstates,
  withStudents,
  withUncleCash,
} from './helpers';

/** Every colour-coded property except `keep` owned by uncle 3 (so the auction pool is just `keep`). */
function allOwnedBut(state: GotopolyState, keep: string): GotopolyState {
  const estates = state.estates.map((e, i) =>
    i !== sp(keep) && LONDON.properties.includes(i) ? { ...e, owner: 3 } : e,
  );
  return { ...state, estates };
}

describe("seed 6.2 / G2: the uncles' purses", () => {
  it('seed 6.2 "Each landlord uncle starts with £2000", G2: the student has a separate £200', () => {
    const state = setup();
    expect(uncleCashOf(state)).toEqual([2000, 2000, 2000, 2000]);
    expect(state.students.map((s) => s.cash)).toEqual([200, 200, 200, 200]);
  });
});

describe('G4 sealed auctions (seed 6.2, 6.3)', () => {
  it('seed 6.2 "6 of the colour-coded properties are put up for auction": the first decision is every uncle bidding at once on 6', () => {
    const state = setup();
    const pending = decisionsOf(state);
    expect(pending.map((p) => p.seat)).toEqual([0, 1, 2, 3]);
    for (const p of pending) {
      expect(p.kind).toBe('bid');
      if (p.kind === 'bid') expect(p.lot).toHaveLength(6);
    }
    expect(
      ofType(gotopoly.apply(state, 0, { type: 'bid', bids: [0, 0, 0, 0, 0, 0] }).events, 'bidSubmitted'),
    ).toHaveLength(1);
  });

  it('G4 "All uncles bid at once": after one uncle bids the others are still all pending; bids stay sealed', () => {
    const open = auctionOf(fresh(), ['mayfair', 'park-lane']);
    const { state, events } = act(open, 2, { type: 'bid', bids: [400, 0] });
    expect(pendingOf(state)).toEqual(['0:bid', '1:bid', '3:bid']);
    expect(ofType(events, 'bidSubmitted')).toEqual([{ type: 'bidSubmitted', seat: 2 }]);
    expect(ofType(events, 'auctionResolved')).toEqual([]);
    expect(JSON.stringify(events)).not.toContain('400');
    // G4 "in secret": another uncle's view does not show the amount.
    expect(JSON.stringify(gotopolyView(state, 0).stage)).not.toContain('400');
  });

  it('G4 "an uncle\'s bids in one auction round may not exceed their cash": bids totalling exactly the cash are accepted', () => {
    const open = withUncleCash(auctionOf(fresh(), ['mayfair', 'park-lane']), { 0: 500 });
    const { state } = act(open, 0, { type: 'bid', bids: [300, 200] });
    expect(pendingOf(state)).not.toContain('0:bid');
    expect(refusedCode(open, 0, { type: 'bid', bids: [300, 201] })).toBe('BIDS_OVER_CASH');
  });

  it('G4 "Highest bid buys and pays the bank": the top bidder owns it and pays their own bid to the bank', () => {
    const open = auctionOf(fresh(), ['mayfair']);
    const { state, events } = actAll(open, [
      [0, { type: 'bid', bids: [100] }],
      [1, { type: 'bid', bids: [150] }],
      [2, { type: 'bid', bids: [0] }],
      [3, { type: 'bid', bids: [149] }],
    ]);
    expect(ownerOf(state, 'mayfair')).toBe(1);
    expect(uncleCashOf(state)).toEqual([2000, 1850, 2000, 2000]);
    expect(ofType(events, 'transfer').filter((t) => t.reason === 'auction')).toEqual([
      { type: 'transfer', from: { uncle: 1 }, to: 'bank', amount: 150, reason: 'auction', space: sp('mayfair') },
    ]);
    expect(ofType(events, 'auctionResolved')[0]!.results).toEqual([
      { space: sp('mayfair'), bids: [100, 150, 0, 149], winner: 1, price: 150 },
    ]);
  });

  it('G4: each property of the lot is settled on its own bids', () => {
    const open = auctionOf(fresh(), ['old-kent-road', 'mayfair']);
    const { state } = actAll(open, [
      [0, { type: 'bid', bids: [60, 0] }],
      [1, { type: 'bid', bids: [0, 500] }],
      [2, { type: 'bid', bids: [10, 499] }],
      [3, { type: 'bid', bids: [0, 0] }],
    ]);
    expect(ownerOf(state, 'old-kent-road')).toBe(0);
    expect(ownerOf(state, 'mayfair')).toBe(1);
    expect(uncleCashOf(state)).toEqual([1940, 1500, 2000, 2000]);
  });

  it('G4 "A tie for highest ... leaves the property unowned": nobody pays', () => {
    const open = auctionOf(fresh(), ['mayfair']);
    const { state, events } = actAll(open, [
      [0, { type: 'bid', bids: [300] }],
      [1, { type: 'bid', bids: [300] }],
      [2, { type: 'bid', bids: [100] }],
      [3, { type: 'bid', bids: [0] }],
    ]);
    expect(ownerOf(state, 'mayfair')).toBeNull();
    expect(uncleCashOf(state)).toEqual([2000, 2000, 2000, 2000]);
    expect(netTo(events, 'bank')).toBe(0);
  });

  it('G4 "or no bid, leaves the property unowned"', () => {
    const open = auctionOf(fresh(), ['mayfair']);
    const { state, events } = actAll(
      open,
      [0, 1, 2, 3].map((s) => [s, { type: 'bid', bids: [0] }] as const),
    );
    expect(ownerOf(state, 'mayfair')).toBeNull();
    expect(ofType(events, 'transfer')).toEqual([]);
  });

  it('G4 "it goes back into the pool": an unsold property comes up again in the next auction', () => {
    const opening = { ...auctionOf(allOwnedBut(fresh({ lotsPerTerm: 2 }), 'mayfair'), ['mayfair'], 0), term: 0 };
    let { state } = actAll(
      opening,
      [0, 1, 2, 3].map((s) => [s, { type: 'bid', bids: [200] }] as const),
    );
    expect(ownerOf(state, 'mayfair')).toBeNull();
    // Term 1: every uncle passes the Build/Trade phase, then the auction opens on the pool — just Mayfair.
    const events = [];
    for (let i = 0; i < 10 && gotopoly.pending(state)[0]?.kind === 'buildTrade'; i++) {
      const seat = gotopoly.pending(state)[0]!.seat;
      const r = act(state, seat, { type: 'endBuild' });
      state = r.state;
      events.push(...r.events);
    }
    expect(ofType(events, 'auctionOpened')).toEqual([{ type: 'auctionOpened', term: 1, lot: [sp('mayfair')] }]);
    expect(pendingOf(state)).toEqual(['0:bid', '1:bid', '2:bid', '3:bid']);
  });

  it('seed 6.3 "Bidding (and ownership) occurs before all students have moved": the term\'s auction leads into Movement', () => {
    const open = auctionOf(fresh(), ['mayfair']);
    const { state, events } = actAll(open, [
      [0, { type: 'bid', bids: [400] }],
      [1, { type: 'bid', bids: [0] }],
      [2, { type: 'bid', bids: [0] }],
      [3, { type: 'bid', bids: [0] }],
    ]);
    expect(state.stage.kind).toBe('movement');
    expect(ownerOf(state, 'mayfair')).toBe(0);
    expect(ofType(events, 'phaseStarted').map((e) => e.phase)).toEqual(['movement']);
  });
  it('seed 6.3 "Each turn 2 more properties are put up for auction", after the Build/Trade phase (seed 6.4 "Houses are added before the property auctions")', () => {
    // Student 0 (the only mover) ends term 1; term 2 opens with Build/Trade for uncle 0, then an auction of 2.
    const s = turnOf(
      withEstates(fresh({ players: 2 }), { 'old-kent-road': { owner: 0 }, 'whitechapel-road': { owner: 0 } }),
      0,
      {
        decision: { kind: 'jail' },
      },
    );
    const jailed = withStudents(s, { 0: { progress: 30, jailed: 0 } });
    const { state, events } = act(jailed, 0, { type: 'serve' });
    expect(ofType(events, 'phaseStarted').map((e) => e.phase)).toEqual(['build']);
    expect(pendingOf(state)).toEqual(['0:buildTrade']);
    const built = actAll(state, [
      [0, { type: 'build', space: sp('old-kent-road') }],
      [0, { type: 'endBuild' }],
    ]);
    const phases = ofType(built.events, 'phaseStarted').map((e) => e.phase);
    expect(phases[phases.length - 1]).toBe('auction');
    expect(ofType(built.events, 'auctionOpened')[0]!.lot).toHaveLength(2);
    expect(built.events.findIndex((e) => e.type === 'built')).toBeLessThan(
      built.events.findIndex((e) => e.type === 'auctionOpened'),
    );
  });

  it('G4: an uncle with no cash can only bid nothing, so is not asked', () => {
    const s = withUncleCash(withStudents(fresh({ players: 3 }), { 0: { progress: 30, jailed: 0 } }), { 2: 0 });
    // Student 0 ends term 1; nothing to build or trade in term 2; its auction opens.
    const { state } = act(turnOf(s, 0, { decision: { kind: 'jail' } }), 0, { type: 'serve' });
    expect(pendingOf(state)).toEqual(['0:bid', '1:bid']);
  });
});

describe('G5 building (seed 6.4, 6.5)', () => {
  const browns = (state: GotopolyState, okr = 0, wcr = 0) =>
    withEstates(state, { 'old-kent-road': { owner: 0, houses: okr }, 'whitechapel-road': { owner: 0, houses: wcr } });

  it('seed 6.4 "Once he owns all properties of a particular colour, LANDLORD UNCLES can buy extra houses ... at the cost printed"', () => {
    const { state, events } = act(buildTurnOf(browns(fresh()), 0), 0, { type: 'build', space: sp('old-kent-road') });
    expect(housesOn(state, 'old-kent-road')).toBe(1);
    expect(uncleCashOf(state)[0]).toBe(1950);
    expect(ofType(events, 'built')).toEqual([
      { type: 'built', seat: 0, space: sp('old-kent-road'), houses: 1, cost: 50 },
    ]);
    expect(ofType(events, 'transfer')).toEqual([
      { type: 'transfer', from: { uncle: 0 }, to: 'bank', amount: 50, reason: 'house', space: sp('old-kent-road') },
    ]);
  });

  it('G5 "An uncle who owns a whole colour group": owning part of a group, no house may be built', () => {
    const state = withEstates(fresh(), { 'old-kent-road': { owner: 0 }, 'whitechapel-road': { owner: 1 } });
    expect(refusedCode(buildTurnOf(state, 0), 0, { type: 'build', space: sp('old-kent-road') })).toBe(
      'GROUP_INCOMPLETE',
    );
    expect(gotopoly.legal(buildTurnOf(state, 0), 0)).not.toContainEqual({ type: 'build', space: sp('old-kent-road') });
  });

  it('seed 6.4 "No more than 1 house can be added each turn": after one house, the uncle may not build again this term', () => {
    const { state } = act(buildTurnOf(browns(fresh()), 0), 0, { type: 'build', space: sp('old-kent-road') });
    expect(pendingOf(state)).toEqual(['0:buildTrade']);
    expect(gotopoly.legal(state, 0).some((a) => a.type === 'build')).toBe(false);
    expect(refusedCode(state, 0, { type: 'build', space: sp('whitechapel-road') })).toBe('ALREADY_BUILT');
  });

  it('G5 "at most 1 house per term": in the next term the uncle may build again', () => {
    const { state } = act(buildTurnOf(browns(fresh(), 1, 0), 0, 2), 0, {
      type: 'build',
      space: sp('whitechapel-road'),
    });
    expect(housesOn(state, 'whitechapel-road')).toBe(1);
  });

  it('seed 6.4 "Houses must be built evenly": a second house waits until every property of the group has one', () => {
    const state = buildTurnOf(browns(fresh(), 1, 0), 0);
    expect(refusedCode(state, 0, { type: 'build', space: sp('old-kent-road') })).toBe('UNEVEN_BUILDING');
    expect(gotopoly.legal(state, 0)).toContainEqual({ type: 'build', space: sp('whitechapel-road') });
    expect(gotopoly.legal(state, 0)).not.toContainEqual({ type: 'build', space: sp('old-kent-road') });
  });

  it('seed 6.5 "Four houses can be upgraded to a B&B (hotel) at the normal cost"', () => {
    const { state, events } = act(buildTurnOf(browns(fresh(), 4, 4), 0), 0, {
      type: 'build',
      space: sp('whitechapel-road'),
    });
    expect(housesOn(state, 'whitechapel-road')).toBe(5);
    expect(ofType(events, 'built')[0]!.cost).toBe(50);
    expect(uncleCashOf(state)[0]).toBe(1950);
  });

  it('G5 "4 houses upgrade to a B&B": not while another property of the group has fewer than 4', () => {
    const s = buildTurnOf(browns(fresh(), 4, 3), 0);
    expect(refusedCode(s, 0, { type: 'build', space: sp('old-kent-road') })).toBe('UNEVEN_BUILDING');
    const { state } = act(s, 0, { type: 'build', space: sp('whitechapel-road') });
    expect(housesOn(state, 'whitechapel-road')).toBe(4);
  });

  it('G5: a B&B is the most a property can hold', () => {
    expect(refusedCode(buildTurnOf(browns(fresh(), 5, 5), 0), 0, { type: 'build', space: sp('old-kent-road') })).toBe(
      'FULLY_BUILT',
    );
  });

  it('G5: an uncle who cannot pay the house cost cannot build', () => {
    const state = withUncleCash(buildTurnOf(browns(fresh()), 0), { 0: 49 });
    expect(refusedCode(state, 0, { type: 'build', space: sp('old-kent-road') })).toBe('CANNOT_AFFORD');
  });

  it("G5: only one's own properties can be built on", () => {
    const state = buildTurnOf(
      withEstates(fresh(), { 'old-kent-road': { owner: 1 }, 'whitechapel-road': { owner: 1 } }),
      0,
    );
    expect(refusedCode(state, 0, { type: 'build', space: sp('old-kent-road') })).toBe('NOT_YOUR_PROPERTY');
  });
});

describe('G5 trades (seed 6.7)', () => {
  const holdings = (state: GotopolyState) =>
    withEstates(state, { 'old-kent-road': { owner: 0 }, mayfair: { owner: 1 }, 'park-lane': { owner: 2 } });

  it('G5 "offer and accept": property for cash; the other uncle must answer, then the trade happens uncle to uncle', () => {
    const start = buildTurnOf(holdings(fresh()), 0);
    const offer = tradeOffer(1, { give: ['old-kent-road'], takeCash: 80 });
    const offered = act(start, 0, offer).state;
    expect(pendingOf(offered)).toEqual(['1:answerTrade']);
    const { state, events } = act(offered, 1, { type: 'acceptTrade' });
    expect(ownerOf(state, 'old-kent-road')).toBe(1);
    expect(uncleCashOf(state)).toEqual([2080, 1920, 2000, 2000]);
    expect(ofType(events, 'transfer')).toEqual([
      { type: 'transfer', from: { uncle: 1 }, to: { uncle: 0 }, amount: 80, reason: 'trade' },
    ]);
    // The proposer's Build/Trade turn resumes.
    expect(pendingOf(state)).toEqual(['0:buildTrade']);
  });

  it('G5 "property for property": a swap changes both owners and moves no money', () => {
    const start = buildTurnOf(holdings(fresh()), 0);
    const { state, events } = actAll(start, [
      [0, tradeOffer(1, { give: ['old-kent-road'], take: ['mayfair'] })],
      [1, { type: 'acceptTrade' }],
    ]);
    expect(ownerOf(state, 'old-kent-road')).toBe(1);
    expect(ownerOf(state, 'mayfair')).toBe(0);
    expect(ofType(events, 'transfer')).toEqual([]);
  });

  it('G5 "and/or cash": property plus cash for a property', () => {
    const start = buildTurnOf(holdings(fresh()), 0);
    const { state } = actAll(start, [
      [0, tradeOffer(2, { give: ['old-kent-road'], take: ['park-lane'], giveCash: 250 })],
      [2, { type: 'acceptTrade' }],
    ]);
    expect(ownerOf(state, 'park-lane')).toBe(0);
    expect(ownerOf(state, 'old-kent-road')).toBe(2);
    expect(uncleCashOf(state)).toEqual([1750, 2000, 2250, 2000]);
  });

  it('G5: a rejected offer changes nothing and the proposer carries on', () => {
    const start = buildTurnOf(holdings(fresh()), 0);
    const { state, events } = actAll(start, [
      [0, tradeOffer(1, { take: ['mayfair'], giveCash: 400 })],
      [1, { type: 'rejectTrade' }],
    ]);
    expect(ownerOf(state, 'mayfair')).toBe(1);
    expect(uncleCashOf(state)).toEqual([2000, 2000, 2000, 2000]);
    expect(ofType(events, 'tradeRejected')).toHaveLength(1);
    expect(pendingOf(state)).toEqual(['0:buildTrade']);
  });

  it('seed 6.7 "unimproved properties can be traded ... before the auction phase": no trade offer during the auction', () => {
    const state = auctionOf(holdings(fresh()), ['strand']);
    const offer = tradeOffer(1, { give: ['old-kent-road'], takeCash: 10 });
    expect(refusedCode(state, 0, offer)).toBe('WRONG_DECISION');
  });

  it('seed 6.6 "Money is NOT transferable between a STUDENT and his UNCLE": an uncle cannot trade with himself', () => {
    const state = buildTurnOf(holdings(fresh()), 0);
    expect(refusedCode(state, 0, tradeOffer(0, { give: ['old-kent-road'], takeCash: 10 }))).toBe('BAD_TRADE');
  });

  it('G2 "Money never moves between a student and their own uncle": rent from a student goes to another seat\'s uncle only', () => {
    const owned = withEstates(fresh(), { mayfair: { owner: 1 } });
    const { state, events } = moveFrom(owned, 1, progressAt('go'), 1);
    // Own uncle's property: no rent at all (G9); no transfer student 1 → uncle 1.
    expect(netTo(events, { uncle: 1 })).toBe(0);
    expect(state.uncles[1]!.cash).toBe(2000);
    const other = moveFrom(owned, 0, progressAt('go'), 1);
    expect(netTo(other.events, { uncle: 1 })).toBe(50);
    expect(netTo(other.events, { uncle: 0 })).toBe(0);
  });

  it('G2: a student in the red is not bailed out by their own uncle', () => {
    const broke = withStudents(withEstates(fresh(), { mayfair: { owner: 1 } }), { 0: { cash: 10 } });
    const { state, events } = act(turnOf(withStudents(broke, { 0: { progress: 0 } }), 0), 0, {
      type: 'move',
      token: 1,
    });
    expect(state.students[0]!.cash).toBeLessThan(0);
    expect(netTo(events, { uncle: 0 })).toBe(0);
    expect(state.uncles[0]!.cash).toBe(2000);
  });
});
