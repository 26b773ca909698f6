/** Seed 1.0 "Starter for ten" (1.1 term credits, 1.2 the grant, 1.3 move tokens) and ruling G2 (separate purses). */
import { describe, expect, it } from 'vitest';
import { gotopoly, positionOf } from '../../../engine/gotopoly';
import { act, auctionOf, landOn, netTo, ofType, progressAt, ready, setup, sp, unowned, withEstates } from './helpers';

describe('seed 1.1 term credits', () => {
  // Seed 1.1: "Each turn that you land on one of the standard colour-coded properties you successfully negotiate a
  // term's worth of lectures and get a TERM CREDIT." G8: "then choose: study (gain a TERM CREDIT) or work".
  it('"land on one of the standard colour-coded properties … get a TERM CREDIT": Mayfair, study → 1 credit', () => {
    const landed = landOn('mayfair', 1);
    const { state, events } = act(landed.state, 0, { type: 'study' });
    expect(state.students[0]!.credits).toBe(1);
    expect(ofType(events, 'studied')).toEqual([{ type: 'studied', seat: 0, space: sp('mayfair'), credits: 1 }]);
  });

  it('credits add up over terms: a student with 4 credits who studies on Old Kent Road has 5', () => {
    const landed = landOn('old-kent-road', 3, { credits: 4, cash: 500 });
    const { state } = act(landed.state, 0, { type: 'study' });
    expect(state.students[0]!.credits).toBe(5);
  });

  it.each(['the-angel-islington', 'vine-street', 'strand', 'piccadilly', 'bond-street'])(
    'every colour group earns credits: studying on %s gives a TERM CREDIT',
    (id) => {
      const landed = landOn(id, 2, { cash: 1000 });
      expect(landed.state.stage).toMatchObject({ kind: 'movement', decision: { kind: 'study', space: sp(id) } });
      expect(act(landed.state, 0, { type: 'study' }).state.students[0]!.credits).toBe(1);
    },
  );

  it('only colour-coded properties give credits: a station, a utility, a tax space give no study choice', () => {
    for (const [id, token] of [
      ['liverpool-street', 5],
      ['water-works', 2],
      ['super-tax', 2],
    ] as const) {
      const { state } = landOn(id, token, { cash: 1000 });
      expect(state.students[0]!.credits).toBe(0);
      expect(state.stage.kind === 'movement' && state.stage.decision.kind).not.toBe('study');
    }
  });

  // Seed 1.1: "Nine TERM CREDITS is enough to get you a degree. The aim is to get a degree, get round to Go and stay
  // in credit." (G16: land exactly on GO with at least 9 credits and cash ≥ 0.)
  it('"Nine TERM CREDITS is enough to get you a degree": 9 credits landing on GO in credit wins', () => {
    const { state, events } = act(ready(progressAt('old-kent-road'), { credits: 9 }), 0, { type: 'move', token: 1 });
    expect(state.stage).toMatchObject({ kind: 'over', reason: 'degree', winners: [0] });
    expect(ofType(events, 'gameEnded')).toHaveLength(1);
  });

  it('eight credits are not enough: landing on GO with 8 credits does not end the game', () => {
    const { state } = act(ready(progressAt('old-kent-road'), { credits: 8 }), 0, { type: 'move', token: 1 });
    expect(state.stage.kind).not.toBe('over');
  });
});

describe('seed 1.2 the grant and G2 purses', () => {
  // Seed 1.2: "You get a grant of £200". G2: "student £200, uncle £2,000".
  it.each([2, 3, 4, 5, 6])('"You get a grant of £200": with %i players every student starts with £200', (players) => {
    const state = setup({ players });
    expect(state.students).toHaveLength(players);
    for (const s of state.students) expect(s.cash).toBe(200);
  });

  // Seed 6.2: "Each landlord uncle starts with £2000." G2.
  it('"Each landlord uncle starts with £2000": one uncle per student, each with £2,000', () => {
    const state = setup({ players: 5 });
    expect(state.uncles).toHaveLength(5);
    for (const u of state.uncles) expect(u.cash).toBe(2000);
  });

  it('students start with no term credits, no RISK cards, no kept cards, out of jail', () => {
    for (const s of setup().students) {
      expect(s).toMatchObject({ credits: 0, risk: 0, kept: [], jailed: null, retired: false });
    }
  });

  // G2: "with separate purses … Money never moves between a student and their own uncle." Seed 6.6.
  it('"Money is NOT transferable between a STUDENT and his UNCLE": an uncle\'s winning bid leaves his student\'s cash alone', () => {
    const state = auctionOf(unowned(setup()), ['mayfair', 'park-lane'], 0);
    let s = state;
    for (const [seat, bids] of [
      [0, [400, 0]],
      [1, [0, 0]],
      [2, [0, 0]],
      [3, [0, 0]],
    ] as const)
      s = act(s, seat, { type: 'bid', bids }).state;
    expect(s.estates[sp('mayfair')]!.owner).toBe(0);
    expect(s.uncles[0]!.cash).toBe(1600);
    expect(s.students[0]!.cash).toBe(200);
  });

  it("G2: a student landing on their own uncle's property pays nothing — no money between the two purses", () => {
    const base = withEstates(unowned(setup()), { mayfair: { owner: 0 } });
    const { state, events } = landOn('mayfair', 1, {}, base);
    expect(netTo(events, { uncle: 0 })).toBe(0);
    expect(state.uncles[0]!.cash).toBe(2000);
    expect(state.students[0]!.cash).toBe(199);
  });

  it('G2: rent from another student goes to the owning uncle, not to his student', () => {
    const base = withEstates(unowned(setup()), { mayfair: { owner: 1 } });
    const { state } = landOn('mayfair', 1, {}, base);
    expect(state.uncles[1]!.cash).toBe(2050);
    expect(state.students[1]!.cash).toBe(200);
    expect(state.students[0]!.cash).toBe(200 - 1 - 50);
  });

  it("G2: a student's wage is paid to the student, never to the uncle", () => {
    const { state } = act(landOn('mayfair', 1).state, 0, { type: 'work' });
    expect(state.students[0]!.cash).toBe(200 - 1 - 50 + 25);
    expect(state.uncles[0]!.cash).toBe(2000);
  });

  it("G2: a student going into the red does not draw on the uncle's £2,000", () => {
    const { state } = landOn('super-tax', 2, { cash: 50 });
    expect(state.students[0]!.cash).toBe(50 - 2 - 100);
    expect(state.uncles[0]!.cash).toBe(2000);
    expect(state.stage).toMatchObject({ kind: 'movement', decision: { kind: 'bankrupt' } });
  });
});

describe('seed 1.3 move tokens', () => {
  // Seed 1.3: "You also get a pool of MOVE TOKENS (one each of 1,2,3,4,5,6)." G6.
  it('"one each of 1,2,3,4,5,6": every student starts with the six tokens', () => {
    for (const s of setup({ players: 6 }).students) expect([...s.tokens].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('the first token decision offers exactly the moves 1–6', () => {
    expect(gotopoly.legal(ready(0), 0)).toEqual([1, 2, 3, 4, 5, 6].map((token) => ({ type: 'move', token })));
  });

  // Seed 3.1: "You start on Go".
  it('"You start on Go": every student is on GO at progress 0', () => {
    for (const s of setup().students) {
      expect(s.progress).toBe(0);
      expect(positionOf(s.progress)).toBe(sp('go'));
    }
  });
});
