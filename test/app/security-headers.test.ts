/**
 * Every answer carries the security headers, set once in next.config.ts's `headers()`: a CSP that
 * lets the app's pages work (Next's inline scripts, data: images, the devnet, TzKT and Beacon connections) and forbids
 * framing, plugins and foreign form targets; Referrer-Policy; nosniff.
 */
import { describe, expect, it } from 'vitest';
import nextConfig from '../../next.config';
import { contentSecurityPolicy } from '../../server/http/security-headers';

const directives = (csp: string): Map<string, string[]> =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

describe('security headers', () => {
  it('are sent on every path, pages and API alike', async () => {
    const rules = await nextConfig.headers!();
    expect(rules).toHaveLength(1);
    expect(rules[0]!.source).toBe('/:path*');
    const headers = Object.fromEntries(rules[0]!.headers.map((h) => [h.key.toLowerCase(), h.value]));
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      'x-frame-options': 'DENY',
    });
    expect(headers['content-security-policy']).toBe(contentSecurityPolicy(false));
  });

  it('a CSP that forbids framing, plugins, <base> and foreign forms, and lets the pages work', () => {
    const csp = directives(contentSecurityPolicy(false));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // Next's inline bootstrap scripts; never eval in production.
    expect(csp.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
    // Studio images and generated art are data: URIs; works' images come from any https host or IPFS gateway.
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'https:']));
    // The devnet's RPC and TzKT on a loopback port, public networks over https, Beacon's relays over https and wss.
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'https:', 'wss:', 'http://127.0.0.1:*', 'http://localhost:*']),
    );
    // The devnet's TzKT hub, a loopback WebSocket, in production too.
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(['ws://127.0.0.1:*', 'ws://localhost:*']));
    expect(csp.get('connect-src')).not.toContain('ws:');
  });

  it('`next dev` also allows what React’s development build needs', () => {
    const dev = directives(contentSecurityPolicy(true));
    expect(dev.get('script-src')).toContain("'unsafe-eval'");
    expect(dev.get('connect-src')).toContain('ws:');
  });
});
