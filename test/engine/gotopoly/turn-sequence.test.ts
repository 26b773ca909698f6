/**
 * Seed 2.0 "Turn sequence" (2.1 the opening auction, 2.2 Build/Trade – Auction – Movement), seed 6.2–6.4 where they
 * set the order of play, and ruling G3 (terms; 6 opening lots, 2 a term, drawn from the unowned pool).
 */
import { describe, expect, it } from 'vitest';
import { LONDON, decisionsOf, type GotopolyEvent, type GotopolyState } from '../../../engine/gotopoly';
import { act, allPass, auctionOf, ofType, pendingOf, setup, sp, unowned, withEstates, withTieOrder } from './helpers';

const colourCoded = new Set(LONDON.properties);

/** Plays out the Movement phase: every student moves a 1 (GO → Mayfair from the start) and studies. */
function playMovement(state: GotopolyState): { state: GotopolyState; events: GotopolyEvent[] } {
  let s = state;
  const events: GotopolyEvent[] = [];
  for (let guard = 0; guard < 50 && s.stage.kind === 'movement'; guard++) {
    const [d] = decisionsOf(s);
    const action = d!.kind === 'token' ? { type: 'move', token: 1 } : d!.kind === 'study' ? { type: 'study' } : null;
    if (!action) throw new Error(`unexpected decision ${d!.kind}`);
    const r = act(s, d!.seat, action);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

function lotOf(state: GotopolyState): readonly number[] {
  if (state.stage.kind !== 'auction') throw new Error(`not in an auction but ${state.stage.kind}`);
  return state.stage.lot;
}

describe('seed 2.1 / G3 the opening auction', () => {
  // Seed 2.1: "Before the first turn, six properties are auctioned to the UNCLE's". G3: "Before the first term, 6
  // colour-coded properties are auctioned".
  it('"Before the first turn, six properties are auctioned": setup opens an auction of 6 in term 0', () => {
    const state = setup();
    expect(state.term).toBe(0);
    expect(state.stage.kind).toBe('auction');
    expect(lotOf(state)).toHaveLength(6);
    expect(new Set(lotOf(state)).size).toBe(6);
  });

  it("the first pending decisions of the game are every uncle's bids, all at once, and nothing else", () => {
    expect(pendingOf(setup({ players: 4 }))).toEqual(['0:bid', '1:bid', '2:bid', '3:bid']);
    expect(pendingOf(setup({ players: 2 }))).toEqual(['0:bid', '1:bid']);
  });

  // G3: "6 colour-coded properties" — never a station, utility or other space.
  it('the opening lot holds only colour-coded properties, none of them owned yet', () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e']) {
      const state = setup({}, seed);
      for (const space of lotOf(state)) {
        expect(colourCoded.has(space)).toBe(true);
        expect(state.estates[space]!.owner).toBeNull();
      }
    }
  });

  // G3: "Properties come up in a seeded random order among the unowned colour-coded properties."
  it('"a seeded random order": the same seed gives the same lot; different seeds give different lots', () => {
    expect(lotOf(setup({}, 'same'))).toEqual(lotOf(setup({}, 'same')));
    const lots = new Set(['s1', 's2', 's3', 's4', 's5', 's6'].map((seed) => lotOf(setup({}, seed)).join(',')));
    expect(lots.size).toBeGreaterThan(1);
  });

  it('no student moves before the opening auction is resolved: students are all on GO with £200', () => {
    const state = setup();
    expect(state.stage.kind).toBe('auction');
    for (const s of state.students) expect(s).toMatchObject({ progress: 0, cash: 200 });
  });

  it('after the last opening bid, term 1 starts', () => {
    const { state, events } = allPass(setup());
    expect(state.term).toBe(1);
    expect(ofType(events, 'termStarted')).toEqual([{ type: 'termStarted', term: 1 }]);
  });
});

describe('seed 2.2 / G3 each term: Build/Trade → Auction → Movement', () => {
  // Seed 2.2: "Each turn is comprised of the following three phases; Build/Trade - Auction - Movement."
  it('"Build/Trade - Auction - Movement": term 1\'s phases start in that order', () => {
    const opening = allPass(setup());
    const auction = allPass(opening.state);
    const phases = [...opening.events, ...auction.events]
      .filter((e): e is Extract<GotopolyEvent, { type: 'phaseStarted' }> => e.type === 'phaseStarted' && e.term === 1)
      .map((e) => e.phase);
    expect(phases).toEqual(['build', 'auction', 'movement']);
    expect(auction.state.stage.kind).toBe('movement');
  });

  it("an uncle who won a property in the opening auction gets a Build/Trade turn before term 1's auction", () => {
    let s = setup();
    const lot = lotOf(s);
    s = act(s, 0, { type: 'bid', bids: lot.map((_, k) => (k === 0 ? 100 : 0)) }).state;
    s = act(s, 1, { type: 'bid', bids: lot.map((_, k) => (k === 1 ? 100 : 0)) }).state;
    s = allPass(s).state;
    expect(s.term).toBe(1);
    expect(s.stage.kind).toBe('build');
    expect(pendingOf(s)).toEqual(['0:buildTrade']);
  });

  it('Build/Trade passes uncle by uncle in seat order, then the auction of the term opens', () => {
    let s = setup();
    const lot = lotOf(s);
    s = act(s, 0, { type: 'bid', bids: lot.map((_, k) => (k === 0 ? 100 : 0)) }).state;
    s = allPass(s).state;
    const seen: string[] = [];
    while (s.stage.kind === 'build') {
      const [d] = decisionsOf(s);
      seen.push(`${d!.seat}:${d!.kind}`);
      s = act(s, d!.seat, { type: 'endBuild' }).state;
    }
    expect(seen).toEqual(['0:buildTrade', '1:buildTrade', '2:buildTrade', '3:buildTrade']);
    expect(s.stage.kind).toBe('auction');
    expect(s.term).toBe(1);
  });

  // Seed 6.4: "Houses are added before the property auctions are complete."
  it('"Houses are added before the property auctions": a house built in Build/Trade stands when the auction opens', () => {
    const base = withEstates(unowned(setup()), { mayfair: { owner: 0 }, 'park-lane': { owner: 0 } });
    let s = allPass(auctionOf(base, [], 0)).state;
    expect(pendingOf(s)).toEqual(['0:buildTrade']);
    s = act(s, 0, { type: 'build', space: sp('mayfair') }).state;
    s = act(s, 0, { type: 'endBuild' }).state;
    expect(s.stage.kind).toBe('auction');
    expect(s.estates[sp('mayfair')]!.houses).toBe(1);
  });

  // G3: "each later term, 2 more". Seed 6.3: "Each turn 2 more properties are put up for auction".
  it('"Each turn 2 more properties are put up for auction": term 1\'s lot has 2 colour-coded properties', () => {
    const s = allPass(setup()).state;
    expect(s.stage.kind).toBe('auction');
    expect(lotOf(s)).toHaveLength(2);
    for (const space of lotOf(s)) expect(colourCoded.has(space)).toBe(true);
    expect(ofType(allPass(setup()).events, 'auctionOpened')).toEqual([
      { type: 'auctionOpened', term: 1, lot: [...lotOf(s)] },
    ]);
  });

  // G3: "Properties come up in a seeded random order among the unowned colour-coded properties."
  it('"among the unowned colour-coded properties": properties sold in the opening never come up again', () => {
    let s = setup({}, 'pool');
    const opening = lotOf(s);
    s = act(s, 0, { type: 'bid', bids: opening.map(() => 10) }).state;
    s = allPass(s).state;
    while (s.stage.kind === 'build') s = act(s, decisionsOf(s)[0]!.seat, { type: 'endBuild' }).state;
    for (const space of lotOf(s)) {
      expect(opening).not.toContain(space);
      expect(s.estates[space]!.owner).toBeNull();
    }
  });

  it("with only 3 properties unowned, the term's lot of 2 comes from those 3", () => {
    const free = ['old-kent-road', 'vine-street', 'mayfair'].map(sp);
    const base = { ...unowned(setup()) };
    const owned = {
      ...base,
      estates: base.estates.map((e, i) => (colourCoded.has(i) && !free.includes(i) ? { ...e, owner: i % 4 } : e)),
    };
    for (const seed of ['p1', 'p2', 'p3']) {
      let s: GotopolyState = { ...owned, rng: setup({}, seed).rng };
      s = auctionOf(s, [], 0);
      s = allPass(s).state;
      while (s.stage.kind === 'build') s = act(s, decisionsOf(s)[0]!.seat, { type: 'endBuild' }).state;
      expect(lotOf(s)).toHaveLength(2);
      for (const space of lotOf(s)) expect(free).toContain(space);
    }
  });

  it('when the pool runs low, fewer come up: one unowned property → a lot of 1', () => {
    const base = unowned(setup());
    const owned = {
      ...base,
      estates: base.estates.map((e, i) => (colourCoded.has(i) && i !== sp('strand') ? { ...e, owner: 1 } : e)),
    };
    let s = allPass(auctionOf(owned, [], 0)).state;
    while (s.stage.kind === 'build') s = act(s, decisionsOf(s)[0]!.seat, { type: 'endBuild' }).state;
    expect(lotOf(s)).toEqual([sp('strand')]);
  });

  // Seed 6.3: "Bidding (and ownership) occurs before all students have moved."
  it('"ownership occurs before all students have moved": a property bought this term charges its owner\'s rent the same term', () => {
    let s = auctionOf(unowned(withTieOrder(setup())), ['mayfair', 'park-lane'], 1);
    s = act(s, 1, { type: 'bid', bids: [400, 0] }).state;
    s = allPass(s).state;
    expect(s.stage.kind).toBe('movement');
    expect(pendingOf(s)).toEqual(['0:token']);
    const { state, events } = act(s, 0, { type: 'move', token: 1 });
    expect(ofType(events, 'rent')).toEqual([
      { type: 'rent', seat: 0, space: sp('mayfair'), amount: 50, to: 1, doubled: false },
    ]);
    expect(state.uncles[1]!.cash).toBe(2000 - 400 + 50);
  });
});

describe('G3 the term counter', () => {
  // G3: "A term is one round". The counter is 0 during the opening auction, then 1, 2, …
  it('term 0 is the opening auction; the term goes 1 → 2 once every student has moved', () => {
    let s = setup();
    expect(s.term).toBe(0);
    s = allPass(allPass(s).state).state;
    expect(s.term).toBe(1);
    const { state, events } = playMovement(s);
    expect(ofType(events, 'termEnded')).toEqual([{ type: 'termEnded', term: 1 }]);
    expect(ofType(events, 'termStarted')).toEqual([{ type: 'termStarted', term: 2 }]);
    expect(state.term).toBe(2);
    // Term 2 goes straight back to Build/Trade (nobody owns anything: on to its auction of 2).
    expect(lotOf(state)).toHaveLength(2);
  });

  it('every student moves exactly once per term', () => {
    const auction = allPass(allPass(withTieOrder(setup())).state);
    const { events } = playMovement(auction.state);
    const all = [...auction.events, ...events];
    expect(ofType(all, 'tokenUsed').map((e) => e.seat)).toEqual([0, 1, 2, 3]);
    expect(ofType(all, 'turnStarted').map((e) => e.seat)).toEqual([0, 1, 2, 3]);
  });

  it('the options set the lot sizes: openingLots 3 and lotsPerTerm 1', () => {
    const s = setup({ openingLots: 3, lotsPerTerm: 1 });
    expect(lotOf(s)).toHaveLength(3);
    expect(lotOf(allPass(s).state)).toHaveLength(1);
  });
});
