/**
 * Seed 5.0 "Rail fares" (5.1 the fare grows with each station along the way, 5.2 the Student Railcard), seed 4.4 (the
 * handout) and ruling G10 (fare £25 × 2^(n−1); handout 2d6 × term credits × £3; sleeping rough pays nothing).
 */
import { describe, expect, it } from 'vitest';
import { gotopoly, railFare, type KeptCard } from '../../../engine/gotopoly';
import { act, landOn, netTo, ofType, refusedCode, rig, setup, sp, stackDeck, unowned } from './helpers';

const RAILCARD: KeptCard = { deck: 'chance', card: 'railcard' };

/** [station id, token that reaches it from a quiet square, fare, fare with a Railcard] */
const STATIONS = [
  ['liverpool-street', 5, 25, 15],
  ['fenchurch-street', 6, 50, 30],
  ['marylebone', 5, 100, 60],
  ['kings-cross', 3, 200, 120],
] as const;

describe('seed 5.1 / G10 the rail fare', () => {
  // Seed 5.1: "each station on passed/landed on adds one to the stations for this purpose (e.g. Liverpool St. is £25
  // and Marylebone is £100)". G10: "Liverpool St £25, Fenchurch St £50, Marylebone £100, King's Cross £200".
  it.each(STATIONS)('"Rail fare = £25 × 2^(n−1)": %s (reached with a %i) costs £%i', (id, token, fare) => {
    const { state } = landOn(id, token, { cash: 1000 });
    expect(state.stage).toMatchObject({ kind: 'movement', decision: { kind: 'station', space: sp(id), fare } });
    expect(railFare(sp(id), { kept: [] }, 40)).toBe(fare);
  });

  it('"Liverpool St. is £25": going home from Liverpool St with no credits costs exactly £25', () => {
    const landed = landOn('liverpool-street', 5).state;
    const { state, events } = act(rig(landed, 3, 3), 0, { type: 'goHome' });
    expect(ofType(events, 'transfer').filter((t) => t.reason === 'railFare')).toEqual([
      {
        type: 'transfer',
        from: { student: 0 },
        to: 'bank',
        amount: 25,
        reason: 'railFare',
        space: sp('liverpool-street'),
      },
    ]);
    expect(state.students[0]!.cash).toBe(200 - 5 - 25);
  });

  it('"King\'s Cross £200": going home from King\'s Cross takes £200', () => {
    const landed = landOn('kings-cross', 3, { cash: 1000 }).state;
    const { state } = act(rig(landed, 1, 1), 0, { type: 'goHome' });
    expect(state.students[0]!.cash).toBe(1000 - 3 - 200);
  });

  it('a station reached by a card charges the same fare: "wake up at Liverpool St. Station" → £25', () => {
    const base = stackDeck(unowned(setup()), 'chance', ['night-bus']);
    const { state } = landOn('chance-3', 4, {}, base);
    expect(state.stage).toMatchObject({ decision: { kind: 'station', space: sp('liverpool-street'), fare: 25 } });
  });
});

describe('seed 5.2 / G10 the Student Railcard', () => {
  // Seed 5.2: "If you have a student railcard, the rail fare has a 40% discount." G10: "a Student Railcard takes 40 % off."
  it.each(STATIONS)(
    '"a 40 per cent discount": with a Railcard %s (reached with a %i), £%i becomes £%i',
    (id, token, fare, discounted) => {
      const { state } = landOn(id, token, { cash: 1000, kept: [RAILCARD] });
      expect(state.stage).toMatchObject({ decision: { kind: 'station', fare: discounted } });
      expect(discounted).toBe((fare * 60) / 100);
    },
  );

  it('"Marylebone £100 and £60 with a Railcard": going home pays £60', () => {
    const landed = landOn('marylebone', 5, { kept: [RAILCARD] }).state;
    const { state, events } = act(rig(landed, 2, 2), 0, { type: 'goHome' });
    expect(ofType(events, 'wentHome')).toMatchObject([{ fare: 60 }]);
    expect(state.students[0]!.cash).toBe(200 - 5 - 60);
  });

  it('the Railcard drawn from Chance is kept and discounts a later fare', () => {
    const base = stackDeck(unowned(setup()), 'chance', ['railcard']);
    const drawn = landOn('chance-3', 4, {}, base).state;
    expect(drawn.students[0]!.kept).toEqual([RAILCARD]);
    const { state } = landOn('marylebone', 5, { kept: drawn.students[0]!.kept });
    expect(state.stage).toMatchObject({ decision: { fare: 60 } });
  });

  it('the discount is a table option: railcardDiscount 50 makes Marylebone £50', () => {
    const base = unowned(setup({ railcardDiscount: 50 }));
    const { state } = landOn('marylebone', 5, { kept: [RAILCARD] }, base);
    expect(state.stage).toMatchObject({ decision: { fare: 50 } });
  });
});

describe('seed 4.4 / G10 the handout', () => {
  // Seed 4.4: "You pay the RAIL FARE (see below) and get a handout (2 dice x number of terms completed x £3)." G10:
  // "receive a handout of 2d6 × term credits × £3".
  it('"2 dice x number of terms completed x £3": dice 4 + 5 with 3 credits → £81', () => {
    const landed = landOn('fenchurch-street', 6, { credits: 3 }).state;
    const { state, events } = act(rig(landed, 4, 5), 0, { type: 'goHome' });
    expect(ofType(events, 'wentHome')).toEqual([
      { type: 'wentHome', seat: 0, space: sp('fenchurch-street'), fare: 50, dice: [4, 5], handout: 81 },
    ]);
    expect(netTo(events, { student: 0 })).toBe(-50 + 81);
    expect(state.students[0]!.cash).toBe(200 - 6 - 50 + 81);
  });

  it('double six with 9 credits: 12 × 9 × £3 = £324', () => {
    const landed = landOn('liverpool-street', 5, { credits: 9 }).state;
    const { events } = act(rig(landed, 6, 6), 0, { type: 'goHome' });
    expect(
      ofType(events, 'transfer')
        .filter((t) => t.reason === 'handout')
        .map((t) => t.amount),
    ).toEqual([324]);
  });

  it('double one with 1 credit: 2 × 1 × £3 = £6', () => {
    const landed = landOn('liverpool-street', 5, { credits: 1 }).state;
    const { events } = act(rig(landed, 1, 1), 0, { type: 'goHome' });
    expect(netTo(events, { student: 0 })).toBe(-25 + 6);
  });

  it('no term credits, no handout: the fare is paid and nothing comes back', () => {
    const landed = landOn('marylebone', 5).state;
    const { events } = act(rig(landed, 6, 5), 0, { type: 'goHome' });
    expect(netTo(events, { student: 0 })).toBe(-100);
    expect(ofType(events, 'wentHome')[0]!.handout).toBe(0);
  });

  it('the handout rate is a table option: handoutPerCredit 5, dice 2 + 3, 2 credits → £50', () => {
    const landed = landOn('liverpool-street', 5, { credits: 2 }, unowned(setup({ handoutPerCredit: 5 }))).state;
    const { events } = act(rig(landed, 2, 3), 0, { type: 'goHome' });
    expect(ofType(events, 'wentHome')[0]!.handout).toBe(50);
  });
});

describe('G10 sleeping rough', () => {
  // Seed 4.4: "Alternatively, you can sleep rough at the station and don't pay rent." G10: "or sleep rough (pay
  // nothing, receive nothing)".
  it.each(STATIONS)('"pay nothing, receive nothing": sleeping rough at %s moves no money', (id, token) => {
    const landed = landOn(id, token, { cash: 1000, credits: 5 }).state;
    const { state, events } = act(landed, 0, { type: 'sleepRough' });
    expect(netTo(events, { student: 0 })).toBe(0);
    expect(ofType(events, 'wentHome')).toEqual([]);
    expect(state.students[0]!.cash).toBe(1000 - token);
  });

  // Engine decision (rulings silent): a fare the student cannot pay is refused; sleeping rough is then the only choice.
  it('a student who cannot afford the fare may only sleep rough (goHome refused with CANNOT_AFFORD)', () => {
    const landed = landOn('kings-cross', 3, { cash: 150 }).state;
    expect(gotopoly.legal(landed, 0)).toEqual([{ type: 'sleepRough' }]);
    expect(refusedCode(landed, 0, { type: 'goHome' })).toBe('CANNOT_AFFORD');
  });
});
