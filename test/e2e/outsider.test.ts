/**
 * The real app (next build + next start) as an outsider reaches it over HTTP: a `Host` it is not served under is
 * refused with 421 before anything runs (DNS rebinding: a page on attacker.example resolving to 127.0.0.1 cannot read
 * the app, nor the devnet accounts it lists); a path whose percent-encoding does not decode is a coded 400 with the
 * security headers, where Next answered a bare `500 text/plain`; and the routes that store something or check a
 * signature for anyone — sign-in challenges, seat hand-overs — refuse a flood with 429 and `Retry-After`.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../server/limits';
import { browserSuite } from './browser-pages';
import { createGame, gameRequest } from './game-api';

// The browser suites lift the limits (their browsers are one client); this one runs with the defaults it tests.
const { signIn, seat } = DEFAULT_LIMITS.rates;
const suite = browserSuite({
  env: {
    POLE_RATE_SIGN_IN: `${signIn!.points}/${signIn!.seconds}`,
    POLE_RATE_SEAT: `${seat!.points}/${seat!.seconds}`,
  },
});

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A GET with a Host header of our choosing (fetch will not send one), the path sent exactly as given. */
function get(path: string, host?: string): Promise<Answer> {
  const url = new URL(suite.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname: url.hostname, port: url.port, path, method: 'GET', headers: host ? { host } : {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const SECURITY = ['content-security-policy', 'x-frame-options', 'referrer-policy', 'x-content-type-options'];

describe('an outsider over HTTP', () => {
  it('gets 421 for a Host the app is not served under, on pages and API alike; its own names are answered', async () => {
    const port = new URL(suite.baseUrl).port;
    for (const path of ['/api/lobby', '/', '/api/devnet/accounts']) {
      const refused = await get(path, 'attacker.example');
      expect([path, refused.status]).toEqual([path, 421]);
      expect(JSON.parse(refused.body)).toMatchObject({ error: 'MISDIRECTED_REQUEST' });
      expect(refused.body).not.toMatch(/edsk/);
      for (const header of SECURITY) expect(refused.headers[header], header).toBeTruthy();
    }
    expect((await get('/api/lobby', `localhost.attacker.example:${port}`)).status).toBe(421);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`])
      expect([host, (await get('/api/lobby', host)).status]).toEqual([host, 200]);
  });

  it('gets a coded 400 with the security headers for a broken percent-encoding, never a bare 500', async () => {
    for (const path of ['/api/games/%E0%A4%A', '/play/%E0%A4%A', '/api/games/%ZZ/record', '/r/%C0']) {
      const answer = await get(path);
      expect([path, answer.status]).toEqual([path, 400]);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'MALFORMED_URL' });
      for (const header of SECURITY) expect(answer.headers[header], `${path}: ${header}`).toBeTruthy();
    }
    // A well-formed escape still reaches its route.
    expect((await get('/api/games/no%2Dsuch%2Dgame')).status).toBe(404);
  });

  it('is refused with 429 and Retry-After past the rate of sign-in challenges and of seat hand-overs', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${suite.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // `next start` cannot tell clients apart, so these all count against one: the first `points` pass, then 429.
    const challenges = DEFAULT_LIMITS.rates.signIn!.points;
    const address = 'tz1fCtqUC8i3EoDi7H4PfLdXPq8JxHW8gTfa';
    const statuses: number[] = [];
    for (let i = 0; i <= challenges; i++) statuses.push((await post('/api/auth/challenge', { address })).status);
    expect(statuses.slice(0, challenges).every((s) => s === 200)).toBe(true);
    const refused = await post('/api/auth/challenge', { address });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as { error: string }).error).toBe('RATE_LIMITED');

    const { id } = await createGame(suite.baseUrl, gameRequest('ten', ['Ada', 'Bea']));
    const handOvers = DEFAULT_LIMITS.rates.seat!.points;
    for (let i = 0; i < handOvers; i++) await post(`/api/games/${id}/seat`, { token: `wrong-${i}` });
    expect((await post(`/api/games/${id}/seat`, { token: 'wrong' })).status).toBe(429);
  });
});
