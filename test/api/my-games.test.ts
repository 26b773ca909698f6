/**
 * Seats held by a browser or a wallet ("My games"), through the route handlers: an invite token handed
 * over once (`POST /api/games/:id/seat`) gives the browser an httpOnly cookie, and every request then resolves its
 * seat from it — an explicit token first, then the browser's held seat, then the signed-in wallet's. Forgetting,
 * `GET /api/games/mine`, wallet recovery on another browser, a rotated token and the refusals.
 */
import { describe, expect, it } from 'vitest';
import { getHost, hashToken, type CreateGameResponse, type GameSnapshot, type MyGamesResponse } from '../../server';
import { POST as createGame } from '../../app/api/games/route';
import { GET as getSnapshot } from '../../app/api/games/[id]/route';
import { POST as postAction } from '../../app/api/games/[id]/actions/route';
import { POST as postLeave } from '../../app/api/games/[id]/leave/route';
import { DELETE as forgetSeat, POST as holdSeat } from '../../app/api/games/[id]/seat/route';
import { GET as getMine } from '../../app/api/games/mine/route';
import { answer, ctx, request, sentCookie, sessionCookie, useMemoryHost } from './helpers';
import { poleForTwo } from '../server/requests';

useMemoryHost({ POLE_RATE_CREATE: 'off', POLE_RATE_ACTION: 'off' });

const both = (...cookies: (string | null)[]) => cookies.filter((c) => c !== null).join('; ');

const twoSeats = (mode: 'online' | 'hotseat') => poleForTwo({ seed: 'my-games-test', mode });

async function create(mode: 'online' | 'hotseat' = 'online'): Promise<CreateGameResponse> {
  const res = await answer<CreateGameResponse>(createGame(request('/api/games', { body: twoSeats(mode) })));
  expect(res.status).toBe(201);
  return res.body;
}

const hold = (id: string, token: unknown, cookie: string | null = null) =>
  answer(holdSeat(request(`/api/games/${id}/seat`, { body: { token }, cookie }), ctx(id)));
const snapshot = (id: string, cookie: string | null, query = '') =>
  answer<GameSnapshot>(getSnapshot(request(`/api/games/${id}${query}`, { cookie }), ctx(id)));
const mine = (cookie: string | null) => answer<MyGamesResponse>(getMine(request('/api/games/mine', { cookie })));
const tokenOf = (game: CreateGameResponse, seat: number) => game.invites.find((i) => i.seat === seat)!.token;

/** Signs in as bootstrap account `i`, on the browser of `browserCookie` when given; the session cookie. */
const signIn = (i: number, browserCookie: string | null = null) => sessionCookie(i, { cookie: browserCookie });

describe('a seat handed over once', () => {
  it('sets an httpOnly browser cookie, after which the snapshot and moves need no token', async () => {
    const game = await create();
    const held = await hold(game.id, tokenOf(game, 0));
    expect(held.status).toBe(200);
    expect(held.body).toEqual({ access: 'seat', seat: 0 });
    expect(held.setCookie).toMatch(/^tp_browser=[\w-]{43}; Path=\/; Max-Age=34560000; HttpOnly; SameSite=Lax$/);
    const browser = sentCookie(held.setCookie);

    const snap = await snapshot(game.id, browser);
    expect(snap.body).toMatchObject({ access: 'seat', seat: 0 });
    expect(snap.body.legal.length).toBeGreaterThan(0);
    const moved = await answer(
      postAction(
        request(`/api/games/${game.id}/actions`, {
          body: { seat: 0, seq: snap.body.seq, action: snap.body.legal[0] },
          cookie: browser,
        }),
        ctx(game.id),
      ),
    );
    expect(moved.status).toBe(200);
    // Without the cookie the same request is a spectator's, as before.
    expect((await snapshot(game.id, null)).body).toMatchObject({ access: 'spectator', seat: null });
    // A second hand-over keeps the browser's cookie (none is set again).
    expect((await hold(game.id, tokenOf(game, 0), browser)).setCookie).toBeNull();
  });

  it('resolves an explicit token first, then the held seat asked for with ?seat=, then the first held seat', async () => {
    const game = await create();
    const browser = sentCookie((await hold(game.id, tokenOf(game, 0))).setCookie);
    expect((await snapshot(game.id, browser, `?token=${tokenOf(game, 1)}`)).body.seat).toBe(1);
    // A seat the browser does not hold is not its: NOT_YOUR_SEAT, as for a token.
    expect((await snapshot(game.id, browser, '?seat=1')).status).toBe(403);
    await hold(game.id, tokenOf(game, 1), browser);
    expect((await snapshot(game.id, browser, '?seat=1')).body.seat).toBe(1);
    expect((await snapshot(game.id, browser)).body.seat).toBe(0);
  });

  it('holds every human seat with a hot-seat host token', async () => {
    const game = await create('hotseat');
    const held = await hold(game.id, game.hostToken);
    expect(held.body).toEqual({ access: 'host', seat: null });
    const browser = sentCookie(held.setCookie);
    expect((await snapshot(game.id, browser, '?seat=1')).body).toMatchObject({ access: 'host', seat: 1 });
    expect((await mine(browser)).body.games).toEqual([
      expect.objectContaining({ id: game.id, seat: null, seatName: 'Host', yourTurn: true }),
    ]);
  });

  it('refuses a malformed or oversized token with 400 and a token of no seat with 403, setting and storing nothing', async () => {
    const game = await create();
    for (const token of ['', 'x'.repeat(200), 42, 'ab\u0000cd']) {
      const refused = await hold(game.id, token);
      expect(refused.status).toBe(400);
      expect(refused.body['error']).toBe('MALFORMED_REQUEST');
      expect(refused.setCookie).toBeNull();
    }
    const other = await create();
    const wrong = await hold(game.id, tokenOf(other, 0));
    expect(wrong.status).toBe(403);
    expect(wrong.body['error']).toBe('BAD_TOKEN');
    expect(wrong.setCookie).toBeNull();
    // A browser that already holds a seat elsewhere keeps exactly what it held.
    const browser = sentCookie((await hold(other.id, tokenOf(other, 1))).setCookie);
    expect((await hold(game.id, tokenOf(other, 0), browser)).status).toBe(403);
    expect((await mine(browser)).body.games.map((g) => g.id)).toEqual([other.id]);
    expect(
      (await answer(holdSeat(request('/api/games/nope/seat', { body: { token: tokenOf(game, 0) } }), ctx('nope'))))
        .status,
    ).toBe(404);
  });

  it('is forgotten with DELETE: the browser is a spectator again and the game leaves its list', async () => {
    const game = await create();
    const browser = sentCookie((await hold(game.id, tokenOf(game, 0))).setCookie);
    expect((await mine(browser)).body.games).toHaveLength(1);
    const forgot = await answer(
      forgetSeat(request(`/api/games/${game.id}/seat`, { method: 'DELETE', cookie: browser }), ctx(game.id)),
    );
    expect(forgot.status).toBe(204);
    expect((await snapshot(game.id, browser)).body.access).toBe('spectator');
    expect((await mine(browser)).body.games).toEqual([]);
  });

  it('no longer counts once the seat’s token is rotated', async () => {
    const game = await create();
    const browser = sentCookie((await hold(game.id, tokenOf(game, 1))).setCookie);
    const host = await getHost();
    const row = (await host.store.games.get(game.id))!;
    await host.store.games.updateSeats(
      game.id,
      row.seats.map((s, i) => (i === 1 ? { ...s, tokenHash: hashToken('a new invite') } : s)),
    );
    await host.idle();
    expect((await snapshot(game.id, browser)).body.access).toBe('spectator');
    expect((await mine(browser)).body.games).toEqual([]);
  });

  it('plays on after leaving its seat with the cookie alone', async () => {
    const game = await create();
    const browser = sentCookie((await hold(game.id, tokenOf(game, 1))).setCookie);
    const left = await answer(
      postLeave(request(`/api/games/${game.id}/leave`, { body: { seat: 1 }, cookie: browser }), ctx(game.id)),
    );
    expect(left.status).toBe(204);
    expect((await snapshot(game.id, null)).body.seats[1]!.botTakeover).toBe(true);
  });
});

describe('GET /api/games/mine', () => {
  it('lists "your turn" first, then running, then finished, with whose turn it is', async () => {
    // Created first, so recency alone would list it last.
    const myTurn = await create();
    const waiting = await create();
    const browser = sentCookie((await hold(waiting.id, tokenOf(waiting, 1))).setCookie);
    await hold(myTurn.id, tokenOf(myTurn, 0), browser);
    const list = (await mine(browser)).body.games;
    expect(list.map((g) => g.id)).toEqual([myTurn.id, waiting.id]);
    expect(list[0]).toMatchObject({
      game: 'pole',
      mode: 'online',
      seat: 0,
      seatName: 'Ada',
      turn: ['Ada'],
      yourTurn: true,
      finished: false,
    });
    expect(list[1]).toMatchObject({ seat: 1, seatName: 'Bea', turn: ['Ada'], yourTurn: false });
    // Nobody's games for a browser without a cookie.
    expect((await mine(null)).body.games).toEqual([]);
  });
});

describe('a wallet’s seats', () => {
  it('are found again on another browser signed in with the same wallet', async () => {
    const game = await create();
    const session = await signIn(3);
    const first = sentCookie((await hold(game.id, tokenOf(game, 1), session)).setCookie);
    // Another browser: no browser cookie, only a session of the same wallet.
    const other = await signIn(3);
    expect((await mine(other)).body.games.map((g) => [g.id, g.seat])).toEqual([[game.id, 1]]);
    expect((await snapshot(game.id, other)).body).toMatchObject({ access: 'seat', seat: 1 });
    // The browser's own entry resolves before the wallet's; forgetting on one device forgets the wallet's too.
    expect((await snapshot(game.id, both(first, session))).body.seat).toBe(1);
    await answer(
      forgetSeat(
        request(`/api/games/${game.id}/seat`, { method: 'DELETE', cookie: both(first, session) }),
        ctx(game.id),
      ),
    );
    expect((await mine(other)).body.games).toEqual([]);
    // Another wallet holds nothing.
    expect((await mine(await signIn(4))).body.games).toEqual([]);
  });

  it('include the seats a browser opened before its wallet signed in', async () => {
    const game = await create();
    const browser = sentCookie((await hold(game.id, tokenOf(game, 0))).setCookie);
    const elsewhere = await signIn(5);
    expect((await mine(elsewhere)).body.games).toEqual([]);
    // Signing in on the browser that holds the seat makes it the wallet's: another device signed in finds it.
    await signIn(5, browser);
    expect((await mine(await signIn(5))).body.games.map((g) => [g.id, g.seat])).toEqual([[game.id, 0]]);
  });
});
