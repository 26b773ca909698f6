/**
 * The route handlers of app/api/** called directly, as Next calls them: a `Request` and `{ params }`. The server
 * singleton runs over an in-memory PGlite (`GAMES_DATA_DIR=memory://`), so these check the statuses and bodies
 * people see without a build or a port.
 */
import { describe, expect, it } from 'vitest';
import { replay, stateHash, type GameRecord } from '../../engine';
import {
  getHost,
  type CreateGameRequest,
  type CreateGameResponse,
  type ErrorBody,
  type GameSnapshot,
  type GameUpdate,
} from '../../server';
import { POST as createGame } from '../../app/api/games/route';
import { GET as getSnapshot } from '../../app/api/games/[id]/route';
import { POST as postAction } from '../../app/api/games/[id]/actions/route';
import { GET as getEvents } from '../../app/api/games/[id]/events/route';
import { GET as getRecord } from '../../app/api/games/[id]/record/route';
import { POST as postLeave } from '../../app/api/games/[id]/leave/route';
import { POST as postClaim } from '../../app/api/games/[id]/chain/claim/route';
import { readRecord } from '../../ui/replay/record-file';
import { GET as getApproval, POST as postApproval } from '../../app/api/games/[id]/chain/approval/route';
import { ctx, query, request, statusAndBody as answer, useMemoryHost } from './helpers';
import { parseSseFrame, type SseFrame } from '../server/sse';
import { humans, poleForTwo } from '../server/requests';

// Every request here comes from one client; the limits have their own suite (rate-limits.test.ts).
useMemoryHost({ POLE_RATE_CREATE: 'off', POLE_RATE_ACTION: 'off' });

/** The actions the singleton host saved for a game. */
const storedActions = async (id: string) => (await getHost()).store.actions.list(id);

const snapshot = (id: string, token?: string, seat?: number) =>
  answer<GameSnapshot & Partial<ErrorBody>>(getSnapshot(request(`/api/games/${id}${query({ token, seat })}`), ctx(id)));

const act = (id: string, body: unknown) =>
  answer<{ seq?: number; error?: string; message?: string }>(
    postAction(request(`/api/games/${id}/actions`, { body }), ctx(id)),
  );

const poleOnline = poleForTwo({ seed: 'routes-test', mode: 'online' });

async function create(game: unknown): Promise<CreateGameResponse> {
  const res = await answer<CreateGameResponse>(createGame(request('/api/games', { body: game })));
  expect(res.status).toBe(201);
  return res.body;
}

/** A two-seat Pole game, its seat tokens, and the seat to move first. */
async function newPoleGame(overrides: Partial<CreateGameRequest> = {}) {
  const created = await create({ ...poleOnline, ...overrides });
  const tokens = created.invites.map((i) => i.token);
  const first = await snapshot(created.id);
  const seat = first.body.pending[0]!.seat;
  return { created, id: created.id, tokens, seat, token: tokens[seat]! };
}

/** The seat to act plays its first legal action, with its own token (online, each seat acts with its own). */
async function step(id: string, tokens: readonly string[]): Promise<number> {
  const seat = (await snapshot(id)).body.pending[0]!.seat;
  const snap = (await snapshot(id, tokens[seat])).body;
  const res = await act(id, { token: tokens[seat], seat, seq: snap.seq, action: snap.legal[0] });
  expect(res.status).toBe(200);
  return res.body.seq!;
}

/** Reads a `text/event-stream` body frame by frame (chunks may split or join frames). */
function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  const waiter: { wake: (() => void) | null } = { wake: null };
  // Reads in the background into `buffer`, so a frame() that gives up waiting loses no chunk.
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        waiter.wake?.();
      }
    } catch {
      // cancelled
    }
    ended = true;
    waiter.wake?.();
  })();
  /** The next frame, or null when none comes within `ms`. */
  async function frame(ms = 2000): Promise<SseFrame | null> {
    const deadline = Date.now() + ms;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const text = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parseSseFrame(text);
      }
      if (ended) throw new Error('the event stream ended');
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiter.wake = () => {
          clearTimeout(timer);
          waiter.wake = null;
          resolve();
        };
      });
    }
  }
  /** The next `update` frame (skipping the opening `retry:`/comment frame), or null. */
  async function update(ms = 2000): Promise<{ id: string; update: GameUpdate; raw: string } | null> {
    for (;;) {
      const f = await frame(ms);
      if (f === null) return null;
      if (f.event === 'update') return { id: f.id!, update: JSON.parse(f.data) as GameUpdate, raw: f.data };
    }
  }
  return { frame, update, cancel: () => reader.cancel() };
}

function openEvents(
  id: string,
  params: Record<string, string | number | undefined>,
  headers: Record<string, string> = {},
) {
  const controller = new AbortController();
  const events = request(`/api/games/${id}/events${query(params)}`, { headers, signal: controller.signal });
  return { response: getEvents(events, ctx(id)), abort: () => controller.abort() };
}

describe('POST /api/games', () => {
  it('creates a game: 201 with the id, seats, host token, invites and spectator path', async () => {
    const res = await answer<CreateGameResponse>(createGame(request('/api/games', { body: poleOnline })));
    expect(res.status).toBe(201);
    expect(res.body.id).toEqual(expect.any(String));
    // Nobody has opened an invite yet (presence).
    expect(res.body.seats).toEqual([
      { seat: 0, name: 'Ada', kind: 'human', botTakeover: false, presence: 'away', graceUntil: null },
      { seat: 1, name: 'Bea', kind: 'human', botTakeover: false, presence: 'away', graceUntil: null },
    ]);
    expect(res.body.hostToken).toEqual(expect.any(String));
    expect(res.body.invites.map((i) => i.seat)).toEqual([0, 1]);
    expect(res.body.invites[1]!.path).toBe(`/play/${res.body.id}?seat=1#token=${res.body.invites[1]!.token}`);
    expect(res.body.spectatorPath).toBe(`/play/${res.body.id}`);
  });

  it('answers 400 for a body that is not JSON and for a malformed request', async () => {
    const notJson = await answer(createGame(request('/api/games', { body: '{"game": "pole",' })));
    expect(notJson).toEqual({
      status: 400,
      body: { error: 'MALFORMED_REQUEST', message: expect.stringContaining('not JSON') },
    });
    const malformed = await answer(createGame(request('/api/games', { body: { game: 'chess', seats: [] } })));
    expect(malformed).toEqual({ status: 400, body: { error: 'MALFORMED_REQUEST', message: expect.any(String) } });
    const extra = await answer(createGame(request('/api/games', { body: { ...poleOnline, admin: true } })));
    expect(extra.status).toBe(400);
  });

  it("answers 422 with the engine's ConfigError code for a config the engine refuses", async () => {
    const res = await answer(createGame(request('/api/games', { body: { ...poleOnline, options: { laps: 0 } } })));
    expect(res).toEqual({ status: 422, body: { error: 'BAD_CONFIG', message: expect.any(String) } });
    const tooFew = await answer(
      createGame(request('/api/games', { body: { ...poleOnline, seats: [{ kind: 'human', name: 'Solo' }] } })),
    );
    expect(tooFew.status).toBe(422);
    expect(tooFew.body.error).toBe('BAD_CONFIG');
  });
});

describe('GET /api/games/:id', () => {
  it("answers 200 with the token's seat's snapshot, a spectator's without a token", async () => {
    const { id, seat, token } = await newPoleGame();
    const mine = await snapshot(id, token);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ id, game: 'pole', seq: 0, seat, outcome: null, deadline: null, events: [] });
    expect(mine.body.legal).toEqual([{ type: 'roll' }]);
    const spectator = await snapshot(id);
    expect(spectator.status).toBe(200);
    expect(spectator.body).toMatchObject({ seat: null, legal: [] });
  });

  it('answers 404 for an unknown game and 403 for a bad token', async () => {
    expect(await snapshot('no-such-game')).toEqual({
      status: 404,
      body: { error: 'UNKNOWN_GAME', message: expect.any(String) },
    });
    const { id, tokens } = await newPoleGame();
    expect(await snapshot(id, 'forged-token')).toEqual({
      status: 403,
      body: { error: 'BAD_TOKEN', message: expect.any(String) },
    });
    expect((await snapshot(id, tokens[0], 1)).body.error).toBe('NOT_YOUR_SEAT');
    expect((await snapshot(id, tokens[0], 'x' as never)).status).toBe(400);
  });
});

describe('POST /api/games/:id/actions', () => {
  it('answers 200 with the new seq', async () => {
    const { id, seat, token } = await newPoleGame();
    expect(await act(id, { token, seat, seq: 0, action: { type: 'roll' } })).toEqual({ status: 200, body: { seq: 1 } });
    expect((await snapshot(id, token)).body.seq).toBe(1);
  });

  it('of two simultaneous actions on the same seq, applies exactly one (200) and refuses the other (409)', async () => {
    const { id, seat, token } = await newPoleGame();
    const results = await Promise.all([
      act(id, { token, seat, seq: 0, action: { type: 'roll' } }),
      act(id, { token, seat, seq: 0, action: { type: 'roll' } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 200)!.body).toEqual({ seq: 1 });
    expect(results.find((r) => r.status === 409)!.body).toEqual({ error: 'STALE', message: expect.any(String) });
    expect((await snapshot(id)).body.seq).toBe(1);
    expect(await storedActions(id)).toHaveLength(1);
  });

  it("answers 422 with the engine's RuleError code for an illegal action, and changes nothing", async () => {
    const { id, seat, token } = await newPoleGame();
    expect(await act(id, { token, seat, seq: 0, action: { type: 'buy' } })).toEqual({
      status: 422,
      body: { error: 'WRONG_DECISION', message: expect.any(String) },
    });
    expect((await act(id, { token, seat, seq: 0, action: { type: 'roll', l2: true } })).body.error).toBe(
      'L2_UNAVAILABLE',
    );
    expect((await snapshot(id)).body.seq).toBe(0);
  });

  it("answers 403 for another seat's token (and a forged one), 400 for a malformed body, 404 for an unknown game", async () => {
    const { id, seat, tokens } = await newPoleGame();
    expect(await act(id, { token: tokens[1 - seat], seat, seq: 0, action: { type: 'roll' } })).toEqual({
      status: 403,
      body: { error: 'NOT_YOUR_SEAT', message: expect.any(String) },
    });
    expect((await act(id, { token: 'forged', seat, seq: 0, action: { type: 'roll' } })).status).toBe(403);
    expect(await answer(postAction(request(`/api/games/${id}/actions`, { body: 'roll!' }), ctx(id)))).toEqual({
      status: 400,
      body: { error: 'MALFORMED_REQUEST', message: expect.any(String) },
    });
    expect((await act(id, { token: tokens[seat], seat, action: { type: 'roll' } })).status).toBe(400);
    expect((await act('no-such-game', { token: tokens[seat], seat, seq: 0, action: { type: 'roll' } })).status).toBe(
      404,
    );
    expect((await snapshot(id)).body.seq).toBe(0);
  });
});

describe('GET /api/games/:id/events', () => {
  it('answers text/event-stream and delivers an `update` with `id: <seq>` after an action', async () => {
    const { id, seat, token, tokens } = await newPoleGame();
    const events = openEvents(id, { token: tokens[1 - seat] });
    const res = await events.response;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toContain('no-cache');
    const stream = sseReader(res);
    expect(await stream.frame()).toMatchObject({ id: null, event: null }); // `retry:` and the opening comment
    expect((await act(id, { token, seat, seq: 0, action: { type: 'roll' } })).status).toBe(200);
    const got = await stream.update();
    expect(got!.id).toBe('1');
    expect(got!.update).toMatchObject({ seq: 1, outcome: null });
    expect(got!.update.events.length).toBeGreaterThan(0);
    expect(await stream.update(100)).toBeNull();
    events.abort();
    await stream.cancel();
  });

  it('with Last-Event-ID: k, delivers exactly the updates after k, then the new ones', async () => {
    const { id, tokens } = await newPoleGame();
    for (let i = 0; i < 5; i++) await step(id, tokens);
    expect((await snapshot(id)).body.seq).toBe(5);
    const k = 2;
    const events = openEvents(id, {}, { 'last-event-id': String(k) });
    const res = await events.response;
    expect(res.status).toBe(200);
    const stream = sseReader(res);
    const ids: string[] = [];
    for (let u = await stream.update(); u !== null; u = await stream.update(200)) {
      ids.push(u.id);
      expect(u.update.seq).toBe(Number(u.id));
    }
    expect(ids).toEqual(['3', '4', '5']);
    await step(id, tokens);
    expect((await stream.update())!.id).toBe('6');
    events.abort();
    await stream.cancel();

    // `?after=` resumes the same way; Last-Event-ID wins over it.
    const both = openEvents(id, { after: 0 }, { 'last-event-id': '4' });
    const resumed = sseReader(await both.response);
    expect((await resumed.update())!.id).toBe('5');
    expect((await resumed.update())!.id).toBe('6');
    expect(await resumed.update(100)).toBeNull();
    both.abort();
    await resumed.cancel();
  });

  it('answers 404 and 403 as JSON, not as a stream', async () => {
    const unknown = await answer(openEvents('no-such-game', {}).response);
    expect(unknown).toEqual({ status: 404, body: { error: 'UNKNOWN_GAME', message: expect.any(String) } });
    const { id } = await newPoleGame();
    const forged = await answer(openEvents(id, { token: 'forged' }).response);
    expect(forged.status).toBe(403);
    expect(forged.body.error).toBe('BAD_TOKEN');
  });

  it("never shows a Gotopoly seat another uncle's sealed bid amounts", async () => {
    const created = await create({
      game: 'gotopoly',
      seats: humans('Ann', 'Ben', 'Cat'),
      seed: 'routes-sealed',
      mode: 'online',
      botPaceMs: 0,
    });
    const tokens = created.invites.map((i) => i.token);
    const start = await snapshot(created.id, tokens[0]);
    expect(start.body.pending.map((d) => d.kind)).toEqual(['bid', 'bid', 'bid']);
    const lots = (start.body.view as { stage: { lot: unknown[] } }).stage.lot.length;
    const secret = (amount: number, lot: number) => Array.from({ length: lots }, (_, i) => (i === lot ? amount : 0));

    const openStreams = await Promise.all(
      [{ token: tokens[0] }, { token: tokens[1] }, { token: tokens[2] }, {}].map(async (params) => {
        const events = openEvents(created.id, params);
        return { ...events, stream: sseReader(await events.response) };
      }),
    );
    const [s0, s1, s2, spectator] = openStreams.map((o) => o.stream);

    // Ann then Ben bid; Cat has not, so both bids stay sealed.
    expect(
      (await act(created.id, { token: tokens[0], seat: 0, seq: 0, action: { type: 'bid', bids: secret(1987, 0) } }))
        .status,
    ).toBe(200);
    expect(
      (await act(created.id, { token: tokens[1], seat: 1, seq: 1, action: { type: 'bid', bids: secret(1789, 1) } }))
        .status,
    ).toBe(200);

    const seen = async (stream: ReturnType<typeof sseReader>) => [(await stream.update())!, (await stream.update())!];
    const [ann, ben, cat, spec] = await Promise.all([seen(s0!), seen(s1!), seen(s2!), seen(spectator!)]);
    const text = (frames: { raw: string }[]) => frames.map((f) => f.raw).join('\n');
    const bids = (frame: { update: GameUpdate }) => (frame.update.view as { stage: { bids: unknown[] } }).stage.bids;

    expect(ann.map((f) => f.id)).toEqual(['1', '2']);
    expect(text(ann)).toContain('1987'); // her own bid (so the checks below can fail)
    expect(text(ann)).not.toContain('1789');
    expect(bids(ann[1]!)).toEqual([secret(1987, 0), null, null]);

    expect(text(ben)).not.toContain('1987');
    expect(text(ben)).toContain('1789');
    expect(bids(ben[1]!)).toEqual([null, secret(1789, 1), null]);

    for (const frames of [cat, spec]) {
      expect(text(frames)).not.toContain('1987');
      expect(text(frames)).not.toContain('1789');
    }
    expect(bids(cat[1]!)).toEqual([null, null, null]);
    expect(bids(spec[1]!)).toEqual([null, null, null]);

    // A stream resumed from the start replays the past through the same view.
    const replayed = openEvents(created.id, { token: tokens[2], after: 0 });
    const again = sseReader(await replayed.response);
    const past = [(await again.update())!, (await again.update())!];
    expect(text(past)).not.toContain('1987');
    expect(text(past)).not.toContain('1789');
    replayed.abort();
    await again.cancel();
    for (const o of openStreams) {
      o.abort();
      await o.stream.cancel();
    }
  });
});

describe('GET /api/games/:id/record', () => {
  const getRecordOf = (id: string) =>
    answer<GameRecord & Partial<ErrorBody>>(getRecord(request(`/api/games/${id}/record`), ctx(id)));

  it('answers 409 GAME_NOT_OVER while the game runs (its seed predicts every roll), then the record, which replays to the served state', async () => {
    const { id, tokens } = await newPoleGame();
    for (let i = 0; i < 4; i++) await step(id, tokens);
    const running = await getRecordOf(id);
    expect(running).toEqual({ status: 409, body: { error: 'GAME_NOT_OVER', message: expect.any(String) } });
    expect(JSON.stringify(running.body)).not.toContain('routes-test');

    let seq = 4;
    while ((await snapshot(id)).body.outcome === null) seq = await step(id, tokens);
    const res = await getRecordOf(id);
    expect(res.status).toBe(200);
    // A typed seed: a plain-seed record, with the final state's hash to check a replay against.
    expect(Object.keys(res.body).sort()).toEqual([
      'actions',
      'config',
      'finalHash',
      'game',
      'seats',
      'seed',
      'version',
    ]);
    expect(res.body).toMatchObject({
      game: 'pole',
      seed: 'routes-test',
      config: { laps: 2, players: 2 },
      finalHash: (await (await getHost()).records.stateHash(id)).hash,
    });
    expect(res.body.actions).toHaveLength(seq);
    expect(stateHash(replay(res.body).state)).toBe((await (await getHost()).records.stateHash(id)).hash);
    expect((await getRecordOf('nope')).status).toBe(404);
  });

  it('names every seat and its kind, so the exported file opened at /replay shows the names and bots', async () => {
    const seats: CreateGameRequest['seats'] = [
      { kind: 'human', name: 'Ada' },
      { kind: 'normal', name: 'Hal' },
      { kind: 'easy', name: 'Rex' },
    ];
    const { id, created } = await newPoleGame({ seats, mode: 'hotseat' });
    // Ada leaves: her bot plays on, and the bots finish the game.
    expect(
      (await postLeave(request(`/api/games/${id}/leave`, { body: { token: created.hostToken, seat: 0 } }), ctx(id)))
        .status,
    ).toBe(204);
    await expect.poll(async () => (await snapshot(id)).body.outcome, { timeout: 30_000, interval: 20 }).not.toBeNull();
    const res = await getRecordOf(id);
    expect(res.status).toBe(200);
    const expected = [
      { seat: 0, name: 'Ada', kind: 'human', botTakeover: true },
      { seat: 1, name: 'Hal', kind: 'normal', botTakeover: false },
      { seat: 2, name: 'Rex', kind: 'easy', botTakeover: false },
    ];
    expect((res.body as unknown as { seats: unknown }).seats).toEqual(expected);
    // The file "Export record" saves is this body as JSON; the replay viewer reads it back with its seats.
    expect(readRecord(JSON.stringify(res.body, null, 2)).seats).toEqual(expected);
  });
});

describe('POST /api/games/:id/leave', () => {
  it("answers 204; the seat's bot plays on, and the seat's token can no longer act", async () => {
    const { id, seat, token } = await newPoleGame();
    const res = await postLeave(request(`/api/games/${id}/leave`, { body: { token } }), ctx(id));
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');

    // The leaving seat was to act: its bot moves at once (bot pace 0).
    await expect.poll(async () => (await snapshot(id)).body.seq, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
    const snap = (await snapshot(id)).body;
    expect(snap.seats[seat]).toMatchObject({ kind: 'human', botTakeover: true });
    expect((await storedActions(id))[0]!.seat).toBe(seat);

    expect((await act(id, { token, seat, seq: snap.seq, action: { type: 'roll' } })).body.error).toBe('SEAT_LEFT');
    // Leaving twice is fine; a malformed body is a 400; no token from a browser that holds no seat, 403.
    expect((await postLeave(request(`/api/games/${id}/leave`, { body: { token } }), ctx(id))).status).toBe(204);
    expect(
      (await answer(postLeave(request(`/api/games/${id}/leave`, { body: { seat: 'one' } }), ctx(id)))).status,
    ).toBe(400);
    expect(
      (await answer(postLeave(request(`/api/games/${id}/leave`, { body: { seat } }), ctx(id)))).body['error'],
    ).toBe('TOKEN_REQUIRED');
    expect(
      (await answer(postLeave(request(`/api/games/${id}/leave`, { body: { token: 'forged' } }), ctx(id)))).status,
    ).toBe(403);
  });
});

describe('a token naming a seat it does not hold is refused everywhere', () => {
  const refused = { status: 403, body: { error: 'NOT_YOUR_SEAT', message: expect.any(String) } };

  it("leave with seat 0's token and seat 1: 403 NOT_YOUR_SEAT, and neither seat leaves", async () => {
    const { id, tokens } = await newPoleGame();
    expect(
      await answer(postLeave(request(`/api/games/${id}/leave`, { body: { token: tokens[0], seat: 1 } }), ctx(id))),
    ).toEqual(refused);
    expect((await snapshot(id)).body.seats.map((s) => s.botTakeover)).toEqual([false, false]);
    // Naming its own seat is fine.
    expect(
      (await postLeave(request(`/api/games/${id}/leave`, { body: { token: tokens[0], seat: 0 } }), ctx(id))).status,
    ).toBe(204);
    expect((await snapshot(id)).body.seats[0]!.botTakeover).toBe(true);
  });

  it("claim and approval with seat 0's token and seat 1: 403 NOT_YOUR_SEAT before anything else", async () => {
    const { id, tokens } = await newPoleGame();
    const claim = await answer(
      postClaim(request(`/api/games/${id}/chain/claim`, { body: { token: tokens[0], seat: 1 } }), ctx(id)),
    );
    expect(claim).toEqual(refused);
    const call = await answer(
      getApproval(request(`/api/games/${id}/chain/approval${query({ token: tokens[0], seat: 1 })}`), ctx(id)),
    );
    expect(call).toEqual(refused);
    const sent = await answer(
      postApproval(
        request(`/api/games/${id}/chain/approval`, { body: { token: tokens[0], seat: 1, opHash: null } }),
        ctx(id),
      ),
    );
    expect(sent).toEqual(refused);
    // Its own seat gets past the seat check (this game is not on-chain).
    expect(
      (
        await answer(
          postClaim(request(`/api/games/${id}/chain/claim`, { body: { token: tokens[0], seat: 0 } }), ctx(id)),
        )
      ).body.error,
    ).toBe('NOT_ON_CHAIN');
  });

  it("actions, snapshot and events with seat 0's token and seat 1: 403 NOT_YOUR_SEAT", async () => {
    const { id, tokens } = await newPoleGame();
    expect(await act(id, { token: tokens[0], seat: 1, seq: 0, action: { type: 'roll' } })).toEqual(refused);
    expect(await snapshot(id, tokens[0], 1)).toEqual(refused);
    expect(await answer(openEvents(id, { token: tokens[0], seat: 1 }).response)).toEqual(refused);
    expect(await storedActions(id)).toEqual([]);
  });
});
