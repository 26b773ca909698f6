/**
 * P7 Out of cash (seed §3.3 "Out-of-cash protocol").
 * Seed: "1) Flip any owned edition back to the Bank for ½ price (round down 10 Tz). 2) If still short, forfeit your
 * cheapest masterpiece (remove from play)."
 */
import { describe, expect, it } from 'vitest';
import { playToEnd } from '../../../engine/core/play';
import { rngFromSeed } from '../../../engine/core/rng';
import { pole, poleHeuristicBot, poleRandomBot, type PoleEvent, type PoleState } from '../../../engine/pole';
import { art, board, event } from './boards';
import { act, expectRefused, legal } from './play';
import { cash, decision, netTransfers, ofType } from './reads';
import { rig, start, withHolders, withPlayers, withTurn } from './states';

// Tiles: 0 GO | 1 one (1/1, 100) | 2 ed-a (edition 3, 150 → flips for 70) | 3 ed-b (edition 2, 90 → flips for 40)
// | 4 big (1/1, 200) | 5 tax (pay 300) | 6 dinner (collect 100 from each) | 7 tiny (1/1, 50) | 8 tiny2 (1/1, 50) | 9 quiet
const TILES = [
  art('one', 100),
  art('ed-a', 150, 3),
  art('ed-b', 90, 2),
  art('big', 200),
  event('tax', { kind: 'pay', amount: 300 }),
  event('dinner', { kind: 'collectFromEach', amount: 100 }),
  art('tiny', 50),
  art('tiny2', 50),
  event('quiet', { kind: 'none' }),
];
const ONE = 1,
  ED_A = 2,
  ED_B = 3,
  BIG = 4,
  TAX = 5,
  DINNER = 6,
  TINY = 7,
  TINY2 = 8;

/** Seat 0 with `money` Tz and the listed tiles (one copy each), about to roll a 5 onto the 300 Tz tax. */
function shortOnTax(money: number, holdings: number[], players = 2): PoleState {
  let s = start(TILES, { players });
  for (const tile of holdings) s = withHolders(s, tile, [0]);
  return rig(withPlayers(s, { 0: { cash: money } }), 5);
}

function rollOnto(s: PoleState): { state: PoleState; events: PoleEvent[] } {
  return act(s, 0, { type: 'roll' });
}

describe('P7 flipping edition copies', () => {
  it('P7 "A debtor who cannot pay in full must flip edition copies back to the Bank, one at a time (the player chooses)": a flip decision lists exactly the held editions', () => {
    const { state, events } = rollOnto(shortOnTax(150, [ONE, ED_A, ED_B, BIG]));
    expect(ofType(events, 'outOfCash')).toEqual([{ type: 'outOfCash', seat: 0, owed: 300, cash: 150 }]);
    expect(decision(state)).toEqual({ seat: 0, kind: 'flip', owed: 300, cash: 150, tiles: [ED_A, ED_B] });
    expect(legal(state, 0)).toEqual([
      { type: 'flip', tile: ED_A },
      { type: 'flip', tile: ED_B },
    ]);
    expect(legal(state, 1)).toEqual([]);
    // Nothing is paid before the debtor has flipped.
    expect(cash(state)[0]).toBe(150);
    expect(ofType(events, 'transfer').filter((t) => t.reason === 'event')).toEqual([]);
  });

  it('P7 "1/1s cannot be flipped": flipping a 1/1 (or an edition the debtor does not hold) is refused', () => {
    const { state } = rollOnto(shortOnTax(150, [ONE, ED_A, BIG]));
    expectRefused(state, 0, { type: 'flip', tile: ONE }, 'NOT_FLIPPABLE');
    expectRefused(state, 0, { type: 'flip', tile: BIG }, 'NOT_FLIPPABLE');
    expectRefused(state, 0, { type: 'flip', tile: ED_B }, 'NOT_FLIPPABLE');
    expectRefused(state, 1, { type: 'flip', tile: ED_A }, 'NOT_YOUR_TURN');
    // Flipping is the only answer: no rolling or passing out of the debt.
    expectRefused(state, 0, { type: 'roll' }, 'WRONG_DECISION');
    expectRefused(state, 0, { type: 'pass' }, 'WRONG_DECISION');
  });

  it('P7 "each for floor10(list price / 2); the copy returns to the supply": flipping the 150 Tz edition pays 70 Tz', () => {
    const { state } = rollOnto(shortOnTax(150, [ONE, ED_A, ED_B]));
    const after = act(state, 0, { type: 'flip', tile: ED_A });
    expect(ofType(after.events, 'flipped')).toEqual([{ type: 'flipped', seat: 0, tile: ED_A, amount: 70 }]);
    expect(ofType(after.events, 'transfer')).toContainEqual({
      type: 'transfer',
      from: 'bank',
      to: 0,
      amount: 70,
      reason: 'flip',
      tile: ED_A,
    });
    expect(cash(after.state)[0]).toBe(220);
    expect(after.state.tiles[ED_A]).toEqual({ holders: [], removed: 0 });
    // Still short (220 < 300): the next flip is the debtor's choice again, among what is left.
    expect(decision(after.state)).toEqual({ seat: 0, kind: 'flip', owed: 300, cash: 220, tiles: [ED_B] });
  });

  it('P7 "flip ... one at a time": the 90 Tz edition flips for floor10(45) = 40 Tz', () => {
    const { state } = rollOnto(shortOnTax(150, [ED_A, ED_B]));
    const after = act(state, 0, { type: 'flip', tile: ED_B });
    expect(netTransfers(after.events, 0)).toBe(40);
    expect(cash(after.state)[0]).toBe(190);
    expect(decision(after.state).kind).toBe('flip');
  });

  it('P7: the debt is paid as soon as the cash suffices; the other copies stay with the debtor', () => {
    const { state } = rollOnto(shortOnTax(250, [ED_A, ED_B]));
    const after = act(state, 0, { type: 'flip', tile: ED_A });
    // 250 + 70 = 320 ≥ 300: pay 300, keep 20 and the ed-b copy.
    expect(cash(after.state)[0]).toBe(20);
    expect(ofType(after.events, 'transfer')).toContainEqual({
      type: 'transfer',
      from: 0,
      to: 'bank',
      amount: 300,
      reason: 'event',
      tile: TAX,
    });
    expect(after.state.tiles[ED_B]!.holders).toEqual([0]);
    expect(ofType(after.events, 'forfeited')).toEqual([]);
    expect(ofType(after.events, 'debtCancelled')).toEqual([]);
    expect(decision(after.state)).toEqual({ seat: 1, kind: 'roll', l2Available: false });
  });

  it('P7 "one at a time": with two copies of one edition (editionCopiesPerPlayer 2), a flip returns only one of them', () => {
    let s = start(TILES, { editionCopiesPerPlayer: 2 });
    s = rig(withPlayers(withHolders(s, ED_B, [0, 0]), { 0: { cash: 200 } }), 5);
    const { state } = rollOnto(s);
    expect(decision(state)).toMatchObject({ kind: 'flip', tiles: [ED_B] });
    const once = act(state, 0, { type: 'flip', tile: ED_B }); // 200 + 40 = 240 < 300
    expect(once.state.tiles[ED_B]!.holders).toEqual([0]);
    expect(decision(once.state)).toEqual({ seat: 0, kind: 'flip', owed: 300, cash: 240, tiles: [ED_B] });
    const twice = act(once.state, 0, { type: 'flip', tile: ED_B }); // 240 + 40 = 280 < 300, nothing left
    expect(twice.state.tiles[ED_B]!.holders).toEqual([]);
    expect(ofType(twice.events, 'debtCancelled')).toEqual([{ type: 'debtCancelled', seat: 0, amount: 20 }]);
  });

  it('P7 "the copy returns to the supply": a sold-out edition can be bought by another player after a flip', () => {
    // ed-b (2 copies) is held by seats 0 and 1: sold out. Seat 0 flips its copy to pay the tax.
    let s = withHolders(shortOnTax(260, [], 3), ED_B, [0, 1]);
    s = act(rollOnto(s).state, 0, { type: 'flip', tile: ED_B }).state;
    expect(cash(s)[0]).toBe(0); // 260 + 40 = 300, all paid
    expect(s.tiles[ED_B]).toEqual({ holders: [1], removed: 0 });
    // Seat 2 lands on ed-b: pays seat 1 the royalty (max(5, floor10(9)) = 5) and may buy the returned copy.
    const landing = act(rig(withTurn(s, 2), 3), 2, { type: 'roll' });
    expect(netTransfers(landing.events, 1)).toBe(5);
    expect(decision(landing.state)).toEqual({ seat: 2, kind: 'buy', tile: ED_B, price: 90 });
    const bought = act(landing.state, 2, { type: 'buy' });
    expect(bought.state.tiles[ED_B]!.holders).toEqual([1, 2]);
    expect(cash(bought.state)[2]).toBe(1000 - 5 - 90);
  });
});

describe('P7 forfeit when still short', () => {
  it('P7 "If still short after flipping every edition copy, the debtor pays all their cash and forfeits their cheapest masterpiece ... and the rest of the debt is cancelled"', () => {
    const { state } = rollOnto(shortOnTax(150, [ONE, ED_A, ED_B, BIG]));
    const first = act(state, 0, { type: 'flip', tile: ED_A }); // 150 + 70 = 220
    const second = act(first.state, 0, { type: 'flip', tile: ED_B }); // 220 + 40 = 260 < 300, nothing left to flip
    const events = second.events;
    expect(ofType(events, 'transfer')).toContainEqual({
      type: 'transfer',
      from: 0,
      to: 'bank',
      amount: 260,
      reason: 'event',
      tile: TAX,
    });
    expect(cash(second.state)[0]).toBe(0);
    // Cheapest masterpiece left: "one" (100 Tz) rather than "big" (200 Tz).
    expect(ofType(events, 'forfeited')).toEqual([{ type: 'forfeited', seat: 0, tile: ONE }]);
    expect(second.state.tiles[ONE]).toEqual({ holders: [], removed: 1 });
    expect(second.state.tiles[BIG]!.holders).toEqual([0]);
    expect(ofType(events, 'debtCancelled')).toEqual([{ type: 'debtCancelled', seat: 0, amount: 40 }]);
    // The game goes on with the next seat.
    expect(decision(second.state)).toEqual({ seat: 1, kind: 'roll', l2Available: false });
  });

  it('P7 "forfeits their cheapest masterpiece (lowest list price, then lowest tile index)": the 50 Tz piece goes, not the first tile', () => {
    const { state, events } = rollOnto(shortOnTax(100, [ONE, BIG, TINY]));
    expect(ofType(events, 'forfeited')).toEqual([{ type: 'forfeited', seat: 0, tile: TINY }]);
    expect(state.tiles[ONE]!.holders).toEqual([0]);
    expect(state.tiles[BIG]!.holders).toEqual([0]);
    expect(state.tiles[TINY]).toEqual({ holders: [], removed: 1 });
    expect(netTransfers(events, 0)).toBe(-100);
    expect(ofType(events, 'debtCancelled')).toEqual([{ type: 'debtCancelled', seat: 0, amount: 200 }]);
  });

  it('P7 "(lowest list price, then lowest tile index)": of two 50 Tz pieces, the one on the lower tile goes', () => {
    const { state, events } = rollOnto(shortOnTax(100, [TINY2, TINY]));
    expect(ofType(events, 'forfeited')).toEqual([{ type: 'forfeited', seat: 0, tile: TINY }]);
    expect(state.tiles[TINY2]!.holders).toEqual([0]);
  });

  it('P7 "it is removed from play (a 1/1 tile becomes inert)": landing on the forfeited 1/1 charges nothing and offers nothing', () => {
    const { state } = rollOnto(shortOnTax(100, [ONE]));
    expect(state.tiles[ONE]).toEqual({ holders: [], removed: 1 });
    const landing = act(rig(withTurn(state, 1), 1), 1, { type: 'roll' });
    expect(ofType(landing.events, 'inertTile')).toEqual([{ type: 'inertTile', seat: 1, tile: ONE }]);
    expect(ofType(landing.events, 'offered')).toEqual([]);
    expect(ofType(landing.events, 'transfer')).toEqual([]);
    expect(decision(landing.state)).toEqual({ seat: 0, kind: 'roll', l2Available: false });
  });

  it('P7 "With nothing to forfeit, the debtor pays all their cash and the rest is cancelled"', () => {
    const { state, events } = rollOnto(shortOnTax(100, []));
    expect(ofType(events, 'outOfCash')).toEqual([{ type: 'outOfCash', seat: 0, owed: 300, cash: 100 }]);
    expect(ofType(events, 'transfer')).toEqual([
      { type: 'transfer', from: 0, to: 'bank', amount: 100, reason: 'event', tile: TAX },
    ]);
    expect(ofType(events, 'forfeited')).toEqual([]);
    expect(ofType(events, 'debtCancelled')).toEqual([{ type: 'debtCancelled', seat: 0, amount: 200 }]);
    expect(cash(state)).toEqual([0, 1000]);
  });

  it('P7 "Nobody is eliminated": a debtor left with 0 Tz and no pieces keeps taking turns', () => {
    let s = rollOnto(shortOnTax(100, [])).state;
    expect(decision(s).seat).toBe(1);
    s = act(rig(s, 4), 1, { type: 'roll' }).state; // seat 1: 0 → 4 (big, declines)
    s = act(s, 1, { type: 'pass' }).state;
    expect(decision(s)).toEqual({ seat: 0, kind: 'roll', l2Available: false });
    const next = act(rig(s, 4), 0, { type: 'roll' }); // seat 0: 5 → 9 (quiet)
    expect(ofType(next.events, 'landed')).toEqual([{ type: 'landed', seat: 0, tile: 9 }]);
    expect(next.state.players).toHaveLength(2);
    expect(decision(next.state).seat).toBe(1);
  });
});

describe('P7 with several creditors and other debtors', () => {
  // 0 GO | 1 ed-r (edition 3, 300 Tz: royalty 30) | 2 ed-s (edition 2, 100 Tz: flips for 50) | 3 quiet
  const ROYALTY_TILES = [art('ed-r', 300, 3), art('ed-s', 100, 2), event('quiet', { kind: 'none' })];

  function shortOnRoyalty(money: number, holdings: number[]): PoleState {
    let s = withHolders(start(ROYALTY_TILES, { players: 3 }), 1, [1, 2]);
    for (const tile of holdings) s = withHolders(s, tile, [0]);
    return rig(withPlayers(s, { 0: { cash: money } }), 1);
  }

  it('P6+P7: a split royalty (15 + 15) owed with only 20 Tz and nothing to flip: all 20 Tz go to the owners, the rest is cancelled', () => {
    const { state, events } = act(shortOnRoyalty(20, []), 0, { type: 'roll' });
    expect(ofType(events, 'outOfCash')).toEqual([{ type: 'outOfCash', seat: 0, owed: 30, cash: 20 }]);
    expect(netTransfers(events, 1)).toBe(10);
    expect(netTransfers(events, 2)).toBe(10);
    expect(cash(state)).toEqual([0, 1010, 1010]);
    expect(ofType(events, 'debtCancelled')).toEqual([{ type: 'debtCancelled', seat: 0, amount: 10 }]);
  });

  it('P6+P7: an odd remainder (21 Tz for 15 + 15) still hands every Tz to the owners and none goes missing', () => {
    const { state, events } = act(shortOnRoyalty(21, []), 0, { type: 'roll' });
    const got = [netTransfers(events, 1), netTransfers(events, 2)].sort();
    expect(got).toEqual([10, 11]);
    expect(cash(state)[0]).toBe(0);
    expect(ofType(events, 'debtCancelled')).toEqual([{ type: 'debtCancelled', seat: 0, amount: 9 }]);
  });

  it('P6+P7: a split royalty owed while short is paid in full to each owner after a flip', () => {
    const { state } = act(shortOnRoyalty(20, [2]), 0, { type: 'roll' });
    expect(decision(state)).toEqual({ seat: 0, kind: 'flip', owed: 30, cash: 20, tiles: [2] });
    const after = act(state, 0, { type: 'flip', tile: 2 }); // 20 + 50 = 70
    expect(netTransfers(after.events, 1)).toBe(15);
    expect(netTransfers(after.events, 2)).toBe(15);
    expect(cash(after.state)).toEqual([40, 1015, 1015]);
    expect(ofType(after.events, 'debtCancelled')).toEqual([]);
  });

  it('P7 with payEach: "Pay 100 Tz to every other player" with 50 Tz and nothing to flip → 25 Tz each, the rest cancelled', () => {
    const tiles = [event('gift', { kind: 'payEach', amount: 100 }), ...ROYALTY_TILES];
    const s = rig(withPlayers(start(tiles, { players: 3 }), { 0: { cash: 50 } }), 1);
    const { state, events } = act(s, 0, { type: 'roll' });
    expect(ofType(events, 'outOfCash')).toEqual([{ type: 'outOfCash', seat: 0, owed: 200, cash: 50 }]);
    expect(cash(state)).toEqual([0, 1025, 1025]);
    expect(ofType(events, 'debtCancelled')).toEqual([{ type: 'debtCancelled', seat: 0, amount: 150 }]);
  });

  it('P7 with collectFromEach: the other player who is short gets the flip decision, and the lander receives what they can pay', () => {
    let s = start(TILES, { players: 3 });
    s = withHolders(withHolders(s, ED_B, [2]), ONE, [2]);
    s = rig(withPlayers(s, { 2: { cash: 50 } }), 6); // seat 0 → dinner: seats 1 and 2 owe 100 each
    const { state, events } = act(s, 0, { type: 'roll' });
    expect(ofType(events, 'transfer')).toContainEqual({
      type: 'transfer',
      from: 1,
      to: 0,
      amount: 100,
      reason: 'event',
      tile: DINNER,
    });
    expect(ofType(events, 'outOfCash')).toEqual([{ type: 'outOfCash', seat: 2, owed: 100, cash: 50 }]);
    expect(decision(state)).toEqual({ seat: 2, kind: 'flip', owed: 100, cash: 50, tiles: [ED_B] });
    expect(legal(state, 0)).toEqual([]);
    expect(legal(state, 2)).toEqual([{ type: 'flip', tile: ED_B }]);
    expectRefused(state, 0, { type: 'roll' }, 'NOT_YOUR_TURN');

    const after = act(state, 2, { type: 'flip', tile: ED_B }); // 50 + 40 = 90 < 100, then forfeit "one"
    expect(netTransfers(after.events, 0)).toBe(90);
    expect(ofType(after.events, 'forfeited')).toEqual([{ type: 'forfeited', seat: 2, tile: ONE }]);
    expect(ofType(after.events, 'debtCancelled')).toEqual([{ type: 'debtCancelled', seat: 2, amount: 10 }]);
    expect(cash(after.state)).toEqual([1190, 900, 0]);
    // Seat 0's turn is over: play passes to seat 1.
    expect(decision(after.state)).toEqual({ seat: 1, kind: 'roll', l2Available: false });
  });
});

describe('P7 on the last lap', () => {
  it('P9+P7 "finish that player\'s tile resolution": the game ends only after the flips, and flipped copies are not valued', () => {
    // One-lap game, no GO bonus: seat 0 on tile 9 rolls 6, completes the lap and lands on the 300 Tz tax with 200 Tz.
    let s = start(TILES, { laps: 1, goBonus: 0 });
    s = withHolders(withHolders(withHolders(s, ED_A, [0]), ED_B, [0]), BIG, [0]);
    s = rig(withPlayers(s, { 0: { cash: 200, progress: 9 } }), 6, 4);
    const landed = rollOnto(s);
    expect(landed.state.phase).toBe('flip');
    expect(pole.outcome(landed.state)).toBeNull();
    const first = act(landed.state, 0, { type: 'flip', tile: ED_B }); // 240
    expect(pole.outcome(first.state)).toBeNull();
    const second = act(first.state, 0, { type: 'flip', tile: ED_A }); // 310 → pays 300, keeps 10
    expect(ofType(second.events, 'gameEnded')).toHaveLength(1);
    // Only "big" (200 Tz, die 4 → 800) is left to value.
    expect(ofType(second.events, 'valued')).toEqual([{ type: 'valued', seat: 0, tile: BIG, die: 4, value: 800 }]);
    const outcome = pole.outcome(second.state)!;
    expect(outcome.standings.map((x) => [x.seat, x.score])).toEqual([
      [1, 1000],
      [0, 810],
    ]);
    expect(outcome.winners).toEqual([1]);
  });
});

describe('P7 bots and invariants', () => {
  it('P7 "bots flip the cheapest first": the heuristic bot flips the 90 Tz edition before the 150 Tz one', () => {
    const { state } = rollOnto(shortOnTax(0, [ED_A, ED_B]));
    const rng = rngFromSeed('bot');
    expect(poleHeuristicBot.choose(state, 0, rng)).toEqual({ type: 'flip', tile: ED_B });
    const after = act(state, 0, { type: 'flip', tile: ED_B }).state; // 40 < 300
    expect(poleHeuristicBot.choose(after, 0, rng)).toEqual({ type: 'flip', tile: ED_A });
  });

  it('P7a "Every bot the engine offers — the random one too — flips its cheapest copy first (P7)": the random bot flips the 90 Tz edition before the 150 Tz one, whatever its dice', () => {
    const { state } = rollOnto(shortOnTax(0, [ED_A, ED_B]));
    const after = act(state, 0, { type: 'flip', tile: ED_B }).state;
    for (const seed of ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8']) {
      const rng = rngFromSeed(seed);
      expect(poleRandomBot.choose(state, 0, rng)).toEqual({ type: 'flip', tile: ED_B });
      expect(poleRandomBot.choose(after, 0, rng)).toEqual({ type: 'flip', tile: ED_A });
    }
  });

  it('P1 "Money is whole Tz, never negative" and P7: in whole games on a punishing board nobody ever has negative cash', () => {
    const harsh = board(
      art('a', 100),
      art('e', 80, 3),
      event('tax', { kind: 'pay', amount: 400 }),
      art('b', 200, 4, 2),
      event('gift', { kind: 'payEach', amount: 150 }),
      art('c', 60),
      event('audit', { kind: 'payPerPiece', amount: 60 }),
      art('d', 300, 2, 1.5),
      event('dinner', { kind: 'collectFromEach', amount: 200 }),
    );
    let shortfalls = 0;
    let flips = 0;
    let forfeits = 0;
    for (const seed of ['s1', 's2', 's3', 's4', 's5', 's6']) {
      const bots = [poleRandomBot, poleHeuristicBot, poleRandomBot];
      const result = playToEnd(
        pole,
        { players: 3, laps: 3, startingCash: 300, goBonus: 50, board: harsh },
        seed,
        bots,
        {
          collectEvents: true,
          onAction(_before, after) {
            for (const p of after.players) {
              expect(Number.isInteger(p.cash)).toBe(true);
              expect(p.cash).toBeGreaterThanOrEqual(0);
            }
          },
        },
      );
      shortfalls += ofType(result.events, 'debtCancelled').length;
      flips += ofType(result.events, 'flipped').length;
      forfeits += ofType(result.events, 'forfeited').length;
      expect(result.state.players).toHaveLength(3);
    }
    // The board really does push players into the protocol (otherwise this test would prove nothing).
    expect(shortfalls).toBeGreaterThan(0);
    expect(flips).toBeGreaterThan(0);
    expect(forfeits).toBeGreaterThan(0);
  });
});
