/**
 * The TzKT API as every reader here calls it: one `@tzkt/sdk-api` call at a time, each with its own timeout, every
 * failure classified once into an `IndexerError` (unreachable, timed out, an HTTP error, an answer that is not
 * TzKT's), and — for reads that may wait for the indexer to catch up — retried while the failure is transient.
 */
import { sleep, systemClock, type Clock } from '../clock';
import { IndexerError } from '../errors';

/** What an SDK call is given: the API root and the signal that ends it. */
export interface SdkOptions {
  readonly baseUrl: string;
  readonly signal: AbortSignal;
}

export type SdkCall<T> = (options: SdkOptions) => Promise<T>;

export interface IndexerClientOptions {
  /** TzKT API root (a `Network.tzktUrl`). */
  readonly tzktUrl: string;
  /** One HTTP request's limit (default 10 s). */
  readonly requestTimeoutMs?: number;
  /** Pause between retries (default 250 ms). */
  readonly pollMs?: number;
  /** Deadlines and the pauses between retries (default: the system's). */
  readonly clock?: Clock;
}

/**
 * What a failed SDK call means, and whether trying again can help: 5xx, 429, a hang and a refused connection may
 * pass; any other status, or an answer that is not TzKT's JSON, will not.
 */
export function classifyFailure(e: unknown, url: string): { error: IndexerError; retry: boolean } {
  const status =
    typeof (e as { status?: unknown } | null)?.status === 'number' ? (e as { status: number }).status : null;
  if (status !== null) {
    return {
      error: new IndexerError(
        'INDEXER_HTTP',
        `The indexer at ${url} answered with an error (HTTP ${status}).`,
        { url, status },
        { cause: e },
      ),
      retry: status >= 500 || status === 429,
    };
  }
  const name = e instanceof Error ? e.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return {
      error: new IndexerError(
        'INDEXER_TIMEOUT',
        `The indexer at ${url} did not answer in time.`,
        { url },
        { cause: e },
      ),
      retry: true,
    };
  }
  // fetch rejects with a TypeError for refused connections, DNS failures and resets.
  if (e instanceof TypeError)
    return {
      error: new IndexerError(
        'INDEXER_UNREACHABLE',
        `The indexer at ${url} did not answer: is it running?`,
        { url },
        { cause: e },
      ),
      retry: true,
    };
  const detail = e instanceof Error && e.message ? ` (${e.message})` : '';
  return {
    error: new IndexerError(
      'INDEXER_HTTP',
      `The indexer at ${url} gave an answer that is not TzKT's${detail}.`,
      { url },
      { cause: e },
    ),
    retry: false,
  };
}

export class IndexerClient {
  /** The API root, without a trailing slash. */
  readonly url: string;
  readonly requestTimeoutMs: number;
  readonly pollMs: number;
  readonly clock: Clock;

  /** @throws IndexerError `BAD_URL` (not an http(s) URL), `INDEXER_BAD_INPUT` (a limit that is not a positive number). */
  constructor(options: IndexerClientOptions) {
    this.url = options.tzktUrl.trim().replace(/\/+$/, '');
    if (!/^https?:\/\/\S+$/.test(this.url))
      throw new IndexerError('BAD_URL', `"${options.tzktUrl}" is not the http(s) address of a TzKT API`, {
        url: options.tzktUrl,
      });
    this.requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
    this.pollMs = options.pollMs ?? 250;
    this.clock = options.clock ?? systemClock;
    for (const [k, v] of Object.entries({ requestTimeoutMs: this.requestTimeoutMs, pollMs: this.pollMs })) {
      if (!Number.isFinite(v) || v <= 0)
        throw new IndexerError('INDEXER_BAD_INPUT', `${k} must be a positive number, got ${v}`);
    }
  }

  /**
   * One call with the request timeout (or `timeoutMs`). A request's own limit is real time (an I/O deadline), not the
   * clock's. @throws IndexerError
   */
  async once<T>(run: SdkCall<T>, timeoutMs = this.requestTimeoutMs): Promise<T> {
    try {
      return await run({ baseUrl: this.url, signal: AbortSignal.timeout(Math.max(1, timeoutMs)) });
    } catch (e) {
      throw classifyFailure(e, this.url).error;
    }
  }

  /**
   * One call, tried again after transient failures until `deadline` (ms epoch), each attempt within the request
   * timeout and the time left.
   * @throws IndexerError the failure that will not pass; at the deadline the last one the indexer answered with
   *   (an HTTP 503 says more than the hang the deadline cut short) as `INDEXER_TIMEOUT`, or `INDEXER_UNREACHABLE`
   *   when it never answered at all.
   */
  async untilDeadline<T>(what: string, deadline: number, run: SdkCall<T>): Promise<T> {
    let answered: IndexerError | undefined;
    const started = this.clock.now();
    for (;;) {
      let failure: { error: IndexerError; retry: boolean };
      try {
        // The request is cut in real time (an I/O deadline), after at most what the clock leaves before the deadline.
        return await run({
          baseUrl: this.url,
          signal: AbortSignal.timeout(Math.max(1, Math.min(this.requestTimeoutMs, deadline - this.clock.now()))),
        });
      } catch (e) {
        failure = classifyFailure(e, this.url);
      }
      if (!failure.retry) throw failure.error;
      if (failure.error.code === 'INDEXER_HTTP') answered = failure.error;
      if (this.clock.now() + this.pollMs >= deadline) {
        if (failure.error.code === 'INDEXER_UNREACHABLE' && !answered) throw failure.error;
        const cause = answered ?? failure.error;
        throw new IndexerError(
          'INDEXER_TIMEOUT',
          `${what}: gave up after ${this.clock.now() - started} ms (${cause.message})`,
          { url: this.url },
          { cause },
        );
      }
      await sleep(this.clock, this.pollMs, { keepAlive: true });
    }
  }
}
