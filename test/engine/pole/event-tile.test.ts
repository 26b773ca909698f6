/**
 * Seed §3.2C "Event tile — follow its printed instructions." P3: "Event tiles carry a printed instruction drawn from a
 * small effect vocabulary (pay/collect bank, collect from/pay each player, move to/by, roll-and-branch, gain a free
 * edition copy of a named tile, go to GO...)". Every effect of the vocabulary, on small boards. (freeCopy: see
 * generosity.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { MAX_LANDINGS_PER_TURN, type PoleState } from '../../../engine/pole';
import { art, event, type TileInput } from './boards';
import { act } from './play';
import { cash, decision, netTransfers, ofType, positionOfSeat } from './reads';
import { rig, start, withHolders, withPlayers } from './states';

const quiet = (id: string): TileInput => event(id, { kind: 'none' });
/** Boards need at least 4 tiles and one artist tile (P3): an unowned piece nobody lands on here. */
const FILLER = art('z', 100);

/** Seat 0 (at Start unless `from` is given) rolls a rigged `die` (then `more` dice for event rolls). */
function rollFrom(s: PoleState, die: number, more: number[] = [], from = 0) {
  return act(rig(withPlayers(s, { 0: { progress: from } }), die, ...more), 0, { type: 'roll' });
}

describe('simple money effects', () => {
  it('none: "Nothing happens" — no money moves and play passes on', () => {
    const s = start([event('n', { kind: 'none' }, 'Nothing happens.'), quiet('q'), FILLER]);
    const { state, events } = rollFrom(s, 1);
    expect(ofType(events, 'eventTile')).toEqual([{ type: 'eventTile', seat: 0, tile: 1, text: 'Nothing happens.' }]);
    expect(ofType(events, 'transfer')).toEqual([]);
    expect(cash(state)).toEqual([1000, 1000]);
    expect(decision(state)).toEqual({ seat: 1, kind: 'roll', l2Available: false });
  });

  it('collect: "Collect 100 Tz" from the bank', () => {
    const { state, events } = rollFrom(
      start([quiet('q'), event('airdrop', { kind: 'collect', amount: 100 }), FILLER]),
      2,
    );
    expect(ofType(events, 'transfer')).toEqual([
      { type: 'transfer', from: 'bank', to: 0, amount: 100, reason: 'event', tile: 2 },
    ]);
    expect(cash(state)).toEqual([1100, 1000]);
  });

  it('pay: "Pay 50 Tz" to the bank', () => {
    const { state, events } = rollFrom(start([event('fee', { kind: 'pay', amount: 50 }), quiet('q'), FILLER]), 1);
    expect(ofType(events, 'transfer')).toEqual([
      { type: 'transfer', from: 0, to: 'bank', amount: 50, reason: 'event', tile: 1 },
    ]);
    expect(cash(state)).toEqual([950, 1000]);
  });

  it('collectFromEach: "Collect 30 Tz from every other player" (3 players → +60)', () => {
    const s = start([event('dinner', { kind: 'collectFromEach', amount: 30 }), quiet('q'), FILLER], { players: 3 });
    const { state, events } = rollFrom(s, 1);
    expect(netTransfers(events, 0)).toBe(60);
    expect(cash(state)).toEqual([1060, 970, 970]);
  });

  it('payEach: "Pay 40 Tz to every other player" (3 players → −80)', () => {
    const s = start([event('round', { kind: 'payEach', amount: 40 }), quiet('q'), FILLER], { players: 3 });
    const { state, events } = rollFrom(s, 1);
    expect(netTransfers(events, 0)).toBe(-80);
    expect(cash(state)).toEqual([920, 1040, 1040]);
  });

  it('payPerPiece: "Pay 15 Tz for each masterpiece you hold" counts each 1/1 and each edition copy', () => {
    // Seat 0 holds the 1/1 "a", two copies of edition "e" and one of edition "f": 4 pieces → 60 Tz.
    let s = start(
      [art('a', 100), art('e', 80, 5), art('f', 120, 3), event('audit', { kind: 'payPerPiece', amount: 15 })],
      {
        editionCopiesPerPlayer: 2,
      },
    );
    s = withHolders(withHolders(withHolders(s, 1, [0]), 2, [0, 1, 0]), 3, [0]);
    const { state, events } = rollFrom(s, 4);
    expect(ofType(events, 'transfer')).toEqual([
      { type: 'transfer', from: 0, to: 'bank', amount: 60, reason: 'event', tile: 4 },
    ]);
    expect(cash(state)).toEqual([940, 1000]);
  });

  it("payPerPiece with no masterpiece costs nothing (another player's pieces do not count)", () => {
    const s = withHolders(
      start([art('a', 100), event('audit', { kind: 'payPerPiece', amount: 15 }), quiet('q')]),
      1,
      [1],
    );
    const { state, events } = rollFrom(s, 2);
    expect(ofType(events, 'transfer')).toEqual([]);
    expect(cash(state)).toEqual([1000, 1000]);
  });
});

describe('moves', () => {
  it('moveTo: "Advance to a" past GO collects the 300 Tz GO bonus (P8) and resolves the target tile', () => {
    // 0 GO | 1 a | 2 q | 3 jump → a: from 3 the pawn advances 2 tiles, over GO, onto a.
    const s = start([art('a', 100), quiet('q'), event('jump', { kind: 'moveTo', tile: 'a' })]);
    const { state, events } = rollFrom(s, 3);
    expect(ofType(events, 'moved')).toEqual([
      { type: 'moved', seat: 0, from: 0, to: 3, steps: 3 },
      { type: 'moved', seat: 0, from: 3, to: 1, steps: 2 },
    ]);
    expect(ofType(events, 'transfer')).toEqual([
      { type: 'transfer', from: 'bank', to: 0, amount: 300, reason: 'goBonus', tile: 0 },
    ]);
    expect(ofType(events, 'landed').map((e) => e.tile)).toEqual([3, 1]);
    expect(cash(state)[0]).toBe(1300);
    expect(decision(state)).toEqual({ seat: 0, kind: 'buy', tile: 1, price: 100 });
  });

  it('moveTo forward without passing GO pays no bonus', () => {
    // 0 GO | 1 jump → far | 2 q | 3 far (collect 10) | 4 z
    const s = start([
      event('jump', { kind: 'moveTo', tile: 'far' }),
      quiet('q'),
      event('far', { kind: 'collect', amount: 10 }),
      FILLER,
    ]);
    const { state, events } = rollFrom(s, 1);
    expect(ofType(events, 'transfer').map((t) => t.reason)).toEqual(['event']);
    expect(cash(state)[0]).toBe(1010);
    expect(positionOfSeat(state, 0)).toBe(3);
  });

  it('moveTo GO ("Advance to Start and collect the GO bonus") pays the bonus exactly once', () => {
    const s = start([quiet('q'), event('rollup', { kind: 'moveTo', tile: 'go' }), FILLER]);
    const { state, events } = rollFrom(s, 2);
    expect(ofType(events, 'transfer')).toEqual([
      { type: 'transfer', from: 'bank', to: 0, amount: 300, reason: 'goBonus', tile: 0 },
    ]);
    expect(ofType(events, 'lapCompleted')).toEqual([{ type: 'lapCompleted', seat: 0, laps: 1 }]);
    expect(positionOfSeat(state, 0)).toBe(0);
    expect(cash(state)[0]).toBe(1300);
  });

  it('moveBy forward: "Advance 2 tiles" over GO collects the GO bonus', () => {
    // 0 GO | 1 a | 2 q | 3 fwd (+2 → tile 1)
    const s = start([art('a', 100), quiet('q'), event('fwd', { kind: 'moveBy', steps: 2 })]);
    const { state, events } = rollFrom(s, 3);
    expect(ofType(events, 'moved')[1]).toEqual({ type: 'moved', seat: 0, from: 3, to: 1, steps: 2 });
    expect(netTransfers(events, 0)).toBe(300);
    expect(decision(state)).toEqual({ seat: 0, kind: 'buy', tile: 1, price: 100 });
  });

  it('moveBy backward: "Go back 3 tiles" over Start pays no GO bonus and resolves the tile it lands on', () => {
    // 0 GO | 1 a | 2 back (−3) | 3 q | 4 b: from 2, three tiles back is tile 4.
    const s = start([art('a', 100), event('back', { kind: 'moveBy', steps: -3 }), quiet('q'), art('b', 120)]);
    const { state, events } = rollFrom(s, 2);
    expect(ofType(events, 'moved')[1]).toEqual({ type: 'moved', seat: 0, from: 2, to: 4, steps: -3 });
    expect(ofType(events, 'transfer')).toEqual([]);
    expect(ofType(events, 'lapCompleted')).toEqual([]);
    expect(cash(state)[0]).toBe(1000);
    expect(decision(state)).toEqual({ seat: 0, kind: 'buy', tile: 4, price: 120 });
  });

  it('moveBy backward, then forward over Start again: only the forward pass pays', () => {
    // 0 GO | 1 back (−2) | 2 q | 3 z | 4 r | 5 t
    const s = start([event('back', { kind: 'moveBy', steps: -2 }), quiet('q'), FILLER, quiet('r'), quiet('t')]);
    // 1 → back 2 → tile 5 (behind Start): no bonus.
    const first = rollFrom(s, 1);
    expect(netTransfers(first.events, 0)).toBe(0);
    expect(positionOfSeat(first.state, 0)).toBe(5);
    // Seat 1 rolls; then seat 0 moves 3 forward from tile 5, passing Start → bonus, onto tile 2.
    const other = act(rig(first.state, 2), 1, { type: 'roll' });
    const second = act(rig(other.state, 3), 0, { type: 'roll' });
    expect(ofType(second.events, 'transfer')).toEqual([
      { type: 'transfer', from: 'bank', to: 0, amount: 300, reason: 'goBonus', tile: 0 },
    ]);
    expect(positionOfSeat(second.state, 0)).toBe(2);
  });

  // P8 "Passing or landing on GO pays 300 Tz" (seed §3.4 "each time you pass or land on GO, collect +300 Tz"):
  // a backward move that ends exactly on GO is a landing on GO.
  it('P8 "Passing or landing on GO pays 300 Tz": "Go back 2 tiles" from tile 2 lands on GO and collects 300 Tz', () => {
    const s = start([quiet('q'), event('back', { kind: 'moveBy', steps: -2 }), FILLER]);
    const { state, events } = rollFrom(s, 2);
    expect(positionOfSeat(state, 0)).toBe(0);
    expect(ofType(events, 'landed').map((e) => e.tile)).toEqual([2, 0]);
    expect(netTransfers(events, 0)).toBe(300);
  });
});

describe('roll-and-branch', () => {
  // "Gas spikes. Roll a die: 1–3 pay 30 Tz, 4–6 collect 60 Tz."
  const gas = event('gas', {
    kind: 'roll',
    branches: [
      { faces: [1, 2, 3], text: 'Pay 30 Tz.', effect: { kind: 'pay', amount: 30 } },
      { faces: [4, 5, 6], text: 'Collect 60 Tz.', effect: { kind: 'collect', amount: 60 } },
    ],
  });

  it('a rolled 2 follows the "1–3: pay 30 Tz" branch', () => {
    const { state, events } = rollFrom(start([gas, quiet('q'), FILLER]), 1, [2]);
    expect(ofType(events, 'eventRoll')).toEqual([{ type: 'eventRoll', seat: 0, tile: 1, die: 2, text: 'Pay 30 Tz.' }]);
    expect(cash(state)[0]).toBe(970);
  });

  it('a rolled 6 follows the "4–6: collect 60 Tz" branch', () => {
    const { state, events } = rollFrom(start([gas, quiet('q'), FILLER]), 1, [6]);
    expect(ofType(events, 'eventRoll')).toEqual([
      { type: 'eventRoll', seat: 0, tile: 1, die: 6, text: 'Collect 60 Tz.' },
    ]);
    expect(cash(state)[0]).toBe(1060);
  });

  it('a branch may move the pawn: "1: back 1 tile, 2–6: nothing" with a rolled 1 lands on the previous tile', () => {
    const slip = event('slip', {
      kind: 'roll',
      branches: [
        { faces: [1], text: 'Back 1 tile.', effect: { kind: 'moveBy', steps: -1 } },
        { faces: [2, 3, 4, 5, 6], text: 'Nothing.', effect: { kind: 'none' } },
      ],
    });
    const s = start([art('a', 100), slip, quiet('q')]);
    const moved = rollFrom(s, 2, [1]);
    expect(decision(moved.state)).toEqual({ seat: 0, kind: 'buy', tile: 1, price: 100 });
    const stayed = rollFrom(s, 2, [4]);
    expect(positionOfSeat(stayed.state, 0)).toBe(2);
    expect(decision(stayed.state).seat).toBe(1);
  });
});

describe('cascades', () => {
  it('moveTo onto another event tile resolves that tile too', () => {
    // 0 GO | 1 x → y | 2 q | 3 y collect 50 | 4 z
    const s = start([
      event('x', { kind: 'moveTo', tile: 'y' }),
      quiet('q'),
      event('y', { kind: 'collect', amount: 50 }),
      FILLER,
    ]);
    const { state, events } = rollFrom(s, 1);
    expect(ofType(events, 'landed').map((e) => e.tile)).toEqual([1, 3]);
    expect(ofType(events, 'eventTile').map((e) => e.tile)).toEqual([1, 3]);
    expect(cash(state)[0]).toBe(1050);
    expect(decision(state).seat).toBe(1);
  });

  it('a chain of moves ending on an owned artist tile charges its royalty', () => {
    // 0 GO | 1 x → y | 2 a (held by seat 1) | 3 y back 1 → a
    let s = start([
      event('x', { kind: 'moveTo', tile: 'y' }),
      art('a', 200),
      event('y', { kind: 'moveBy', steps: -1 }),
    ]);
    s = withHolders(s, 2, [1]);
    const { state, events } = rollFrom(s, 1);
    expect(ofType(events, 'landed').map((e) => e.tile)).toEqual([1, 3, 2]);
    expect(cash(state)).toEqual([980, 1020]);
  });

  it(`a cycle of move events stops after MAX_LANDINGS_PER_TURN (${MAX_LANDINGS_PER_TURN}) landings with a chainLimit event, and the game goes on`, () => {
    // 0 GO | 1 x (roll: any face +1) | 2 y (−1) | 3 q | 4 z: x and y send the pawn back and forth forever. A loop of
    // plain move events is rejected by the board validator; one through a die-roll branch is allowed and bounded here.
    const forward = { kind: 'moveBy', steps: 1 } as const;
    const x = event('x', {
      kind: 'roll',
      branches: [
        { faces: [1, 2, 3], text: '+1', effect: forward },
        { faces: [4, 5, 6], text: '+1', effect: forward },
      ],
    });
    const s = start([x, event('y', { kind: 'moveBy', steps: -1 }), quiet('q'), FILLER]);
    const { state, events } = rollFrom(s, 1);
    const landed = ofType(events, 'landed');
    expect(landed).toHaveLength(MAX_LANDINGS_PER_TURN);
    expect(landed.map((e) => e.tile)).toEqual(
      Array.from({ length: MAX_LANDINGS_PER_TURN }, (_, k) => (k % 2 === 0 ? 1 : 2)),
    );
    // The 12th landing (on y) moves the pawn back to x, where the chain stops.
    expect(ofType(events, 'chainLimit')).toEqual([{ type: 'chainLimit', seat: 0, tile: 1 }]);
    expect(positionOfSeat(state, 0)).toBe(1);
    expect(ofType(events, 'transfer')).toEqual([]);
    expect(decision(state)).toEqual({ seat: 1, kind: 'roll', l2Available: false });
    expect(state.phase).toBe('roll');
    // The next turn starts a fresh count: seat 1 lands on q normally.
    const next = act(rig(state, 3), 1, { type: 'roll' });
    expect(ofType(next.events, 'landed')).toEqual([{ type: 'landed', seat: 1, tile: 3 }]);
    expect(ofType(next.events, 'chainLimit')).toEqual([]);
    expect(decision(next.state).seat).toBe(0);
  });
});
