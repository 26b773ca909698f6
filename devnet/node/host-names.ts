/**
 * The host names the devnet answers to, against DNS rebinding: a page on attacker.example, whose name the attacker
 * then points at 127.0.0.1, is same-origin with its own name, so CORS lets it read the RPC, the TzKT API and the
 * bootstrap keys — but the browser still sends `Host: attacker.example`. A request (or WebSocket upgrade) naming
 * another host than loopback's names or the configured ones is answered 421 Misdirected Request before anything runs.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { tezosError } from './errors';

/** The environment variable scripts/devnet.ts and scripts/start.ts read: more host names, comma-separated. */
export const HOST_NAMES_VAR = 'DEVNET_HOSTS';

/** Loopback under the names a client on this machine reaches it by, whatever the port. */
export const LOOPBACK_HOST_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** An ASCII DNS name or IPv4 address (an IDN as its punycode, which is what browsers send). */
const NAME = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/;

/** `host[:port]` as a Host header carries it, the host an IPv6 literal in brackets or a name without `:`. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[^:[\]]*)(?::\d*)?$/;

/** An IPv6 literal in brackets, in the canonical form browsers send (`[0:0::1]` is `[::1]`). */
const bracketed = (address: string): string => new URL(`http://[${address}]/`).hostname;

/** A configured name in the form it is compared in: lower case, an IPv6 literal canonical and bracketed. */
function normalizeHostName(text: string): string {
  const name = text.trim().toLowerCase();
  const v6 = /^\[(.*)\]$/.exec(name)?.[1] ?? name;
  if (isIPv6(v6)) return bracketed(v6);
  if (!NAME.test(name))
    throw new RangeError(`${JSON.stringify(text)} is not a host name (a name or IP address, without scheme or port)`);
  return name;
}

/** The extra names the environment variable's value lists; none when unset or blank. */
export function hostNamesFrom(value: string | undefined): readonly string[] {
  try {
    return (value ?? '')
      .split(',')
      .filter((s) => s.trim() !== '')
      .map(normalizeHostName);
  } catch (e) {
    throw new RangeError(`${HOST_NAMES_VAR}: ${(e as Error).message}`, { cause: e });
  }
}

/** A socket peer on this machine: 127.0.0.0/8, ::1, or IPv4 loopback mapped into IPv6 (a dual-stack listener's). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const a = address.toLowerCase();
  const v4 = a.startsWith('::ffff:') ? a.slice('::ffff:'.length) : a;
  return isIPv4(v4) ? v4.startsWith('127.') : a === '::1';
}

/** The body of a 421, in the node's error format. */
export const MISDIRECTED_ERRORS = [
  tezosError('permanent', 'rpc.misdirected_request', {
    message: `this devnet answers only localhost, 127.0.0.1, [::1] and the host names in ${HOST_NAMES_VAR}`,
  }),
];

export class HostPolicy {
  private readonly names: Set<string>;

  constructor(extra: readonly string[] = []) {
    this.names = new Set([...LOOPBACK_HOST_NAMES, ...extra.map(normalizeHostName)]);
  }

  /**
   * Whether to answer a request with this Host header from this socket peer. A request without Host (HTTP/1.0 only:
   * Node answers 400 to an HTTP/1.1 one) comes from no browser, which always sends it, so it is no rebound page; but
   * no name can be checked either, so it is served from this machine only (a devnet listening on another address
   * refuses it from elsewhere).
   */
  admits(host: string | undefined, peer: string | undefined): boolean {
    if (host === undefined) return isLoopbackAddress(peer);
    const name = HOST_HEADER.exec(host.trim().toLowerCase())?.[1];
    if (name === undefined) return false;
    const v6 = /^\[(.*)\]$/.exec(name)?.[1];
    if (v6 !== undefined) return isIPv6(v6) && this.names.has(bracketed(v6));
    return this.names.has(name);
  }
}
