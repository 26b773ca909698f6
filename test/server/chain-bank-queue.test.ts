/**
 * Issue 17: the bank's queue on a devnet paced like Shadownet (scaled: a block every 2 s, the TzKT API a second
 * behind), through real Taquito and the real TzKT client — nothing mocked. Two on-chain games, two people each:
 * - a purchase is taken at once (the game does not wait for its block), and two games' purchases made at the same
 *   time go out as ONE bank operation, in one block (Tezos's 1M rule: one operation of a manager per block);
 * - the roll right after a purchase reads the holders while the purchase's mint is still on its way: the read counts
 *   it (P13), so the copy is not taken for one that left the game;
 * - the bank never has more than one operation in a block.
 */
import type { TezosToolkit } from '@taquito/taquito';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAccount, type BootstrapAccount } from '../../devnet/node';
import type { PoleEvent, PoleState } from '../../engine/pole';
import { GameHost } from '../../server/host';
import { ChainGames } from '../../server/chain/chain-games';
import { ChainStore } from '../../server/chain/chain-store';
import { openPgliteStore, type GameStore } from '../../server/store';
import { devnetWithContract, type DevnetContract } from '../../scripts/lib/devnet-contract';

const PACE = { blockTime: 2, indexerLag: 1 };
const bank = bootstrapAccount(1);
const PEOPLE = [
  [bootstrapAccount(3), bootstrapAccount(4)],
  [bootstrapAccount(5), bootstrapAccount(6)],
] as const;

let chain: DevnetContract;
let store: GameStore;
let chainStore: ChainStore;
let host: GameHost;
let games: ChainGames;
let firstLevel = 0;
const errors: unknown[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Game {
  readonly id: string;
  readonly tokens: readonly string[];
  readonly wallets: readonly BootstrapAccount[];
}
const started: Game[] = [];

/** An on-chain game of two people (each claims a seat and joins the game from their own wallet), ready to play. */
async function startGame(seed: string, wallets: readonly BootstrapAccount[]): Promise<Game> {
  const created = await host.create(
    { game: 'pole', mode: 'online', options: { laps: 2 }, seats: wallets.map((_, i) => ({ kind: 'human' as const, name: `P${i}` })), seed, botPaceMs: 0, onChain: {} },
    { address: wallets[0]!.address },
  );
  const tokens = created.invites.map((i) => i.token);
  for (let i = 0; i < 200 && (await host.chainInfo(created.id)).tokens.status !== 'confirmed'; i++) await sleep(100);
  for (const [seat, who] of wallets.entries()) {
    await host.claimSeat(created.id, tokens[seat], undefined, { address: who.address });
    const call = await host.approvalCall(created.id, tokens[seat], undefined, { address: who.address });
    const op = await chain.toolkit(who.secretKey).contract.transfer(call as Parameters<TezosToolkit['contract']['transfer']>[0]);
    await host.submitApproval(created.id, tokens[seat], undefined, op.hash, { address: who.address });
  }
  for (let i = 0; i < 300 && !(await host.chainInfo(created.id)).ready; i++) await sleep(100);
  expect((await host.chainInfo(created.id)).ready).toBe(true);
  return { id: created.id, tokens, wallets };
}

/** The pending decision of `game`, as its seat sees it. */
async function decision(game: Game): Promise<{ seat: number; kind: string; tile?: number; seq: number; legal: { type: string }[] }> {
  const snap = await host.snapshot(game.id);
  const d = snap.pending[0] as unknown as { seat: number; kind: string; tile?: number };
  const mine = await host.snapshot(game.id, game.tokens[d.seat]);
  return { ...d, seq: mine.seq, legal: mine.legal as { type: string }[] };
}

async function act(game: Game, seat: number, seq: number, action: { type: string; tile?: number }): Promise<void> {
  await host.act(game.id, { token: game.tokens[seat]!, seat, seq, action }, { address: game.wallets[seat]!.address });
}

/** Plays `game` (rolls, passes on anything but a first purchase, flips what it must) until a person is offered a purchase. */
async function playToOffer(game: Game): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const d = await decision(game);
    if (d.kind === 'buy') return;
    const action = d.legal.find((a) => a.type === 'roll') ?? d.legal.find((a) => a.type === 'pass') ?? d.legal[0]!;
    await act(game, d.seat, d.seq, action);
  }
  throw new Error(`game ${game.id}: no purchase offered`);
}

const stepAt = async (game: Game, seq: number) => (await chainStore.listOps(game.id)).find((o) => o.kind === 'step' && o.seq === seq);

beforeAll(async () => {
  chain = await devnetWithContract({ admin: bank, pace: PACE });
  store = await openPgliteStore();
  chainStore = new ChainStore(store.sql);
  games = new ChainGames(
    chainStore,
    { network: { name: 'devnet', rpcUrl: chain.devnet.rpcUrl, tzktUrl: chain.devnet.tzktUrl, explorerUrl: null }, contract: chain.contract.address, bankSecretKey: bank.secretKey },
    { onError: (e) => errors.push(e) },
  );
  host = await GameHost.open(store, { chain: games, onError: (e) => errors.push(e) });
  firstLevel = chain.devnet.chain.headBlock().level;
  started.push(...(await Promise.all(PEOPLE.map((wallets, i) => startGame(`bank-queue-${i}`, wallets)))));
}, 180_000);

afterAll(async () => {
  await host?.close();
  await store?.close();
  await chain?.devnet.stop();
});

describe("the bank's queue at Shadownet's pace (scaled)", () => {
  it('takes two games’ purchases at once and sends them as one bank operation in one block', { timeout: 120_000 }, async () => {
    await Promise.all(started.map(playToOffer));
    const offers = await Promise.all(started.map(decision));
    await Promise.all(started.map((g, i) => act(g, offers[i]!.seat, offers[i]!.seq, { type: 'buy' })));
    // Taken before any block could have them: in the game already, their mints still to go.
    const rows = await Promise.all(started.map((g, i) => stepAt(g, offers[i]!.seq + 1)));
    expect(rows.map((r) => r?.status)).toEqual(['queued', 'queued']);
    // What the table shows meanwhile: the purchase queued, about a block or two away.
    const info = await host.chainInfo(started[0]!.id);
    expect(info.ops.find((o) => o.kind === 'step' && o.seq === offers[0]!.seq + 1)?.status).toBe('queued');
    expect(info.blockTimeS).toBe(PACE.blockTime);
    for (const [i, g] of started.entries()) expect((await host.record(g.id)).actions[offers[i]!.seq]).toEqual({ seat: offers[i]!.seat, action: { type: 'buy' } });

    for (let i = 0; i < 100 && (await Promise.all(started.map((g, k) => stepAt(g, offers[k]!.seq + 1)))).some((r) => r?.status !== 'confirmed'); i++) await sleep(100);
    const confirmed = await Promise.all(started.map((g, i) => stepAt(g, offers[i]!.seq + 1)));
    expect(confirmed.map((r) => r?.status)).toEqual(['confirmed', 'confirmed']);
    // One operation carried both games' mints.
    expect(confirmed[0]!.opHash).toMatch(/^o/);
    expect(confirmed[1]!.opHash).toBe(confirmed[0]!.opHash);
    expect(confirmed[1]!.level).toBe(confirmed[0]!.level);
    expect(errors.map(String)).toEqual([]);
  });

  it('reads the holders for the roll after a purchase while its mint is on its way, counting it: nothing leaves the game (P13)', { timeout: 120_000 }, async () => {
    const game = started[0]!;
    await playToOffer(game);
    const bought = await decision(game);
    await act(game, bought.seat, bought.seq, { type: 'buy' });
    let next = await decision(game);
    for (let i = 0; i < 5 && next.kind !== 'roll'; i++) {
      await act(game, next.seat, next.seq, next.legal.find((a) => a.type === 'pass') ?? next.legal[0]!);
      next = await decision(game);
    }
    expect(next.kind).toBe('roll');
    // The mint is not in the indexer yet (not even in a block) when the roll's read is made.
    expect(['queued', 'pending']).toContain((await stepAt(game, bought.seq + 1))?.status);
    await act(game, next.seat, next.seq, { type: 'roll' });
    const record = await host.record(game.id);
    expect(record.actions.slice(bought.seq).filter((a) => a.seat === 'system')).toEqual([]);
    const snap = await host.snapshot(game.id);
    expect((snap.events as PoleEvent[]).filter((e) => e.type === 'copyLeftGame')).toEqual([]);
    expect((snap.view as PoleState).tiles[bought.tile!]!.holders).toContain(bought.seat);
    await games.idle();
    expect((await stepAt(game, bought.seq + 1))?.status).toBe('confirmed');
    expect(errors.map(String)).toEqual([]);
  });

  it('never has two bank operations in one block (1M), setup included', { timeout: 60_000 }, async () => {
    await games.idle();
    const rpc = chain.toolkit(bank.secretKey).rpc;
    const head = (await rpc.getBlockHeader()).level;
    const perBlock: number[] = [];
    for (let level = firstLevel + 1; level <= head; level++) {
      const block = await rpc.getBlock({ block: String(level) });
      perBlock.push(block.operations.flat().filter((o) => o.contents.some((c) => (c as { source?: string }).source === bank.address)).length);
    }
    expect(Math.max(...perBlock)).toBe(1);
  });
});
