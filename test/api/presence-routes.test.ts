/**
 * `POST /api/games/:id/rejoin` called as Next calls it, over the in-memory singleton host: a seat's person
 * takes it back from its bot (204) with the token in the body, as `leave` takes it; every refusal is coded and
 * changes nothing; a take-back counts against the client's rate of actions. Creating a game checks its grace period.
 */
import { describe, expect, it } from 'vitest';
import type { CreateGameRequest, CreateGameResponse, GameSnapshot } from '../../server';
import { PEER_STAMP_VAR } from '../../server/limits';
import { POST as createGame } from '../../app/api/games/route';
import { GET as getSnapshot } from '../../app/api/games/[id]/route';
import { POST as postLeave } from '../../app/api/games/[id]/leave/route';
import { POST as postRejoin } from '../../app/api/games/[id]/rejoin/route';
import { answer, ctx, request, useMemoryHost } from './helpers';
import { humans } from '../server/requests';

/** Actions (take-backs too) per client in a minute, set low before the first request. */
const RATE = 6;

useMemoryHost({ [PEER_STAMP_VAR]: '1', POLE_RATE_CREATE: 'off', POLE_RATE_ACTION: `${RATE}/60` });

/** A request from `client` (its address, as a trusted proxy stamps it). */
const post = (url: string, client: string, body: unknown) => request(url, { body, client });

/** A route's status and refusal code (null when it answered no refusal). */
async function outcome(response: Promise<Response>): Promise<{ status: number; error: string | null }> {
  const { status, body } = await answer(response);
  return { status, error: body?.error ?? null };
}

const online: CreateGameRequest = {
  game: 'gotopoly',
  seats: humans('Ada', 'Bea'),
  mode: 'online',
  botPaceMs: 10_000,
  graceSeconds: 120,
};

const create = (game: CreateGameRequest, client = 'creator') =>
  answer<CreateGameResponse>(createGame(post('/api/games', client, game)));

const seats = async (id: string) =>
  (await answer<GameSnapshot>(getSnapshot(request(`/api/games/${id}`), ctx(id)))).body.seats;
const rejoin = (id: string, client: string, body: unknown) =>
  outcome(postRejoin(post(`/api/games/${id}/rejoin`, client, body), ctx(id)));

describe('POST /api/games/:id/rejoin', () => {
  it("answers 204 and the seat is its person's again; refuses another seat's token, a seat not taken over and a bad body", async () => {
    const { body: created } = await create(online);
    const id = created.id;
    const [ada, bea] = created.invites.map((i) => i.token) as [string, string];
    expect((await postLeave(post(`/api/games/${id}/leave`, 'a', { token: ada }), ctx(id))).status).toBe(204);
    expect((await seats(id))[0]!.botTakeover).toBe(true);

    expect(await rejoin(id, 'b', { token: bea, seat: 0 })).toEqual({ status: 403, error: 'NOT_YOUR_SEAT' });
    expect(await rejoin(id, 'b', { token: created.hostToken, seat: 0 })).toEqual({
      status: 403,
      error: 'NOT_YOUR_SEAT',
    });
    expect(await rejoin(id, 'b', { token: bea })).toEqual({ status: 409, error: 'SEAT_NOT_TAKEN_OVER' });
    // No token and no seat held by this browser or wallet: nobody's seat to take back.
    expect(await rejoin(id, 'b', { seat: 0 })).toEqual({ status: 403, error: 'TOKEN_REQUIRED' });
    expect(await rejoin(id, 'b', { token: ada, seat: 'first' })).toEqual({ status: 400, error: 'MALFORMED_REQUEST' });
    expect((await seats(id)).map((s) => s.botTakeover)).toEqual([true, false]);

    expect(await rejoin(id, 'a', { token: ada })).toEqual({ status: 204, error: null });
    expect((await seats(id))[0]).toMatchObject({ botTakeover: false, presence: 'away' });
  });

  it('counts against the rate of actions: 429 RATE_LIMITED once over it, and nothing taken back', async () => {
    const { body: created } = await create(online);
    const id = created.id;
    const ada = created.invites[0]!.token;
    // Leaving counts too: one point of the client's actions.
    expect((await postLeave(post(`/api/games/${id}/leave`, 'flood', { token: ada }), ctx(id))).status).toBe(204);
    for (let i = 0; i < RATE - 1; i++)
      expect((await rejoin(id, 'flood', { token: created.invites[1]!.token })).status).toBe(409);
    expect(await rejoin(id, 'flood', { token: ada })).toEqual({ status: 429, error: 'RATE_LIMITED' });
    expect((await seats(id))[0]!.botTakeover).toBe(true);
  });
});

describe('the grace period option', () => {
  it('is refused out of range and in hot-seat, each with its code', async () => {
    expect((await create({ ...online, graceSeconds: 100_000 })).body.error).toBe('MALFORMED_REQUEST');
    expect((await create({ ...online, mode: 'hotseat' })).body.error).toBe('GRACE_ONLINE_ONLY');
    expect((await create({ ...online, graceSeconds: 0 })).status).toBe(201);
  });
});
