/**
 * Which web pages may call the devnet from a browser, as a node behind a sane reverse proxy answers: the app's own
 * origin gets CORS headers, a request from any other page (its `Origin` header names another site) is refused with
 * 403 before it does anything — a page may not even send it, since a simple cross-site POST (`text/plain`, no
 * preflight) would otherwise still run. Octez's RPC server refuses requests failing its `--cors-origin` check the
 * same way (resto's `invalid_cors`: 403). Clients outside a browser send no `Origin` and are served as before.
 */

/** An app served on loopback at `port`, under both names a browser may open it by. */
export const loopbackOrigins = (port: number): string[] => [`http://localhost:${port}`, `http://127.0.0.1:${port}`];

/** The app `npm start` serves (scripts/start.ts runs `next start -p 3000`). */
export const DEFAULT_CORS_ORIGINS: readonly string[] = loopbackOrigins(3000);

/** The environment variable scripts/devnet.ts and scripts/start.ts read: origins, comma-separated (`*` for any). */
export const CORS_ORIGINS_VAR = 'DEVNET_CORS_ORIGINS';

const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/\s?#]+$/;

/** `scheme://host[:port]` in lower case, without a trailing slash, as browsers send it; `*` stays `*`. */
function normalizeOrigin(text: string): string {
  const o = text.trim().replace(/\/$/, '').toLowerCase();
  if (o !== '*' && !ORIGIN.test(o))
    throw new RangeError(`${JSON.stringify(text)} is not an origin (scheme://host[:port], or *)`);
  return o;
}

/** A comma-separated list (the environment variable's form); an empty list allows no browser page. */
const parseCorsOrigins = (text: string): string[] =>
  text
    .split(',')
    .filter((s) => s.trim() !== '')
    .map(normalizeOrigin);

/** The origins the environment variable's value names, DEFAULT_CORS_ORIGINS when unset or blank. */
export function corsOriginsFrom(value: string | undefined): readonly string[] {
  if (value === undefined || value.trim() === '') return DEFAULT_CORS_ORIGINS;
  try {
    return parseCorsOrigins(value);
  } catch (e) {
    throw new RangeError(`${CORS_ORIGINS_VAR}: ${(e as Error).message}`, { cause: e });
  }
}

export class CorsPolicy {
  private readonly origins: Set<string>;

  constructor(origins: readonly string[] = DEFAULT_CORS_ORIGINS) {
    this.origins = new Set(origins.map(normalizeOrigin));
  }

  /** Adds an origin (an app started after the devnet, on a port picked then). */
  allow(origin: string): void {
    this.origins.add(normalizeOrigin(origin));
  }

  allows(origin: string): boolean {
    return this.origins.has('*') || this.origins.has(origin.toLowerCase());
  }

  list(): string[] {
    return [...this.origins];
  }
}
