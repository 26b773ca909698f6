/**
 * What every part of the chain side shares: the store and its `chain_ops` rows, the settings, one clock, the tuning
 * (back-offs, timeouts, funding, limits), the host's hooks, the bridges, and the background work — tracked so `idle`
 * can wait for it, reported when it fails, and none started once the chain side is closed.
 */
import { InMemorySigner } from '@taquito/signer';
import { BridgeError, isBridgeError, PoleBridge } from '../../chain/pole-bridge';
import { systemClock, type Clock } from '../../chain/clock';
import { BackgroundWork } from '../background-work';
import { ChainGameError } from '../errors';
import type { ContentNode } from '../ipfs/content-node';
import { openHeliaNode } from '../ipfs/helia-node';
import { DEFAULT_LIMITS, type LimitSettings } from '../limits';
import type { ChainGameRow, ChainStore } from './chain-store';
import { sharedDeliveries, type Deliveries } from './deliveries';
import type { ChainSettings } from './settings';
import { OpLog } from './steps';

/** What the host does when the chain side of a game changes. */
export interface ChainHostHooks {
  /** Runs the kept step of a paused game again (in the game's queue). */
  retry(gameId: string): void;
  /** Setup finished, an approval confirmed, a pause began or ended: bots and timers may be planned again. */
  changed(gameId: string): void;
  /** A chain operation of the game began or changed status: whoever shows the game's chain status reads it again. */
  opsChanged(gameId: string): void;
}

export interface ChainGamesOptions {
  readonly onError?: (err: unknown) => void;
  /** Backoff of retries after the chain or the indexer did not answer: first delay and cap (ms). */
  readonly backoffMs?: { readonly first: number; readonly max: number };
  /** How long a person's approval operation is looked for before it is reported as not included (ms). */
  readonly approvalTimeoutMs?: number;
  /** How long to wait for the bank's operations to be included (s). */
  readonly confirmationTimeoutSeconds?: number;
  /** Holdings reads: how long to wait for the indexer to reach a level (ms). */
  readonly indexerTimeoutMs?: number;
  /**
   * What a bot wallet is topped up to when it is short of a `join_game` (mutez): its fee, the grant's storage and,
   * the first time, the reveal of its key. The pool's wallets keep the rest for their next game.
   */
  readonly botFundingMutez?: number;
  /** Per creating wallet: live on-chain games, and bot seats over them (the bank pays for each; server/limits). */
  readonly walletLimits?: LimitSettings['chain'];
  /**
   * The IPFS node that holds what the tokens point to (their metadata, the tiles' art): the process's node (default:
   * one of the chain side's own, in memory, opened when first needed and closed with it).
   */
  readonly content?: ContentNode;
  /** Told each time a game waited on the chain (ms): the benchmark's measure of how long the chain held a game up. */
  readonly onWait?: (gameId: string, what: ChainWait, ms: number) => void;
  /**
   * Time, timers and every wait of the chain side, down to the holdings reads and the bank's sends: the host's own
   * clock, so one clock drives both (default: the system's).
   */
  readonly clock?: Clock;
  /**
   * The logged steps on their way, shared by every ChainGames of the process, so a restarted one waits for what its
   * predecessor still sends (default: the process's, `sharedDeliveries`).
   */
  readonly deliveries?: Deliveries;
}

/**
 * What a game waited for: `setup` (tokens, funding, the bots' joins), `read` (a holdings read before a roll or
 * flip), `check` (a purchase simulated before it is taken), `inclusion` (a burn's block), `drain` (the game's
 * operations all in: before the roll that ends it, and before closing it).
 */
export type ChainWait = 'setup' | 'read' | 'check' | 'inclusion' | 'drain';

/** The options with their defaults. */
export interface Tuning {
  readonly backoff: { readonly first: number; readonly max: number };
  readonly approvalTimeoutMs: number;
  readonly confirmationTimeoutSeconds: number;
  readonly indexerTimeoutMs: number;
  readonly botFundingMutez: number;
  /** The most one `join_game` of a bot can cost its wallet (mutez): below that, it is topped up. */
  readonly botJoinMutez: number;
  readonly walletLimits: LimitSettings['chain'];
}

/**
 * A bot's `join_game`: its grant in the contract (about 120 bytes with the app's 16-character game ids, at 250 mutez a
 * byte: about 30,000 mutez), its fee (about 600 mutez) and the first time its key's reveal: 40,000 covers it.
 */
const BOT_JOIN_MUTEZ = 40_000;
/** Topped up to several joins' worth, so a wallet is not topped up before every game, nor short when games start at once. */
const BOT_FUNDING_MUTEZ = 250_000;

/** Errors after which trying again later can succeed: nothing was refused, something did not answer. */
const TRANSIENT = new Set(['BRIDGE_RPC', 'BRIDGE_INDEXER', 'BRIDGE_UNCONFIRMED']);
export const isTransient = (e: unknown): e is BridgeError => isBridgeError(e) && TRANSIENT.has(e.code);

export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The IPFS node a chain side uses: the one it was given, else one of its own, opened when first needed. */
export class ContentHolder {
  #own: Promise<ContentNode> | null = null;

  constructor(private readonly given: ContentNode | undefined) {}

  node(): Promise<ContentNode> {
    if (this.given) return Promise.resolve(this.given);
    return (this.#own ??= openHeliaNode());
  }

  /** Stops the node it opened itself, in the background (a given one is its owner's to close). */
  closeOwn(onError: (err: unknown) => void): void {
    const own = this.#own;
    this.#own = null;
    own?.then((node) => node.close()).catch(onError);
  }
}

export class ChainRuntime {
  readonly store: ChainStore;
  readonly ops: OpLog;
  readonly settings: ChainSettings;
  readonly clock: Clock;
  readonly tuning: Tuning;
  readonly deliveries: Deliveries;
  readonly onError: (err: unknown) => void;
  /** Setup, joins, deliveries and closings: tracked so `idle` can wait for them; none starts once closed. */
  readonly background: BackgroundWork;
  /** The host's hooks, as bound (none until `bindHost`). */
  readonly host: ChainHostHooks = {
    retry: (gameId) => this.#hooks.retry(gameId),
    changed: (gameId) => this.#hooks.changed(gameId),
    opsChanged: (gameId) => this.#hooks.opsChanged(gameId),
  };
  readonly #onWait: ChainGamesOptions['onWait'];
  /** The IPFS node the tokens' content is held by (see ChainGamesOptions.content). */
  readonly content: ContentHolder;
  #hooks: ChainHostHooks = { retry: () => undefined, changed: () => undefined, opsChanged: () => undefined };

  constructor(store: ChainStore, settings: ChainSettings, options: ChainGamesOptions) {
    this.store = store;
    this.ops = new OpLog(store, (gameId) => this.host.opsChanged(gameId));
    this.settings = settings;
    this.clock = options.clock ?? systemClock;
    this.tuning = {
      backoff: options.backoffMs ?? { first: 1000, max: 30_000 },
      approvalTimeoutMs: options.approvalTimeoutMs ?? 300_000,
      confirmationTimeoutSeconds: options.confirmationTimeoutSeconds ?? 180,
      indexerTimeoutMs: options.indexerTimeoutMs ?? 30_000,
      botFundingMutez: options.botFundingMutez ?? BOT_FUNDING_MUTEZ,
      botJoinMutez: Math.min(options.botFundingMutez ?? BOT_FUNDING_MUTEZ, BOT_JOIN_MUTEZ),
      walletLimits: options.walletLimits ?? DEFAULT_LIMITS.chain,
    };
    this.deliveries = options.deliveries ?? sharedDeliveries();
    this.onError = options.onError ?? ((err) => console.error('[chain]', err));
    this.background = new BackgroundWork(this.onError);
    this.#onWait = options.onWait;
    this.content = new ContentHolder(options.content);
  }

  bindHost(hooks: ChainHostHooks): void {
    this.#hooks = hooks;
  }

  /** The delay before try `attempt` + 1 after the chain did not answer (0: the first retry). */
  backoff(attempt: number): number {
    const { first, max } = this.tuning.backoff;
    return Math.min(max, first * 2 ** attempt);
  }

  /** How long the bank's operations are waited for (ms). */
  get confirmationMs(): number {
    return this.tuning.confirmationTimeoutSeconds * 1000;
  }

  /**
   * Runs `work`, telling `onWait` how long the game waited on it. Measured on the process's own timer, not the
   * clock: the benchmark wants the real time, which a test's clock does not tell.
   */
  async timed<T>(gameId: string, what: ChainWait, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.#onWait?.(gameId, what, performance.now() - started);
    }
  }

  /** A bridge for a game's row (`null`: for the bank alone). @throws HostError 409 CHAIN_MOVED */
  async bridge(row: ChainGameRow | null): Promise<PoleBridge> {
    const { settings } = this;
    if (row && row.contract !== settings.contract) {
      throw new ChainGameError(
        'CHAIN_MOVED',
        `game ${row.gameId} lives in contract ${row.contract}, but the app now uses ${settings.contract}`,
      );
    }
    return PoleBridge.create({
      network: settings.network,
      bank: { signer: new InMemorySigner(settings.bankSecretKey) },
      contract: settings.contract,
      ...(row ? { plan: row.plan } : {}),
      confirmationTimeoutSeconds: this.tuning.confirmationTimeoutSeconds,
      holdings: { timeoutMs: this.tuning.indexerTimeoutMs },
      clock: this.clock,
    });
  }
}
