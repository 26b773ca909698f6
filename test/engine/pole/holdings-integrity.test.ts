/**
 * P13 On-chain holdings, as amended 2026-12-01: "A copy that leaves the players' wallets — sent to any address that
 * is not a player of this game — leaves the game for good: it pays no royalty, is not scored, cannot be flipped, and
 * does not come back into play if it is later returned; a 1/1 that leaves makes its tile inert, as a forfeit does.
 * The log names the copy that left." With P7, the out-of-cash protocol a debtor cannot escape by hiding a copy.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayWith, type GameRecord } from '../../../engine/core/record';
import { stateHash } from '../../../engine/core/hash';
import type { Actor } from '../../../engine/core/types';
import {
  artistTile,
  flippableTiles,
  isInert,
  piecesOf,
  pole,
  readChangesHoldings,
  supplyLeft,
  type PoleAction,
  type PoleState,
} from '../../../engine/pole';
import { art, board, event } from './boards';
import { act } from './play';
import { cash, decision, ofType } from './reads';
import { type Options, rig, start, withHolders, withPlayers, withTurn } from './states';

// 0 GO | 1 e (edition 3, 200 Tz) | 2 x (1/1, 1000 Tz: royalty 100) | 3 tax (pay 300) | 4 b (1/1, 60 Tz)
const TILES = [art('e', 200, 3), art('x', 1000), event('tax', { kind: 'pay', amount: 300 }), art('b', 60)];
const E = 1,
  X = 2,
  B = 4;
const ALICE = 0,
  BOB = 1,
  CAROL = 2;

function onChain(options: Options = {}): PoleState {
  return start(TILES, { players: 3, onChainHoldings: true, ...options });
}

type Read = { tile: number; holders: number[]; elsewhere?: number };
const holdings = (...tiles: Read[]) => ({ type: 'holdings' as const, tiles });
const read = (s: PoleState, ...tiles: Read[]) => act(s, 'system', holdings(...tiles));

/** Alice holds a copy of e and Bob the 1/1 x; Alice, with 50 Tz, lands on x and owes Bob a 100 Tz royalty. */
function aliceInDebt(): PoleState {
  let s = withHolders(withHolders(onChain(), E, [ALICE]), X, [BOB]);
  s = withPlayers(s, { [ALICE]: { cash: 50 } });
  return act(rig(s, 2), ALICE, { type: 'roll' }).state;
}

describe('P13 a copy sent outside the game leaves it for good', () => {
  it('P13 "leaves the game for good: it pays no royalty": Carol landing on e pays Bob alone, and the log event names Alice\'s copy', () => {
    const s = withHolders(onChain(), E, [ALICE, BOB]);
    const { state, events } = read(s, { tile: E, holders: [BOB], elsewhere: 1 });
    expect(ofType(events, 'copyLeftGame')).toEqual([{ type: 'copyLeftGame', seat: ALICE, tile: E, copies: 1 }]);
    expect(state.tiles[E]).toEqual({ holders: [BOB], removed: 0, left: 1 });
    const landed = act(rig(withTurn(state, CAROL), 1), CAROL, { type: 'roll' });
    expect(ofType(landed.events, 'royaltyDue')).toEqual([
      { type: 'royaltyDue', seat: CAROL, tile: E, royalty: 20, owners: [BOB], mode: 'split' },
    ]);
    expect(cash(landed.state).slice(0, 2)).toEqual([1000, 1020]);
  });

  it('P13: the copy that left still exists on-chain, so its supply is not restored: back in its wallet, it cannot be flipped to the bank and sold again', () => {
    // e sold out (3 copies); Alice's leaves the game and comes back.
    let s = withHolders(onChain(), E, [ALICE, BOB, CAROL]);
    s = read(s, { tile: E, holders: [BOB, CAROL], elsewhere: 1 }).state;
    s = read(s, { tile: E, holders: [ALICE, BOB, CAROL] }).state;
    expect(supplyLeft(artistTile(s.config.board, E)!, s.tiles[E]!)).toBe(0);
    // Alice, short on the tax (tile 3), has nothing to flip: the copy does not return to the supply.
    s = act(rig(withPlayers(s, { [ALICE]: { cash: 100 } }), 3), ALICE, { type: 'roll' }).state;
    expect(supplyLeft(artistTile(s.config.board, E)!, s.tiles[E]!)).toBe(0);
    // Bob's copy moves to Alice's wallet: Bob's copy in play becomes Alice's, still no copy for sale.
    s = read(s, { tile: E, holders: [ALICE, ALICE, CAROL] }).state;
    expect(s.tiles[E]).toEqual({ holders: [ALICE, CAROL], removed: 0, left: 1, returned: [ALICE] });
    expect(supplyLeft(artistTile(s.config.board, E)!, s.tiles[E]!)).toBe(0);
  });

  it('P13 "does not come back into play if it is later returned": back in Alice\'s wallet it is still out, and reading it again changes nothing', () => {
    const s = withHolders(onChain(), E, [ALICE, BOB]);
    const gone = read(s, { tile: E, holders: [BOB], elsewhere: 1 }).state;
    const back = holdings({ tile: E, holders: [ALICE, BOB], elsewhere: 0 });
    const { state, events } = act(gone, 'system', back);
    expect(ofType(events, 'copyLeftGame')).toEqual([]);
    expect(state.tiles[E]).toEqual({ holders: [BOB], removed: 0, left: 1, returned: [ALICE] });
    expect(piecesOf(state.config.board, state.tiles, ALICE)).toEqual([]);
    // The same read again is nothing new: the server records it once.
    expect(readChangesHoldings(gone, back)).toBe(true);
    expect(readChangesHoldings(state, back)).toBe(false);
    // Still out: Alice landing on e pays Bob the royalty like anyone who does not hold it.
    const landed = act(rig(withTurn(state, ALICE), 1), ALICE, { type: 'roll' });
    expect(ofType(landed.events, 'royaltyDue')).toEqual([
      { type: 'royaltyDue', seat: ALICE, tile: E, royalty: 20, owners: [BOB], mode: 'split' },
    ]);
  });

  it('P13 "is not scored": neither the copy that left nor the returned one is valued at the end', () => {
    let s = withHolders(onChain({ laps: 1 }), E, [ALICE, BOB]);
    s = read(s, { tile: E, holders: [BOB], elsewhere: 1 }).state;
    s = read(s, { tile: E, holders: [ALICE, BOB] }).state;
    // Alice on b (tile 4) rolls 1 and completes the 1-lap game.
    const { state, events } = act(rig(withPlayers(s, { [ALICE]: { progress: 4 } }), 1, 4), ALICE, { type: 'roll' });
    expect(state.phase).toBe('over');
    expect(ofType(events, 'valued').map((v) => [v.seat, v.tile])).toEqual([[BOB, E]]);
    expect(ofType(events, 'finalScores')[0]!.scores.find((x) => x.seat === ALICE)!.pieces).toBe(0);
  });

  it('P13 "cannot be flipped": a returned copy is not offered to a debtor, who has nothing to flip (P7)', () => {
    let s = withHolders(onChain(), E, [ALICE]);
    s = read(s, { tile: E, holders: [], elsewhere: 1 }).state;
    s = read(s, { tile: E, holders: [ALICE] }).state;
    expect(flippableTiles({ board: s.config.board, tiles: s.tiles }, ALICE)).toEqual([]);
    // Tax 300 with 100 Tz: no flip decision, all cash paid and the rest cancelled.
    const { state, events } = act(rig(withPlayers(s, { [ALICE]: { cash: 100 } }), 3), ALICE, { type: 'roll' });
    expect(ofType(events, 'flipped')).toEqual([]);
    expect(ofType(events, 'debtCancelled')).toEqual([{ type: 'debtCancelled', seat: ALICE, amount: 200 }]);
    expect(decision(state)).toMatchObject({ seat: BOB, kind: 'roll' });
  });

  it('P13 "a 1/1 that leaves makes its tile inert, as a forfeit does", and it stays inert when the token comes back', () => {
    let s = withHolders(onChain(), B, [BOB]);
    const gone = read(s, { tile: B, holders: [], elsewhere: 1 });
    expect(ofType(gone.events, 'copyLeftGame')).toEqual([{ type: 'copyLeftGame', seat: BOB, tile: B, copies: 1 }]);
    s = read(gone.state, { tile: B, holders: [BOB] }).state;
    expect(isInert(artistTile(s.config.board, B)!, s.tiles[B]!)).toBe(true);
    // Alice lands on b: no royalty to Bob, nothing to buy.
    const { state, events } = act(rig(s, 4), ALICE, { type: 'roll' });
    expect(ofType(events, 'inertTile')).toEqual([{ type: 'inertTile', seat: ALICE, tile: B }]);
    expect(ofType(events, 'transfer')).toEqual([]);
    expect(decision(state)).toMatchObject({ seat: BOB, kind: 'roll' });
  });
});

describe('P13 copies moved between players', () => {
  it('P13 "A token moved between two players\' wallets during the game changes ownership at the next read": no copy leaves', () => {
    const s = withHolders(onChain(), E, [ALICE, CAROL]);
    const { state, events } = read(s, { tile: E, holders: [BOB, CAROL] });
    expect(state.tiles[E]).toEqual({ holders: [BOB, CAROL], removed: 0 });
    expect(ofType(events, 'copyLeftGame')).toEqual([]);
  });

  it("P13: a copy that left and is passed on to another player stays out of play in that player's wallet too", () => {
    let s = withHolders(onChain(), E, [ALICE, BOB]);
    s = read(s, { tile: E, holders: [BOB], elsewhere: 1 }).state;
    s = read(s, { tile: E, holders: [ALICE, BOB] }).state;
    const { state, events } = read(s, { tile: E, holders: [BOB, CAROL] });
    expect(state.tiles[E]).toEqual({ holders: [BOB], removed: 0, left: 1, returned: [CAROL] });
    expect(ofType(events, 'copyLeftGame')).toEqual([]);
  });

  it('P13: one read with a copy sent to a player and another sent outside: only the one sent outside leaves', () => {
    const s = withHolders(onChain(), E, [ALICE, BOB]);
    const { state, events } = read(s, { tile: E, holders: [CAROL], elsewhere: 1 });
    expect(state.tiles[E]).toEqual({ holders: [CAROL], removed: 0, left: 1 });
    expect(ofType(events, 'copyLeftGame')).toEqual([{ type: 'copyLeftGame', seat: ALICE, tile: E, copies: 1 }]);
  });
});

describe('P13 + P7: hiding a copy while in debt', () => {
  it('P13+P7: sending the copy away settles the debt as P7 says, and getting it back gives the debtor nothing an honest flip would not', () => {
    const inDebt = aliceInDebt();
    // P7 "must flip edition copies back to the Bank": Alice holds a copy of e, so she is asked to flip.
    expect(decision(inDebt)).toEqual({ seat: ALICE, kind: 'flip', owed: 100, cash: 50, tiles: [E] });
    // Honest: flip e for 100, pay Bob 100, keep 50.
    const honest = act(inDebt, ALICE, { type: 'flip', tile: E }).state;
    expect(cash(honest)).toEqual([50, 1100, 1000]);

    // The manoeuvre: the copy goes to a wallet outside the game before the next read.
    const hidden = read(
      inDebt,
      { tile: E, holders: [], elsewhere: 1 },
      { tile: X, holders: [BOB] },
      { tile: B, holders: [] },
    );
    expect(ofType(hidden.events, 'copyLeftGame')).toEqual([{ type: 'copyLeftGame', seat: ALICE, tile: E, copies: 1 }]);
    // P7 "pays all their cash … and the rest of the debt is cancelled" (nothing left to flip or forfeit).
    expect(ofType(hidden.events, 'transfer')).toEqual([
      { type: 'transfer', from: ALICE, to: BOB, amount: 50, reason: 'royalty', tile: X },
    ]);
    expect(ofType(hidden.events, 'debtCancelled')).toEqual([{ type: 'debtCancelled', seat: ALICE, amount: 50 }]);
    let s = hidden.state;
    expect(cash(s)).toEqual([0, 1050, 1000]);
    expect(decision(s)).toMatchObject({ seat: BOB, kind: 'roll' });

    // The copy comes back to Alice's wallet: it is never Alice's piece again.
    s = read(s, { tile: E, holders: [ALICE] }, { tile: X, holders: [BOB] }, { tile: B, holders: [] }).state;
    expect(piecesOf(s.config.board, s.tiles, ALICE)).toEqual([]);
    expect(piecesOf(s.config.board, s.tiles, BOB).map((p) => p.tile)).toEqual([X]);
    expect(cash(s)).toEqual([0, 1050, 1000]);
    // Next time Alice is short (tax 300 from tile 2), there is nothing to flip for 100 Tz.
    const later = act(rig(withTurn(s, ALICE), 1), ALICE, { type: 'roll' });
    expect(ofType(later.events, 'flipped')).toEqual([]);
    expect(later.state.phase).toBe('roll');
    expect(cash(later.state)[ALICE]).toBe(0);
    // Alice ends with no more than the honest flip left her (50 Tz, no piece either way).
    expect(cash(later.state)[ALICE]!).toBeLessThanOrEqual(cash(honest)[ALICE]!);
  });

  it('P13+P7 "forfeits their cheapest masterpiece": a debtor who hides the edition copy still forfeits the 1/1 they hold', () => {
    let s = withHolders(withHolders(withHolders(onChain(), E, [ALICE]), X, [BOB]), B, [ALICE]);
    s = act(rig(withPlayers(s, { [ALICE]: { cash: 50 } }), 2), ALICE, { type: 'roll' }).state;
    expect(decision(s)).toMatchObject({ seat: ALICE, kind: 'flip', tiles: [E] });
    const { state, events } = read(s, { tile: E, holders: [], elsewhere: 1 });
    expect(ofType(events, 'copyLeftGame')).toEqual([{ type: 'copyLeftGame', seat: ALICE, tile: E, copies: 1 }]);
    expect(ofType(events, 'forfeited')).toEqual([{ type: 'forfeited', seat: ALICE, tile: B }]);
    expect(ofType(events, 'debtCancelled')).toEqual([{ type: 'debtCancelled', seat: ALICE, amount: 50 }]);
    expect(state.tiles[B]).toEqual({ holders: [], removed: 1 });
    expect(cash(state)).toEqual([0, 1050, 1000]);
  });
});

describe("P13 property: copies enter play only by the engine's own mints", () => {
  // 0 GO | 1 p (edition 4) | 2 q (1/1) | 3 tax 150 | 4 r (edition 2) | 5 s (1/1) | 6 gift (free copy of p)
  const PROP_TILES = [
    art('p', 120, 4),
    art('q', 200),
    event('tax', { kind: 'pay', amount: 150 }),
    art('r', 80, 2),
    art('s', 300),
    event('gift', { kind: 'freeCopy', tile: 'p' }),
  ];
  const ART = [1, 2, 4, 5];

  type Command =
    | { kind: 'act'; pick: number }
    | { kind: 'read'; how: 'truth' | 'random'; seats: number[]; outside: number[]; tile: number };

  const commandArb: fc.Arbitrary<Command> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('act' as const), pick: fc.nat(10) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('read' as const),
        how: fc.constantFrom('truth' as const, 'random' as const),
        seats: fc.array(fc.nat(5), { minLength: 1, maxLength: 4 }),
        outside: fc.array(fc.nat(2), { maxLength: 4 }),
        tile: fc.constantFrom(...ART),
      }),
    },
  );

  /** What the chain would show now, one tile perturbed: `truth` moves some copies between wallets, `random` is anything valid. */
  function readFor(s: PoleState, c: Extract<Command, { kind: 'read' }>): PoleAction {
    return holdings(
      ...ART.map((tile) => {
        const t = s.tiles[tile]!;
        const size = artistTile(s.config.board, tile)!.editionSize - t.removed;
        let holders = [...t.holders, ...(t.returned ?? [])];
        let elsewhere = (t.left ?? 0) - (t.returned ?? []).length;
        if (tile === c.tile && c.how === 'random') {
          holders = c.seats.slice(0, size).map((x) => x % 3);
          elsewhere = Math.min(c.outside.length, size - holders.length);
        } else if (tile === c.tile) {
          // Some copies change wallets: the k-th picks a copy in a player's wallet (or outside, when none is) and sends
          // it to the seat `outside[k]` names, or out of the game when that is seat 2 on an even k.
          c.seats.forEach((pick, k) => {
            const to = c.outside[k] ?? 2;
            if (holders.length > 0) holders.splice(pick % holders.length, 1);
            else if (elsewhere > 0) elsewhere -= 1;
            else return;
            if (to === 2 && k % 2 === 0) elsewhere += 1;
            else holders.push(to);
          });
        }
        return { tile, holders: holders.sort((a, b) => a - b), elsewhere };
      }),
    );
  }

  it('P13 over any sequence of plays and reads: the copies in play of a tile never increase but by a purchase or free copy, and `left` never falls', () => {
    fc.assert(
      fc.property(
        fc.array(commandArb, { minLength: 40, maxLength: 200 }),
        fc.string({ minLength: 1, maxLength: 8 }),
        (commands, seed) => {
          const config = { players: 3, onChainHoldings: true, startingCash: 200, board: board(...PROP_TILES) };
          let s = pole.setup(config, seed);
          const actions: { seat: Actor; action: unknown }[] = [];
          for (const c of commands) {
            if (s.phase === 'over') break;
            let seat: Actor;
            let action: unknown;
            if (c.kind === 'act') {
              const d = decision(s);
              const legal = pole.legal(s, d.seat);
              seat = d.seat;
              action = legal[c.pick % legal.length];
            } else {
              seat = 'system';
              action = readFor(s, c);
            }
            const before = s;
            const { state, events } = act(s, seat, action);
            actions.push({ seat, action });
            for (const tile of ART) {
              const mints = events.filter(
                (e) => (e.type === 'bought' || e.type === 'freeCopy') && e.tile === tile,
              ).length;
              const was = before.tiles[tile]!;
              const now = state.tiles[tile]!;
              expect(now.holders.length - was.holders.length).toBeLessThanOrEqual(mints);
              expect(now.left ?? 0).toBeGreaterThanOrEqual(was.left ?? 0);
              expect(now.holders.length + (now.left ?? 0) + now.removed).toBeLessThanOrEqual(
                artistTile(state.config.board, tile)!.editionSize,
              );
              if (seat === 'system') {
                // Every copy in play or known out of play is in the wallet the read saw it in; what fell is named.
                const r = (action as { tiles: Read[] }).tiles.find((x) => x.tile === tile)!;
                const all = [...now.holders, ...(now.returned ?? [])].sort((a, b) => a - b);
                expect(all).toEqual(r.holders);
                const named = ofType(events, 'copyLeftGame')
                  .filter((e) => e.tile === tile)
                  .reduce((n, e) => n + e.copies, 0);
                expect(named).toBe(was.holders.length - now.holders.length);
              }
            }
            s = state;
          }
          // Replays stay exact: the record of plays and reads gives the same state.
          const record: GameRecord = {
            game: 'pole',
            version: pole.version,
            config,
            seed,
            actions: actions as GameRecord['actions'],
          };
          expect(stateHash(replayWith(pole, record).state)).toBe(stateHash(s));
        },
      ),
      { numRuns: 200, seed: 20261201 },
    );
  });
});
