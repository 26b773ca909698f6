/**
 * The client a request counts against. A route handler sees no socket, and `next start` passes on an
 * `X-Forwarded-For` the client wrote itself, so neither can be trusted as it comes: the peer is the socket's address,
 * as the app's own server (scripts/serve.ts) stamps it on every request over anything the client sent. Only when that
 * peer is one of the configured trusted proxies is the proxy's header believed — walked from its right, past every
 * trusted hop, to the first address no trusted proxy vouches for. Without a stamped peer every request counts against
 * one shared client: limits still hold, spoofing gets nothing.
 *
 * One person is one client: an IPv6 host is handed a whole /64 (RFC 6177's smallest end-site network) and may take
 * any address in it, so IPv6 clients are counted by their /64 prefix (configurable), IPv4 ones by their address.
 */
// ipaddr.js (the parser Express's proxy-addr uses): IPv4, IPv6 in every textual form, IPv4-mapped IPv6, CIDR ranges.
import ipaddr from 'ipaddr.js';

/** The header scripts/serve.ts sets to the socket's remote address, replacing any value the client sent. */
export const PEER_HEADER = 'x-tezos-pole-peer';

/** Set (to `1`) by scripts/serve.ts in its own environment: PEER_HEADER on a request was written by it. */
export const PEER_STAMP_VAR = 'POLE_PEER_HEADER_STAMPED';

/** What requests count against when their address cannot be known. */
export const UNKNOWN_CLIENT = 'unknown';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
/** An address range: a network address and its prefix length. */
export type AddressRange = readonly [Address, number];

/** How requests are told apart (server/limits/settings.ts reads it from the environment). */
export interface ClientIdentity {
  /** The reverse proxies whose header is believed (a lone address is its own /32 or /128); none by default. */
  readonly trustedProxies: readonly AddressRange[];
  /** The header those proxies append the address they saw to (`x-forwarded-for`). */
  readonly forwardedHeader: string;
  /** IPv6 clients are counted per prefix of this many bits. */
  readonly ipv6Prefix: number;
}

/**
 * An address or CIDR range, or null when it is neither.
 */
export function parseRange(text: string): AddressRange | null {
  const t = text.trim();
  try {
    if (t.includes('/')) return ipaddr.parseCIDR(t);
    const a = ipaddr.parse(t);
    return [a, a.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

/** An address as written (IPv4-mapped IPv6 as the IPv4 it is), or null when it is none. */
function parseAddress(text: string | undefined | null): Address | null {
  // A socket's IPv6 address may carry a zone (`fe80::1%eth0`); the zone names an interface, not a client.
  const t = text?.trim().replace(/%.*$/, '');
  if (!t || !ipaddr.isValid(t)) return null;
  const a = ipaddr.parse(t);
  return a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress() ? (a as ipaddr.IPv6).toIPv4Address() : a;
}

const trusted = (a: Address, proxies: readonly AddressRange[]): boolean =>
  proxies.some(([net, bits]) => net.kind() === a.kind() && a.match(net, bits));

/** The key one client's requests share: an IPv4 address, or an IPv6 network `2001:db8:1:2::/64`. */
function bucket(a: Address, ipv6Prefix: number): string {
  if (a.kind() === 'ipv4') return a.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${a.toString()}/${ipv6Prefix}`);
  return `${network.toString()}/${ipv6Prefix}`;
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Whether the request's socket is on this machine: true or false as scripts/serve.ts stamped it, null when nothing
 * says (plain `next start`, `next dev`: a developer's own server).
 */
export function fromLoopback(headers: Headers, env: Env = process.env): boolean | null {
  if (env[PEER_STAMP_VAR] !== '1') return null;
  return parseAddress(headers.get(PEER_HEADER))?.range() === 'loopback';
}

/** The client a request with these headers counts against, under `identity`. */
export function clientAddress(headers: Headers, identity: ClientIdentity, env: Env = process.env): string {
  const stamp = env[PEER_STAMP_VAR] === '1' ? headers.get(PEER_HEADER)?.trim() : undefined;
  if (!stamp) return UNKNOWN_CLIENT;
  const peer = parseAddress(stamp);
  // Our own server wrote it, so it is the socket's: an address in every real case, kept as it is (bounded) otherwise.
  if (peer === null) return stamp.slice(0, 64);
  let client = peer;
  if (trusted(peer, identity.trustedProxies)) {
    // Right to left: each entry was appended by the hop after it. The first one no trusted proxy appended is the
    // client; an entry that is no address ends the walk (what lies left of it was written by someone untrusted).
    const hops = (headers.get(identity.forwardedHeader) ?? '').split(',').slice(-32).reverse();
    for (const hop of hops) {
      const a = parseAddress(hop);
      if (a === null) break;
      client = a;
      if (!trusted(a, identity.trustedProxies)) break;
    }
  }
  return bucket(client, identity.ipv6Prefix);
}
