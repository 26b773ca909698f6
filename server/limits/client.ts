/**
 * The network address a request counts against. A route handler sees no socket, and `next start` passes on an
 * `X-Forwarded-For` the client wrote itself, so neither can be trusted as it comes: the address is the socket's, as
 * the app's own server (scripts/serve.ts) stamps it on every request over anything the client sent, or — behind a
 * reverse proxy, when POLE_TRUSTED_PROXY_HEADER names its header — the last entry of that header (the one the
 * proxy added). Without either, every request counts against one shared client: limits still hold, spoofing
 * gets nothing.
 */

/** The header scripts/serve.ts sets to the socket's remote address, replacing any value the client sent. */
export const PEER_HEADER = 'x-tezos-pole-peer';

/** Set (to `1`) by scripts/serve.ts in its own environment: PEER_HEADER on a request was written by it. */
export const PEER_STAMP_VAR = 'POLE_PEER_HEADER_STAMPED';

/** What requests count against when their address cannot be known. */
export const UNKNOWN_CLIENT = 'unknown';

type Env = Readonly<Record<string, string | undefined>>;

/** The client address of a request with these headers, under `trustedProxyHeader` (null: none configured). */
export function clientAddress(headers: Headers, trustedProxyHeader: string | null, env: Env = process.env): string {
  const raw =
    trustedProxyHeader !== null
      ? headers.get(trustedProxyHeader)
      : env[PEER_STAMP_VAR] === '1'
        ? headers.get(PEER_HEADER)
        : null;
  const last = raw?.split(',').at(-1)?.trim();
  // Bounded, so a proxy passing on a huge header cannot make huge keys.
  return last ? last.slice(0, 64) : UNKNOWN_CLIENT;
}
