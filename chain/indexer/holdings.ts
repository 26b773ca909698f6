/**
 * Who holds which tokens of one FA2 contract, read from the indexer (TzKT API) through `@tzkt/sdk-api`.
 *
 * Read-after-write (ARCHITECTURE.md, "Chain"): after an operation is confirmed at level L, a read with
 * `minLevel: L` first waits until the indexer's head has reached L, with a deadline, so it never returns balances
 * from before the operation. It wakes when TzKT's hub announces the head (events.ts), and polls the head only while
 * that socket is down. Transient failures (connection refused, 5xx, 429, a request
 * that hangs) are retried until the deadline; anything else fails at once with a coded IndexerError.
 */
import { headGet, tokensGetTokenBalances, type TokenBalance } from '@tzkt/sdk-api';
import { sleep, systemClock, type Clock } from '../clock';
import { isAddress, isContractAddress } from '../validate';
import { IndexerError, isIndexerError } from '../errors';
import { IndexerClient } from './client';
import { headFeed, nextHead, type HeadFeed } from './events';

export interface HoldingsReaderOptions {
  /** TzKT API root (a `Network.tzktUrl`). */
  readonly tzktUrl: string;
  /** How long a read may wait for the indexer, in total (default 30 s). */
  readonly timeoutMs?: number;
  /** Pause between polls of the head and between retries (default 250 ms). */
  readonly pollMs?: number;
  /** One HTTP request's limit before it counts as failed and is retried (default 10 s). */
  readonly requestTimeoutMs?: number;
  /** Rows per page (default 1000; TzKT allows up to 10000). */
  readonly pageSize?: number;
  /** The head announcements a wait wakes on (default: the TzKT API's own hub); false to poll only. */
  readonly headFeed?: HeadFeed | false;
  /** Deadlines, polls and retries (default: the system's). */
  readonly clock?: Clock;
}

export interface HoldingsQuery {
  /** The FA2 contract (KT1…). */
  readonly contract: string;
  /** Only these token ids (default: every token of the contract). */
  readonly tokenIds?: readonly (bigint | number | string)[];
  /** Only these owners (default: every holder). */
  readonly owners?: readonly string[];
  /** Wait until the indexer has reached this level (the level of the last confirmed operation). */
  readonly minLevel?: number;
  /** Also list zero balances of past holders (default false). */
  readonly includeZero?: boolean;
}

export interface Holding {
  readonly owner: string;
  readonly tokenId: bigint;
  readonly balance: bigint;
  /** The level of the balance's last change. */
  readonly lastLevel: number;
  /** The token's metadata as TzKT shows it (see `decodeIndexedMetadata`), when it has some. */
  readonly metadata?: unknown;
}

export interface Holdings {
  /** The indexer's head level when the read started (≥ `minLevel`). */
  readonly level: number;
  /** Sorted by token id, then owner. */
  readonly holdings: readonly Holding[];
}

/** Chunks of `in` lists, so query strings stay short. */
const IN_CHUNK = 100;

/** While the hub is up a wait still looks at the head this often, in case an announcement was lost. */
const LIVE_RECHECK_MS = 5_000;

export class HoldingsReader {
  private readonly client: IndexerClient;
  private readonly timeoutMs: number;
  private readonly pageSize: number;
  private readonly feed: HeadFeed | null;
  private readonly clock: Clock;

  /** @throws IndexerError `BAD_URL`, `INDEXER_BAD_INPUT` (a limit that is not a positive number). */
  constructor(options: HoldingsReaderOptions) {
    this.clock = options.clock ?? systemClock;
    this.client = new IndexerClient({
      tzktUrl: options.tzktUrl,
      clock: this.clock,
      ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
      ...(options.requestTimeoutMs !== undefined ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
    });
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.pageSize = options.pageSize ?? 1000;
    this.feed = options.headFeed === false ? null : (options.headFeed ?? headFeed(this.client.url, this.clock));
    for (const [k, v] of Object.entries({ timeoutMs: this.timeoutMs, pageSize: this.pageSize })) {
      if (!Number.isFinite(v) || v <= 0 || (k === 'pageSize' && (!Number.isInteger(v) || v > 10_000))) {
        throw new IndexerError(
          'INDEXER_BAD_INPUT',
          `${k} must be a positive number${k === 'pageSize' ? ' ≤ 10000' : ''}, got ${v}`,
        );
      }
    }
  }

  private get tzktUrl(): string {
    return this.client.url;
  }

  private get pollMs(): number {
    return this.client.pollMs;
  }

  /** The indexer's head level now. */
  async headLevel(deadline = this.clock.now() + this.timeoutMs): Promise<number> {
    const head = await this.client.untilDeadline('head', deadline, (opts) => headGet(opts));
    if (typeof head.level !== 'number')
      throw new IndexerError('INDEXER_HTTP', `TzKT API at ${this.tzktUrl} returned a head without a level`, {
        url: this.tzktUrl,
      });
    return head.level;
  }

  /**
   * Waits until the indexer has indexed `minLevel` and returns its head level then.
   * @throws IndexerError `INDEXER_TIMEOUT` (still behind at the deadline; `detail.level` is the last head seen),
   *   `INDEXER_UNREACHABLE`, `INDEXER_HTTP`.
   */
  async waitForLevel(minLevel: number, deadline = this.clock.now() + this.timeoutMs): Promise<number> {
    if (!Number.isInteger(minLevel) || minLevel < 0)
      throw new IndexerError('INDEXER_BAD_INPUT', `minLevel must be a level (a natural number), got ${minLevel}`);
    const behind = (level: number, cause?: unknown): IndexerError =>
      new IndexerError(
        'INDEXER_TIMEOUT',
        `TzKT API at ${this.tzktUrl} is at level ${level}, still behind level ${minLevel} after ${this.timeoutMs} ms`,
        { url: this.tzktUrl, level, minLevel },
        cause === undefined ? undefined : { cause },
      );
    let seen: number | undefined;
    for (;;) {
      let level: number;
      try {
        level = await this.headLevel(deadline);
      } catch (e) {
        // A head request cut short by the deadline: report how far the indexer had got.
        if (seen !== undefined && isIndexerError(e) && e.code === 'INDEXER_TIMEOUT') throw behind(seen, e);
        throw e;
      }
      seen = level;
      if (level >= minLevel) return level;
      if (this.clock.now() + this.pollMs >= deadline) throw behind(level);
      await this.nextLook(minLevel, deadline);
    }
  }

  /** Until the hub announces `minLevel` (or the socket is down and a poll is due), within the deadline. */
  private async nextLook(minLevel: number, deadline: number): Promise<void> {
    if (!this.feed) return sleep(this.clock, this.pollMs, { keepAlive: true });
    await nextHead(
      this.feed,
      minLevel,
      Math.min(deadline - this.clock.now() - this.pollMs, this.feed.live ? LIVE_RECHECK_MS : this.pollMs),
      this.clock,
    );
  }

  /**
   * Balances of one contract's tokens, by token id and owner, once the indexer has reached `minLevel`.
   * @throws IndexerError `INDEXER_BAD_INPUT` (bad contract, owner or token id), `INDEXER_TIMEOUT`,
   *   `INDEXER_UNREACHABLE`, `INDEXER_HTTP`.
   */
  async read(query: HoldingsQuery): Promise<Holdings> {
    if (!isContractAddress(query.contract))
      throw new IndexerError('INDEXER_BAD_INPUT', `"${query.contract}" is not a contract address (KT1…)`);
    const owners = query.owners?.map((o) => {
      if (!isAddress(o)) throw new IndexerError('INDEXER_BAD_INPUT', `owner "${o}" is not a Tezos address`);
      return o;
    });
    const tokenIds = query.tokenIds?.map((t) => {
      const s = String(t);
      if (!/^\d+$/.test(s)) throw new IndexerError('INDEXER_BAD_INPUT', `token id "${s}" is not a natural number`);
      return BigInt(s).toString();
    });
    const deadline = this.clock.now() + this.timeoutMs;
    const level =
      query.minLevel !== undefined ? await this.waitForLevel(query.minLevel, deadline) : await this.headLevel(deadline);
    // An empty list selects nothing; don't send it (TzKT would read `in=` as no filter or reject it).
    if (owners?.length === 0 || tokenIds?.length === 0) return { level, holdings: [] };

    const rows: TokenBalance[] = [];
    for (const ownerChunk of chunks(owners)) {
      for (const idChunk of chunks(tokenIds)) {
        rows.push(...(await this.balances(query.contract, ownerChunk, idChunk, query.includeZero ?? false, deadline)));
      }
    }
    const holdings = rows.map((r): Holding => {
      const metadata = r.token?.metadata as unknown;
      return {
        owner: r.account?.address ?? '',
        tokenId: BigInt(r.token?.tokenId ?? '0'),
        balance: BigInt(r.balance ?? '0'),
        lastLevel: r.lastLevel ?? 0,
        ...(metadata !== undefined && metadata !== null ? { metadata } : {}),
      };
    });
    holdings.sort((a, b) =>
      a.tokenId !== b.tokenId ? (a.tokenId < b.tokenId ? -1 : 1) : a.owner < b.owner ? -1 : a.owner > b.owner ? 1 : 0,
    );
    return { level, holdings };
  }

  /** Every matching balance row, page by page (cursor on `id`, so rows added meanwhile are not skipped twice). */
  private async balances(
    contract: string,
    owners: string[] | undefined,
    tokenIds: string[] | undefined,
    includeZero: boolean,
    deadline: number,
  ): Promise<TokenBalance[]> {
    const out: TokenBalance[] = [];
    let cursor: number | undefined;
    for (;;) {
      const page = await this.client.untilDeadline('token balances', deadline, (opts) =>
        tokensGetTokenBalances(
          {
            tokenContract: { eq: contract },
            // The SDK repeats array items as separate query parameters and TzKT reads only the first
            // (tzkt/api-sdk-ts#20): one comma-joined item carries the whole list.
            ...(owners ? { account: { in: [owners.join(',')] } } : {}),
            ...(tokenIds ? { tokenTokenId: { in: [tokenIds.join(',')] } } : {}),
            ...(includeZero ? {} : { balance: { gt: '0' } }),
            sort: { asc: 'id' },
            ...(cursor !== undefined ? { offset: { cr: cursor } } : {}),
            limit: this.pageSize,
          },
          opts,
        ),
      );
      out.push(...page);
      const last = page[page.length - 1]?.id;
      if (page.length < this.pageSize || last === undefined) return out;
      cursor = last;
    }
  }
}

function chunks(list: string[] | undefined): (string[] | undefined)[] {
  if (!list) return [undefined];
  const out: string[][] = [];
  const unique = [...new Set(list)];
  for (let i = 0; i < unique.length; i += IN_CHUNK) out.push(unique.slice(i, i + IN_CHUNK));
  return out;
}

/** A reader for a network's TzKT API (`readHoldings(network, …)` for one-off reads). */
export const holdingsReader = (
  network: { readonly tzktUrl: string },
  options: Omit<HoldingsReaderOptions, 'tzktUrl'> = {},
): HoldingsReader => new HoldingsReader({ ...options, tzktUrl: network.tzktUrl });

/** One read: see `HoldingsReader.read`. */
export const readHoldings = (
  network: { readonly tzktUrl: string },
  query: HoldingsQuery,
  options: Omit<HoldingsReaderOptions, 'tzktUrl'> = {},
): Promise<Holdings> => holdingsReader(network, options).read(query);
