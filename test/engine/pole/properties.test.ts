import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playToEnd, replay, stateHash, type SeatId } from '../../../engine';
import { artistTile, pole, poleBots, type PoleConfigInput, type PoleEvent, type PoleState } from '../../../engine/pole';

/** Freezes a state deeply (skipping what is already frozen, like the shared board), so any mutation by apply throws. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The invariants every state must satisfy after every action, given that action's events. Plain checks collecting
 * violations (one `expect` per game keeps 150,000 checked actions fast).
 */
function invariantViolations(before: PoleState, after: PoleState, events: readonly PoleEvent[]): string[] {
  const out: string[] = [];
  const { board, editionCopiesPerPlayer } = after.config;
  // Money ledger: each seat's cash change equals the transfers it received minus those it paid.
  const net = new Map<SeatId, number>();
  for (const e of events) {
    if (e.type !== 'transfer') continue;
    if (!(e.amount > 0)) out.push(`transfer of ${e.amount}`);
    if (e.from !== 'bank') net.set(e.from, (net.get(e.from) ?? 0) - e.amount);
    if (e.to !== 'bank') net.set(e.to, (net.get(e.to) ?? 0) + e.amount);
  }
  after.players.forEach((p, seat) => {
    const delta = p.cash - before.players[seat]!.cash;
    if (delta !== (net.get(seat) ?? 0))
      out.push(`seat ${seat}: cash changed by ${delta}, transfers say ${net.get(seat) ?? 0}`);
    // P1: "Money is whole Tz, never negative."
    if (p.cash < 0 || !Number.isInteger(p.cash)) out.push(`seat ${seat}: cash ${p.cash}`);
  });
  after.tiles.forEach((tile, i) => {
    const art = artistTile(board, i);
    if (!art) {
      if (tile.holders.length) out.push(`non-artist tile ${i} has holders`);
      return;
    }
    // Edition supply is never exceeded; a 1/1 has at most one owner (P4, P5); the per-player cap holds.
    if (tile.holders.length + tile.removed > art.editionSize) out.push(`tile ${i}: supply exceeded`);
    const perSeat = new Map<SeatId, number>();
    for (const h of tile.holders) perSeat.set(h, (perSeat.get(h) ?? 0) + 1);
    for (const [seat, n] of perSeat) if (n > editionCopiesPerPlayer) out.push(`tile ${i}: seat ${seat} holds ${n}`);
  });
  return out;
}

const configArb: fc.Arbitrary<PoleConfigInput> = fc.record({
  players: fc.integer({ min: 2, max: 6 }),
  laps: fc.integer({ min: 1, max: 5 }),
  startingCash: fc.constantFrom(1000, 1000, 300, 100),
  editionCopiesPerPlayer: fc.integer({ min: 1, max: 3 }),
  royaltySplit: fc.constantFrom('split' as const, 'each' as const),
  valuationFloor: fc.boolean(),
  threePlayerRoyalty20: fc.boolean(),
  l2Move: fc.boolean(),
});

describe('Tezos Pole properties over seeded random-bot games', () => {
  it('1,000 games: ledger balances, no negative cash, supply and caps hold, every game ends, replays match', () => {
    let games = 0;
    fc.assert(
      fc.property(configArb, fc.string({ minLength: 1, maxLength: 12 }), fc.boolean(), (config, seed, freeze) => {
        const violations: string[] = [];
        const bots = Array.from({ length: config.players }, () => poleBots.random);
        const result = playToEnd(pole, config, seed, bots, {
          maxActions: 20_000,
          onAction: (before, after, _seat, events) => {
            if (freeze) deepFreeze(before);
            if (violations.length < 5) violations.push(...invariantViolations(before, after, events));
          },
        });
        expect(violations).toEqual([]);
        // Every game ends with an outcome naming at least one winner.
        expect(result.state.phase).toBe('over');
        expect(result.outcome.winners.length).toBeGreaterThan(0);
        // Replaying the record reproduces the state exactly.
        expect(stateHash(replay(result.record).state)).toBe(stateHash(result.state));
        games++;
      }),
      { numRuns: 1000, seed: 20261130 },
    );
    expect(games).toBe(1000);
  });

  it('apply never mutates the state it is given (boardgame.io-style purity)', () => {
    const bots = [poleBots.random, poleBots.random, poleBots.random, poleBots.random];
    let checked = 0;
    playToEnd(pole, { players: 4, l2Move: true, startingCash: 200 }, 'purity', bots, {
      onAction: (before) => {
        const hash = stateHash(before);
        deepFreeze(before);
        expect(stateHash(before)).toBe(hash);
        checked++;
      },
    });
    expect(checked).toBeGreaterThan(50);
  });
});
