/**
 * P11 Unusual Artist Generosity, on the Genesis board.
 * Seed §3.2C: "Special rules for Unusual Artist Generosity: roll 1d6 → 6 = Scorpion Dagger edition, 1–5 = Pipi
 * Universel edition."
 * P11: "Roll a d6: 6 → a free copy of the Scorpion Dagger edition; 1–5 → a free copy of the Pipi Universel edition;
 * nothing if no copy is left or the player is at the per-player cap."
 */
import { describe, expect, it } from 'vitest';
import { GENESIS, type PoleState } from '../../../engine/pole';
import { act } from './play';
import { cash, decision, indexOf, netTransfers, ofType } from './reads';
import { rig, setup, withHolders, withPlayers, withTurn } from './states';

const byId = (id: string) => GENESIS.tiles.findIndex((t) => t.id === id);
const GENEROSITY = GENESIS.tiles.findIndex((t) => t.kind === 'event' && t.name === 'Unusual Artist Generosity');
const SCORPION = GENESIS.tiles.findIndex((t) => t.kind === 'artist' && t.title === 'Scorpion Dagger');
const PIPI = GENESIS.tiles.findIndex((t) => t.kind === 'artist' && t.title === 'Pipi Universel');

/** A Genesis game (the default board), seat 0 to roll. */
function genesis(options: { players?: number; editionCopiesPerPlayer?: number } = {}): PoleState {
  const s = setup({ players: options.players ?? 2, editionCopiesPerPlayer: options.editionCopiesPerPlayer ?? 1 });
  return { ...withTurn(s, 0), firstSeat: 0 };
}

/** Seat 0 lands on Unusual Artist Generosity (from the tile before it) and rolls `die` there. */
function generosity(s: PoleState, die: number) {
  return act(rig(withPlayers(s, { 0: { progress: GENEROSITY - 1 } }), 1, die), 0, { type: 'roll' });
}

describe('P11 Unusual Artist Generosity (Genesis)', () => {
  it('the Genesis tiles the rule names exist: the event and both editions', () => {
    expect(GENEROSITY).toBeGreaterThan(0);
    expect(SCORPION).toBeGreaterThan(0);
    expect(PIPI).toBeGreaterThan(0);
    expect(indexOf(genesis(), 'unusual-artist-generosity')).toBe(GENEROSITY);
    expect(byId('scorpion-dagger')).toBe(SCORPION);
    expect(byId('pipi-universel')).toBe(PIPI);
  });

  it('P11 "6 → a free copy of the Scorpion Dagger edition"', () => {
    const { state, events } = generosity(genesis(), 6);
    expect(ofType(events, 'eventRoll')).toEqual([expect.objectContaining({ seat: 0, tile: GENEROSITY, die: 6 })]);
    expect(ofType(events, 'freeCopy')).toEqual([{ type: 'freeCopy', seat: 0, tile: SCORPION, copy: 1, of: 3 }]);
    expect(state.tiles[SCORPION]!.holders).toEqual([0]);
    expect(state.tiles[PIPI]!.holders).toEqual([]);
    // Free: no money moves.
    expect(ofType(events, 'transfer')).toEqual([]);
    expect(cash(state)).toEqual([1000, 1000]);
  });

  for (const die of [1, 2, 3, 4, 5]) {
    it(`P11 "1–5 → a free copy of the Pipi Universel edition": a rolled ${die}`, () => {
      const { state, events } = generosity(genesis(), die);
      expect(ofType(events, 'eventRoll')).toEqual([expect.objectContaining({ seat: 0, tile: GENEROSITY, die })]);
      expect(ofType(events, 'freeCopy')).toEqual([{ type: 'freeCopy', seat: 0, tile: PIPI, copy: 1, of: 10 }]);
      expect(state.tiles[PIPI]!.holders).toEqual([0]);
      expect(state.tiles[SCORPION]!.holders).toEqual([]);
      expect(cash(state)).toEqual([1000, 1000]);
    });
  }

  it('the copy number counts copies already out: with one Pipi held by seat 1, seat 0 gets copy 2 of 10', () => {
    const { state, events } = generosity(withHolders(genesis(), PIPI, [1]), 2);
    expect(ofType(events, 'freeCopy')).toEqual([{ type: 'freeCopy', seat: 0, tile: PIPI, copy: 2, of: 10 }]);
    expect(state.tiles[PIPI]!.holders).toEqual([1, 0]);
  });

  it('P11 "nothing if no copy is left": all 3 Scorpion Dagger copies held → a rolled 6 gives nothing', () => {
    const s = withHolders(genesis({ players: 4 }), SCORPION, [1, 2, 3]);
    const { state, events } = generosity(s, 6);
    expect(ofType(events, 'freeCopy')).toEqual([]);
    expect(ofType(events, 'freeCopyUnavailable')).toEqual([
      { type: 'freeCopyUnavailable', seat: 0, tile: SCORPION, reason: 'soldOut' },
    ]);
    expect(state.tiles[SCORPION]!.holders).toEqual([1, 2, 3]);
    // No consolation Pipi copy either.
    expect(state.tiles[PIPI]!.holders).toEqual([]);
    expect(decision(state).seat).toBe(1);
  });

  it('P11 "nothing if no copy is left": copies removed from play count as gone (9 forfeited + 1 held of Pipi)', () => {
    const s = withHolders(genesis(), PIPI, [1], 9);
    const { state, events } = generosity(s, 4);
    expect(ofType(events, 'freeCopyUnavailable')).toEqual([
      { type: 'freeCopyUnavailable', seat: 0, tile: PIPI, reason: 'soldOut' },
    ]);
    expect(state.tiles[PIPI]).toEqual({ holders: [1], removed: 9 });
  });

  it('P11 "nothing if ... the player is at the per-player cap": a player already holding a Pipi copy gets no second one', () => {
    const s = withHolders(genesis(), PIPI, [0]);
    const { state, events } = generosity(s, 3);
    expect(ofType(events, 'freeCopyUnavailable')).toEqual([
      { type: 'freeCopyUnavailable', seat: 0, tile: PIPI, reason: 'atCap' },
    ]);
    expect(state.tiles[PIPI]!.holders).toEqual([0]);
  });

  it('P5/P11: with editionCopiesPerPlayer 2 the same player does get a second Pipi copy', () => {
    const s = withHolders(genesis({ editionCopiesPerPlayer: 2 }), PIPI, [0]);
    const { state, events } = generosity(s, 3);
    expect(ofType(events, 'freeCopy')).toEqual([{ type: 'freeCopy', seat: 0, tile: PIPI, copy: 2, of: 10 }]);
    expect(state.tiles[PIPI]!.holders).toEqual([0, 0]);
  });

  it('the free copy is a real holding: the next player landing on Pipi Universel pays its owner the royalty', () => {
    const first = generosity(genesis(), 5).state;
    // Seat 1 lands on Pipi (80 Tz: royalty max(5, floor10(8)) = 5) and is offered a copy of its own.
    const landing = act(rig(withPlayers(first, { 1: { progress: PIPI - 1 } }), 1), 1, { type: 'roll' });
    expect(netTransfers(landing.events, 0)).toBe(5);
    expect(cash(landing.state)).toEqual([1005, 995]);
    expect(decision(landing.state)).toEqual({ seat: 1, kind: 'buy', tile: PIPI, price: 80 });
  });
});
