/**
 * Illegal actions: every one is refused with a RuleError carrying a stable code, and the state is left untouched
 * (refusedCode checks both). Rules cited per case: G4 (bids), G5 (building, trades), G6 (tokens), G10/G11/G14 (paying).
 */
import { describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../engine';
import type { GotopolyState } from '../../../engine/gotopoly';
import {
  act,
  auctionOf,
  buildTurnOf,
  fresh,
  moveFrom,
  progressAt,
  refusedCode,
  sp,
  tradeOffer,
  turnOf,
  withEstates,
  withStudents,
  withUncleCash,
} from './helpers';

const browns = (state: GotopolyState, okr = 0, wcr = 0) =>
  withEstates(state, { 'old-kent-road': { owner: 0, houses: okr }, 'whitechapel-road': { owner: 0, houses: wcr } });

describe('G4 bids', () => {
  it('G4 "bids ... may not exceed their cash": BIDS_OVER_CASH', () => {
    const s = withUncleCash(auctionOf(fresh(), ['mayfair', 'park-lane']), { 1: 600 });
    expect(refusedCode(s, 1, { type: 'bid', bids: [400, 201] })).toBe('BIDS_OVER_CASH');
    expect(refusedCode(s, 1, { type: 'bid', bids: [601, 0] })).toBe('BIDS_OVER_CASH');
  });

  it('G4 one bid per property of the lot: a bid list of the wrong length is BAD_BID', () => {
    const s = auctionOf(fresh(), ['mayfair', 'park-lane']);
    expect(refusedCode(s, 0, { type: 'bid', bids: [100] })).toBe('BAD_BID');
    expect(refusedCode(s, 0, { type: 'bid', bids: [100, 0, 0] })).toBe('BAD_BID');
    expect(refusedCode(s, 0, { type: 'bid', bids: [] })).toBe('BAD_BID');
  });

  it('G4 "a single blind bid": an uncle cannot bid twice in one auction', () => {
    const once = act(auctionOf(fresh(), ['mayfair']), 0, { type: 'bid', bids: [100] }).state;
    // The uncle's sealed bid stands; the others are still bidding.
    expect(refusedCode(once, 0, { type: 'bid', bids: [200] })).toBe('ALREADY_BID');
    expect(once.stage.kind === 'auction' && once.stage.bids[0]).toEqual([100]);
  });

  it('a negative or fractional bid is a malformed action', () => {
    const s = auctionOf(fresh(), ['mayfair']);
    expect(refusedCode(s, 0, { type: 'bid', bids: [-5] })).toBe('MALFORMED_ACTION');
    expect(refusedCode(s, 0, { type: 'bid', bids: [10.5] })).toBe('MALFORMED_ACTION');
  });
});

describe('G5 building', () => {
  it('G5 "building evenly": UNEVEN_BUILDING', () => {
    expect(refusedCode(buildTurnOf(browns(fresh(), 2, 1), 0), 0, { type: 'build', space: sp('old-kent-road') })).toBe(
      'UNEVEN_BUILDING',
    );
  });

  it('G5 "at most 1 house per term": a second build in the same term is ALREADY_BUILT', () => {
    const built = act(buildTurnOf(browns(fresh()), 0), 0, { type: 'build', space: sp('old-kent-road') }).state;
    expect(refusedCode(built, 0, { type: 'build', space: sp('whitechapel-road') })).toBe('ALREADY_BUILT');
  });

  it('G5 "who owns a whole colour group": GROUP_INCOMPLETE', () => {
    const s = buildTurnOf(withEstates(fresh(), { 'old-kent-road': { owner: 0 } }), 0);
    expect(refusedCode(s, 0, { type: 'build', space: sp('old-kent-road') })).toBe('GROUP_INCOMPLETE');
  });

  it('G5 only colour-coded properties take houses: NOT_A_PROPERTY', () => {
    expect(refusedCode(buildTurnOf(browns(fresh()), 0), 0, { type: 'build', space: sp('kings-cross') })).toBe(
      'NOT_A_PROPERTY',
    );
  });
});

describe('G5 trades', () => {
  const holdings = (state: GotopolyState) =>
    withEstates(state, {
      'old-kent-road': { owner: 0, houses: 1 },
      'whitechapel-road': { owner: 0 },
      mayfair: { owner: 1 },
      'park-lane': { owner: 2 },
      strand: { owner: 0 },
    });

  it('G5 "Unimproved properties may be traded": a property with a house is IMPROVED_PROPERTY', () => {
    const s = buildTurnOf(holdings(fresh()), 0);
    expect(refusedCode(s, 0, tradeOffer(1, { give: ['old-kent-road'], takeCash: 50 }))).toBe('IMPROVED_PROPERTY');
  });

  it('G5 (engine: as in Monopoly) a bare property whose group has houses is IMPROVED_PROPERTY too', () => {
    const s = buildTurnOf(holdings(fresh()), 0);
    expect(refusedCode(s, 0, tradeOffer(1, { give: ['whitechapel-road'], takeCash: 50 }))).toBe('IMPROVED_PROPERTY');
  });

  it("G5 trades are between the two uncles: offering another uncle's property is NOT_THEIR_PROPERTY", () => {
    const s = buildTurnOf(holdings(fresh()), 0);
    // Uncle 0 offers Park Lane (uncle 2's) to uncle 1.
    expect(refusedCode(s, 0, tradeOffer(1, { give: ['park-lane'], takeCash: 50 }))).toBe('NOT_THEIR_PROPERTY');
    // Uncle 0 asks uncle 1 for Park Lane (uncle 2's).
    expect(refusedCode(s, 0, tradeOffer(1, { give: ['strand'], take: ['park-lane'] }))).toBe('NOT_THEIR_PROPERTY');
  });

  it('G5: an offer the proposer cannot pay for is CANNOT_AFFORD', () => {
    const s = withUncleCash(buildTurnOf(holdings(fresh()), 0), { 0: 100 });
    expect(refusedCode(s, 0, tradeOffer(1, { take: ['mayfair'], giveCash: 101 }))).toBe('CANNOT_AFFORD');
  });

  it('G5: too many trade offers in one Build/Trade phase is TOO_MANY_OFFERS', () => {
    let s = buildTurnOf(holdings(fresh()), 0);
    const offer = tradeOffer(1, { give: ['strand'], takeCash: 10 });
    for (let i = 0; i < s.config.tradeOffersPerTerm; i++) {
      s = act(s, 0, offer).state;
      s = act(s, 1, { type: 'rejectTrade' }).state;
    }
    expect(refusedCode(s, 0, offer)).toBe('TOO_MANY_OFFERS');
  });

  it('a trade naming no property is BAD_TRADE', () => {
    const s = buildTurnOf(holdings(fresh()), 0);
    expect(refusedCode(s, 0, tradeOffer(1, { giveCash: 10 }))).toBe('BAD_TRADE');
  });

  it('answering a trade when none is pending is WRONG_DECISION', () => {
    expect(refusedCode(buildTurnOf(holdings(fresh()), 0), 0, { type: 'acceptTrade' })).toBe('WRONG_DECISION');
  });
});

describe('G6 move tokens', () => {
  it('G6: using a token not held is TOKEN_NOT_HELD', () => {
    const s = turnOf(withStudents(fresh(), { 0: { tokens: [2, 2, 3, 4, 5, 6] } }), 0);
    expect(refusedCode(s, 0, { type: 'move', token: 1 })).toBe('TOKEN_NOT_HELD');
  });

  it('a token outside 1–6 is a malformed action', () => {
    expect(refusedCode(turnOf(fresh(), 0), 0, { type: 'move', token: 7 })).toBe('MALFORMED_ACTION');
    expect(refusedCode(turnOf(fresh(), 0), 0, { type: 'move', token: 0 })).toBe('MALFORMED_ACTION');
  });
});

describe('turns, seats and decisions', () => {
  it('G7 acting out of turn is NOT_YOUR_TURN', () => {
    const s = turnOf(fresh(), 1, { order: [1, 0] });
    expect(refusedCode(s, 0, { type: 'move', token: 1 })).toBe('NOT_YOUR_TURN');
    expect(refusedCode(buildTurnOf(browns(fresh()), 0), 1, { type: 'endBuild' })).toBe('NOT_YOUR_TURN');
  });

  it('the system seat has nothing to do: NOT_YOUR_TURN', () => {
    expect(refusedCode(turnOf(fresh(), 0), SYSTEM, { type: 'move', token: 1 })).toBe('NOT_YOUR_TURN');
  });

  it('an unknown seat is UNKNOWN_SEAT', () => {
    const s = auctionOf(fresh(), ['mayfair']);
    expect(refusedCode(s, 4, { type: 'bid', bids: [0] })).toBe('UNKNOWN_SEAT');
    expect(refusedCode(s, -1, { type: 'bid', bids: [0] })).toBe('UNKNOWN_SEAT');
    expect(refusedCode(s, 1.5, { type: 'bid', bids: [0] })).toBe('UNKNOWN_SEAT');
  });

  it('an action that does not answer the pending decision is WRONG_DECISION', () => {
    expect(refusedCode(auctionOf(fresh(), ['mayfair']), 0, { type: 'move', token: 1 })).toBe('WRONG_DECISION');
    expect(refusedCode(turnOf(fresh(), 0), 0, { type: 'study' })).toBe('WRONG_DECISION');
    expect(refusedCode(turnOf(fresh(), 0), 0, { type: 'bid', bids: [] })).toBe('WRONG_DECISION');
    const onProperty = moveFrom(fresh(), 0, 0, 1).state;
    expect(refusedCode(onProperty, 0, { type: 'sleepRough' })).toBe('WRONG_DECISION');
  });

  it('a malformed action is MALFORMED_ACTION', () => {
    const s = turnOf(fresh(), 0);
    for (const bad of [
      null,
      'move',
      {},
      { type: 'fly' },
      { type: 'move' },
      { type: 'move', token: '1' },
      { type: 'study', extra: 1 },
    ]) {
      expect(refusedCode(s, 0, bad)).toBe('MALFORMED_ACTION');
    }
  });

  it('acting after the game is over is GAME_OVER', () => {
    const over = moveFrom(withStudents(fresh(), { 0: { credits: 9, cash: 1 } }), 0, 39, 1).state;
    expect(over.stage.kind).toBe('over');
    expect(refusedCode(over, 0, { type: 'move', token: 2 })).toBe('GAME_OVER');
    expect(refusedCode(over, 1, { type: 'endBuild' })).toBe('GAME_OVER');
  });
});

describe('unaffordable payments are refused (engine: CANNOT_AFFORD rather than going into the red by choice)', () => {
  it('G10: goHome with less than the rail fare', () => {
    const atKingsCross = moveFrom(
      withStudents(fresh(), { 0: { cash: 204 } }),
      0,
      progressAt('kings-cross') - 5,
      5,
    ).state;
    // King's Cross: a £200 fare; £199 left after the £5 move.
    expect(atKingsCross.students[0]!.cash).toBe(199);
    expect(refusedCode(atKingsCross, 0, { type: 'goHome' })).toBe('CANNOT_AFFORD');
  });

  it('G11: payBill with less than the bill', () => {
    const atElectric = moveFrom(
      withStudents(fresh(), { 0: { cash: 40 } }),
      0,
      progressAt('electric-company') - 4,
      4,
    ).state;
    // Bill: 11 × 4 = £44; £36 left after the move.
    expect(refusedCode(atElectric, 0, { type: 'payBill' })).toBe('CANNOT_AFFORD');
  });

  it('G14: payBail with less than £50', () => {
    const s = turnOf(withStudents(fresh(), { 0: { progress: 30, jailed: 1, cash: 49 } }), 0, {
      decision: { kind: 'jail' },
    });
    expect(refusedCode(s, 0, { type: 'payBail' })).toBe('CANNOT_AFFORD');
  });

  it('G14: useJailCard without the card is NO_JAIL_CARD', () => {
    const s = turnOf(withStudents(fresh(), { 0: { progress: 30, jailed: 0 } }), 0, { decision: { kind: 'jail' } });
    expect(refusedCode(s, 0, { type: 'useJailCard' })).toBe('NO_JAIL_CARD');
  });
});
