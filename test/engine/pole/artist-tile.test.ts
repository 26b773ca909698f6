/** Seed §3.2A "Artist tile", rulings P4 (1/1s) and P5 (editions). */
import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../../engine/core/errors';
import { pole, type PoleConfigInput, type PoleState } from '../../../engine/pole';
import { art, board, quiet } from './boards';
import { act, landOn } from './play';
import { cash, netTransfers, ofType } from './reads';
import { setup, withHolders, withPlayers } from './states';

/** 0 GO, 1 a 1/1 at 100 Tz, 2 an edition of 3 at 80 Tz, 3–5 quiet. */
const AT = board(art('one', 100), art('ed', 80, 3), quiet('q3'), quiet('q4'), quiet('q5'));
const ONE = 1;
const ED = 2;

function start(players = 3, config: Partial<PoleConfigInput> = {}): PoleState {
  return setup({ players, board: AT, ...config });
}

function errorCode(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (isRuleError(err)) return err.code;
    throw err;
  }
  return 'no error';
}

describe('P4 1/1s', () => {
  // Seed §3.2A: "If it's a 1/1: the first player to land may buy it for the listed price".
  it('P4 "the first player to land may buy it for the listed price": an offer of exactly buy or pass, at 100 Tz', () => {
    const { state, events } = landOn(start(), 0, ONE);
    expect(ofType(events, 'offered')).toEqual([{ type: 'offered', seat: 0, tile: ONE, price: 100 }]);
    expect(state.phase).toBe('buy');
    expect(pole.pending(state)).toEqual([{ seat: 0, kind: 'buy', tile: ONE, price: 100 }]);
    expect(pole.legal(state, 0)).toEqual([{ type: 'buy' }, { type: 'pass' }]);
    expect(pole.legal(state, 1)).toEqual([]);
    expect(pole.legal(state, 2)).toEqual([]);
  });

  it('P4: buying pays the list price to the bank and makes the lander the owner (copy 1 of 1)', () => {
    const { state: deciding } = landOn(start(), 0, ONE);
    const { state, events } = act(deciding, 0, { type: 'buy' });
    expect(cash(state)).toEqual([900, 1000, 1000]);
    expect(state.tiles[ONE]!.holders).toEqual([0]);
    expect(ofType(events, 'transfer')).toEqual([
      { type: 'transfer', from: 0, to: 'bank', amount: 100, reason: 'purchase', tile: ONE },
    ]);
    expect(ofType(events, 'bought')).toEqual([{ type: 'bought', seat: 0, tile: ONE, price: 100, copy: 1, of: 1 }]);
    expect(state.phase).toBe('roll');
    expect(state.current).toBe(1);
  });

  // Seed §3.2A: "afterwards it only charges royalties."
  it('P4 "afterwards it only charges royalties": a later lander pays 10 Tz to the owner and is offered nothing', () => {
    const owned = withHolders(start(), ONE, [0]);
    const { state, events } = landOn(owned, 1, ONE);
    expect(ofType(events, 'offered')).toEqual([]);
    expect(ofType(events, 'cannotAfford')).toEqual([]);
    expect(cash(state)).toEqual([1010, 990, 1000]);
    expect(state.tiles[ONE]!.holders).toEqual([0]);
    expect(state.phase).toBe('roll');
    expect(state.current).toBe(2);
  });

  it('P4: the owner landing on their own 1/1 pays nothing and is offered nothing', () => {
    const owned = withHolders(start(), ONE, [0]);
    const { state, events } = landOn(owned, 0, ONE);
    expect(ofType(events, 'transfer')).toEqual([]);
    expect(ofType(events, 'royaltyDue')).toEqual([]);
    expect(ofType(events, 'offered')).toEqual([]);
    expect(state.current).toBe(1);
  });

  // Seed §3.2A: "No auctions — if you decline to buy, nothing happens." P4: "Declining does nothing (no auctions)."
  it('P4 "if you decline to buy, nothing happens": no money moves, nobody else is offered it, the turn passes', () => {
    const { state: deciding } = landOn(start(), 0, ONE);
    const { state, events } = act(deciding, 0, { type: 'pass' });
    expect(ofType(events, 'declined')).toEqual([{ type: 'declined', seat: 0, tile: ONE }]);
    expect(ofType(events, 'transfer')).toEqual([]);
    expect(ofType(events, 'offered')).toEqual([]);
    expect(cash(state)).toEqual([1000, 1000, 1000]);
    expect(state.tiles[ONE]!.holders).toEqual([]);
    expect(pole.pending(state)).toEqual([{ seat: 1, kind: 'roll', l2Available: false }]);
  });

  // P4: "The first player to land on an unowned 1/1 may buy it" — after a decline it is still unowned.
  it('P4: after a decline, a later lander may buy it', () => {
    const { state: deciding } = landOn(start(), 0, ONE);
    const declined = act(deciding, 0, { type: 'pass' }).state;
    const { state: offered, events } = landOn(declined, 1, ONE);
    expect(ofType(events, 'offered')).toEqual([{ type: 'offered', seat: 1, tile: ONE, price: 100 }]);
    expect(ofType(events, 'transfer')).toEqual([]);
    const { state } = act(offered, 1, { type: 'buy' });
    expect(state.tiles[ONE]!.holders).toEqual([1]);
    expect(cash(state)).toEqual([1000, 900, 1000]);
  });

  it('P4: a 1/1 cannot be bought by a second player (only one copy exists)', () => {
    const owned = withHolders(start(), ONE, [2]);
    const { state } = landOn(owned, 1, ONE);
    expect(state.phase).toBe('roll');
    expect(errorCode(() => act(state, state.current, { type: 'buy' }))).toBe('WRONG_DECISION');
  });

  it('during a buy decision only the lander may answer, and only with buy or pass', () => {
    const { state } = landOn(start(), 0, ONE);
    expect(errorCode(() => act(state, 1, { type: 'buy' }))).toBe('NOT_YOUR_TURN');
    expect(errorCode(() => act(state, 0, { type: 'roll' }))).toBe('WRONG_DECISION');
  });
});

describe('P4/P5 cannot afford', () => {
  // Seed §3.2A "may buy it for the listed price" / P1 "Money is … never negative": no offer without the cash.
  it('a lander with less cash than the price gets no buy decision (event cannotAfford) and the turn passes', () => {
    const poor = withPlayers(start(), { 0: { cash: 99 } });
    const { state, events } = landOn(poor, 0, ONE);
    expect(ofType(events, 'cannotAfford')).toEqual([{ type: 'cannotAfford', seat: 0, tile: ONE, price: 100 }]);
    expect(ofType(events, 'offered')).toEqual([]);
    expect(state.phase).toBe('roll');
    expect(state.current).toBe(1);
    expect(pole.legal(state, 0)).toEqual([]);
    expect(state.players[0]!.cash).toBe(99);
    expect(state.tiles[ONE]!.holders).toEqual([]);
  });

  it('exactly the list price is enough: the buy leaves 0 Tz', () => {
    const exact = withPlayers(start(), { 0: { cash: 100 } });
    const { state: deciding } = landOn(exact, 0, ONE);
    expect(deciding.phase).toBe('buy');
    const { state } = act(deciding, 0, { type: 'buy' });
    expect(state.players[0]!.cash).toBe(0);
    expect(state.tiles[ONE]!.holders).toEqual([0]);
  });
});

describe('P5 editions', () => {
  // Seed §3.2A: "If it's an Edition (x/y): any player who lands may purchase ONE copy (while supplies last)."
  it('P5: the first lander on an edition of 3 is offered one copy at 80 Tz and buys copy 1/3', () => {
    const { state: deciding, events: landing } = landOn(start(), 0, ED);
    expect(ofType(landing, 'offered')).toEqual([{ type: 'offered', seat: 0, tile: ED, price: 80 }]);
    expect(pole.legal(deciding, 0)).toEqual([{ type: 'buy' }, { type: 'pass' }]);
    const { state, events } = act(deciding, 0, { type: 'buy' });
    expect(ofType(events, 'bought')).toEqual([{ type: 'bought', seat: 0, tile: ED, price: 80, copy: 1, of: 3 }]);
    expect(state.tiles[ED]!.holders).toEqual([0]);
    expect(state.players[0]!.cash).toBe(920);
  });

  // Seed §3.2A: "Multiple players can own the same edition." P5: "pay the royalty first, then the buy option."
  it('P5 "Multiple players can own the same edition": a second player pays the 5 Tz royalty first, then buys copy 2/3', () => {
    const owned = withHolders(start(), ED, [0]);
    const { state: deciding, events: landing } = landOn(owned, 1, ED);
    const types = landing.map((e) => e.type);
    expect(types.indexOf('royaltyDue')).toBeGreaterThan(-1);
    expect(types.lastIndexOf('transfer')).toBeLessThan(types.indexOf('offered'));
    // P6: 10 % of 80 = 8 → rounded down to 0 → minimum 5 Tz.
    expect(netTransfers(landing, 1)).toBe(-5);
    expect(netTransfers(landing, 0)).toBe(5);
    expect(deciding.phase).toBe('buy');
    expect(pole.pending(deciding)).toEqual([{ seat: 1, kind: 'buy', tile: ED, price: 80 }]);

    const { state, events } = act(deciding, 1, { type: 'buy' });
    expect(ofType(events, 'bought')).toEqual([{ type: 'bought', seat: 1, tile: ED, price: 80, copy: 2, of: 3 }]);
    expect(state.tiles[ED]!.holders).toEqual([0, 1]);
    expect(cash(state)).toEqual([1005, 915, 1000]);
  });

  it('P5: the x/y count follows the copies sold: three players buy copies 1/3, 2/3, 3/3', () => {
    let state = start(3);
    const copies: string[] = [];
    for (const seat of [0, 1, 2]) {
      const deciding = landOn(state, seat, ED).state;
      const bought = act(deciding, seat, { type: 'buy' });
      for (const b of ofType(bought.events, 'bought')) copies.push(`${b.copy}/${b.of}`);
      state = bought.state;
    }
    expect(copies).toEqual(['1/3', '2/3', '3/3']);
    expect(state.tiles[ED]!.holders).toEqual([0, 1, 2]);
  });

  // Seed §3.2A: "(while supplies last)". Cheat sheet: "Buy ONE copy (if qty left)."
  it('P5 "while supplies last": a sold-out edition charges the royalty and offers nothing (no cannotAfford either)', () => {
    const soldOut = withHolders(start(4), ED, [0, 1, 2]);
    const { state, events } = landOn(soldOut, 3, ED);
    expect(ofType(events, 'offered')).toEqual([]);
    expect(ofType(events, 'cannotAfford')).toEqual([]);
    // P6 split: 5 Tz among 3 owners → 1 each; the lander pays 3.
    expect(cash(state)).toEqual([1001, 1001, 1001, 997]);
    expect(state.phase).toBe('roll');
    expect(state.current).toBe(0);
  });

  // P5: "A player may hold at most one copy of each edition (editionCopiesPerPlayer, default 1)."
  it('P5 per-player cap (default 1): an owner landing on their edition again is offered nothing and pays nothing', () => {
    const owned = withHolders(start(), ED, [0]);
    const { state, events } = landOn(owned, 0, ED);
    expect(ofType(events, 'offered')).toEqual([]);
    expect(ofType(events, 'cannotAfford')).toEqual([]);
    expect(ofType(events, 'transfer')).toEqual([]);
    expect(state.tiles[ED]!.holders).toEqual([0]);
  });

  it('P5 editionCopiesPerPlayer 2: the owner of one copy is offered a second and becomes holder of copies 1 and 2', () => {
    const owned = withHolders(start(3, { editionCopiesPerPlayer: 2 }), ED, [0]);
    const { state: deciding, events: landing } = landOn(owned, 0, ED);
    expect(ofType(landing, 'transfer')).toEqual([]);
    expect(ofType(landing, 'offered')).toEqual([{ type: 'offered', seat: 0, tile: ED, price: 80 }]);
    const { state, events } = act(deciding, 0, { type: 'buy' });
    expect(ofType(events, 'bought')).toEqual([{ type: 'bought', seat: 0, tile: ED, price: 80, copy: 2, of: 3 }]);
    expect(state.tiles[ED]!.holders).toEqual([0, 0]);
    expect(state.players[0]!.cash).toBe(920);

    // At the cap of 2 now: the third landing offers nothing.
    const third = landOn(state, 0, ED);
    expect(ofType(third.events, 'offered')).toEqual([]);
  });

  // Seed §3.2A: "any player who lands may purchase ONE copy" — even when the cap would allow more.
  it('P5 "ONE copy" per landing: with a cap of 3, one buy ends the decision and the turn passes', () => {
    const { state: deciding } = landOn(start(3, { editionCopiesPerPlayer: 3 }), 0, ED);
    const { state, events } = act(deciding, 0, { type: 'buy' });
    expect(ofType(events, 'bought')).toHaveLength(1);
    expect(ofType(events, 'offered')).toEqual([]);
    expect(state.tiles[ED]!.holders).toEqual([0]);
    expect(state.phase).toBe('roll');
    expect(state.current).toBe(1);
  });

  it('P5 with a cap of 2: a co-owner pays the royalty to the other owner only, then may buy a second copy', () => {
    const owned = withHolders(start(3, { editionCopiesPerPlayer: 2 }), ED, [0, 1]);
    const { state, events } = landOn(owned, 0, ED);
    expect(netTransfers(events, 0)).toBe(-5);
    expect(netTransfers(events, 1)).toBe(5);
    expect(ofType(events, 'offered')).toEqual([{ type: 'offered', seat: 0, tile: ED, price: 80 }]);
    expect(state.phase).toBe('buy');
  });

  // P5 "pay the royalty first, then the buy option": the offer depends on the cash left after the royalty.
  it('P5: royalty first, then the buy option — 85 Tz pays the 5 Tz royalty and can still afford 80 Tz', () => {
    const owned = withPlayers(withHolders(start(), ED, [0]), { 1: { cash: 85 } });
    const { state: deciding } = landOn(owned, 1, ED);
    expect(deciding.phase).toBe('buy');
    const { state } = act(deciding, 1, { type: 'buy' });
    expect(state.players[1]!.cash).toBe(0);
    expect(state.tiles[ED]!.holders).toEqual([0, 1]);
  });

  it('P5: royalty first, then the buy option — 84 Tz pays the 5 Tz royalty and can no longer afford 80 Tz', () => {
    const owned = withPlayers(withHolders(start(), ED, [0]), { 1: { cash: 84 } });
    const { state, events } = landOn(owned, 1, ED);
    expect(state.players[1]!.cash).toBe(79);
    expect(ofType(events, 'cannotAfford')).toEqual([{ type: 'cannotAfford', seat: 1, tile: ED, price: 80 }]);
    expect(ofType(events, 'offered')).toEqual([]);
    expect(state.phase).toBe('roll');
  });
});
