/**
 * The limits as a client meets them, through the route handlers called directly as Next calls them, over
 * the server singleton on an in-memory PGlite: per-client and per-wallet rates on creating games, actions and
 * balance labs (429 RATE_LIMITED with Retry-After, nothing done), the caps on live event streams, and a stream
 * resumed from long ago sent from the newest snapshot. The limits are set low in the environment before the first
 * request; each request names its client as the app's own server (scripts/serve.ts) stamps it from the socket.
 */
import { describe, expect, it } from 'vitest';
import {
  getHost,
  type CreateGameRequest,
  type CreateGameResponse,
  type GameSnapshot,
  type GameUpdate,
} from '../../server';
import { PEER_STAMP_VAR } from '../../server/limits';
import { POST as createGame } from '../../app/api/games/route';
import { GET as getSnapshot } from '../../app/api/games/[id]/route';
import { POST as postAction } from '../../app/api/games/[id]/actions/route';
import { GET as getEvents } from '../../app/api/games/[id]/events/route';
import { POST as postLab } from '../../app/api/studio/boards/[id]/lab/route';
import { answer, BASE, ctx, request, sessionCookie, useMemoryHost, type RequestOptions } from './helpers';
import { sseFrames, type SseFrame } from '../server/sse';
import { bot, poleForTwo } from '../server/requests';

useMemoryHost({
  [PEER_STAMP_VAR]: '1',
  POLE_RATE_CREATE: '3/60',
  POLE_RATE_ACTION: '4/60',
  POLE_RATE_LAB: '1/60',
  POLE_SSE_PER_CLIENT: '2',
  POLE_SSE_PER_GAME: '3',
});

/** A request of this site's page from `client` (its socket's address). */
const clientRequest = (url: string, client: string, options: RequestOptions = {}): Request =>
  request(url, { ...options, client, headers: { origin: BASE, 'sec-fetch-site': 'same-origin' } });

/** Signs in as bootstrap account `i` through the routes; the cookie a browser sends back. */
const signIn = (i: number): Promise<string> =>
  sessionCookie(i, { client: 'sign-in', headers: { origin: BASE, 'sec-fetch-site': 'same-origin' } });

const hotseat = poleForTwo();

const create = (client: string, body: CreateGameRequest = hotseat, cookie?: string) =>
  answer<CreateGameResponse>(createGame(clientRequest('/api/games', client, { body, cookie })));
const gameCount = async (): Promise<number> =>
  Number((await (await getHost()).store.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM games'))[0]!.n);

/** 429 RATE_LIMITED with a whole number of seconds to wait, at most the window. */
function expectLimited(res: { status: number; body: unknown; retryAfter: string | null }, windowSeconds: number): void {
  const body = res.body as Record<string, unknown>;
  expect([res.status, body['error']]).toEqual([429, 'RATE_LIMITED']);
  expect(res.retryAfter).toMatch(/^\d+$/);
  expect(Number(res.retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(res.retryAfter)).toBeLessThanOrEqual(windowSeconds);
  expect(body['message']).toContain(`try again in ${res.retryAfter} s`);
}

describe('rate limits on the routes', () => {
  it('POST /api/games: past 3 a minute from one client, 429 with Retry-After and nothing created; others are served', async () => {
    for (let i = 0; i < 3; i++) expect((await create('198.51.100.1')).status).toBe(201);
    const before = await gameCount();
    expectLimited(await create('198.51.100.1'), 60);
    // A forwarded address the client wrote itself changes nothing: no proxy is trusted here.
    expectLimited(
      await answer(
        createGame(
          request('/api/games', {
            client: '198.51.100.1',
            headers: { 'x-forwarded-for': '203.0.113.99' },
            body: hotseat,
          }),
        ),
      ),
      60,
    );
    expect(await gameCount()).toBe(before);
    expect((await create('198.51.100.2')).status).toBe(201);
  });

  it('a signed-in wallet is counted across clients: a new address does not buy more games', async () => {
    const cookie = await signIn(2);
    expect((await create('198.51.100.10', hotseat, cookie)).status).toBe(201);
    expect((await create('198.51.100.11', hotseat, cookie)).status).toBe(201);
    expect((await create('198.51.100.12', hotseat, cookie)).status).toBe(201);
    expectLimited(await create('198.51.100.13', hotseat, cookie), 60);
    // The same client without the wallet still has its own points.
    expect((await create('198.51.100.13')).status).toBe(201);
  });

  it('POST /api/games/:id/actions: past 4 a minute, 429 with Retry-After, and the game does not move', async () => {
    const { body: game } = await create('198.51.100.20');
    const snapshot = async () =>
      (
        await answer<GameSnapshot>(
          getSnapshot(clientRequest(`/api/games/${game.id}?token=${game.hostToken}`, '198.51.100.21'), ctx(game.id)),
        )
      ).body;
    const act = async () => {
      const snap = await snapshot();
      return answer(
        postAction(
          clientRequest(`/api/games/${game.id}/actions`, '198.51.100.21', {
            body: { token: game.hostToken, seat: snap.seat, seq: snap.seq, action: snap.legal[0] },
          }),
          ctx(game.id),
        ),
      );
    };
    for (let i = 0; i < 4; i++) expect((await act()).status).toBe(200);
    expectLimited(await act(), 60);
    expect((await snapshot()).seq).toBe(4);
  });

  it('POST /api/studio/boards/:id/lab: one lab a minute per wallet, then 429', async () => {
    const cookie = await signIn(3);
    const lab = () =>
      answer(
        postLab(
          clientRequest('/api/studio/boards/no-such-board/lab', '198.51.100.30', { body: { games: 10 }, cookie }),
          ctx('no-such-board'),
        ),
      );
    expect((await lab()).body['error']).toBe('BOARD_NOT_FOUND');
    expectLimited(await lab(), 60);
  });
});

/** Reads a whole `text/event-stream` body that ends by itself, into frames (bounded: a stream that stays open fails). */
async function framesOf(res: Response, ms = 10_000): Promise<SseFrame[]> {
  const text = await Promise.race([
    res.text(),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the event stream did not end')), ms)),
  ]);
  return sseFrames(text);
}

describe('live event streams', () => {
  it('a client follows at most 2 at once (429 CLIENT_STREAM_LIMIT), a game has at most 3 (429 GAME_STREAM_LIMIT); closing one frees its place', async () => {
    const { body: game } = await create('198.51.100.40', { ...hotseat, mode: 'online' });
    const open = (client: string) => getEvents(clientRequest(`/api/games/${game.id}/events`, client), ctx(game.id));
    const streams = [await open('198.51.100.41'), await open('198.51.100.41')];
    expect(streams.map((s) => s.status)).toEqual([200, 200]);
    const third = await answer(open('198.51.100.41'));
    expect([third.status, third.body['error']]).toEqual([429, 'CLIENT_STREAM_LIMIT']);
    await streams.pop()!.body!.cancel();
    streams.push(await open('198.51.100.41'));
    streams.push(await open('198.51.100.42'));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await answer(open('198.51.100.43'));
    expect([fourth.status, fourth.body['error']]).toEqual([429, 'GAME_STREAM_LIMIT']);
    for (const s of streams) await s.body!.cancel();
    expect((await open('198.51.100.43')).status).toBe(200);
  });

  it(
    '?after=0 on a long finished game: its newest snapshot, then only the updates after it, and the stream ends; nothing left: 204',
    { timeout: 60_000 },
    async () => {
      const bots: CreateGameRequest = {
        game: 'pole',
        options: { laps: 5 },
        seats: [bot('normal', 'A'), bot('easy', 'B')],
        seed: 'long-backlog',
        botPaceMs: 0,
      };
      const { body: game } = await create('198.51.100.50', bots);
      const host = await getHost();
      await expect
        .poll(async () => (await host.views.snapshot(game.id)).outcome, { timeout: 30_000, interval: 20 })
        .not.toBeNull();
      const end = await host.views.snapshot(game.id);
      await host.idle();
      expect(end.seq).toBeGreaterThan(60);
      const newest = Math.floor(end.seq / 50) * 50; // a snapshot every 50 actions
      const res = await getEvents(clientRequest(`/api/games/${game.id}/events?after=0`, '198.51.100.51'), ctx(game.id));
      expect(res.status).toBe(200);
      const frames = (await framesOf(res)).filter((f) => f.event !== null);
      expect(frames[0]).toMatchObject({ event: 'snapshot', id: String(newest) });
      const opening = JSON.parse(frames[0]!.data) as GameSnapshot;
      expect(opening).toMatchObject({ id: game.id, seq: newest, seat: null, access: 'spectator' });
      expect(opening.events.length).toBeGreaterThan(newest);
      const updates = frames.slice(1).map((f) => JSON.parse(f.data) as GameUpdate);
      expect(frames.slice(1).every((f) => f.event === 'update')).toBe(true);
      expect(updates.map((u) => u.seq)).toEqual(Array.from({ length: end.seq - newest }, (_, i) => newest + 1 + i));
      expect(updates.at(-1)!.outcome).toEqual(end.outcome);
      const done = await getEvents(clientRequest(`/api/games/${game.id}/events`, '198.51.100.51', {}), ctx(game.id));
      expect(done.status).toBe(204);
    },
  );
});
