import { describe, expect, it } from 'vitest';
import { replay, stateHash } from '../../engine';
import { ManualClock, formatSse, resumeAfter, sseStream, type Subscription } from '../../server/host';
import { errorResponse, GameError } from '../../server/errors';
import type { CreateGameRequest, GameUpdate } from '../../server/protocol';
import { hostError, refusal, useTestServer } from './helpers';
import { bot, humans, poleForTwo } from './requests';

const clock = new ManualClock();
const server = useTestServer({ clock });

const poleOnline = poleForTwo({ seed: 'host-test', mode: 'online' });

async function newPoleGame() {
  const created = await server.host.create(poleOnline);
  const tokens = created.invites.map((i) => i.token);
  const first = await server.host.views.snapshot(created.id);
  const seat = first.pending[0]!.seat;
  return { created, tokens, seat, token: tokens[seat]! };
}

/** The next `n` updates of a subscription. */
async function take(sub: Subscription, n: number): Promise<GameUpdate[]> {
  const out: GameUpdate[] = [];
  for (let i = 0; i < n; i++) {
    const next = await sub.next();
    if (next.done) break;
    out.push(next.value);
  }
  return out;
}

describe('GameHost: create and snapshot', () => {
  it('creates a game and shows each seat its view, legal actions and pending decisions', async () => {
    const { created, seat, token } = await newPoleGame();
    expect(created.seats).toEqual([
      { seat: 0, name: 'Ada', kind: 'human', botTakeover: false, presence: 'away', graceUntil: null },
      { seat: 1, name: 'Bea', kind: 'human', botTakeover: false, presence: 'away', graceUntil: null },
    ]);
    expect(created.invites.map((i) => i.seat)).toEqual([0, 1]);
    expect(created.hostToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.invites[0]!.path).toBe(
      `/play/${created.id}?seat=${created.invites[0]!.seat}#token=${created.invites[0]!.token}`,
    );
    expect(created.spectatorPath).toBe(`/play/${created.id}`);

    const mine = await server.host.views.snapshot(created.id, token);
    expect(mine).toMatchObject({
      id: created.id,
      game: 'pole',
      seq: 0,
      seat,
      access: 'seat',
      onChain: false,
      events: [],
      outcome: null,
      deadline: null,
    });
    expect(mine.pending).toEqual([{ seat, kind: 'roll', l2Available: false }]);
    expect(mine.legal).toEqual([{ type: 'roll' }]);
    expect(mine.view).not.toHaveProperty('rng');
    const spectator = await server.host.views.snapshot(created.id);
    expect(spectator.seat).toBeNull();
    expect(spectator.access).toBe('spectator');
    expect(spectator.legal).toEqual([]);
    // Online, the host token only watches; the page learns it from the snapshot.
    expect(await server.host.views.snapshot(created.id, created.hostToken)).toMatchObject({
      seat: null,
      access: 'spectator',
      legal: [],
    });
    // Hot-seat, it holds every human seat: the page learns it too, and shows a seat switcher.
    const hotseat = await server.host.create({ ...poleOnline, mode: 'hotseat' });
    const waiting = (await server.host.views.snapshot(hotseat.id)).pending[0]!.seat;
    const other = await server.host.views.snapshot(hotseat.id, hotseat.hostToken, 1 - waiting);
    expect(other).toMatchObject({ seat: 1 - waiting, access: 'host', legal: [] });
  });

  it('stores only hashes of the tokens', async () => {
    const { created, tokens } = await newPoleGame();
    const row = JSON.stringify(await server.store.games.get(created.id));
    for (const token of [created.hostToken, ...tokens]) expect(row).not.toContain(token);
  });

  it('draws a seed when none is given and keeps it in the record', async () => {
    const { seed: _seed, ...request } = poleOnline;
    const created = await server.host.create(request);
    expect((await server.host.records.record(created.id)).seed).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses a malformed request (400), a players option that contradicts the seats (400) and a bad config (422)', async () => {
    expect(await refusal(server.host.create({ game: 'chess', seats: [] }))).toEqual({
      status: 400,
      code: 'MALFORMED_REQUEST',
    });
    expect(await refusal(server.host.create({ ...poleOnline, options: { players: 4 } }))).toEqual({
      status: 400,
      code: 'PLAYERS_FROM_SEATS',
    });
    expect(await refusal(server.host.create({ ...poleOnline, options: { laps: 0 } }))).toEqual({
      status: 422,
      code: 'BAD_CONFIG',
    });
    expect(await refusal(server.host.create({ ...poleOnline, seats: [{ kind: 'human', name: 'Solo' }] }))).toEqual({
      status: 422,
      code: 'BAD_CONFIG',
    });
  });

  it('answers 404 for an unknown game and 403 for a token of no seat', async () => {
    expect(await refusal(server.host.views.snapshot('no-such-game'))).toEqual({ status: 404, code: 'UNKNOWN_GAME' });
    const { created, tokens } = await newPoleGame();
    expect(await refusal(server.host.views.snapshot(created.id, 'not-a-token'))).toEqual({
      status: 403,
      code: 'BAD_TOKEN',
    });
    expect(await refusal(server.host.views.snapshot(created.id, tokens[0], 1))).toEqual({
      status: 403,
      code: 'NOT_YOUR_SEAT',
    });
    expect(await refusal(server.host.views.snapshot(created.id, undefined, 0))).toEqual({
      status: 403,
      code: 'TOKEN_REQUIRED',
    });
  });
});

describe('GameHost: acting', () => {
  it('applies an action and returns the new seq', async () => {
    const { created, seat, token } = await newPoleGame();
    expect(await server.host.moves.act(created.id, { token, seat, seq: 0, action: { type: 'roll' } })).toEqual({
      seq: 1,
    });
    const after = await server.host.views.snapshot(created.id, token);
    expect(after.seq).toBe(1);
    expect(after.events.length).toBeGreaterThan(0);
    expect((await server.host.records.record(created.id)).actions).toEqual([{ seat, action: { type: 'roll' } }]);
    expect((await server.store.actions.list(created.id)).map((a) => a.seq)).toEqual([1]);
  });

  it.each([
    ['a stale seq with 409', { seq: 3, action: { type: 'roll' } }, { status: 409, code: 'STALE' }],
    [
      "an illegal action with 422 and the engine's code",
      { seq: 0, action: { type: 'buy' } },
      { status: 422, code: 'WRONG_DECISION' },
    ],
    [
      "an illegal roll (L2 unavailable) with 422 and the engine's code",
      { seq: 0, action: { type: 'roll', l2: true } },
      { status: 422, code: 'L2_UNAVAILABLE' },
    ],
  ])('refuses %s, applying nothing', async (_what, move, expected) => {
    const { created, seat, token } = await newPoleGame();
    const before = await server.host.records.stateHash(created.id);
    expect(await refusal(server.host.moves.act(created.id, { token, seat, ...move }))).toEqual(expected);
    expect(await server.host.records.stateHash(created.id)).toEqual(before);
    expect(await server.store.actions.list(created.id)).toEqual([]);
  });

  it('applies exactly one of two simultaneous actions on the same seq', async () => {
    const { created, seat, token } = await newPoleGame();
    const results = await Promise.allSettled([
      server.host.moves.act(created.id, { token, seat, seq: 0, action: { type: 'roll' } }),
      server.host.moves.act(created.id, { token, seat, seq: 0, action: { type: 'roll' } }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ status: 409, code: 'STALE' });
    expect((await server.host.records.record(created.id)).actions).toHaveLength(1);
    expect(await server.store.actions.list(created.id)).toHaveLength(1);
  });

  it('names bots by level — easy, normal, strong — reads their old names as levels, and refuses any other with a coded 400', async () => {
    const { host } = server;
    const seats = [
      ...humans('Ada'),
      { kind: 'random', name: 'Old' },
      { kind: 'heuristic', name: 'Older' },
      bot('strong', 'Sage'),
    ];
    const created = await host.create({ game: 'ten', seats, botPaceMs: 0 } as CreateGameRequest);
    expect((await host.views.snapshot(created.id)).seats.map((s) => s.kind)).toEqual([
      'human',
      'easy',
      'normal',
      'strong',
    ]);
    const bad = await hostError(
      host.create({ game: 'ten', seats: [...humans('Ada'), { kind: 'genius', name: 'X' }] } as never),
    );
    expect([bad.status, bad.code]).toEqual([400, 'MALFORMED_REQUEST']);
    expect(bad.message).toContain('a seat is "human" or a bot of level "easy", "normal" or "strong"');
  });

  it('refuses a malformed body or action with 400', async () => {
    const { created, seat, token } = await newPoleGame();
    expect(await refusal(server.host.moves.act(created.id, { token, seat, action: { type: 'roll' } }))).toEqual({
      status: 400,
      code: 'MALFORMED_REQUEST',
    });
    expect(
      await refusal(server.host.moves.act(created.id, { token, seat, seq: 0, action: { type: 'roll' }, extra: 1 })),
    ).toEqual({
      status: 400,
      code: 'MALFORMED_REQUEST',
    });
    expect(
      await refusal(server.host.moves.act(created.id, { token, seat, seq: 0, action: { type: 'teleport' } })),
    ).toEqual({
      status: 400,
      code: 'MALFORMED_ACTION',
    });
    expect((await server.host.views.snapshot(created.id)).seq).toBe(0);
  });

  it("refuses a bad token, another seat's token and a bot's seat with 403", async () => {
    const { created, seat, tokens } = await newPoleGame();
    const act = (id: string, token: string, as: number) =>
      server.host.moves.act(id, { token, seat: as, seq: 0, action: { type: 'roll' } });
    expect(await refusal(act(created.id, 'forged', seat))).toEqual({ status: 403, code: 'BAD_TOKEN' });
    expect(await refusal(act(created.id, tokens[1 - seat]!, seat))).toEqual({ status: 403, code: 'NOT_YOUR_SEAT' });
    expect(await refusal(act(created.id, created.hostToken, seat))).toEqual({ status: 403, code: 'NOT_YOUR_SEAT' }); // online
    const withBot = await server.host.create({
      ...poleOnline,
      mode: 'hotseat',
      seats: [...humans('Ada'), bot('normal', 'Bot')],
    });
    expect(await refusal(act(withBot.id, withBot.hostToken, 5))).toEqual({ status: 403, code: 'UNKNOWN_SEAT' });
    expect(await refusal(act(withBot.id, withBot.hostToken, 1))).toEqual({ status: 403, code: 'BOT_SEAT' });
    expect(await refusal(server.host.views.snapshot(withBot.id, withBot.hostToken, 1))).toEqual({
      status: 403,
      code: 'BOT_SEAT',
    });
    expect(await server.store.actions.list(created.id)).toEqual([]);
  });

  it('lets the host token act for any human seat (hot-seat), leaving the one it names', async () => {
    const created = await server.host.create({ ...poleOnline, mode: 'hotseat' });
    expect(created.invites).toEqual([]);
    const { pending } = await server.host.views.snapshot(created.id, created.hostToken);
    const seat = pending[0]!.seat;
    expect(
      await server.host.moves.act(created.id, { token: created.hostToken, seat, seq: 0, action: { type: 'roll' } }),
    ).toEqual({
      seq: 1,
    });
    expect(await refusal(server.host.seats.leave(created.id, created.hostToken))).toEqual({
      status: 400,
      code: 'SEAT_REQUIRED',
    });
    await server.host.seats.leave(created.id, created.hostToken, 1 - seat);
    expect((await server.host.views.snapshot(created.id)).seats.map((s) => s.botTakeover)).toEqual(
      seat === 0 ? [false, true] : [true, false],
    );
  });

  it('records facts from outside as system actions (server-side only)', async () => {
    const created = await server.host.create({ ...poleOnline, options: { onChainHoldings: true } });
    expect(await server.host.moves.actAsSystem(created.id, 0, { type: 'holdings', tiles: [] })).toEqual({ seq: 1 });
    expect(await refusal(server.host.moves.actAsSystem(created.id, 0, { type: 'holdings', tiles: [] }))).toEqual({
      status: 409,
      code: 'STALE',
    });
    expect(await refusal(server.host.moves.actAsSystem(created.id, 1, { type: 'roll' }))).toEqual({
      status: 422,
      code: 'NOT_YOUR_TURN',
    });
    const record = await server.host.records.record(created.id);
    expect(record.actions).toEqual([{ seat: 'system', action: { type: 'holdings', tiles: [] } }]);
    expect(stateHash(replay(record).state)).toBe((await server.host.records.stateHash(created.id)).hash);
  });

  it('keeps a record that replays to the same state', async () => {
    const created = await server.host.create({ ...poleOnline, mode: 'hotseat' });
    for (let i = 0; i < 6; i++) {
      const snap = await server.host.views.snapshot(created.id, created.hostToken);
      if (snap.outcome) break;
      await server.host.moves.act(created.id, {
        token: created.hostToken,
        seat: snap.seat!,
        seq: snap.seq,
        action: snap.legal[0],
      });
    }
    const record = await server.host.records.record(created.id);
    expect(stateHash(replay(record).state)).toBe((await server.host.records.stateHash(created.id)).hash);
  });
});

describe('GameHost: hidden information', () => {
  it("never shows a Gotopoly seat another uncle's sealed bid, in snapshots or updates", async () => {
    const created = await server.host.create({
      game: 'gotopoly',
      seats: humans('Ann', 'Ben', 'Cat'),
      seed: 'hidden',
      mode: 'online',
    });
    const [t0, t1] = created.invites.map((i) => i.token);
    const watching = await server.host.views.subscribe(created.id, t1);
    const spectating = await server.host.views.subscribe(created.id);
    const start = await server.host.views.snapshot(created.id, t0);
    expect(start.pending.map((d) => d.kind)).toEqual(['bid', 'bid', 'bid']);
    const secret = [1987, 0, 0, 0, 0, 0];
    await server.host.moves.act(created.id, { token: t0!, seat: 0, seq: 0, action: { type: 'bid', bids: secret } });

    const own = await server.host.views.snapshot(created.id, t0);
    expect(JSON.stringify(own)).toContain('1987');
    for (const other of [
      await server.host.views.snapshot(created.id, t1),
      await server.host.views.snapshot(created.id),
    ]) {
      expect(JSON.stringify(other)).not.toContain('1987');
      expect((other.view as { stage: { bids: unknown[] } }).stage.bids).toEqual([null, null, null]);
      expect(JSON.stringify(other.view)).not.toContain('"rng"');
      expect(JSON.stringify(other.view)).not.toContain('"draw"');
    }
    for (const sub of [watching, spectating]) {
      const [update] = await take(sub, 1);
      expect(update!.seq).toBe(1);
      expect(JSON.stringify(update)).not.toContain('1987');
      sub.close();
    }
    // Resuming a stream replays past updates through the same view.
    const resumed = await server.host.views.subscribe(created.id, t1, undefined, 0);
    expect(JSON.stringify(await take(resumed, 1))).not.toContain('1987');
    resumed.close();
  });
});

describe('GameHost: updates', () => {
  it('sends every seat one update per action, in order, with the seq as SSE id', async () => {
    const { created, seat, token, tokens } = await newPoleGame();
    const other = await server.host.views.subscribe(created.id, tokens[1 - seat]);
    await server.host.moves.act(created.id, { token, seat, seq: 0, action: { type: 'roll' } });
    const [update] = await take(other, 1);
    expect(update).toMatchObject({ seq: 1, outcome: null, deadline: null });
    expect(update!.events.length).toBeGreaterThan(0);
    expect(formatSse(update!)).toBe(`id: 1\nevent: update\ndata: ${JSON.stringify(update)}\n\n`);
    other.close();
    expect(await other.next()).toEqual({ value: undefined, done: true });
  });

  it('streams updates as Server-Sent Events and unsubscribes when the stream is cancelled', async () => {
    const { created, seat, token } = await newPoleGame();
    const sub = await server.host.views.subscribe(created.id, token);
    const reader = sseStream(sub).getReader();
    const decode = async () => new TextDecoder().decode((await reader.read()).value);
    expect(await decode()).toBe('retry: 2000\n: subscribed\n\n');
    // An online game's stream tells the seats first (presence).
    expect(await decode()).toMatch(/^id: 0\nevent: seats\n/);
    await server.host.moves.act(created.id, { token, seat, seq: 0, action: { type: 'roll' } });
    const text = await decode();
    expect(text.startsWith('id: 1\nevent: update\ndata: {')).toBe(true);
    expect(JSON.parse(text.split('data: ')[1]!)).toMatchObject({ seq: 1 });
    await reader.cancel();
    expect(sub.isClosed).toBe(true);
  });

  it('turns errors into status and body for the route handlers', () => {
    expect(errorResponse(new GameError('STALE', 'late'))).toEqual({
      status: 409,
      body: { error: 'STALE', message: 'late' },
    });
    expect(errorResponse(new Error('secret detail'))).toEqual({
      status: 500,
      body: { error: 'INTERNAL', message: 'the server failed; nothing was applied' },
    });
  });

  it('reads the resume point from Last-Event-ID before ?after=', () => {
    expect(resumeAfter('12', '3')).toBe(12);
    expect(resumeAfter(null, '3')).toBe(3);
    expect(resumeAfter('junk', null)).toBeUndefined();
  });
});
