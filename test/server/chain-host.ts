/**
 * What the on-chain host suites start from: a game host with its chain side on a devnet (the editions contract, a
 * bank), on a clock the test may move past a back-off; games of people who claim their seats and join from their own
 * wallets; reading or acting for the seat that must decide. Real Taquito and the real TzKT client throughout.
 */
import type { TezosToolkit } from '@taquito/taquito';
import { afterAll, beforeAll, expect } from 'vitest';
import { HoldingsReader } from '../../chain';
import type { BootstrapAccount } from '../../devnet/node';
import type { PoleState } from '../../engine/pole';
import { GameHost } from '../../server/host';
import { ChainGames, type ChainGamesOptions } from '../../server/chain/chain-games';
import { ChainStore } from '../../server/chain/chain-store';
import { Deliveries } from '../../server/chain/deliveries';
import { openPgliteStore, type GameStore } from '../../server/store';
import { devnetWithContract, type DevnetContract } from '../../scripts/lib/devnet-contract';
import { startContentGateway, type ContentGateway } from '../chain/content-gateway';
import { FastForwardClock } from '../chain/fast-forward-clock';
import { createTestServer } from './helpers';
import { startTezosRelay, type TezosRelay } from './tezos-relay';

/** Wallet limits for suites whose few people create more games than a wallet may have in play. */
export const SUITE_LIMITS = {
  gamesPerWallet: 50,
  botSeatsPerWallet: 50,
  tezPerDay: null,
  tezPerWalletPerDay: null,
} as const;

export interface ChainHostOptions {
  /** The node's RPC as the server reaches it (default: the devnet's; a relay's, to take "Tezos" down). */
  readonly rpcUrl?: string;
  /** The TzKT API as the server reaches it (default: the devnet's). */
  readonly tzktUrl?: string;
  /** The chain side's back-offs, timeouts and limits. */
  readonly chain?: Omit<ChainGamesOptions, 'clock' | 'onError' | 'deliveries'>;
  /** The database (default: a new one of its own, closed with the host). */
  readonly store?: GameStore;
}

export interface ChainHost {
  readonly store: GameStore;
  readonly chainStore: ChainStore;
  /** The host's and its chain side's one clock. */
  readonly clock: FastForwardClock;
  /** The chain side (a new one after `restart`). */
  readonly games: ChainGames;
  /** The host (a new one after `restart`). */
  readonly host: GameHost;
  /** Everything the hosts and their chain sides reported. */
  readonly errors: unknown[];
  /** A second app instance on the same database and clock, following no game until asked (close it when done). */
  another(): Promise<GameHost>;
  /** A server restart: the host stops, `meanwhile` runs, and a new host resumes the unfinished games. */
  restart(meanwhile?: () => void): Promise<void>;
  close(): Promise<void>;
}

/** A host whose bank is `bank`, on `chain`'s contract. */
export async function openChainHost(
  chain: DevnetContract,
  bank: BootstrapAccount,
  options: ChainHostOptions = {},
): Promise<ChainHost> {
  const errors: unknown[] = [];
  const onError = (e: unknown): void => void errors.push(e);
  const store = options.store ?? (await openPgliteStore());
  const chainStore = new ChainStore(store.sql);
  const clock = new FastForwardClock();
  const network = {
    name: 'devnet' as const,
    rpcUrl: options.rpcUrl ?? chain.devnet.rpcUrl,
    tzktUrl: options.tzktUrl ?? chain.devnet.tzktUrl,
    explorerUrl: null,
  };
  // The chain sides of one process share the steps on their way: a restarted one waits for what its predecessor
  // still delivers, and a second app instance here for what the first delivers (one process sends for a bank key).
  const deliveries = new Deliveries();
  const chainGames = (): ChainGames =>
    new ChainGames(
      chainStore,
      { network, contract: chain.contract.address, bankSecretKey: bank.secretKey },
      { ...options.chain, clock, onError, deliveries },
    );
  const openHost = async (chain: ChainGames, resume: boolean): Promise<GameHost> =>
    (await createTestServer({ store, chain, clock, onError, resume })).host;
  let games = chainGames();
  // A host of a suite follows only the games its test asks for; a restart resumes the unfinished ones, as in production.
  let host = await openHost(games, false);
  const stop = async (): Promise<void> => {
    await host.close();
    await games.idle();
  };
  return {
    store,
    chainStore,
    clock,
    get games() {
      return games;
    },
    get host() {
      return host;
    },
    errors,
    another: () => openHost(chainGames(), false),
    async restart(meanwhile) {
      await stop();
      meanwhile?.();
      games = chainGames();
      host = await openHost(games, true);
    },
    async close() {
      await host.close();
      // A stopped chain side plans nothing more: what still sleeps through a back-off wakes now, sees it, and ends.
      clock.advance(3_600_000);
      await games.idle();
      if (!options.store) await store.close();
    },
  };
}

export interface ChainSuite {
  /** The devnet and its editions contract. */
  readonly chain: DevnetContract;
  /** The relay the host reaches the devnet through, when the suite asked for one. */
  readonly relay: TezosRelay;
  /** The app's IPFS node (the host's) and its gateway, which the devnet's TzKT reads metadata through. */
  readonly gateway: ContentGateway;
  readonly env: ChainHost;
}

export interface ChainSuiteOptions {
  /** The contract's admin (default the bank) and minter (default the admin), and the devnet's pace. */
  readonly devnet?: Parameters<typeof devnetWithContract>[0];
  /** A relay in front of the node (`'node'`), or of the node and its TzKT API (`'node+tzkt'`), for the host. */
  readonly relay?: 'node' | 'node+tzkt';
  /** The chain side's back-offs, timeouts and limits. */
  readonly chain?: ChainHostOptions['chain'];
  /** How long setting it all up may take. */
  readonly setupMs?: number;
}

/**
 * The file's chain setting, built by a `beforeAll` — a devnet with the editions contract, the relay asked for, a host
 * whose bank is `bank` — and taken down after the file. Its parts are there once built: tests read `suite.env`.
 */
export function useChainSuite(bank: BootstrapAccount, options: ChainSuiteOptions = {}): ChainSuite {
  const suite = {} as { -readonly [K in keyof ChainSuite]: ChainSuite[K] };
  beforeAll(async () => {
    suite.gateway = await startContentGateway();
    suite.chain = await devnetWithContract({ admin: bank, metadataGateway: suite.gateway.url, ...options.devnet });
    let through: Pick<ChainHostOptions, 'rpcUrl' | 'tzktUrl'> = {};
    if (options.relay) {
      suite.relay = await startTezosRelay(suite.chain.devnet.rpcUrl);
      through = {
        rpcUrl: suite.relay.url,
        ...(options.relay === 'node+tzkt' && { tzktUrl: `${suite.relay.url}/tzkt` }),
      };
    }
    suite.env = await openChainHost(suite.chain, bank, {
      ...through,
      chain: { content: suite.gateway.node, ...options.chain },
    });
  }, options.setupMs ?? 120_000);
  afterAll(async () => {
    await suite.env?.close();
    await suite.relay?.close();
    await suite.chain?.devnet.stop();
    await suite.gateway?.close();
  });
  return suite;
}

/**
 * Polls `look` until its assertion passes, each look moving `env`'s clock `backoffMs` on: the server's back-offs
 * (retries, the bank's queue sending again) are skipped, not waited out.
 */
export const pollSkippingBackoffs = <T>(env: ChainHost, backoffMs: number, look: () => Promise<T>) =>
  expect.poll(
    () => {
      env.clock.advance(backoffMs);
      return look();
    },
    { timeout: 30_000, interval: 100 },
  );

/** Until the host's and the chain side's background work is done: setup, approvals, the bank's sends, bot moves. */
export async function settle(env: ChainHost): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await env.games.idle();
    await env.host.idle();
  }
}

export interface PeopleGame {
  readonly id: string;
  /** The people's invites, by seat. */
  readonly tokens: readonly string[];
  /** The people's wallets, by seat (the bots sit after them). */
  readonly wallets: readonly BootstrapAccount[];
}

export interface GameShape {
  /** Bots seated after the people (default none). */
  readonly bots?: number;
  /** Laps of the default board (default 2). */
  readonly laps?: number;
}

/**
 * An on-chain game of people (and `shape.bots` bots after them) created by the first, opened on-chain with its tokens
 * and its bots joined; nobody has claimed a seat yet. Without a `seed` the server draws one, and the game is provably
 * fair (FAIRNESS.md).
 */
export async function createPeopleGame(
  env: ChainHost,
  seed: string | undefined,
  wallets: readonly BootstrapAccount[],
  shape: GameShape = {},
): Promise<PeopleGame> {
  const seats = [
    ...wallets.map((_, i) => ({ kind: 'human' as const, name: `P${i}` })),
    ...Array.from({ length: shape.bots ?? 0 }, (_, i) => ({ kind: 'normal' as const, name: `Bot ${i}` })),
  ];
  const created = await env.host.create(
    {
      game: 'pole',
      mode: 'online',
      options: { laps: shape.laps ?? 2 },
      seats,
      ...(seed === undefined ? {} : { seed }),
      botPaceMs: 0,
      onChain: {},
    },
    { address: wallets[0]!.address },
  );
  await settle(env);
  expect((await env.host.chain.info(created.id)).tokens.status).toBe('confirmed');
  return { id: created.id, tokens: created.invites.map((i) => i.token), wallets };
}

/** Each person of `game` claims their seat and joins the game from their own wallet: the game is ready to play. */
export async function joinPeopleGame(env: ChainHost, chain: DevnetContract, game: PeopleGame): Promise<void> {
  const { host } = env;
  for (const [seat, who] of game.wallets.entries()) {
    await host.chain.claimSeat(game.id, game.tokens[seat], undefined, { address: who.address });
    const call = await host.chain.approvalCall(game.id, game.tokens[seat], undefined, { address: who.address });
    const op = await chain
      .toolkit(who.secretKey)
      .contract.transfer(call as Parameters<TezosToolkit['contract']['transfer']>[0]);
    await host.chain.submitApproval(game.id, game.tokens[seat], undefined, op.hash, { address: who.address });
  }
  await settle(env);
  expect((await host.chain.info(game.id)).ready).toBe(true);
}

/** An on-chain game of people (see `createPeopleGame`), each of whom claimed their seat and joined: ready to play. */
export async function startPeopleGame(
  env: ChainHost,
  chain: DevnetContract,
  seed: string | undefined,
  wallets: readonly BootstrapAccount[],
  shape: GameShape = {},
): Promise<PeopleGame> {
  const game = await createPeopleGame(env, seed, wallets, shape);
  await joinPeopleGame(env, chain, game);
  return game;
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
  const snap = await env.host.views.snapshot(game.id);
  const d = snap.pending[0] as unknown as { seat: number; kind: string; tile?: number };
  const mine = await env.host.views.snapshot(game.id, game.tokens[d.seat]);
  return { ...d, seq: mine.seq, legal: mine.legal as { type: string }[] };
}

/** `seat` of `game` plays `action` at `seq`, signed in as its wallet. */
export async function act(
  env: ChainHost,
  game: PeopleGame,
  seat: number,
  seq: number,
  action: { type: string; tile?: number },
): Promise<void> {
  await env.host.moves.act(
    game.id,
    { token: game.tokens[seat]!, seat, seq, action },
    { address: game.wallets[seat]!.address },
  );
}

/** The choice of `legal` that buys nothing: a roll, else a pass, else the first. */
export const rollOrPass = <A extends { type: string }>(legal: readonly A[]): A =>
  legal.find((a) => a.type === 'roll') ?? legal.find((a) => a.type === 'pass') ?? legal[0]!;

/** Rolls, and passes on other decisions, until a person of `game` is offered a purchase; that offer. */
export async function playToOffer(env: ChainHost, game: PeopleGame): Promise<PendingDecision> {
  for (let i = 0; i < 200; i++) {
    const d = await decision(env, game);
    if (d.kind === 'buy') return d;
    await act(env, game, d.seat, d.seq, rollOrPass(d.legal));
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
export const stepAt = async (env: ChainHost, game: PeopleGame, seq: number) =>
  (await env.chainStore.listOps(game.id)).find((o) => o.kind === 'step' && o.seq === seq);

/**
 * Every artist tile of `gameId`: the holders on `chain`'s contract (by seat, read through the TzKT API once it has
 * the game's last level) are the engine's. Waits for the indexer `timeoutMs` at most.
 */
export async function expectChainHoldingsAgree(
  env: ChainHost,
  chain: DevnetContract,
  gameId: string,
  timeoutMs = 10_000,
): Promise<void> {
  const info = await env.host.chain.info(gameId);
  const state = (await env.host.views.snapshot(gameId)).view as PoleState;
  const seats = info.seats.map((s) => s.address!);
  const read = await new HoldingsReader({ tzktUrl: chain.devnet.tzktUrl, timeoutMs }).read({
    contract: chain.contract.address,
    tokenIds: info.pieces.map((p) => p.tokenId!),
    minLevel: info.lastLevel,
  });
  // Closing the game burnt its bots' copies (nobody collects them): from then on the people's copies are what is left.
  const burnt = info.game?.closed ? new Set(info.seats.flatMap((s) => (s.bot ? [s.seat] : []))) : new Set<number>();
  for (const piece of info.pieces) {
    const onChain = read.holdings
      .filter((h) => h.tokenId === BigInt(piece.tokenId!) && h.balance > 0n)
      .flatMap((h) => Array.from({ length: Number(h.balance) }, () => seats.indexOf(h.owner)))
      .sort((a, b) => a - b);
    expect({ tile: piece.tile, holders: onChain }).toEqual({
      tile: piece.tile,
      holders: state.tiles[piece.tile]!.holders.filter((seat) => !burnt.has(seat)).sort((a, b) => a - b),
    });
  }
}
