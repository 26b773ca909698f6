/** The headers every answer carries: set by next.config.ts for what Next serves, and by proxy.ts for its own refusals. */

// The devnet's RPC and TzKT API listen on a loopback port chosen when they start (8732 with `npm start`). No IPv6
// literal: CSP host sources cannot name one (Chromium drops `http://[::1]:*` with a console error).
const LOOPBACK = 'http://localhost:* http://127.0.0.1:*';
/** The devnet's TzKT hub (a WebSocket at `<tzkt>/v1/ws`), which the play page follows for live chain status. */
const LOOPBACK_WS = 'ws://localhost:* ws://127.0.0.1:*';

/**
 * The Content-Security-Policy of every page. Next.js hydrates with inline scripts and React sets inline
 * styles, so those stay allowed ('unsafe-inline'; a nonce would make every page dynamic); everything else is narrowed
 * to what the pages load: images from this site, data: URIs (studio images, generated art), blob: and any https host
 * or IPFS gateway (a work's image); connections to this site, the chain's RPC and TzKT API (https on a public network,
 * loopback http on the devnet), TzKT's real-time hub (wss, or loopback ws on the devnet) and Beacon's relays (https,
 * wss); WalletConnect's verification frame; no plugins, no <base>, forms only to this site, and no page of another
 * site may frame these (clickjacking). `next dev` adds what React's development build needs: eval for its error
 * overlay and the hot-reload websocket.
 */
export function contentSecurityPolicy(dev = process.env.NODE_ENV === 'development'): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' https: wss: ${LOOPBACK} ${LOOPBACK_WS}${dev ? ' ws:' : ''}`,
    'frame-src https://verify.walletconnect.com https://verify.walletconnect.org',
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sent with every answer, pages and API routes alike. */
export const securityHeaders = (): { key: string; value: string }[] => [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy() },
  // For browsers without CSP frame-ancestors.
  { key: 'X-Frame-Options', value: 'DENY' },
  // Invite links carry a seat's token in the query: never sent on to another site.
  { key: 'Referrer-Policy', value: 'same-origin' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
];
