/**
 * The chat routes as a browser meets them, through the route handlers called as Next calls them, over
 * the server singleton on an in-memory PGlite: a post answers 201 with its entry and reaches the game's event stream
 * (`event: chat`, id `seq.n`), which resumes from a `Last-Event-ID` of that form; a refresh's snapshot carries the
 * chat; each refusal is its coded status with `{ error, message }` and stores nothing; a flood from one client is
 * 429 with Retry-After; the host's mute route.
 */
import { describe, expect, it } from 'vitest';
import type { ChatEntry, ChatView, CreateGameRequest, CreateGameResponse, GameSnapshot } from '../../server';
import { PEER_STAMP_VAR } from '../../server/limits';
import { POST as createGame } from '../../app/api/games/route';
import { GET as getSnapshot } from '../../app/api/games/[id]/route';
import { GET as getEvents } from '../../app/api/games/[id]/events/route';
import { POST as postChat } from '../../app/api/games/[id]/chat/route';
import { POST as postMute } from '../../app/api/games/[id]/chat/mute/route';
import { answer, ctx, request, useMemoryHost } from './helpers';
import { readSseEvents } from '../server/sse';
import { humans } from '../server/requests';

/** Chat posts per client (and per seat) in a minute, set low before the first request. */
const RATE = 6;

useMemoryHost({ [PEER_STAMP_VAR]: '1', POLE_RATE_CHAT: `${RATE}/60` });

/** Each test its own client address, so their rates do not mix. */
let clients = 0;
const nextClient = () => `203.0.113.${++clients}`;

/** A request of this site's page from `client`. */
const clientRequest = (url: string, client: string, init: { body?: unknown; headers?: Record<string, string> } = {}) =>
  request(url, { ...init, client, headers: { 'sec-fetch-site': 'same-origin', ...init.headers } });

const game: CreateGameRequest = {
  game: 'ten',
  seats: humans('Ada', 'Bea'),
  mode: 'online',
  botPaceMs: 0,
};

async function newGame(client: string): Promise<{ id: string; ada: string; bea: string; hostToken: string }> {
  const made = await answer<CreateGameResponse>(createGame(clientRequest('/api/games', client, { body: game })));
  expect(made.status).toBe(201);
  return {
    id: made.body.id,
    ada: made.body.invites[0]!.token,
    bea: made.body.invites[1]!.token,
    hostToken: made.body.hostToken,
  };
}

const post = (id: string, client: string, body: unknown, headers?: Record<string, string>) =>
  answer<ChatEntry & { error?: string }>(
    postChat(clientRequest(`/api/games/${id}/chat`, client, { body, headers }), ctx(id)),
  );
const chatOf = async (id: string, client: string, token?: string): Promise<ChatView> =>
  (
    await answer<GameSnapshot>(
      getSnapshot(
        clientRequest(`/api/games/${id}${token ? `?token=${encodeURIComponent(token)}` : ''}`, client),
        ctx(id),
      ),
    )
  ).body.chat!;

/** Reads `n` chat and update events of a route's event stream, then cancels it. */
const events = (res: Response, n: number) => readSseEvents(res.body!, n);

describe('POST /api/games/:id/chat', () => {
  it('answers 201 with the entry, which the other seat gets on its stream and every reader in a refreshed snapshot', async () => {
    const client = nextClient();
    const { id, ada, bea } = await newGame(client);
    const stream = await getEvents(
      clientRequest(`/api/games/${id}/events?token=${encodeURIComponent(bea)}`, client),
      ctx(id),
    );
    expect(stream.status).toBe(200);
    const sent = await post(id, client, { token: ada, text: '<script>alert(1)</script>' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ n: 1, seat: 0, kind: 'text', text: '<script>alert(1)</script>' });
    const emote = await post(id, client, { token: ada, emote: 'wave' });
    expect(await events(stream, 2)).toEqual([
      { id: '0.1', event: 'chat', data: sent.body },
      { id: '0.2', event: 'chat', data: emote.body },
    ]);
    expect((await chatOf(id, client)).entries).toEqual([sent.body, emote.body]);
    expect(await chatOf(id, client, bea)).toMatchObject({ last: 2, mayPost: true, mayMute: false });
  });

  it('resumes a stream from a Last-Event-ID of the form seq.n: only the chat after n', async () => {
    const client = nextClient();
    const { id, ada, bea } = await newGame(client);
    for (const text of ['one', 'two', 'three']) expect((await post(id, client, { token: ada, text })).status).toBe(201);
    const resumed = await getEvents(
      clientRequest(`/api/games/${id}/events?token=${encodeURIComponent(bea)}`, client, {
        headers: { 'last-event-id': '0.1' },
      }),
      ctx(id),
    );
    expect((await events(resumed, 2)).map((e) => [e.id, (e.data as ChatEntry).n])).toEqual([
      ['0.2', 2],
      ['0.3', 3],
    ]);
    // A plain seq id (nothing of the chat seen yet) resumes the chat from its start; ?chatAfter= from a snapshot's `last`.
    const plain = await getEvents(
      clientRequest(`/api/games/${id}/events?token=${encodeURIComponent(bea)}`, client, {
        headers: { 'last-event-id': '0' },
      }),
      ctx(id),
    );
    expect((await events(plain, 3)).map((e) => (e.data as ChatEntry).n)).toEqual([1, 2, 3]);
    const fromSnapshot = await getEvents(
      clientRequest(`/api/games/${id}/events?token=${encodeURIComponent(bea)}&after=0&chatAfter=2`, client),
      ctx(id),
    );
    expect((await events(fromSnapshot, 1)).map((e) => (e.data as ChatEntry).n)).toEqual([3]);
  });

  it('refuses, coded and storing nothing: bad posts, spectators, a muted seat, a hot-seat game, another site', async () => {
    const client = nextClient();
    const { id, ada, bea, hostToken } = await newGame(client);
    const cases: [unknown, number, string][] = [
      [{ token: ada, text: 'x'.repeat(281) }, 400, 'MESSAGE_TOO_LONG'],
      [{ token: ada, text: 'tab\there' }, 400, 'CONTROL_CHARACTERS'],
      [{ token: ada, text: '' }, 400, 'MESSAGE_EMPTY'],
      [{ token: ada, emote: 'shrug' }, 400, 'UNKNOWN_EMOTE'],
      [{ token: ada, text: 'hi', extra: 1 }, 400, 'MALFORMED_REQUEST'],
      [{ token: hostToken, text: 'from the host' }, 403, 'SPECTATOR_CANNOT_CHAT'],
      [{ token: 'nobody', text: 'hi' }, 403, 'BAD_TOKEN'],
    ];
    for (const [body, status, code] of cases) {
      const res = await post(id, nextClient(), body); // a client of its own each: refused posts count against its rate too
      expect([res.status, res.body.error], JSON.stringify(body).slice(0, 60)).toEqual([status, code]);
      expect(typeof res.body.message).toBe('string');
    }
    const crossSite = await post(id, nextClient(), { token: ada, text: 'hi' }, { 'sec-fetch-site': 'cross-site' });
    expect([crossSite.status, crossSite.body.error]).toEqual([403, 'CROSS_SITE_REQUEST']);

    const mute = (token: string, muted: boolean) =>
      answer<ChatEntry & { error?: string }>(
        postMute(clientRequest(`/api/games/${id}/chat/mute`, client, { body: { token, seat: 1, muted } }), ctx(id)),
      );
    expect([(await mute(ada, true)).status, (await mute(ada, true)).body.error]).toEqual([403, 'NOT_GAME_HOST']);
    const muted = await mute(hostToken, true);
    expect([muted.status, muted.body]).toEqual([
      201,
      expect.objectContaining({ n: 1, kind: 'mute', seat: 1, muted: true }),
    ]);
    expect((await mute(hostToken, true)).status).toBe(204);
    expect((await post(id, nextClient(), { token: bea, text: 'hello?' })).body.error).toBe('SEAT_MUTED');
    expect(await chatOf(id, client, bea)).toMatchObject({ entries: [muted.body], muted: [1], mayPost: false });

    const hot = await answer<CreateGameResponse>(
      createGame(clientRequest('/api/games', client, { body: { ...game, mode: 'hotseat' } })),
    );
    const hotPost = await post(hot.body.id, nextClient(), { token: hot.body.hostToken, text: 'hi' });
    expect([hotPost.status, hotPost.body.error]).toEqual([400, 'CHAT_ONLINE_ONLY']);
  });

  it('stops a flood from one client with 429 RATE_LIMITED and Retry-After, nothing stored', async () => {
    const client = nextClient();
    const { id, ada, bea } = await newGame(client);
    for (let i = 0; i < RATE; i++)
      expect((await post(id, client, { token: i % 2 ? ada : bea, text: `m${i}` })).status).toBe(201);
    const flood = await post(id, client, { token: ada, text: 'again' });
    expect([flood.status, flood.body.error]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(flood.retryAfter)).toBeGreaterThanOrEqual(1);
    expect((await chatOf(id, nextClient())).last).toBe(RATE);
  });
});
