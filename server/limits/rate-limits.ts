// rate-limiter-flexible, not a counter of our own: a maintained, widely used limiter whose in-memory
// store counts atomically per key, forgets a key when its window ends (unref'd timers: nothing keeps a process
// alive or grows with every client ever seen) and tells a refusal how long until the next point — Retry-After.
// Its Redis/PostgreSQL stores take the same calls, should several app instances ever need one shared count.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
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
};

/**
 * Per-client and per-wallet request rates, one fixed window per kind of request. A request takes one point from
 * its client's budget and, when signed in, one from its wallet's: changing address does not escape a wallet's
 * limit, and signing in with many wallets does not escape a client's.
 */
export class RateLimits {
  readonly #limiters = new Map<RateKind, { readonly limiter: RateLimiterMemory; readonly rate: Rate }>();

  constructor(rates: Readonly<Record<RateKind, Rate | null>>) {
    for (const [kind, rate] of Object.entries(rates) as [RateKind, Rate | null][]) {
      if (rate)
        this.#limiters.set(kind, {
          rate,
          limiter: new RateLimiterMemory({ keyPrefix: kind, points: rate.points, duration: rate.seconds }),
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
    const refused = (
      await Promise.all(
        keys.map((key) =>
          entry.limiter.consume(key).then(
            () => null,
            (e: unknown) => refusalOf(e),
          ),
        ),
      )
    ).filter((r) => r !== null);
    if (refused.length === 0) return;
    const retryAfterSeconds = Math.max(1, ...refused.map((r) => Math.ceil(r.msBeforeNext / 1000)));
    const { points, seconds } = entry.rate;
    throw new RequestError(
      'RATE_LIMITED',
      `too many ${WHAT[kind]}: at most ${points} every ${seconds} s from ${from}; try again in ${retryAfterSeconds} s`,
      {
        retryAfterSeconds,
        kind,
      },
    );
  }
}

/** The limiter's refusal (over the limit); anything else it throws is a bug worth seeing. */
function refusalOf(e: unknown): RateLimiterRes {
  if (e instanceof RateLimiterRes) return e;
  throw e;
}
