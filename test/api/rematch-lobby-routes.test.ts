/**
 * The rematch and lobby routes as a browser meets them, through the route handlers over the server
 * singleton on an in-memory PGlite: the lobby lists a public game and not a private one, a join answers the seat's new
 * token, a flood of joins from one client is 429 with Retry-After and takes no seat; the rematch route answers null
 * while nobody asked, refuses a running game with its code, and a finished game's rematch once asked.
 */
import { describe, expect, it } from 'vitest';
import type { CreateGameRequest, CreateGameResponse, GameSnapshot, JoinedSeat, LobbyGame } from '../../server';
import { getHost } from '../../server';
import { PEER_STAMP_VAR } from '../../server/limits';
import { POST as createGame } from '../../app/api/games/route';
import { GET as getSnapshot } from '../../app/api/games/[id]/route';
import { GET as getRematch, POST as postRematch } from '../../app/api/games/[id]/rematch/route';
import { GET as getLobby } from '../../app/api/lobby/route';
import { POST as postJoin } from '../../app/api/lobby/join/route';
import { answer, ctx, request, useMemoryHost } from './helpers';
import { humans } from '../server/requests';

/** Joins per client in a minute, set low before the first request. */
const RATE = 3;

useMemoryHost({ [PEER_STAMP_VAR]: '1', POLE_RATE_JOIN: `${RATE}/60` });

let clients = 0;
const nextClient = () => `198.51.100.${++clients}`;

/** A request of this site's page from `client`, posting `body` when given. */
const clientRequest = (url: string, client: string, body?: unknown) =>
  request(url, { body, client, headers: { 'sec-fetch-site': 'same-origin' } });

const four: CreateGameRequest = {
  game: 'ten',
  seats: humans('Ada', 'Bea', 'Cat', 'Dan'),
  mode: 'online',
  botPaceMs: 0,
  public: true,
};

async function create(body: CreateGameRequest): Promise<CreateGameResponse> {
  const made = await answer<CreateGameResponse>(createGame(clientRequest('/api/games', nextClient(), body)));
  expect(made.status).toBe(201);
  return made.body;
}

const lobby = async (): Promise<LobbyGame[]> => (await answer<{ games: LobbyGame[] }>(getLobby())).body.games;

describe('the lobby routes', () => {
  it('lists public games only, joins a free seat, and limits the joins of one client (429, no seat taken)', async () => {
    const pub = await create(four);
    const priv = await create({ ...four, public: false });
    const ids = (await lobby()).map((g) => g.id);
    expect(ids).toContain(pub.id);
    expect(ids).not.toContain(priv.id);

    const client = nextClient();
    const join = (body: unknown) => answer<JoinedSeat>(postJoin(clientRequest('/api/lobby/join', client, body)));
    const first = await join({ game: pub.id, name: 'Eve' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: pub.id, seat: 1 });
    const seen = await answer<GameSnapshot>(
      getSnapshot(
        clientRequest(`/api/games/${pub.id}?token=${encodeURIComponent(first.body.token!)}`, client),
        ctx(pub.id),
      ),
    );
    expect(seen.body).toMatchObject({ seat: 1, access: 'seat' });
    expect(seen.body.seats[1]!.name).toBe('Eve');

    const stale = await join({ game: pub.id, seat: 1 });
    expect([stale.status, stale.body.error]).toEqual([409, 'SEAT_TAKEN']);
    expect(typeof stale.body.message).toBe('string');
    expect((await join({ game: pub.id, seat: 2 })).status).toBe(200);
    const flood = await join({ game: pub.id, seat: 3 });
    expect([flood.status, flood.body.error]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(flood.retryAfter)).toBeGreaterThanOrEqual(1);
    expect((await lobby()).find((g) => g.id === pub.id)!.seats.map((s) => s.free)).toEqual([false, false, false, true]);

    const other = await answer<JoinedSeat>(postJoin(clientRequest('/api/lobby/join', nextClient(), { game: priv.id })));
    expect([other.status, other.body.error]).toEqual([404, 'NOT_IN_LOBBY']);
  });
});

describe('the rematch routes', () => {
  it('answers null while nobody asked, refuses a running game, and the rematch of a finished one', async () => {
    const created = await create({
      ...four,
      seats: four.seats.slice(0, 2),
      public: false,
      game: 'pole',
      options: { laps: 1 },
    });
    const [ada, bea] = created.invites.map((i) => i.token) as [string, string];
    const rematchOf = async () =>
      (
        await answer<{ id: string | null }>(
          getRematch(clientRequest(`/api/games/${created.id}/rematch`, nextClient()), ctx(created.id)),
        )
      ).body.id;
    expect(await rematchOf()).toBeNull();
    const early = await answer<JoinedSeat>(
      postRematch(clientRequest(`/api/games/${created.id}/rematch`, nextClient(), { token: ada }), ctx(created.id)),
    );
    expect([early.status, early.body.error]).toEqual([409, 'GAME_NOT_OVER']);

    // Both seats play it out through the host (the routes' own host), each with its first legal move.
    const host = await getHost();
    for (let moves = 0; moves < 500; moves++) {
      const seen = await host.views.snapshot(created.id);
      if (seen.outcome) break;
      const seat = seen.pending[0]!.seat;
      const token = seat === 0 ? ada : bea;
      const mine = await host.views.snapshot(created.id, token);
      await host.moves.act(created.id, { token, seat, seq: mine.seq, action: mine.legal[0] });
    }
    const spectator = await answer<JoinedSeat>(
      postRematch(
        clientRequest(`/api/games/${created.id}/rematch`, nextClient(), { token: created.hostToken }),
        ctx(created.id),
      ),
    );
    expect([spectator.status, spectator.body.error]).toEqual([403, 'SPECTATOR_CANNOT_JOIN']);
    const joined = await answer<JoinedSeat>(
      postRematch(clientRequest(`/api/games/${created.id}/rematch`, nextClient(), { token: bea }), ctx(created.id)),
    );
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ seat: 1, token: expect.any(String) as string });
    expect(await rematchOf()).toBe(joined.body.id);
  });
});
