/**
 * P13 On-chain holdings: "In on-chain mode the holders of a tile are the game's players whose wallet addresses hold a
 * balance of that tile's token, as read from the indexer. A holder who is not a player in the game receives no royalty
 * and is not scored. A token moved between two players' wallets during the game changes ownership at the next read
 * (players may trade by plain FA2 transfer)."
 */
import { describe, expect, it } from 'vitest';
import { replayWith, type GameRecord } from '../../../engine/core/record';
import { pole, type PoleState } from '../../../engine/pole';
import { art, board, event } from './boards';
import { act, expectRefused } from './play';
import { cash, decision, netTransfers, ofType } from './reads';
import { type Options, rig, setup, start, withHolders, withPlayers } from './states';

// 0 GO | 1 a (1/1, 100 Tz) | 2 e (edition 3, 200 Tz) | 3 tax (pay 300) | 4 b (1/1, 60 Tz)
const TILES = [art('a', 100), art('e', 200, 3), event('tax', { kind: 'pay', amount: 300 }), art('b', 60)];
const A = 1,
  E = 2,
  TAX = 3,
  B = 4;

function onChain(options: Options = {}): PoleState {
  return start(TILES, { players: 3, onChainHoldings: true, ...options });
}

const holdings = (...tiles: { tile: number; holders: number[]; elsewhere?: number }[]) => ({ type: 'holdings', tiles });

describe('P13 holdings snapshots from the system seat', () => {
  it('P13 "the holders of a tile are the game\'s players whose wallet addresses hold a balance": a snapshot replaces the holders', () => {
    const s = withHolders(onChain(), A, [2]);
    const { state, events } = act(s, 'system', holdings({ tile: A, holders: [1] }));
    expect(state.tiles[A]!.holders).toEqual([1]);
    expect(ofType(events, 'holdingsUpdated')).toEqual([{ type: 'holdingsUpdated', tiles: [A] }]);
    // Nothing else changes: same cash, same pending decision.
    expect(cash(state)).toEqual([1000, 1000, 1000]);
    expect(decision(state)).toEqual(decision(s));
  });

  it('P13 "changes ownership at the next read": the next royalty goes to the new holder, and nobody else', () => {
    const s = withHolders(onChain(), A, [2]);
    const updated = act(s, 'system', holdings({ tile: A, holders: [1] })).state;
    const { state, events } = act(rig(updated, 1), 0, { type: 'roll' });
    expect(netTransfers(events, 1)).toBe(10);
    expect(netTransfers(events, 2)).toBe(0);
    expect(cash(state)).toEqual([990, 1010, 1000]);
  });

  it('P13 + P6: an edition now held by seats 0 and 1: seat 0 landing pays the whole 20 Tz to seat 1 only, the former holder gets nothing', () => {
    // Seat 2 sent its copy to seat 0 by plain FA2 transfer.
    const s = withHolders(onChain(), E, [2, 1]);
    const updated = act(s, 'system', holdings({ tile: E, holders: [1, 0] })).state;
    expect(updated.tiles[E]!.holders.slice().sort()).toEqual([0, 1]);
    const { state, events } = act(rig(updated, 2), 0, { type: 'roll' });
    expect(ofType(events, 'royaltyDue')[0]).toMatchObject({ royalty: 20, owners: [1] });
    expect(cash(state)).toEqual([980, 1020, 1000]);
    // Seat 0 already holds a copy (cap 1): no purchase offer.
    expect(ofType(events, 'offered')).toEqual([]);
  });

  it('P13 "A holder who is not a player in the game receives no royalty and is not scored": copies held elsewhere are off the market', () => {
    // Edition e (3 copies, all sold): seat 1 still holds one, the other two now sit in wallets outside the game.
    const s = withHolders(onChain(), E, [0, 1, 2]);
    const updated = act(s, 'system', holdings({ tile: E, holders: [1], elsewhere: 2 })).state;
    const { state, events } = act(rig(updated, 2), 0, { type: 'roll' });
    // The whole 20 Tz royalty goes to seat 1, and no copy is left for the bank to sell.
    expect(cash(state)).toEqual([980, 1020, 1000]);
    expect(ofType(events, 'offered')).toEqual([]);
    // A snapshot cannot claim more copies than exist.
    expectRefused(updated, 'system', holdings({ tile: E, holders: [0, 1], elsewhere: 2 }), 'BAD_HOLDINGS');
  });

  it('P13 "a 1/1 that leaves makes its tile inert, as a forfeit does": a snapshot with no holder of a sold 1/1 leaves nothing to pay or buy', () => {
    const s = withHolders(onChain(), A, [2]);
    const updated = act(s, 'system', holdings({ tile: A, holders: [] })).state;
    const { state, events } = act(rig(updated, 1), 0, { type: 'roll' });
    expect(ofType(events, 'transfer')).toEqual([]);
    expect(ofType(events, 'inertTile')).toEqual([{ type: 'inertTile', seat: 0, tile: A }]);
    expect(decision(state)).toEqual({ seat: 1, kind: 'roll', l2Available: false });
  });

  it('P13 + P10: the final valuation counts the holdings of the last snapshot', () => {
    // b was seat 2's; the snapshot says seat 1 holds it now. Seat 0 on tile 4 rolls 1 and ends the 1-lap game.
    let s = withHolders(onChain({ laps: 1 }), B, [2]);
    s = act(s, 'system', holdings({ tile: B, holders: [1] })).state;
    const { state, events } = act(rig(withPlayers(s, { 0: { progress: 4 } }), 1, 4), 0, { type: 'roll' });
    expect(ofType(events, 'valued')).toEqual([{ type: 'valued', seat: 1, tile: B, die: 4, value: 240 }]);
    expect(pole.outcome(state)!.standings.find((x) => x.seat === 1)!.score).toBe(1240);
    expect(pole.outcome(state)!.standings.find((x) => x.seat === 2)!.score).toBe(1000);
  });

  it('P13 "changes ownership at the next read" during a flip decision: once the copy has left the debtor\'s wallet there is nothing to flip', () => {
    let s = withHolders(onChain(), E, [0]);
    s = act(rig(withPlayers(s, { 0: { cash: 100 } }), 3), 0, { type: 'roll' }).state; // tax 300 with 100 Tz
    expect(decision(s)).toEqual({ seat: 0, kind: 'flip', owed: 300, cash: 100, tiles: [E] });
    const { state, events } = act(s, 'system', holdings({ tile: E, holders: [1] }));
    // P7: nothing left to flip or forfeit → all cash paid, the rest cancelled, play goes on.
    expect(ofType(events, 'transfer')).toEqual([
      { type: 'transfer', from: 0, to: 'bank', amount: 100, reason: 'event', tile: TAX },
    ]);
    expect(ofType(events, 'debtCancelled')).toEqual([{ type: 'debtCancelled', seat: 0, amount: 200 }]);
    expect(state.tiles[E]!.holders).toEqual([1]);
    expect(decision(state)).toEqual({ seat: 1, kind: 'roll', l2Available: false });
  });

  // P13 "A token moved between two players' wallets during the game changes ownership at the next read" — even while
  // a buy decision is open. legal() must then list only actions that apply accepts (GameDefinition.legal: "Every legal
  // action of `seat` now"): a 1/1 that a snapshot shows in another player's wallet is no longer for sale.
  it("P13+P4: a snapshot during a buy decision that shows the offered 1/1 in another player's wallet: every action legal() lists is accepted", () => {
    const offered = act(rig(onChain(), 1), 0, { type: 'roll' }).state;
    expect(decision(offered)).toEqual({ seat: 0, kind: 'buy', tile: A, price: 100 });
    const { state, events } = act(offered, 'system', holdings({ tile: A, holders: [1] }));
    // The bank never sold it, so that copy is not in play (copies enter play only by the engine's own mints), but it
    // exists on-chain: the 1/1 is no longer for sale, the offer is withdrawn and play goes on.
    expect(state.tiles[A]).toEqual({ holders: [], removed: 0, left: 1, returned: [1] });
    expect(events.filter((e) => e.type === 'offerWithdrawn')).toEqual([{ type: 'offerWithdrawn', seat: 0, tile: A }]);
    expect(decision(state)).toMatchObject({ seat: 1, kind: 'roll' });
    const seat = decision(state).seat;
    for (const action of pole.legal(state, seat)) {
      expect(() => act(state, seat, action), JSON.stringify(action)).not.toThrow();
    }
  });

  it('P13 snapshots are recorded actions of the system seat: a record containing one replays to the same holders', () => {
    const config = { players: 3, onChainHoldings: true, board: board(...TILES) };
    const initial = setup(config, 'holdings-record');
    const first = initial.current;
    const actions = [
      { seat: first, action: { type: 'roll' } },
      { seat: 'system' as const, action: holdings({ tile: A, holders: [first] }, { tile: E, holders: [0, 1, 2] }) },
    ];
    let expected = initial;
    for (const a of actions) expected = act(expected, a.seat, a.action).state;
    const record: GameRecord = { game: 'pole', version: pole.version, config, seed: 'holdings-record', actions };
    const { state } = replayWith(pole, record);
    expect(state.tiles).toEqual(expected.tiles);
    expect(state.seq).toBe(2);
  });
});

describe('P13 refused snapshots (RuleError, state unchanged)', () => {
  it('NOT_ON_CHAIN when the option is off (the default)', () => {
    const s = start(TILES, { players: 3 });
    expectRefused(s, 'system', holdings({ tile: A, holders: [1] }), 'NOT_ON_CHAIN');
  });

  it('SYSTEM_ONLY from a player seat, even the one whose turn it is', () => {
    const s = onChain();
    expectRefused(s, 0, holdings({ tile: A, holders: [0] }), 'SYSTEM_ONLY');
    expectRefused(s, 1, holdings({ tile: A, holders: [1] }), 'SYSTEM_ONLY');
  });

  it('BAD_HOLDINGS for a tile that is not an artist tile (GO, an event)', () => {
    const s = onChain();
    expectRefused(s, 'system', holdings({ tile: 0, holders: [1] }), 'BAD_HOLDINGS');
    expectRefused(s, 'system', holdings({ tile: TAX, holders: [1] }), 'BAD_HOLDINGS');
    expectRefused(s, 'system', holdings({ tile: 99, holders: [1] }), 'BAD_HOLDINGS');
  });

  it('BAD_HOLDINGS for a seat that is not in the game (seat 3 of a 3-player game)', () => {
    expectRefused(onChain(), 'system', holdings({ tile: A, holders: [3] }), 'BAD_HOLDINGS');
  });

  it('BAD_HOLDINGS for more copies than exist (2 holders of a 1/1, 4 of an edition of 3)', () => {
    const s = onChain();
    expectRefused(s, 'system', holdings({ tile: A, holders: [0, 1] }), 'BAD_HOLDINGS');
    expectRefused(s, 'system', holdings({ tile: E, holders: [0, 1, 2, 0] }), 'BAD_HOLDINGS');
  });

  it('P7+P13 BAD_HOLDINGS for copies removed from play: an edition of 3 with one copy forfeited has only 2 left', () => {
    const s = withHolders(onChain(), E, [1, 0], 1);
    expectRefused(s, 'system', holdings({ tile: E, holders: [0, 1, 2] }), 'BAD_HOLDINGS');
    expect(act(s, 'system', holdings({ tile: E, holders: [0, 1] })).state.tiles[E]).toEqual({
      holders: [0, 1],
      removed: 1,
    });
  });

  it('BAD_HOLDINGS for the same tile listed twice; a snapshot with one bad entry changes nothing at all', () => {
    const s = withHolders(onChain(), A, [2]);
    expectRefused(s, 'system', holdings({ tile: A, holders: [1] }, { tile: A, holders: [0] }), 'BAD_HOLDINGS');
    expectRefused(s, 'system', holdings({ tile: A, holders: [1] }, { tile: E, holders: [5] }), 'BAD_HOLDINGS');
  });
});
