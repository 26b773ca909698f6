/**
 * P12 Optional tweaks (seed §6): "Floor any valuation below 10 Tz at 10 Tz. Raise royalty to 20 % in 3‑player games.
 * “L2 move” (house rule): once per game a player may roll 3d6 instead of 1d6 to rush toward lap 5."
 * P12: "(all off by default): valuation floor 10 Tz; 20 % royalty in 3-player games; "L2 move": once per game a
 * player may declare, before rolling, a 3d6 roll instead of 1d6."
 */
import { describe, expect, it } from 'vitest';
import { art, event, type TileInput } from './boards';
import { act, expectRefused, legal } from './play';
import { cash, decision, netTransfers, ofType, positionOfSeat } from './reads';
import { type Options, rig, setup, start, withHolders, withPlayers } from './states';

describe('P12 tweaks are all off by default', () => {
  it('P12 "(all off by default)"', () => {
    const rules = setup({ players: 3 }).config;
    expect(rules.valuationFloor).toBe(false);
    expect(rules.threePlayerRoyalty20).toBe(false);
    expect(rules.l2Move).toBe(false);
  });
});

describe('P12 valuation floor', () => {
  // 0 GO | 1 cheap (40 Tz) | 2 b | 3 c — seat 0 on tile 3 rolls 1, passes GO and ends the 1-lap game.
  const TILES = [art('cheap', 40), art('b', 100), art('c', 100)];

  function endWithCheapPiece(options: Options, die: number) {
    const s = withHolders(start(TILES, { laps: 1, ...options }), 1, [1]);
    return act(rig(withPlayers(s, { 0: { progress: 3 } }), 1, die), 0, { type: 'roll' });
  }

  it('P12 "Floor any valuation below 10 Tz at 10 Tz": a 40 Tz piece rolling 5 (40 / 5 = 8) is worth 10 Tz', () => {
    const { events } = endWithCheapPiece({ valuationFloor: true }, 5);
    expect(ofType(events, 'valued')).toEqual([{ type: 'valued', seat: 1, tile: 1, die: 5, value: 10 }]);
    expect(ofType(events, 'finalScores')[0]!.scores[1]).toEqual({
      seat: 1,
      cash: 1000,
      pieces: 1,
      valuation: 10,
      score: 1010,
    });
  });

  it('P10 without the tweak the same roll is worth 0 Tz ("Round all results down to the nearest 10 Tz")', () => {
    const { events } = endWithCheapPiece({}, 5);
    expect(ofType(events, 'valued')).toEqual([{ type: 'valued', seat: 1, tile: 1, die: 5, value: 0 }]);
  });
});

describe('P12 20 % royalty in 3-player games', () => {
  // 0 GO | 1 a (1/1, 100 Tz) | 2 e (edition 3, 250 Tz) | 3 q
  const TILES = [art('a', 100), art('e', 250, 3), event('q', { kind: 'none' })];

  /** Seat 0 rolls onto tile `tile`, held by `holders`; returns seat 0's net payment. */
  function royaltyPaid(options: Options, tile: number, holders: number[]) {
    const s = withHolders(start(TILES, options), tile, holders);
    return act(rig(s, tile), 0, { type: 'roll' });
  }

  it('P12 "Raise royalty to 20 % in 3‑player games": a 100 Tz piece costs 20 Tz with the tweak and 3 players', () => {
    const { state, events } = royaltyPaid({ players: 3, threePlayerRoyalty20: true }, 1, [1]);
    expect(ofType(events, 'royaltyDue')[0]).toMatchObject({ royalty: 20, owners: [1] });
    expect(cash(state)).toEqual([980, 1020, 1000]);
  });

  it('P6 the same landing costs 10 % (10 Tz) without the tweak', () => {
    const { state } = royaltyPaid({ players: 3 }, 1, [1]);
    expect(cash(state)).toEqual([990, 1010, 1000]);
  });

  it('P12 "in 3-player games" only: with the tweak on, 2 and 4 players still pay 10 %', () => {
    expect(netTransfers(royaltyPaid({ players: 2, threePlayerRoyalty20: true }, 1, [1]).events, 0)).toBe(-10);
    expect(netTransfers(royaltyPaid({ players: 4, threePlayerRoyalty20: true }, 1, [1]).events, 0)).toBe(-10);
  });

  it('P6+P12: a 250 Tz edition held by two others: 20 % = 50 Tz split 25 + 25 (10 % would be floor10(25) = 20, split 10 + 10)', () => {
    const tweaked = royaltyPaid({ players: 3, threePlayerRoyalty20: true }, 2, [1, 2]);
    expect(cash(tweaked.state)).toEqual([950, 1025, 1025]);
    const plain = royaltyPaid({ players: 3 }, 2, [1, 2]);
    expect(cash(plain.state)).toEqual([980, 1010, 1010]);
  });
});

describe('P12 "L2 move"', () => {
  // 0 GO | 1–10 quiet | 11 a: 3d6 can reach every tile without passing GO from Start.
  const quiet: TileInput[] = Array.from({ length: 10 }, (_, i) => event(`q${i + 1}`, { kind: 'none' }));
  const TILES = [...quiet, art('a', 100)];

  it('P12 without the tweak, legal() offers only the plain roll and an L2 roll is refused', () => {
    const s = start(TILES);
    expect(legal(s, 0)).toEqual([{ type: 'roll' }]);
    expect(decision(s)).toEqual({ seat: 0, kind: 'roll', l2Available: false });
    expectRefused(s, 0, { type: 'roll', l2: true }, 'L2_UNAVAILABLE');
  });

  it('P12 "a player may declare, before rolling, a 3d6 roll instead of 1d6": with the tweak legal() offers {type:"roll", l2:true}', () => {
    const s = start(TILES, { l2Move: true });
    expect(legal(s, 0)).toEqual([{ type: 'roll' }, { type: 'roll', l2: true }]);
    expect(decision(s)).toEqual({ seat: 0, kind: 'roll', l2Available: true });
    expect(legal(s, 1)).toEqual([]);
  });

  it('P12 the L2 roll moves by the sum of three dice (2 + 3 + 4 = 9)', () => {
    const s = rig(start(TILES, { l2Move: true }), 2, 3, 4);
    const { state, events } = act(s, 0, { type: 'roll', l2: true });
    expect(ofType(events, 'rolled')).toEqual([{ type: 'rolled', seat: 0, dice: [2, 3, 4], l2: true }]);
    expect(ofType(events, 'moved')).toEqual([{ type: 'moved', seat: 0, from: 0, to: 9, steps: 9 }]);
    expect(positionOfSeat(state, 0)).toBe(9);
    expect(state.players[0]!.l2Used).toBe(true);
  });

  it('P12 "once per game": after using it, the player is offered only the plain roll; a second L2 roll is refused with L2_UNAVAILABLE and changes nothing', () => {
    let s = rig(start(TILES, { l2Move: true }), 1, 1, 1);
    s = act(s, 0, { type: 'roll', l2: true }).state; // seat 0: 0 → 3
    // Each player has their own L2 move: seat 1 still may use it.
    expect(legal(s, 1)).toEqual([{ type: 'roll' }, { type: 'roll', l2: true }]);
    s = act(rig(s, 1), 1, { type: 'roll' }).state; // seat 1: 0 → 1
    expect(decision(s)).toEqual({ seat: 0, kind: 'roll', l2Available: false });
    expect(legal(s, 0)).toEqual([{ type: 'roll' }]);
    expectRefused(s, 0, { type: 'roll', l2: true }, 'L2_UNAVAILABLE');
    // A plain roll still works (one die).
    const plain = act(rig(s, 2), 0, { type: 'roll' });
    expect(ofType(plain.events, 'rolled')).toEqual([{ type: 'rolled', seat: 0, dice: [2], l2: false }]);
    expect(positionOfSeat(plain.state, 0)).toBe(5);
  });
});
