// rate-limiter-flexible, not a counter of our own: a maintained, widely used limiter whose in-memory
// store counts atomically per key, forgets a key when its window ends (unref'd timers: nothing keeps a process
// alive or grows with every client ever seen) and tells a refusal how long until the next point — Retry-After.
// Its PostgreSQL store takes the same calls, so instances on one database share one count (rate-limit-store.ts).
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RequestError } from '../errors';
import type { Rate, RateKind } from './settings';

/** Who a request counts against: its client (network address) and, when signed in, its wallet. */
export interface Requester {
  readonly client: string;
  readonly address: string | null;
}

const WHAT: Readonly<Record<RateKind, string>> = {
  create: 'games created',
  action: 'actions',
  chat: 'messages',
  join: 'seats joined',
  lab: 'balance lab runs',
  upload: 'images uploaded',
  signIn: 'sign-in requests (and name changes)',
  seat: 'seat hand-overs',
  studio: 'studio writes',
};

/** Makes the limiter of one kind (`keyPrefix` keeps kinds apart in a shared store); in memory unless told otherwise. */
export type LimiterFactory = (options: {
  readonly keyPrefix: string;
  readonly points: number;
  readonly duration: number;
}) => RateLimiterAbstract;

const inMemory: LimiterFactory = (options) => new RateLimiterMemory(options);

/** The key every client's request of a kind also counts against, when the kind has a global cap. */
const EVERYONE = 'everyone';

interface KindLimiters {
  readonly rate: Rate;
  readonly limiter: RateLimiterAbstract;
  /** Everyone's requests of the kind together, when it has a global cap. */
  readonly everyone: RateLimiterAbstract | null;
}

/**
 * Per-client and per-wallet request rates, one fixed window per kind of request, and a global cap per kind. A
 * request takes one point from its client's budget and, when signed in, one from its wallet's: changing address does
 * not escape a wallet's limit, and signing in with many wallets does not escape a client's. The global point is
 * taken only once the request is within those, so one greedy client spends its own budget, not everyone's.
 */
export class RateLimits {
  readonly #limiters = new Map<RateKind, KindLimiters>();

  constructor(rates: Partial<Readonly<Record<RateKind, Rate | null>>>, make: LimiterFactory = inMemory) {
    for (const [kind, rate] of Object.entries(rates) as [RateKind, Rate | null][]) {
      if (rate)
        this.#limiters.set(kind, {
          rate,
          limiter: make({ keyPrefix: kind, points: rate.points, duration: rate.seconds }),
          everyone:
            rate.global === null
              ? null
              : make({ keyPrefix: `${kind}-all`, points: rate.global, duration: rate.seconds }),
        });
    }
  }

  /** The rate of `kind`, or null when it is not limited. */
  rate(kind: RateKind): Rate | null {
    return this.#limiters.get(kind)?.rate ?? null;
  }

  /**
   * Takes a point of `kind` for the requester.
   * @throws HostError 429 RATE_LIMITED with `retryAfterSeconds` (whole seconds, at least 1) in its detail
   */
  async consume(kind: RateKind, who: Requester): Promise<void> {
    await this.#take(kind, [`client:${who.client}`, ...(who.address ? [`wallet:${who.address}`] : [])]);
  }

  /**
   * Takes a point of `kind` for a game's seat (chat is limited per seat too, whichever client or wallet
   * posts for it).
   * @throws HostError 429 RATE_LIMITED as `consume`
   */
  async consumeSeat(kind: RateKind, gameId: string, seat: number): Promise<void> {
    await this.#take(kind, [`seat:${gameId}/${seat}`], 'one seat');
  }

  async #take(kind: RateKind, keys: readonly string[], from = 'one client or wallet'): Promise<void> {
    const entry = this.#limiters.get(kind);
    if (!entry) return;
    const refused = (await Promise.all(keys.map((key) => attempt(entry.limiter, key)))).filter((r) => r !== null);
    const { points, seconds } = entry.rate;
    if (refused.length > 0) {
      const retryAfterSeconds = waitOf(refused);
      throw new RequestError(
        'RATE_LIMITED',
        `too many ${WHAT[kind]}: at most ${points} every ${seconds} s from ${from}; try again in ${retryAfterSeconds} s`,
        { retryAfterSeconds, kind },
      );
    }
    const crowd = entry.everyone && (await attempt(entry.everyone, EVERYONE));
    if (crowd) {
      const retryAfterSeconds = waitOf([crowd]);
      throw new RequestError(
        'SERVER_BUSY',
        `the server takes at most ${entry.rate.global} ${WHAT[kind]} every ${seconds} s from everyone together, and has had them: try again in ${retryAfterSeconds} s`,
        { retryAfterSeconds, kind },
      );
    }
  }
}

/** One point of `key`, or the limiter's refusal. */
const attempt = (limiter: RateLimiterAbstract, key: string): Promise<RateLimiterRes | null> =>
  limiter.consume(key).then(
    () => null,
    (e: unknown) => refusalOf(e),
  );

/** Whole seconds (at least 1) until every refusal's window has a point again. */
const waitOf = (refused: readonly RateLimiterRes[]): number =>
  Math.max(1, ...refused.map((r) => Math.ceil(r.msBeforeNext / 1000)));

/** The limiter's refusal (over the limit); anything else it throws is a bug worth seeing. */
function refusalOf(e: unknown): RateLimiterRes {
  if (e instanceof RateLimiterRes) return e;
  throw e;
}
