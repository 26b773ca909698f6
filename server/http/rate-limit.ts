/**
 * Rate limits at the route handlers: who a request is (server/limits: its client address and signed-in
 * wallet), one point of its kind taken before the handler runs, and a 429 with `Retry-After` when it is over —
 * nothing else is done for it. One limiter per process, from the environment (docs/security.md), counting in
 * PostgreSQL when the app runs on it (every instance shares the counts), else in memory.
 */
import { sessionAddress } from '../auth';
import {
  clientAddress,
  limitSettingsFromEnv,
  RateLimits,
  type LimitSettings,
  type RateKind,
  type Requester,
} from '../limits';
import { postgresLimiters } from '../limits/rate-limit-store';
import { refusalResponse } from './respond';

interface ProcessLimits {
  readonly settings: LimitSettings;
  readonly limits: RateLimits;
}

// Next re-evaluates route modules (dev reloads, several route bundles): the counts must be one per process.
const KEY = Symbol.for('tezos-pole.rate-limits');
type Registry = { [KEY]?: Promise<ProcessLimits> };

async function makeLimits(env: NodeJS.ProcessEnv): Promise<ProcessLimits> {
  const settings = limitSettingsFromEnv(env);
  const url = env['DATABASE_URL']?.trim();
  const shared = url ? await postgresLimiters(url) : null;
  return { settings, limits: new RateLimits(settings.rates, shared?.make) };
}

/** The process's limits and limiter (created from the environment on first use; a failed start is tried again). */
export function processLimits(): Promise<ProcessLimits> {
  const registry = globalThis as Registry;
  const made = (registry[KEY] ??= makeLimits(process.env));
  made.catch(() => {
    if (registry[KEY] === made) delete registry[KEY];
  });
  return made;
}

/** Who sent the request: its client (network address, IPv6 by /64) and the wallet its session cookie is signed in as. */
export async function requester(request: Request): Promise<Requester> {
  return {
    client: clientAddress(request.headers, (await processLimits()).settings.identity),
    address: await sessionAddress(request),
  };
}

/**
 * Runs `handler` for the requester when it is within its rate of `kind`; otherwise answers 429 RATE_LIMITED with
 * `Retry-After` (seconds) and runs nothing.
 */
export async function rateLimited(
  request: Request,
  kind: RateKind,
  handler: (who: Requester) => Promise<Response>,
): Promise<Response> {
  let who: Requester;
  try {
    who = await requester(request);
    await (await processLimits()).limits.consume(kind, who);
  } catch (err) {
    return refusalResponse(err);
  }
  return handler(who);
}
