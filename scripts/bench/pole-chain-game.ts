/**
 * A full on-chain Tezos Pole game on the game server, played by four heuristic bots against an in-process devnet
 * with its TzKT API (server/chain + GameHost, real Taquito and TzKT client): how long it takes from creation to the
 * outcome, and how many engine actions and chain operations it needs. No goal: the figures are for reading.
 *
 * A bench row holds one number, so the game's figures are several rows. Each sample plays one game (its own seed);
 * every row's i-th sample reads the i-th game's figures, so a run plays warm-ups + samples games once, whichever
 * rows it shows.
 */
import { bootstrapAccount, type Devnet, type DevnetProfile } from '../../devnet/node';
import { SYSTEM } from '../../engine/core/types';
import type { CreateGameRequest, GameHost, GameStore } from '../../server';
import type { ChainGames } from '../../server/chain/chain-games';
import type { ChainStore } from '../../server/chain/chain-store';
import { percentile } from '../lib/stats';
import type { BenchCase } from './types';
import { devnetWithContract } from '../lib/devnet-contract';

/** What one game cost. */
export interface GameFigures {
  /** Creation → outcome, split at the moment the game is ready on-chain (tokens created, bots funded and approved). */
  readonly totalS: number;
  readonly setupS: number;
  readonly playS: number;
  /** Engine actions (the game's seq), of which `holdings` were recorded by the system seat from the chain. */
  readonly actions: number;
  readonly holdings: number;
  /**
   * Chain operations sent, by kind (distinct operation hashes: the bank batches the steps of a block into one), and
   * the contract calls inside the steps.
   */
  readonly ops: {
    readonly all: number;
    readonly create: number;
    readonly fund: number;
    readonly approval: number;
    readonly step: number;
    readonly close: number;
  };
  /** Player decisions that needed the chain (a step with operations): `ops.step` / `decisions` is at most 1. */
  readonly decisions: number;
  readonly mints: number;
  readonly burns: number;
  /** `retire` calls and copies taken out of play (`retireCopy`). */
  readonly retires: number;
  /** A step's chain operation, from its row's insertion to its confirmation. */
  readonly stepP50Ms: number;
  readonly stepP95Ms: number;
  /**
   * Time the game was held up by the chain (ChainGamesOptions.onWait): its setup, and each move waiting for a
   * holdings read, a purchase's simulation, a burn's block, or the game's operations before its last roll.
   */
  readonly chainWaitS: number;
  /** Time some chain operation of the game was on its way (the union of its rows' creation → last update spans). */
  readonly inFlightS: number;
  /** Blocks the node baked from creation to the outcome. */
  readonly blocks: number;
  /** What the game cost the bank, everything included: its balance before creation less its balance once closed. */
  readonly bankMutez: number;
  /** What the game's bot wallets hold once it is closed: the pool's float, which pays for their next games. */
  readonly botsLeftMutez: number;
  /** The contract's storage grown by the operations that created the game's tokens, per token (TzKT's storageUsed). */
  readonly bytesPerToken: number;
}

export interface Env {
  readonly devnet: Devnet;
  readonly store: GameStore;
  readonly chainStore: ChainStore;
  readonly chain: ChainGames;
  readonly host: GameHost;
  readonly errors: unknown[];
  /** Every wait on the chain, by game: when it ended and how long it took (ms, performance.now()). */
  readonly waits: Map<string, { end: number; ms: number }[]>;
}

const POLL_MS = 50;
/** A game longer than this is stuck (a full game takes a few seconds on the instant devnet). */
const GAME_TIMEOUT_MS = 120_000;

export interface PlayOptions {
  /** The bots' pause before each move (the request's `botPaceMs`, default 0). */
  readonly botPaceMs?: number;
  /** How long a game may take before it counts as stuck (default GAME_TIMEOUT_MS). */
  readonly timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The bank: it opens every game, creates and mints its tokens, and funds its bots. */
const BANK = bootstrapAccount(1);
/** The signed-in wallet that creates the games (the bank pays only for a signed-in creator's games). */
export const CREATOR = bootstrapAccount(2);

/** `pace`: the devnet's block time and indexer lag (default: a block per operation, indexed at once). */
export async function openEnv(pace?: DevnetProfile): Promise<Env> {
  // Loaded here, not at the top: other benchmark runs need not load the server and PGlite.
  const [{ GameHost, openPgliteStore }, { ChainGames }, { ChainStore }, { DEFAULT_LIMITS }] = await Promise.all([
    import('../../server'),
    import('../../server/chain/chain-games'),
    import('../../server/chain/chain-store'),
    import('../../server/limits'),
  ]);
  const bank = BANK;
  const { devnet, contract: client } = await devnetWithContract({ admin: bank, ...(pace ? { pace } : {}) });
  const store = await openPgliteStore();
  const chainStore = new ChainStore(store.sql);
  const errors: unknown[] = [];
  const onError = (e: unknown) => errors.push(e);
  const waits = new Map<string, { end: number; ms: number }[]>();
  const onWait = (gameId: string, _what: string, ms: number) => {
    if (!waits.has(gameId)) waits.set(gameId, []);
    waits.get(gameId)!.push({ end: performance.now(), ms });
  };
  const chain = new ChainGames(
    chainStore,
    {
      network: { name: 'devnet', rpcUrl: devnet.rpcUrl, tzktUrl: devnet.tzktUrl, explorerUrl: null },
      contract: client.address,
      bankSecretKey: bank.secretKey,
    },
    // Games one after another by one creator: the daily allowance is the operator's, not the benchmark's.
    { onError, onWait, walletLimits: { ...DEFAULT_LIMITS.chain, tezPerDay: null, tezPerWalletPerDay: null } },
  );
  const host = await GameHost.open(store, { chain, onError });
  return { devnet, store, chainStore, chain, host, errors, waits };
}

export async function closeEnv(env: Env): Promise<void> {
  await env.host.close();
  await env.store.close();
  await env.devnet.stop();
}

/** Four heuristic bots on the default board, on-chain unless `onChain` is false. */
export const fourBots = (seed: string, botPaceMs = 0, onChain = true): CreateGameRequest => ({
  game: 'pole',
  options: {},
  seats: ['Ada', 'Bea', 'Cy', 'Dee'].map((name) => ({ kind: 'heuristic' as const, name })),
  mode: 'online',
  botPaceMs,
  ...(onChain ? { onChain: {} } : {}),
  seed,
});

/** The union of `[from, to]` spans, in ms. */
function coveredMs(spans: readonly (readonly [number, number])[]): number {
  let total = 0;
  let end = -Infinity;
  for (const [from, to] of [...spans].sort((a, b) => a[0] - b[0])) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}

/** Plays one game on the default board and laps to its outcome and counts what it took. */
export async function playGame(env: Env, seed: string, options: PlayOptions = {}): Promise<GameFigures> {
  const timeoutMs = options.timeoutMs ?? GAME_TIMEOUT_MS;
  const { host, chain, chainStore, errors } = env;
  const firstLevel = env.devnet.chain.headBlock().level;
  const bankBefore = await balanceOf(env, BANK.address);
  const failed = () => (errors.length ? new Error(`the on-chain game failed: ${String(errors[0])}`) : null);
  const start = performance.now();
  const { id } = await host.create(fourBots(seed, options.botPaceMs), { address: CREATOR.address });
  let readyAt: number | null = null;
  for (;;) {
    const error = failed();
    if (error) throw error;
    if (readyAt === null && (await host.chain.info(id)).ready) readyAt = performance.now();
    const snap = await host.views.snapshot(id);
    if (snap.outcome !== null) break;
    if (performance.now() - start > timeoutMs)
      throw new Error(`game ${id} did not end within ${timeoutMs / 1000} s (seq ${snap.seq})`);
    await sleep(POLL_MS);
  }
  const end = performance.now();
  const blocks = env.devnet.chain.headBlock().level - firstLevel;
  await chain.idle();
  await host.idle();
  const error = failed();
  if (error) throw error;
  if (readyAt === null) throw new Error(`game ${id} ended before it was ready on-chain`);

  const seq = (await host.views.snapshot(id)).seq;
  const record = await host.records.record(id);
  const rows = await chainStore.listOps(id);
  const unconfirmed = rows.find((o) => o.status !== 'confirmed');
  if (unconfirmed)
    throw new Error(
      `game ${id}: ${unconfirmed.kind} operation ${unconfirmed.id} is ${unconfirmed.status} (${unconfirmed.error ?? ''})`,
    );
  const kind = (k: string) => new Set(rows.filter((o) => o.kind === k).map((o) => o.opHash)).size;
  const chainRow = await chainStore.getGame(id);
  if (!chainRow) throw new Error(`game ${id} has no chain row`);
  const bots = chainRow.seats.flatMap((s) => (s.bot && s.address ? [s.address] : []));
  const createdBytes = await storageUsed(env, [
    ...new Set(rows.flatMap((o) => (o.kind === 'create' && o.opHash ? [o.opHash] : []))),
  ]);
  const calls = rows.flatMap((o) => (o.kind === 'step' ? (o.detail.ops ?? []) : []));
  const call = (...kinds: string[]) => calls.filter((c) => kinds.includes(c.kind)).length;
  const stepMs = rows.filter((o) => o.kind === 'step').map((o) => o.updatedAt.getTime() - o.createdAt.getTime());
  return {
    totalS: (end - start) / 1000,
    setupS: (readyAt - start) / 1000,
    playS: (end - readyAt) / 1000,
    actions: seq,
    holdings: record.actions.filter((a) => a.seat === SYSTEM).length,
    ops: {
      all: new Set(rows.map((o) => o.opHash)).size,
      create: kind('create'),
      fund: kind('fund'),
      approval: kind('approval'),
      step: kind('step'),
      close: kind('close'),
    },
    decisions: rows.filter((o) => o.kind === 'step').length,
    mints: call('mint'),
    burns: call('burn'),
    retires: call('retire', 'retireCopy'),
    stepP50Ms: percentile(stepMs, 50),
    stepP95Ms: percentile(stepMs, 95),
    // Waits that ended before the outcome (closing the game comes after it).
    chainWaitS: (env.waits.get(id) ?? []).filter((w) => w.end <= end).reduce((sum, w) => sum + w.ms, 0) / 1000,
    inFlightS: coveredMs(rows.map((o) => [o.createdAt.getTime(), o.updatedAt.getTime()] as const)) / 1000,
    blocks,
    bankMutez: bankBefore - (await balanceOf(env, BANK.address)),
    botsLeftMutez: (await Promise.all(bots.map((b) => balanceOf(env, b)))).reduce((a, b) => a + b, 0),
    bytesPerToken: createdBytes / chainRow.plan.tokens.length,
  };
}

/** An account's balance at the head, in mutez, from the node's RPC. */
async function balanceOf(env: Env, address: string): Promise<number> {
  const answer = await fetch(`${env.devnet.rpcUrl}/chains/main/blocks/head/context/contracts/${address}/balance`);
  if (!answer.ok) throw new Error(`balance of ${address}: ${answer.status}`);
  return Number(await answer.json());
}

/** The storage the operations grew contracts by, as TzKT reports each operation's `storageUsed`. */
async function storageUsed(env: Env, hashes: readonly string[]): Promise<number> {
  let bytes = 0;
  for (const hash of hashes) {
    const answer = await fetch(`${env.devnet.tzktUrl}/v1/operations/${hash}`);
    if (!answer.ok) throw new Error(`operation ${hash}: ${answer.status}`);
    for (const op of (await answer.json()) as { storageUsed?: number }[]) bytes += op.storageUsed ?? 0;
  }
  return bytes;
}

// ---- the games, shared by the rows ----

let env: Promise<Env> | null = null;
const games: Promise<GameFigures>[] = [];

/** The figures of the i-th game of this run, played when first asked for (the devnet opened if needed). */
function game(i: number): Promise<GameFigures> {
  while (games.length <= i) {
    const n = games.length;
    env ??= openEnv();
    const open = env;
    const previous = games[n - 1] ?? Promise.resolve(null);
    // One game at a time: the wall time is one game's, not several sharing the devnet.
    games.push(previous.then(async () => playGame(await open, `bench/chain-game/${n}`)));
  }
  return games[i]!;
}

async function release(): Promise<void> {
  const open = env;
  env = null;
  if (open) await closeEnv(await open);
}

const NAME = 'chain: a full 4-player on-chain bot game (devnet)';

function row(suffix: string, unit: string, figure: (g: GameFigures) => number): BenchCase {
  return {
    name: suffix ? `${NAME} — ${suffix}` : NAME,
    unit,
    prepare: () => {
      let i = 0;
      return async () => figure(await game(i++));
    },
    // Every row may be the last one run (--filter): each releases the devnet; a later row reopens it if it needs a game.
    teardown: release,
  };
}

export const poleChainGameCases: readonly BenchCase[] = [
  row('', 's', (g) => g.totalS),
  row('setup: tokens, bot funding, approvals', 's', (g) => g.setupS),
  row('play', 's', (g) => g.playS),
  row('engine actions', 'actions', (g) => g.actions),
  row('holdings actions (system seat)', 'actions', (g) => g.holdings),
  row('chain operations', 'ops', (g) => g.ops.all),
  row('create operations', 'ops', (g) => g.ops.create),
  row('fund operations', 'ops', (g) => g.ops.fund),
  row('approval operations', 'ops', (g) => g.ops.approval),
  row('step operations', 'ops', (g) => g.ops.step),
  row('close operations', 'ops', (g) => g.ops.close),
  row('mints in steps', 'calls', (g) => g.mints),
  row('burns in steps', 'calls', (g) => g.burns),
  row('retirements in steps', 'calls', (g) => g.retires),
  row('step confirmed, p50', 'ms', (g) => g.stepP50Ms),
  row('step confirmed, p95', 'ms', (g) => g.stepP95Ms),
];

/** What one on-chain game costs the bank (`npm run bench -- --filter bank`): the figure the bank's budget is about. */
export const bankCostCases: readonly BenchCase[] = [
  {
    ...row('', 'ꜩ', (g) => g.bankMutez / 1e6),
    name: 'chain: bank tez per 4-player on-chain game (Genesis, 4 heuristic bots, devnet, everything included)',
    goal: { atMost: 1.5 },
  },
  {
    ...row('', 'ꜩ', (g) => g.botsLeftMutez / 1e6),
    name: 'chain: bank’s bot wallet pool, tez it holds after a game (kept for the next)',
  },
  {
    ...row('', 'bytes', (g) => g.bytesPerToken),
    name: 'chain: bank-created on-chain bytes per token (its creation’s storage)',
  },
];
