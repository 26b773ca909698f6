/**
 * What the on-chain host suites start from: a game host with its chain side on a devnet (the editions contract, a
 * bank), games of people who claim their seats and join from their own wallets, and reading or acting for the seat
 * that must decide. Real Taquito and the real TzKT client throughout.
 */
import type { TezosToolkit } from '@taquito/taquito';
import { expect } from 'vitest';
import type { BootstrapAccount } from '../../devnet/node';
import { GameHost } from '../../server/host';
import { ChainGames } from '../../server/chain/chain-games';
import { ChainStore } from '../../server/chain/chain-store';
import { openPgliteStore, type GameStore } from '../../server/store';
import type { DevnetContract } from '../../scripts/lib/devnet-contract';

export interface ChainHost {
  readonly store: GameStore;
  readonly chainStore: ChainStore;
  readonly games: ChainGames;
  readonly host: GameHost;
  /** Everything the host and its chain side reported. */
  readonly errors: unknown[];
  close(): Promise<void>;
}

/** A host whose bank is `bank`, on `chain`'s contract; `rpcUrl` puts a relay between them and the node. */
export async function openChainHost(chain: DevnetContract, bank: BootstrapAccount, options: { rpcUrl?: string } = {}): Promise<ChainHost> {
  const errors: unknown[] = [];
  const store = await openPgliteStore();
  const chainStore = new ChainStore(store.sql);
  const network = { name: 'devnet' as const, rpcUrl: options.rpcUrl ?? chain.devnet.rpcUrl, tzktUrl: chain.devnet.tzktUrl, explorerUrl: null };
  const games = new ChainGames(chainStore, { network, contract: chain.contract.address, bankSecretKey: bank.secretKey }, { onError: (e) => errors.push(e) });
  const host = await GameHost.open(store, { chain: games, onError: (e) => errors.push(e) });
  return {
    store,
    chainStore,
    games,
    host,
    errors,
    async close() {
      await host.close();
      await store.close();
    },
  };
}

export interface PeopleGame {
  readonly id: string;
  readonly tokens: readonly string[];
  readonly wallets: readonly BootstrapAccount[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * An on-chain game of people (each claims a seat and joins the game from their own wallet), ready to play; without a
 * `seed` the server draws one, and the game is provably fair (issue 23).
 */
export async function startPeopleGame(env: ChainHost, chain: DevnetContract, seed: string | undefined, wallets: readonly BootstrapAccount[]): Promise<PeopleGame> {
  const { host } = env;
  const created = await host.create(
    { game: 'pole', mode: 'online', options: { laps: 2 }, seats: wallets.map((_, i) => ({ kind: 'human' as const, name: `P${i}` })), ...(seed === undefined ? {} : { seed }), botPaceMs: 0, onChain: {} },
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

export interface PendingDecision {
  readonly seat: number;
  readonly kind: string;
  readonly tile?: number;
  readonly seq: number;
  readonly legal: { type: string }[];
}

/** The pending decision of `game`, as its seat sees it. */
export async function decision(env: ChainHost, game: PeopleGame): Promise<PendingDecision> {
  const snap = await env.host.snapshot(game.id);
  const d = snap.pending[0] as unknown as { seat: number; kind: string; tile?: number };
  const mine = await env.host.snapshot(game.id, game.tokens[d.seat]);
  return { ...d, seq: mine.seq, legal: mine.legal as { type: string }[] };
}

/** `seat` of `game` plays `action` at `seq`, signed in as its wallet. */
export async function act(env: ChainHost, game: PeopleGame, seat: number, seq: number, action: { type: string; tile?: number }): Promise<void> {
  await env.host.act(game.id, { token: game.tokens[seat]!, seat, seq, action }, { address: game.wallets[seat]!.address });
}

/** Rolls, and passes on other decisions, until a person of `game` is offered a purchase; that offer. */
export async function playToOffer(env: ChainHost, game: PeopleGame): Promise<PendingDecision> {
  for (let i = 0; i < 200; i++) {
    const d = await decision(env, game);
    if (d.kind === 'buy') return d;
    await act(env, game, d.seat, d.seq, d.legal.find((a) => a.type === 'roll') ?? d.legal.find((a) => a.type === 'pass') ?? d.legal[0]!);
  }
  throw new Error(`game ${game.id}: no purchase offered`);
}

/** Passes (or takes the first choice) on what follows a move until `game` asks for a roll; that decision. */
export async function playToRoll(env: ChainHost, game: PeopleGame): Promise<PendingDecision> {
  let next = await decision(env, game);
  for (let i = 0; i < 5 && next.kind !== 'roll'; i++) {
    await act(env, game, next.seat, next.seq, next.legal.find((a) => a.type === 'pass') ?? next.legal[0]!);
    next = await decision(env, game);
  }
  return next;
}

/** The chain row of `game`'s step at `seq` (the state's seq after the move). */
export const stepAt = async (env: ChainHost, game: PeopleGame, seq: number) => (await env.chainStore.listOps(game.id)).find((o) => o.kind === 'step' && o.seq === seq);
