/**
 * Seed 3.0 "Movement" (3.1 start on GO, anticlockwise; 3.2 move tokens, £1 a space, the opposite face; 3.3 move
 * order; 3.4 act on the space) and rulings G6 (move tokens), G7 (move order), G12 (no money for passing GO).
 */
import { describe, expect, it } from 'vitest';
import { gotopoly, moveOrder, positionOf, type GotopolyState } from '../../../engine/gotopoly';
import {
  act,
  allPass,
  auctionOf,
  netTo,
  ofType,
  pendingOf,
  progressAt,
  ready,
  refusedCode,
  setup,
  sp,
  unowned,
  withStudents,
  withTieOrder,
} from './helpers';

/** The move order the engine announces when term `term`'s Movement phase starts with students at `progress`. */
function orderFor(progress: number[], patch: (s: GotopolyState) => GotopolyState = (s) => s): number[] {
  const base = unowned(setup({ players: progress.length }));
  const students = Object.fromEntries(progress.map((p, seat) => [seat, { progress: p }]));
  const { events } = allPass(auctionOf(patch(withStudents(base, students)), ['old-kent-road'], 1));
  const [order] = ofType(events, 'moveOrder');
  return order!.order;
}

describe('seed 3.1 / G1 anticlockwise from GO', () => {
  // Seed 3.1: "You start on Go and move anti-clockwise round the board." G1: "from GO the next space is Mayfair, then
  // Super Tax, Park Lane, and so on."
  it('"from GO the next space is Mayfair": a 1 from GO lands on Mayfair', () => {
    const { state, events } = act(ready(0), 0, { type: 'move', token: 1 });
    expect(ofType(events, 'moved')).toEqual([
      { type: 'moved', seat: 0, from: sp('go'), to: sp('mayfair'), steps: 1, by: 'token' },
    ]);
    expect(ofType(events, 'landed')).toEqual([{ type: 'landed', seat: 0, space: sp('mayfair') }]);
    expect(positionOf(state.students[0]!.progress)).toBe(sp('mayfair'));
  });

  it('"then Super Tax, Park Lane": a 2 from GO lands on Super Tax, a 3 on Park Lane', () => {
    expect(ofType(act(ready(0), 0, { type: 'move', token: 2 }).events, 'landed')[0]!.space).toBe(sp('super-tax'));
    expect(ofType(act(ready(0), 0, { type: 'move', token: 3 }).events, 'landed')[0]!.space).toBe(sp('park-lane'));
  });

  it('anticlockwise from mid-board: from Free Parking a 1 lands on Vine Street, a 5 on Marylebone', () => {
    const from = progressAt('free-parking');
    expect(ofType(act(ready(from), 0, { type: 'move', token: 1 }).events, 'landed')[0]!.space).toBe(sp('vine-street'));
    expect(ofType(act(ready(from), 0, { type: 'move', token: 5 }).events, 'landed')[0]!.space).toBe(sp('marylebone'));
  });

  // Seed 3.4: "You then act on whichever space you land."
  it('"You then act on whichever space you land": landing on Mayfair asks study or work', () => {
    const { state } = act(ready(0), 0, { type: 'move', token: 1 });
    expect(pendingOf(state)).toEqual(['0:study']);
  });
});

describe('seed 3.2 / G6 move tokens', () => {
  // Seed 3.2: "Each turn you move using one of your 6 move tokens." G6: "move that many spaces".
  it.each([1, 2, 3, 4, 5, 6])('a %i token moves that many spaces', (token) => {
    const { state, events } = act(ready(0, { cash: 1000 }), 0, { type: 'move', token });
    expect(ofType(events, 'moved')[0]).toMatchObject({ steps: token, by: 'token' });
    expect(state.students[0]!.progress).toBeGreaterThanOrEqual(token);
  });

  // Seed 3.2: "replenished with a new one with a value which is the inverse … (ie. a 5 is replaced with a 2, a 3 with
  // a 4, etc.)". G6: "the token is replaced by its opposite face (7 − value)".
  it('"a 5 is replaced with a 2": spending the 5 leaves 1, 2, 2, 3, 4, 6', () => {
    const { state, events } = act(ready(progressAt('free-parking')), 0, { type: 'move', token: 5 });
    expect(ofType(events, 'tokenUsed')).toEqual([{ type: 'tokenUsed', seat: 0, token: 5, replacement: 2 }]);
    expect([...state.students[0]!.tokens].sort()).toEqual([1, 2, 2, 3, 4, 6]);
  });

  it.each([
    [1, 6],
    [2, 5],
    [3, 4],
    [4, 3],
    [6, 1],
  ])('"opposite faces of a regular die": a %i is replaced by a %i', (token, replacement) => {
    const { state } = act(ready(progressAt('free-parking'), { cash: 1000 }), 0, { type: 'move', token });
    const expected = [1, 2, 3, 4, 5, 6]
      .filter((t) => t !== token)
      .concat(replacement)
      .sort();
    expect([...state.students[0]!.tokens].sort()).toEqual(expected);
    expect(state.students[0]!.tokens).toHaveLength(6);
  });

  it('a spent token is gone: after using the 5, a 5 is refused (TOKEN_NOT_HELD) until a 2 is spent again', () => {
    const state = ready(0, { tokens: [1, 2, 2, 3, 4, 6] });
    expect(refusedCode(state, 0, { type: 'move', token: 5 })).toBe('TOKEN_NOT_HELD');
    const { state: after } = act(ready(progressAt('free-parking'), { tokens: [1, 2, 2, 3, 4, 6] }), 0, {
      type: 'move',
      token: 2,
    });
    expect([...after.students[0]!.tokens].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('with two of a value, spending one keeps the other', () => {
    const { state } = act(ready(progressAt('free-parking'), { tokens: [2, 2, 2, 3, 4, 6] }), 0, {
      type: 'move',
      token: 2,
    });
    expect([...state.students[0]!.tokens].sort()).toEqual([2, 2, 3, 4, 5, 6]);
  });

  // Seed 3.2: "You pay £1 for each space moved." G6: "pay £1 per space".
  it.each([1, 2, 3, 4, 5, 6])(
    '"You pay £1 for each space moved": a %i token costs that many pounds, to the bank',
    (token) => {
      const { events } = act(ready(progressAt('free-parking'), { cash: 1000 }), 0, { type: 'move', token });
      const fares = ofType(events, 'transfer').filter((t) => t.reason === 'fare');
      expect(fares).toEqual([{ type: 'transfer', from: { student: 0 }, to: 'bank', amount: token, reason: 'fare' }]);
    },
  );

  it('only the student on turn may move, and only at a token decision', () => {
    const state = ready(0);
    expect(refusedCode(state, 1, { type: 'move', token: 1 })).toBe('NOT_YOUR_TURN');
    const landed = act(state, 0, { type: 'move', token: 1 }).state;
    expect(refusedCode(landed, 0, { type: 'move', token: 2 })).toBe('WRONG_DECISION');
  });
});

describe('G12 passing GO pays nothing', () => {
  // G12: "No money for passing GO." (Seed 1.1 only asks to "get round to Go".)
  it('"No money for passing GO": Whitechapel Road + 4 passes GO to Mayfair; only the fare and the rent change hands', () => {
    const { state, events } = act(ready(progressAt('whitechapel-road')), 0, { type: 'move', token: 4 });
    expect(ofType(events, 'passedGo')).toEqual([{ type: 'passedGo', seat: 0, laps: 1 }]);
    expect(positionOf(state.students[0]!.progress)).toBe(sp('mayfair'));
    expect(state.students[0]!.progress).toBe(41);
    expect(netTo(events, { student: 0 })).toBe(-4 - 50);
    expect(
      ofType(events, 'transfer')
        .map((t) => t.reason)
        .sort(),
    ).toEqual(['fare', 'rent']);
    expect(state.students[0]!.cash).toBe(200 - 4 - 50);
  });

  it('landing exactly on GO pays nothing either', () => {
    const { state, events } = act(ready(progressAt('old-kent-road') - 2), 0, { type: 'move', token: 3 });
    expect(positionOf(state.students[0]!.progress)).toBe(sp('go'));
    expect(netTo(events, { student: 0 })).toBe(-3);
  });
});

describe('seed 3.3 / G7 move order', () => {
  // Seed 3.3: "The furthest advanced player moves first, the least advanced player moves last". G7 (amended
  // 2026-12-05): "The furthest-advanced student (most laps, then furthest along this lap) moves first; ties go in the
  // table order drawn once at setup with the game's seeded randomness and shown on the table."
  it('"The furthest advanced player moves first": progress 5, 30, 12 → seats 1, 2, 0', () => {
    expect(orderFor([5, 30, 12])).toEqual([1, 2, 0]);
  });

  it('"ties go in the table order drawn once at setup": everyone on GO moves in that order, not by seat', () => {
    expect(orderFor([0, 0, 0, 0], (s) => withTieOrder(s, [2, 0, 3, 1]))).toEqual([2, 0, 3, 1]);
    // Level pairs keep the drawn order among themselves: 12s (seats 1, 3) then 7s (seats 0, 2), seat 3 before 1.
    expect(orderFor([7, 12, 7, 12], (s) => withTieOrder(s, [3, 2, 1, 0]))).toEqual([3, 1, 2, 0]);
  });

  it('"drawn once at setup with the game`s seeded randomness": a permutation of the seats, the same for one seed, and over seeds each seat goes first about as often', () => {
    expect(setup({}, 'same').tieOrder).toEqual(setup({}, 'same').tieOrder);
    const first = [0, 0, 0, 0];
    for (let i = 0; i < 400; i++) {
      const order = setup({}, `seed-${i}`).tieOrder!;
      expect([...order].sort()).toEqual([0, 1, 2, 3]);
      first[order[0]!]!++;
    }
    // 100 each expected; 60 or fewer (or 140 or more) would be 4+ standard deviations off.
    for (const n of first) expect(n).toBeGreaterThan(60);
    for (const n of first) expect(n).toBeLessThan(140);
  });

  it('"Records made under the old rule replay under it": a version-1 game has no drawn order, and level students go in seat order', () => {
    const old = gotopoly.setup({ players: 4 }, 'test', 1);
    expect(old.tieOrder).toBeUndefined();
    expect(orderFor([0, 0, 0, 0], (s) => ({ ...s, tieOrder: undefined }))).toEqual([0, 1, 2, 3]);
    expect(moveOrder(old.students)).toEqual([0, 1, 2, 3]);
    // Its draws are the version-1 draws: the decks as they were dealt before the amendment.
    expect(old.decks).toEqual(setup().decks);
  });

  it('"most laps, then furthest along this lap": one space into lap 2 beats the last space of lap 1', () => {
    expect(orderFor([39, 41])).toEqual([1, 0]);
    expect(orderFor([45, 82, 79])).toEqual([1, 2, 0]);
  });

  it('the Movement phase follows the announced order: the furthest-advanced student is asked first', () => {
    const base = withStudents(unowned(setup({ players: 3 })), { 0: { progress: 2 }, 2: { progress: 9 } });
    const { state } = allPass(auctionOf(base, ['old-kent-road'], 1));
    expect(pendingOf(state)).toEqual(['2:token']);
  });

  it('"once a slacker always a slacker": the order is worked out afresh each term from where students stand', () => {
    // Seat 1 ahead this term: moves first. After both move, seat 0 (a 6 from 20) overtakes seat 1 (a 1 from 21).
    const base = withStudents(unowned(setup({ players: 2 })), { 0: { progress: 20 }, 1: { progress: 21 } });
    let { state: s } = allPass(auctionOf(base, ['old-kent-road'], 1));
    expect(pendingOf(s)).toEqual(['1:token']);
    s = act(s, 1, { type: 'move', token: 1 }).state; // → Vine Street (22): study
    s = act(s, 1, { type: 'work' }).state;
    s = act(s, 0, { type: 'move', token: 6 }).state; // → Bow Street (26): study
    const { state: next, events } = act(s, 0, { type: 'work' });
    expect(next.term).toBe(2);
    const order = ofType(allPass(next).events, 'moveOrder');
    expect(order).toEqual([{ type: 'moveOrder', order: [0, 1] }]);
    expect(ofType(events, 'termEnded')).toHaveLength(1);
  });
});
