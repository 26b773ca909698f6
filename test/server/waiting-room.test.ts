/**
 * Waiting rooms at the host (server/host/waiting-room.ts): an online game created to wait moves not at all — no roll,
 * no bot, no timer — until its host starts it, or until every human seat is taken when it starts by itself; Start
 * with a free seat asks to fill it with bots; the room link seats a newcomer in a free seat under their name, and
 * only the host and the seats are shown it.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/host';
import type { CreateGameRequest, CreateGameResponse } from '../../server/protocol';
import { drive, refusal, useTestServer } from './helpers';
import { bot, humans } from './requests';

const clock = new ManualClock();
const server = useTestServer({ clock });

/** Tezos Pole online: Ada, Bea and a bot, a minute a decision, bots moving at once; waiting for its people. */
const waiting = (autoStart: boolean): CreateGameRequest => ({
  game: 'pole',
  options: { laps: 1 },
  seats: [...humans('Ada', 'Bea'), bot('normal', 'Robo')],
  mode: 'online',
  turnSeconds: 60,
  botPaceMs: 0,
  waitingRoom: { autoStart },
});

const tokensOf = (created: CreateGameResponse): Map<number, string> =>
  new Map(created.invites.map((i) => [i.seat, i.token]));
const codeOf = (path: string | null | undefined): string => decodeURIComponent(path!.slice('/r/'.length));

describe('a waiting room', () => {
  it('runs no timer, no bot and no roll before its start: 30 minutes of controlled time change nothing', async () => {
    const { host } = server;
    const created = await host.create(waiting(false));
    const tokens = tokensOf(created);
    // Both people open their links: they are seated, and still nothing moves (the host starts this one).
    for (const token of tokens.values()) (await host.views.subscribe(created.id, token)).close();
    clock.advance(30 * 60_000);
    await drive(host, clock);
    const seen = await host.views.snapshot(created.id, tokens.get(0));
    expect(seen).toMatchObject({ seq: 0, deadline: null, waitingRoom: { autoStart: false, mayStart: false } });
    expect(
      await refusal(host.moves.act(created.id, { token: tokens.get(0), seat: 0, seq: 0, action: { type: 'roll' } })),
    ).toEqual({
      status: 409,
      code: 'GAME_WAITING',
    });
    // Bea leaves while it waits: her seat is free again (for her link, or a newcomer), not her bot's.
    await host.seats.leave(created.id, tokens.get(1));
    const room = await host.waitingRoom.room(
      codeOf((await host.views.snapshot(created.id, created.hostToken)).waitingRoom!.roomPath),
    );
    expect(room.seats.map((s) => s.free)).toEqual([false, true, false]);
    expect((await host.views.snapshot(created.id)).seats[1]!.botTakeover).toBe(false);
  });

  it('starts when its host says: a free seat is refused unless bots fill it; then the bots and the timer run', async () => {
    const { host } = server;
    const created = await host.create(waiting(false));
    const tokens = tokensOf(created);
    (await host.views.subscribe(created.id, tokens.get(0))).close();
    // Only the host starts it.
    expect(await refusal(host.waitingRoom.start(created.id, { token: tokens.get(0) }))).toEqual({
      status: 403,
      code: 'NOT_HOST',
    });
    const free = await refusal(host.waitingRoom.start(created.id, { token: created.hostToken }));
    expect(free).toEqual({ status: 409, code: 'SEATS_FREE' });
    expect((await host.views.snapshot(created.id)).seq).toBe(0);
    await host.waitingRoom.start(created.id, { token: created.hostToken, fillWithBots: true });
    const started = await host.views.snapshot(created.id, tokens.get(0));
    expect(started.waitingRoom).toBeNull();
    expect(started.seats.map((s) => s.kind)).toEqual(['human', 'normal', 'normal']);
    expect(await refusal(host.waitingRoom.start(created.id, { token: created.hostToken }))).toEqual({
      status: 409,
      code: 'NOT_WAITING',
    });
    // Ada's turn timer now runs: at its end her default move plays, and the bots go on.
    clock.advance(61_000);
    await drive(host, clock);
    expect((await host.views.snapshot(created.id)).seq).toBeGreaterThan(0);
  });

  it('seats a newcomer through the room link under their name, and starts by itself once every seat is taken', async () => {
    const { host } = server;
    const created = await host.create(waiting(true));
    const tokens = tokensOf(created);
    (await host.views.subscribe(created.id, tokens.get(0))).close();
    // The room link is the host's and the seats' to share, never a spectator's.
    const ada = await host.views.snapshot(created.id, tokens.get(0));
    expect(ada.waitingRoom).toMatchObject({
      autoStart: true,
      mayStart: false,
      roomPath: expect.stringMatching(/^\/r\//),
    });
    expect((await host.views.snapshot(created.id)).waitingRoom).toMatchObject({ roomPath: null, mayStart: false });
    expect((await host.views.snapshot(created.id, created.hostToken)).waitingRoom).toMatchObject({ mayStart: true });
    const code = codeOf(ada.waitingRoom!.roomPath);

    expect(await host.waitingRoom.room(code)).toMatchObject({
      id: created.id,
      waiting: true,
      seats: [
        { seat: 0, free: false },
        { seat: 1, free: true },
        { seat: 2, free: false, kind: 'normal' },
      ],
    });
    expect(await refusal(host.waitingRoom.room('no-such-room'))).toEqual({ status: 404, code: 'UNKNOWN_ROOM' });
    expect(await refusal(host.waitingRoom.join(code, { seat: 0 }))).toEqual({ status: 409, code: 'SEAT_TAKEN' });
    expect(await refusal(host.waitingRoom.join(code, { name: 'ADA' }))).toEqual({
      status: 400,
      code: 'DUPLICATE_NAME',
    });

    // Cyd takes the free seat under her name: the last human seat, so the game starts.
    const cyd = await host.waitingRoom.join(code, { name: 'Cyd' });
    expect(cyd).toMatchObject({ id: created.id, seat: 1 });
    const seen = await host.views.snapshot(created.id, cyd.token!);
    expect(seen).toMatchObject({ seat: 1, waitingRoom: null });
    expect(seen.seats.map((s) => s.name)).toEqual(['Ada', 'Cyd', 'Robo']);
    // Bea's unused invite for that seat no longer works, and the room seats nobody more.
    expect(await refusal(host.views.snapshot(created.id, tokens.get(1)))).toEqual({ status: 403, code: 'BAD_TOKEN' });
    expect(await refusal(host.waitingRoom.join(code, {}))).toEqual({ status: 409, code: 'NOT_WAITING' });
  });

  it('is for online games only (400 WAITING_ONLINE_ONLY)', async () => {
    expect(await refusal(server.host.create({ ...waiting(true), mode: 'hotseat', turnSeconds: null }))).toEqual({
      status: 400,
      code: 'WAITING_ONLINE_ONLY',
    });
  });
});
