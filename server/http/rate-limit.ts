/**
 * Rate limits at the route handlers: who a request is (server/limits: its client address and signed-in
 * wallet), one point of its kind taken before the handler runs, and a 429 with `Retry-After` when it is over —
 * nothing else is done for it. One limiter per process, from the environment (docs/security-and-limits.md).
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
import { refusalResponse } from './respond';

// Next re-evaluates route modules (dev reloads, several route bundles): the counts must be one per process.
const KEY = Symbol.for('tezos-pole.rate-limits');
type Registry = { [KEY]?: { readonly settings: LimitSettings; readonly limits: RateLimits } };

/** The process's limits and limiter (created from the environment on first use). */
export function processLimits(): { readonly settings: LimitSettings; readonly limits: RateLimits } {
  const registry = globalThis as Registry;
  if (!registry[KEY]) {
    const settings = limitSettingsFromEnv(process.env);
    registry[KEY] = { settings, limits: new RateLimits(settings.rates) };
  }
  return registry[KEY];
}

/** Who sent the request: its client address and the wallet its session cookie is signed in as. */
export async function requester(request: Request): Promise<Requester> {
  return {
    client: clientAddress(request.headers, processLimits().settings.trustedProxyHeader),
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
    await processLimits().limits.consume(kind, who);
  } catch (err) {
    return refusalResponse(err);
  }
  return handler(who);
}
