/** Seed §3.2B "Royalty", ruling P6 (with the P12 20 % tweak). */
import { describe, expect, it } from 'vitest';
import {
  resolveConfig,
  royaltyAmount,
  royaltyClaims,
  type ArtistTile,
  type PoleConfigInput,
  type PoleState,
} from '../../../engine/pole';
import { art, board, quiet } from './boards';
import { landOn } from './play';
import { cash, netTransfers, ofType } from './reads';
import { setup, withHolders } from './states';

function tile(price: number, editionSize = 1): ArtistTile {
  return { kind: 'artist', id: `t${price}`, artist: 'A', title: 'T', price, multiplier: 1, editionSize };
}

const rules = (options: Partial<PoleConfigInput> = {}) => resolveConfig({ players: 4, ...options });

/** 0 GO, 1 a 1/1 at 130, 2 a 1/1 at 40, 3 a 1/1 at 250, 4 an edition of 5 at 130, 5 an edition of 5 at 250, 6 quiet. */
const RB = board(
  art('p130', 130),
  art('p40', 40),
  art('p250', 250),
  art('e130', 130, 5),
  art('e250', 250, 5),
  quiet('q6'),
);
const P130 = 1;
const P40 = 2;
const P250 = 3;
const E130 = 4;
const E250 = 5;

function start(players = 4, options: Partial<PoleConfigInput> = {}): PoleState {
  return setup({ players, board: RB, ...options });
}

describe('P6 royaltyAmount (pure)', () => {
  // Seed §3.2B: "pay 10 % of its list price (rounded down to the nearest 10 Tz, but at a minimum 5Tz)".
  // P6: R = max(5, floor10(rate × list price)).
  it.each([
    [130, 10], // 13 → 10
    [40, 5], // 4 → 0 → minimum 5
    [250, 20], // 25 → 20
    [100, 10], // 10 exactly
    [99, 5], // 9.9 → 0 → 5
    [50, 5], // 5 → 0 → 5
    [199, 10], // 19.9 → 10
    [200, 20],
    [1000, 100],
    [10, 5],
  ])(
    'P6 "10 %% of its list price, rounded down to the nearest 10 Tz, minimum 5 Tz": %i Tz → %i Tz',
    (price, expected) => {
      expect(royaltyAmount(rules(), tile(price), 4)).toBe(expected);
    },
  );

  // P12: "20 % royalty in 3-player games" (optional tweak, off by default).
  it('P12 "Raise royalty to 20 % in 3-player games": 130 → 20 (26 rounded down), only with 3 players and only when on', () => {
    const tweak = rules({ players: 3, threePlayerRoyalty20: true });
    expect(royaltyAmount(tweak, tile(130), 3)).toBe(20);
    expect(royaltyAmount(tweak, tile(250), 3)).toBe(50);
    expect(royaltyAmount(tweak, tile(40), 3)).toBe(5); // 8 → 0 → minimum 5
    expect(royaltyAmount(tweak, tile(130), 4)).toBe(10);
    expect(royaltyAmount(tweak, tile(130), 2)).toBe(10);
    expect(royaltyAmount(rules({ players: 3 }), tile(130), 3)).toBe(10);
  });

  it('P6 options: royaltyRate and royaltyMinimum change R', () => {
    expect(royaltyAmount(rules({ royaltyRate: 20 }), tile(130), 4)).toBe(20);
    expect(royaltyAmount(rules({ royaltyMinimum: 10 }), tile(40), 4)).toBe(10);
    expect(royaltyAmount(rules({ royaltyMinimum: 10 }), tile(250), 4)).toBe(20);
  });
});

describe('P6 royaltyClaims (pure)', () => {
  // P6: "shared equally by the owners other than the lander; each share is rounded down to a whole Tz and the
  // remainder stays with the lander".
  it('P6 split: 10 Tz among 3 owners → 3 Tz each (the lander keeps the remaining 1)', () => {
    expect(royaltyClaims(rules(), 10, [1, 2, 3])).toEqual([
      { to: 1, amount: 3 },
      { to: 2, amount: 3 },
      { to: 3, amount: 3 },
    ]);
  });

  it('P6 split: one owner receives the whole royalty; two owners of 5 Tz get 2 each; no owner, no claim', () => {
    expect(royaltyClaims(rules(), 10, [2])).toEqual([{ to: 2, amount: 10 }]);
    expect(royaltyClaims(rules(), 5, [0, 2])).toEqual([
      { to: 0, amount: 2 },
      { to: 2, amount: 2 },
    ]);
    expect(royaltyClaims(rules(), 10, [])).toEqual([]);
  });

  // P6: "`each` pays R to every owner instead".
  it('P6 each: every owner receives the full royalty', () => {
    expect(royaltyClaims(rules({ royaltySplit: 'each' }), 10, [1, 2, 3])).toEqual([
      { to: 1, amount: 10 },
      { to: 2, amount: 10 },
      { to: 3, amount: 10 },
    ]);
  });
});

describe('P6 royalty in play', () => {
  // Seed §3.2B: "landing on an owned artist tile: pay 10 % of its list price … to the owner(s)."
  it("P6: landing on another player's 130 Tz 1/1 pays them 10 Tz", () => {
    const { state, events } = landOn(withHolders(start(), P130, [2]), 0, P130);
    expect(cash(state)).toEqual([990, 1000, 1010, 1000]);
    expect(ofType(events, 'royaltyDue')).toEqual([
      { type: 'royaltyDue', seat: 0, tile: P130, royalty: 10, owners: [2], mode: 'split' },
    ]);
    expect(ofType(events, 'transfer')).toEqual([
      { type: 'transfer', from: 0, to: 2, amount: 10, reason: 'royalty', tile: P130 },
    ]);
  });

  it('P6 "at a minimum 5Tz": landing on another player\'s 40 Tz 1/1 pays them 5 Tz', () => {
    const { state } = landOn(withHolders(start(), P40, [1]), 0, P40);
    expect(cash(state)).toEqual([995, 1005, 1000, 1000]);
  });

  it('P6 "rounded down to the nearest 10 Tz": landing on another player\'s 250 Tz 1/1 pays them 20 Tz', () => {
    const { state } = landOn(withHolders(start(), P250, [3]), 0, P250);
    expect(cash(state)).toEqual([980, 1000, 1000, 1020]);
  });

  // Seed §3.2B: "If several players own that edition, each player gets paid." P6 (split, default): "shared equally by
  // the owners other than the lander; each share is rounded down … the remainder stays with the lander".
  it('P6 split: 10 Tz among 3 owners → 3 Tz each, the lander pays 9 Tz', () => {
    const { state: deciding, events } = landOn(withHolders(start(), E130, [1, 2, 3]), 0, E130);
    expect(netTransfers(events, 0)).toBe(-9);
    expect(cash(deciding)).toEqual([991, 1003, 1003, 1003]);
    expect(ofType(events, 'royaltyDue')[0]).toMatchObject({ royalty: 10, owners: [1, 2, 3], mode: 'split' });
    // The edition still has copies left: the buy option follows (P5).
    expect(deciding.phase).toBe('buy');
  });

  it('P6 split: 20 Tz among 3 owners → 6 Tz each, the lander pays 18 Tz', () => {
    const { events } = landOn(withHolders(start(), E250, [1, 2, 3]), 0, E250);
    expect(netTransfers(events, 0)).toBe(-18);
    for (const seat of [1, 2, 3]) expect(netTransfers(events, seat)).toBe(6);
  });

  // P6: "`each` pays R to every owner instead."
  it('P6 each: every owner gets the full 10 Tz, the lander pays 30 Tz', () => {
    const { state, events } = landOn(withHolders(start(4, { royaltySplit: 'each' }), E130, [1, 2, 3]), 0, E130);
    expect(cash(state)).toEqual([970, 1010, 1010, 1010]);
    expect(ofType(events, 'royaltyDue')[0]).toMatchObject({ royalty: 10, mode: 'each' });
  });

  // P6: "A player pays nothing on a tile only they own."
  it('P6 "A player pays nothing on a tile only they own"', () => {
    const { state, events } = landOn(withHolders(start(), P250, [0]), 0, P250);
    expect(ofType(events, 'royaltyDue')).toEqual([]);
    expect(ofType(events, 'transfer')).toEqual([]);
    expect(cash(state)).toEqual([1000, 1000, 1000, 1000]);
  });

  // P6: R is "shared equally by the owners other than the lander".
  it('P6 split: a lander who co-owns the edition pays only the other owners (20 Tz → 10 each to 2 others)', () => {
    const { state, events } = landOn(withHolders(start(), E250, [0, 1, 2]), 0, E250);
    expect(ofType(events, 'royaltyDue')[0]).toMatchObject({ royalty: 20, owners: [1, 2] });
    expect(cash(state)).toEqual([980, 1010, 1010, 1000]);
  });

  it('P6 split: a lander who co-owns with one other owner pays that owner the whole 10 Tz', () => {
    const { state } = landOn(withHolders(start(), E130, [0, 3]), 0, E130);
    expect(cash(state)).toEqual([990, 1000, 1000, 1010]);
  });

  it('P6 each: a lander who co-owns pays R to each other owner only (2 × 20 Tz)', () => {
    const { state } = landOn(withHolders(start(4, { royaltySplit: 'each' }), E250, [0, 1, 2]), 0, E250);
    expect(cash(state)).toEqual([960, 1020, 1020, 1000]);
  });

  // Seed §3.2B: "If several players own that edition, each player gets paid." — shares go per owner, not per copy.
  it('P6 split: an owner of two copies (editionCopiesPerPlayer 2) is one owner: 10 Tz → 5 to each of 2 owners', () => {
    const { state, events } = landOn(withHolders(start(4, { editionCopiesPerPlayer: 2 }), E130, [1, 1, 2]), 0, E130);
    expect(ofType(events, 'royaltyDue')[0]).toMatchObject({ royalty: 10, owners: [1, 2] });
    expect(cash(state)).toEqual([990, 1005, 1005, 1000]);
  });

  // P12: "20 % royalty in 3-player games".
  it('P12 tweak in play: in a 3-player game with the 20 % tweak, 130 Tz pays 20 Tz', () => {
    const { state } = landOn(withHolders(start(3, { threePlayerRoyalty20: true }), P130, [1]), 0, P130);
    expect(cash(state)).toEqual([980, 1020, 1000]);
  });

  it('P12 tweak in play: the 20 % tweak does nothing in a 4-player game (130 Tz pays 10 Tz)', () => {
    const { state } = landOn(withHolders(start(4, { threePlayerRoyalty20: true }), P130, [1]), 0, P130);
    expect(cash(state)).toEqual([990, 1010, 1000, 1000]);
  });
});
