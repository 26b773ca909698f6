/**
 * Issue 17: a purchase the game took at once (its mint queued for the bank's sender) that Tezos refuses later, on an
 * in-process devnet through real Taquito and the real TzKT client — nothing mocked. A relay in front of the node
 * lets the admin pause minting right after the purchase's simulation passed and before the bank's sender simulates
 * its batch: the step's row ends `failed` and CHAIN_REFUSED_LATER is reported, the Chain info shows it, and the next
 * holdings read records the copy that never arrived as out of the game (P13), so chain and game agree token by token.
 */
import type { TezosToolkit } from '@taquito/taquito';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FA2_ERRORS } from '../../contracts';
import { bootstrapAccount, type BootstrapAccount } from '../../devnet/node';
import { copiesHeld, type PoleEvent, type PoleState } from '../../engine/pole';
import { isHostError } from '../../server/errors';
import { GameHost } from '../../server/host';
import { ChainGames } from '../../server/chain/chain-games';
import { ChainStore } from '../../server/chain/chain-store';
import { openPgliteStore, type GameStore } from '../../server/store';
import { devnetWithContract, type DevnetContract } from '../../scripts/lib/devnet-contract';
import { startTezosRelay, type TezosRelay } from './tezos-relay';

const admin = bootstrapAccount(1);
const bank = bootstrapAccount(2);
const WALLETS: readonly BootstrapAccount[] = [bootstrapAccount(3), bootstrapAccount(4)];

let chain: DevnetContract;
let relay: TezosRelay;
let store: GameStore;
let chainStore: ChainStore;
let host: GameHost;
let games: ChainGames;
let gameId = '';
let tokens: readonly string[] = [];
const errors: unknown[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function decision(): Promise<{ seat: number; kind: string; tile?: number; seq: number; legal: { type: string }[] }> {
  const snap = await host.snapshot(gameId);
  const d = snap.pending[0] as unknown as { seat: number; kind: string; tile?: number };
  const mine = await host.snapshot(gameId, tokens[d.seat]);
  return { ...d, seq: mine.seq, legal: mine.legal as { type: string }[] };
}

async function act(seat: number, seq: number, action: { type: string; tile?: number }): Promise<void> {
  await host.act(gameId, { token: tokens[seat]!, seat, seq, action }, { address: WALLETS[seat]!.address });
}

const stepAt = async (seq: number) => (await chainStore.listOps(gameId)).find((o) => o.kind === 'step' && o.seq === seq);

beforeAll(async () => {
  chain = await devnetWithContract({ admin, minter: bank.address });
  relay = await startTezosRelay(chain.devnet.rpcUrl);
  store = await openPgliteStore();
  chainStore = new ChainStore(store.sql);
  games = new ChainGames(
    chainStore,
    { network: { name: 'devnet', rpcUrl: relay.url, tzktUrl: chain.devnet.tzktUrl, explorerUrl: null }, contract: chain.contract.address, bankSecretKey: bank.secretKey },
    { onError: (e) => errors.push(e) },
  );
  host = await GameHost.open(store, { chain: games, onError: (e) => errors.push(e) });
  const created = await host.create(
    { game: 'pole', mode: 'online', options: { laps: 2 }, seats: WALLETS.map((_, i) => ({ kind: 'human' as const, name: `P${i}` })), seed: 'refused-later', botPaceMs: 0, onChain: {} },
    { address: WALLETS[0]!.address },
  );
  gameId = created.id;
  tokens = created.invites.map((i) => i.token);
  for (let i = 0; i < 200 && (await host.chainInfo(gameId)).tokens.status !== 'confirmed'; i++) await sleep(100);
  for (const [seat, who] of WALLETS.entries()) {
    await host.claimSeat(gameId, tokens[seat], undefined, { address: who.address });
    const call = await host.approvalCall(gameId, tokens[seat], undefined, { address: who.address });
    const op = await chain.toolkit(who.secretKey).contract.transfer(call as Parameters<TezosToolkit['contract']['transfer']>[0]);
    await host.submitApproval(gameId, tokens[seat], undefined, op.hash, { address: who.address });
  }
  for (let i = 0; i < 300 && !(await host.chainInfo(gameId)).ready; i++) await sleep(100);
  expect((await host.chainInfo(gameId)).ready).toBe(true);
}, 180_000);

afterAll(async () => {
  await host?.close();
  await store?.close();
  await relay?.close();
  await chain?.devnet.stop();
});

describe('a queued purchase Tezos refuses later', () => {
  it('ends as a failed row reported CHAIN_REFUSED_LATER, and the next read records its copy as never arrived (P13)', { timeout: 120_000 }, async () => {
    // Play (rolls, passes on other decisions) until a purchase is offered.
    let offer = await decision();
    for (let i = 0; i < 200 && offer.kind !== 'buy'; i++) {
      await act(offer.seat, offer.seq, offer.legal.find((a) => a.type === 'roll') ?? offer.legal.find((a) => a.type === 'pass') ?? offer.legal[0]!);
      offer = await decision();
    }
    expect(offer.kind).toBe('buy');
    const tile = offer.tile!;
    // The purchase's mint is simulated twice: when the game takes it (passes), then by the bank's sender. Between the
    // two the admin pauses minting (straight to the node): the sender's simulation is refused.
    let mintSimulations = 0;
    relay.beforeForward = async (path, body) => {
      if (!path.includes('/helpers/scripts/simulate_operation') || !body.includes('"entrypoint":"mint"')) return;
      if (++mintSimulations === 2) await chain.contract.send(chain.contract.setPaused(true));
    };
    await act(offer.seat, offer.seq, { type: 'buy' });
    // Taken: in the game's record and the buyer holds the copy in the game, while the mint is still to go.
    expect((await host.record(gameId)).actions[offer.seq]).toEqual({ seat: offer.seat, action: { type: 'buy' } });
    expect(((await host.snapshot(gameId)).view as PoleState).tiles[tile]!.holders).toContain(offer.seat);
    await games.idle();
    relay.beforeForward = null;
    await chain.contract.send(chain.contract.setPaused(false));
    expect(mintSimulations).toBe(2);

    const row = await stepAt(offer.seq + 1);
    expect(row?.status).toBe('failed');
    expect(row?.error).toContain(FA2_ERRORS.mintPaused);
    // Reported: CHAIN_REFUSED_LATER, and the Chain info lists the step as failed with Tezos's reason.
    expect(errors.filter(isHostError).map((e) => e.code)).toEqual(['CHAIN_REFUSED_LATER']);
    const info = await host.chainInfo(gameId);
    expect(info.ops.find((o) => o.kind === 'step' && o.seq === offer.seq + 1)).toMatchObject({ status: 'failed', error: expect.stringContaining(FA2_ERRORS.mintPaused) });
    const tokenId = info.pieces.find((p) => p.tile === tile)!.tokenId!;
    expect(await chain.contract.balance(WALLETS[offer.seat]!.address, tokenId)).toBe(0n);

    // The next roll reads the holders first: the copy never arrived, so it is out of the game (P13).
    let next = await decision();
    for (let i = 0; i < 5 && next.kind !== 'roll'; i++) {
      await act(next.seat, next.seq, next.legal.find((a) => a.type === 'pass') ?? next.legal[0]!);
      next = await decision();
    }
    expect(next.kind).toBe('roll');
    await act(next.seat, next.seq, { type: 'roll' });
    const record = await host.record(gameId);
    expect(record.actions.slice(offer.seq + 1).filter((a) => a.seat === 'system')).toHaveLength(1);
    const snap = await host.snapshot(gameId);
    expect((snap.events as PoleEvent[]).filter((e) => e.type === 'copyLeftGame')).toEqual([{ type: 'copyLeftGame', seat: offer.seat, tile, copies: 1 }]);
    // Chain and game agree token by token: every seat holds in the game what its wallet holds on-chain.
    const state = snap.view as PoleState;
    for (const p of info.pieces) {
      if (p.tokenId === null) continue;
      for (const [seat, w] of WALLETS.entries()) expect([p.tile, seat, copiesHeld(state.tiles[p.tile]!, seat)]).toEqual([p.tile, seat, Number(await chain.contract.balance(w.address, p.tokenId))]);
    }
    await games.idle();
    expect(errors.filter(isHostError).map((e) => e.code)).toEqual(['CHAIN_REFUSED_LATER']);
  });
});
