/**
 * Seed 4.0 "Spaces" (4.1 cards, 4.2 property, 4.3 taxes, 4.4 stations, 4.5 Go To Jail, 4.6 Just Visiting / Free
 * Parking, 4.7 utilities) and rulings G8 (study or work), G11 (utilities), G12 (taxes, Free Parking, Just Visiting).
 */
import { describe, expect, it } from 'vitest';
import { gotopoly, positionOf } from '../../../engine/gotopoly';
import { act, landOn, netTo, ofType, pendingOf, refusedCode, setup, sp, stackDeck, unowned } from './helpers';

const quietDecks = () => stackDeck(stackDeck(unowned(setup()), 'chance', ['pub-quiz']), 'chest', ['bursary']);

describe('seed 4.1 Community Chest / Chance', () => {
  // Seed 4.1: "You get a random card from a Poly-fied version of the original card set." G13: two decks.
  // Each deck's spaces draw from it; the other deck's top card stays where it is.
  const CHANCE = { name: 'Chance', deck: 'chance', card: 'pub-quiz', other: 'chest', untouched: 'bursary' } as const;
  const CHEST = {
    name: 'Community Chest',
    deck: 'chest',
    card: 'bursary',
    other: 'chance',
    untouched: 'pub-quiz',
  } as const;
  it.each([
    { ...CHANCE, id: 'chance-3', token: 4 },
    { ...CHANCE, id: 'chance-2', token: 6 },
    { ...CHANCE, id: 'chance-1', token: 2 },
    { ...CHEST, id: 'community-chest-3', token: 6 },
    { ...CHEST, id: 'community-chest-2', token: 3 },
    { ...CHEST, id: 'community-chest-1', token: 5 },
  ])('landing on $name ($id) draws the top $name card', ({ id, token, deck, card, other, untouched }) => {
    const { state, events } = landOn(id, token, {}, quietDecks());
    expect(ofType(events, 'cardDrawn')).toMatchObject([{ seat: 0, deck, card }]);
    expect(state.decks[other].draw[0]).toBe(untouched);
  });

  it('the card\'s effect applies: "Collect £25" from Chance leaves £200 − £4 fare + £25', () => {
    const { state, events } = landOn('chance-3', 4, {}, quietDecks());
    expect(netTo(events, { student: 0 })).toBe(-4 + 25);
    expect(state.students[0]!.cash).toBe(221);
    expect(state.students[0]!.credits).toBe(0);
  });
});

describe('seed 4.2 / G8 colour-coded properties', () => {
  // Seed 4.2: "Pay rent (see RENTS below). You can then study to get a TERM CREDIT or choose to work instead which
  // gives you £25." G8: "Pay the rent (see G9), then choose: study (gain a TERM CREDIT) or work (gain £25)."
  it('"Pay rent … You can then study": the rent is taken on landing, before the choice', () => {
    const { state, events } = landOn('mayfair', 1);
    expect(ofType(events, 'rent')).toEqual([
      { type: 'rent', seat: 0, space: sp('mayfair'), amount: 50, to: 'bank', doubled: false },
    ]);
    expect(state.students[0]!.cash).toBe(200 - 1 - 50);
    expect(pendingOf(state)).toEqual(['0:study']);
    expect(gotopoly.legal(state, 0)).toEqual([{ type: 'study' }, { type: 'work' }]);
  });

  it('"study to get a TERM CREDIT": a credit and no money', () => {
    const landed = landOn('mayfair', 1).state;
    const { state, events } = act(landed, 0, { type: 'study' });
    expect(state.students[0]!.credits).toBe(1);
    expect(netTo(events, { student: 0 })).toBe(0);
  });

  it('"work instead which gives you £25": £25 from the bank and no credit', () => {
    const landed = landOn('mayfair', 1).state;
    const { state, events } = act(landed, 0, { type: 'work' });
    expect(state.students[0]!.credits).toBe(0);
    expect(ofType(events, 'transfer')).toEqual([
      { type: 'transfer', from: 'bank', to: { student: 0 }, amount: 25, reason: 'wage', space: sp('mayfair') },
    ]);
    expect(state.students[0]!.cash).toBe(200 - 1 - 50 + 25);
  });

  it('studying or working ends the turn', () => {
    const landed = landOn('mayfair', 1).state;
    expect(act(landed, 0, { type: 'work' }).events.some((e) => e.type === 'termEnded')).toBe(true);
  });
});

describe('seed 4.3 / G12 taxes', () => {
  // Seed 4.3: "Daddy is stung for tax. Lose the amount shown from your grant." G1/G12: Income Tax 200, Super Tax 100.
  it('"Lose the amount shown": Income Tax takes £200', () => {
    const { state, events } = landOn('income-tax', 4, { cash: 500 });
    expect(ofType(events, 'transfer').filter((t) => t.reason === 'tax')).toEqual([
      { type: 'transfer', from: { student: 0 }, to: 'bank', amount: 200, reason: 'tax', space: sp('income-tax') },
    ]);
    expect(state.students[0]!.cash).toBe(500 - 4 - 200);
  });

  it('"Lose the amount shown": Super Tax takes £100, no credit, and the turn ends', () => {
    const { state, events } = landOn('super-tax', 2);
    expect(state.students[0]!.cash).toBe(200 - 2 - 100);
    expect(state.students[0]!.credits).toBe(0);
    expect(ofType(events, 'termEnded')).toHaveLength(1);
  });
});

describe('seed 4.4 / G10 stations', () => {
  // Seed 4.4: "You can go home … Alternatively, you can sleep rough at the station and don't pay rent. There is no
  // TERM CREDIT for stations whatever you choose to do."
  it('landing on a station offers go home or sleep rough', () => {
    const { state } = landOn('liverpool-street', 5);
    expect(state.stage).toMatchObject({
      kind: 'movement',
      decision: { kind: 'station', space: sp('liverpool-street'), fare: 25 },
    });
    expect(gotopoly.legal(state, 0)).toEqual([{ type: 'goHome' }, { type: 'sleepRough' }]);
  });

  it('"sleep rough … don\'t pay": nothing paid, nothing received, no TERM CREDIT', () => {
    const landed = landOn('fenchurch-street', 6, { credits: 3 }).state;
    const { state, events } = act(landed, 0, { type: 'sleepRough' });
    expect(netTo(events, { student: 0 })).toBe(0);
    expect(state.students[0]!.credits).toBe(3);
    expect(ofType(events, 'sleptRough')).toEqual([{ type: 'sleptRough', seat: 0, space: sp('fenchurch-street') }]);
  });

  it('"no TERM CREDIT for stations whatever you choose": going home gives no credit', () => {
    const landed = landOn('liverpool-street', 5, { credits: 2 }).state;
    const { state } = act(landed, 0, { type: 'goHome' });
    expect(state.students[0]!.credits).toBe(2);
  });

  it('a station is not a property: studying there is refused', () => {
    expect(refusedCode(landOn('liverpool-street', 5).state, 0, { type: 'study' })).toBe('WRONG_DECISION');
  });
});

describe('seed 4.5 / G14 Go To Jail', () => {
  // Seed 4.5: "Go to Jail - Exactly what it says on the tin." Seed 8.1: "his token is moved to the jail square and is
  // considered to be in prison."
  it('"moved to the jail square … in prison": the student is on the Jail space, jailed, with no credit', () => {
    const { state, events } = landOn('go-to-jail', 6, { credits: 1 });
    expect(ofType(events, 'sentToJail')).toMatchObject([{ seat: 0, cause: 'space' }]);
    expect(positionOf(state.students[0]!.progress)).toBe(sp('jail'));
    expect(state.students[0]!.jailed).toBe(0);
    expect(state.students[0]!.credits).toBe(1);
    expect(netTo(events, { student: 0 })).toBe(-6);
  });

  it("the jailed student's next turn starts with the jail decision, not a token", () => {
    const base = unowned(setup({ players: 2 }));
    const { state } = landOn('go-to-jail', 6, {}, base);
    // Term 2 (nobody owns anything): auction of 2, then Movement; seat 0 is the furthest advanced.
    let s = state;
    for (const d of gotopoly.pending(s)) s = act(s, d.seat, { type: 'bid', bids: [0, 0] }).state;
    expect(pendingOf(s)).toEqual(['0:jail']);
  });
});

describe('seed 4.6 / G12 Just Visiting and Free Parking', () => {
  // Seed 4.6: "No RENT, but no TERM CREDIT." G12: "Free Parking and Just Visiting do nothing."
  it('"Just Visiting … do nothing": only the fare is paid, no credit, not jailed, the turn ends', () => {
    const { state, events } = landOn('jail', 6, { credits: 2 });
    expect(netTo(events, { student: 0 })).toBe(-6);
    expect(state.students[0]).toMatchObject({ credits: 2, jailed: null });
    expect(positionOf(state.students[0]!.progress)).toBe(sp('jail'));
    expect(ofType(events, 'termEnded')).toHaveLength(1);
  });

  it('"Free Parking … do nothing": only the fare is paid, no credit, the turn ends', () => {
    const { state, events } = landOn('free-parking', 6, { credits: 2 });
    expect(netTo(events, { student: 0 })).toBe(-6);
    expect(state.students[0]!.credits).toBe(2);
    expect(ofType(events, 'termEnded')).toHaveLength(1);
  });
});

describe('seed 4.7 / G11 utilities', () => {
  // Seed 4.7: "Pay 4 x MOVE TOKEN for Water Rates or 11 x MOVE TOKEN for Electric Bill OR choose don't pay and take a
  // RISK card. No TERM CREDIT in either event." G11.
  it.each([1, 2, 3, 4, 5, 6])(
    '"Pay 4 x MOVE TOKEN for Water Rates": reaching Water Works with a %i bills 4 ×',
    (token) => {
      const { state } = landOn('water-works', token);
      expect(state.stage).toMatchObject({ decision: { kind: 'utility', space: sp('water-works'), bill: 4 * token } });
    },
  );

  it.each([1, 3, 6])('"11 x MOVE TOKEN for Electric Bill": reaching Electric Company with a %i bills 11 ×', (token) => {
    const { state } = landOn('electric-company', token, { cash: 500 });
    expect(state.stage).toMatchObject({
      decision: { kind: 'utility', space: sp('electric-company'), bill: 11 * token },
    });
  });

  it('paying the Electric Bill after a 6 costs £66, no RISK card and no TERM CREDIT', () => {
    const landed = landOn('electric-company', 6, { cash: 500, credits: 4 }).state;
    const { state, events } = act(landed, 0, { type: 'payBill' });
    expect(netTo(events, { student: 0 })).toBe(-66);
    expect(state.students[0]).toMatchObject({ cash: 500 - 6 - 66, risk: 0, credits: 4 });
  });

  it('"choose don\'t pay and take a RISK card": no money, one more RISK card, no TERM CREDIT', () => {
    const landed = landOn('water-works', 4, { risk: 1, credits: 4 }).state;
    const { state, events } = act(landed, 0, { type: 'takeRisk' });
    expect(netTo(events, { student: 0 })).toBe(0);
    expect(state.students[0]).toMatchObject({ cash: 200 - 4, risk: 2, credits: 4 });
    expect(ofType(events, 'tookRisk')).toEqual([{ type: 'tookRisk', seat: 0, space: sp('water-works'), risk: 2 }]);
  });

  it('both choices are offered when the bill is affordable', () => {
    expect(gotopoly.legal(landOn('water-works', 3).state, 0)).toEqual([{ type: 'payBill' }, { type: 'takeRisk' }]);
  });
});
