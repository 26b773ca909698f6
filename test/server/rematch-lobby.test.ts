/**
 * Rematch and lobby at the host, over an in-memory PGlite (and two hosts on one PostgreSQL for the race):
 * a rematch has the old game's seats, options and board and a new seed, is made once however many ask at once, gives
 * each seat its own new token and refuses a running game, a spectator, a seat that left and a second join; the lobby
 * lists public games as waiting, playing or finished, a join takes a free seat of a waiting one with a token minted
 * anew (the old invite stops working), and a stale join, a join of a started game, a name clash or a private game is
 * refused with nothing changed.
 */
import { describe, expect, it } from 'vitest';
import { GameHost, ManualClock } from '../../server/host';
import type { GameRow, GameStore } from '../../server/store';
import { rematchRequest } from '../../server/host/tables';
import type { CreateGameRequest, CreateGameResponse } from '../../server/protocol';
import { createTestServer, drive, postgresKind, refusal, useTestServer } from './helpers';
import { bot, humans } from './requests';

const clock = new ManualClock();
const server = useTestServer({ clock });

/** A short Tezos Pole (one lap) with a house rule, a turn timer, two people and a bot. */
const shortPole: CreateGameRequest = {
  game: 'pole',
  options: { laps: 1, startingCash: 900 },
  seats: [...humans('Ada', 'Bea'), bot('normal', 'Robo')],
  mode: 'online',
  turnSeconds: 60,
  botPaceMs: 0,
};

const tokensOf = (created: CreateGameResponse): Map<number, string> =>
  new Map(created.invites.map((i) => [i.seat, i.token]));

/** Plays a game to its end: each pending person's first legal action, the bots by themselves. */
async function playToEnd(h: GameHost, id: string, tokens: ReadonlyMap<number, string>, c = clock): Promise<void> {
  for (let moves = 0; moves < 2_000; moves++) {
    await drive(h, c);
    const seen = await h.views.snapshot(id);
    if (seen.outcome) return;
    const seat = seen.pending.map((d) => d.seat).find((s) => tokens.has(s));
    if (seat === undefined) throw new Error(`nobody of ours is to move in ${id}`);
    const token = tokens.get(seat)!;
    const mine = await h.views.snapshot(id, token);
    await h.moves.act(id, { token, seat, seq: mine.seq, action: mine.legal[0] });
  }
  throw new Error(`game ${id} did not end`);
}

/**
 * Runs `race` with two app instances on one fresh PostgreSQL database (`store` is the first's) and one clock, and
 * closes them after.
 */
async function withTwoInstances(
  race: (a: GameHost, b: GameHost, clock: ManualClock, store: GameStore) => Promise<void>,
): Promise<void> {
  const { store: first, reopen, cleanup } = await postgresKind.fresh();
  const second = await reopen();
  const c = new ManualClock();
  const [{ host: a }, { host: b }] = await Promise.all([
    createTestServer({ store: first, clock: c }),
    createTestServer({ store: second, clock: c }),
  ]);
  try {
    await race(a, b, c, first);
  } finally {
    await Promise.all([a.close(), b.close()]);
    await cleanup();
  }
}

describe('rematch', () => {
  it('refuses a running game, then makes one rematch with the same seats, options and board and a new seed', async () => {
    const created = await server.host.create(shortPole);
    const tokens = tokensOf(created);
    expect(await refusal(server.host.tables.rematch(created.id, { token: tokens.get(0) }))).toEqual({
      status: 409,
      code: 'GAME_NOT_OVER',
    });
    expect(await server.host.tables.rematchOf(created.id)).toBeNull();
    await playToEnd(server.host, created.id, tokens);
    expect((await server.host.views.snapshot(created.id)).rematch).toBeNull();

    // Nobody but a seat (or the hot-seat host) asks: a spectator (no token, no seat held), the online host's token.
    expect(await refusal(server.host.tables.rematch(created.id, { token: 7 }))).toEqual({
      status: 400,
      code: 'MALFORMED_REQUEST',
    });
    expect(await refusal(server.host.tables.rematch(created.id, {}))).toEqual({
      status: 403,
      code: 'SPECTATOR_CANNOT_JOIN',
    });
    expect(await refusal(server.host.tables.rematch(created.id, { token: created.hostToken }))).toEqual({
      status: 403,
      code: 'SPECTATOR_CANNOT_JOIN',
    });
    expect(await refusal(server.host.tables.rematch(created.id, { token: 'not-a-token' }))).toEqual({
      status: 403,
      code: 'BAD_TOKEN',
    });
    expect(await server.host.tables.rematchOf(created.id)).toBeNull();

    // Ada and Bea press "Play again" at once: one rematch, each in their own seat with a token of its own.
    const [ada, bea] = await Promise.all([
      server.host.tables.rematch(created.id, { token: tokens.get(0) }),
      server.host.tables.rematch(created.id, { token: tokens.get(1) }),
    ]);
    expect(ada.id).toBe(bea.id);
    expect(ada.id).not.toBe(created.id);
    expect([ada.seat, bea.seat]).toEqual([0, 1]);
    expect(ada.token).not.toBe(tokens.get(0));
    expect(await server.host.tables.rematchOf(created.id)).toBe(ada.id);
    expect((await server.host.views.snapshot(created.id, tokens.get(1))).rematch).toBe(ada.id);

    const before = await server.host.records.record(created.id);
    const after = await server.host.records.record(ada.id);
    expect(after.config).toEqual(before.config);
    expect(after.seats).toEqual(before.seats.map((s) => ({ ...s, botTakeover: false })));
    expect(after.seed).not.toBe(before.seed);
    const again = await server.host.views.snapshot(ada.id, ada.token!);
    expect(again).toMatchObject({ seat: 0, access: 'seat', outcome: null, rematch: null });
    expect((await server.host.views.snapshot(ada.id, bea.token!)).seat).toBe(1);
    // The old invite is the old game's only; the rematch's turn timer is the old one's.
    expect(await refusal(server.host.views.snapshot(ada.id, tokens.get(0)))).toEqual({
      status: 403,
      code: 'BAD_TOKEN',
    });
    const row = await server.store.games.get(ada.id);
    expect(row).toMatchObject({ turnSeconds: 60, botPaceMs: 0, mode: 'online', rematchOf: created.id });

    // A second join of one seat is refused and changes nothing.
    expect(await refusal(server.host.tables.rematch(created.id, { token: tokens.get(0) }))).toEqual({
      status: 409,
      code: 'SEAT_JOINED',
    });
    expect((await server.host.views.snapshot(ada.id, ada.token!)).seat).toBe(0);

    // The bot plays its seat in the rematch by itself.
    await playToEnd(
      server.host,
      ada.id,
      new Map([
        [0, ada.token!],
        [1, bea.token!],
      ]),
    );
    expect((await server.host.records.record(ada.id)).actions.some((a) => a.seat === 2)).toBe(true);
  });

  it('gives a seat that left the old game to its bot in the rematch, and refuses its join', async () => {
    const created = await server.host.create(shortPole);
    const tokens = tokensOf(created);
    await server.host.seats.leave(created.id, tokens.get(1)!);
    expect(await refusal(server.host.tables.rematch(created.id, { token: tokens.get(1) }))).toEqual({
      status: 409,
      code: 'GAME_NOT_OVER',
    });
    await playToEnd(server.host, created.id, new Map([[0, tokens.get(0)!]]));
    expect(await refusal(server.host.tables.rematch(created.id, { token: tokens.get(1) }))).toEqual({
      status: 409,
      code: 'REMATCH_SEAT_LEFT',
    });
    expect(await server.host.tables.rematchOf(created.id)).toBeNull();
    const ada = await server.host.tables.rematch(created.id, { token: tokens.get(0) });
    expect((await server.host.views.snapshot(ada.id)).seats.map((s) => s.botTakeover)).toEqual([false, true, false]);
    expect(await refusal(server.host.tables.rematch(created.id, { token: tokens.get(1) }))).toEqual({
      status: 409,
      code: 'REMATCH_SEAT_LEFT',
    });
  });

  it('plays a hot-seat rematch with the same host token', async () => {
    const created = await server.host.create({ ...shortPole, mode: 'hotseat' });
    const hostTokens = new Map([
      [0, created.hostToken],
      [1, created.hostToken],
    ]);
    await playToEnd(server.host, created.id, hostTokens);
    const next = await server.host.tables.rematch(created.id, { token: created.hostToken });
    expect(next).toEqual({ id: expect.any(String) as string, seat: null, token: null });
    expect((await server.host.views.snapshot(next.id, created.hostToken)).access).toBe('host');
    expect((await server.host.tables.rematch(created.id, { token: created.hostToken })).id).toBe(next.id);
  });

  it('makes one rematch when two app instances are asked at once (PostgreSQL)', () =>
    withTwoInstances(async (a, b, c, store) => {
      const created = await a.create(shortPole);
      const tokens = tokensOf(created);
      await playToEnd(a, created.id, tokens, c);
      await b.views.snapshot(created.id); // b holds the finished game too
      const [ada, bea] = await Promise.all([
        a.tables.rematch(created.id, { token: tokens.get(0) }),
        b.tables.rematch(created.id, { token: tokens.get(1) }),
      ]);
      expect(ada.id).toBe(bea.id);
      const rows = await store.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM games WHERE rematch_of = $1', [
        created.id,
      ]);
      expect(rows[0]!.n).toBe(1);
    }));
});

describe('the rematch request', () => {
  it("takes an on-chain studio game's board and artists from the studio again, never from the old config", () => {
    const row: GameRow = {
      id: 'g',
      game: 'pole',
      version: 1,
      config: { players: 2, laps: 3, board: { tiles: [] }, onChainHoldings: true },
      seed: 's',
      seats: [{ name: 'Ada', kind: 'human', tokenHash: 'h', botTakeover: false }],
      hostTokenHash: 'x',
      mode: 'online',
      turnSeconds: null,
      botPaceMs: 0,
      graceSeconds: 30,
      seatMarks: [],
      createdAt: new Date(0),
      finished: true,
      listed: false,
      rematchOf: null,
      studioBoard: 'b1',
      fair: false,
      waiting: false,
      autoStart: false,
      roomCode: null,
      ratedSeats: null,
    };
    expect(rematchRequest(row, true)).toMatchObject({
      options: { laps: 3 },
      graceSeconds: 30,
      studioBoard: 'b1',
      onChain: {},
    });
    expect(rematchRequest(row, true).options).not.toHaveProperty('board');
    // Off-chain too, a studio board is read from the studio again rather than resent.
    expect(rematchRequest(row, false)).toMatchObject({ studioBoard: 'b1' });
    expect(rematchRequest(row, false).options).not.toHaveProperty('board');
    // A board of the game's own options goes with it.
    expect(rematchRequest({ ...row, studioBoard: null }, false)).toMatchObject({
      options: { laps: 3, board: { tiles: [] } },
    });
    expect(rematchRequest({ ...row, studioBoard: null }, false)).not.toHaveProperty('onChain');
  });
});

describe('lobby', () => {
  const trio: CreateGameRequest = {
    game: 'ten',
    seats: humans('Ada', 'Bea', 'Cat'),
    mode: 'online',
    botPaceMs: 0,
    public: true,
  };
  const listed = async (id: string) => (await server.host.tables.lobby()).find((g) => g.id === id);

  it('lists public waiting games with their free seats; a join takes one with a new token, and stale joins change nothing', async () => {
    expect(await refusal(server.host.create({ ...trio, mode: 'hotseat' }))).toEqual({
      status: 400,
      code: 'LOBBY_ONLINE_ONLY',
    });
    const priv = await server.host.create({ ...trio, public: false });
    const pub = await server.host.create({ ...trio, options: { startingTokens: 3 }, turnSeconds: 90 });
    const tokens = tokensOf(pub);
    expect(await listed(priv.id)).toBeUndefined();
    expect(await refusal(server.host.tables.joinLobby({ game: priv.id }))).toEqual({
      status: 404,
      code: 'NOT_IN_LOBBY',
    });
    expect(await refusal(server.host.tables.joinLobby({ game: 'nope' }))).toEqual({
      status: 404,
      code: 'UNKNOWN_GAME',
    });

    // The creator holds seat 1's invite: seats 2 and 3 are free.
    const entry = await listed(pub.id);
    expect(entry).toMatchObject({ game: 'ten', options: ['startingTokens 3', 'turn timer 90 s'], ageSeconds: 0 });
    expect(entry!.seats.map((s) => s.free)).toEqual([false, true, true]);

    // Dan joins under his name: the first free seat, a token of its own; Bea's invite for it stops working.
    const dan = await server.host.tables.joinLobby({ game: pub.id, name: ' Dan ' });
    expect(dan).toMatchObject({ id: pub.id, seat: 1 });
    expect(await server.host.views.snapshot(pub.id, dan.token!)).toMatchObject({ seat: 1, access: 'seat' });
    expect((await server.host.views.snapshot(pub.id)).seats.map((s) => s.name)).toEqual(['Ada', 'Dan', 'Cat']);
    expect(await refusal(server.host.views.snapshot(pub.id, tokens.get(1)))).toEqual({
      status: 403,
      code: 'BAD_TOKEN',
    });
    expect((await listed(pub.id))!.seats.map((s) => s.free)).toEqual([false, false, true]);

    // Stale or clashing joins: refused, nothing changed.
    expect(await refusal(server.host.tables.joinLobby({ game: pub.id, seat: 1 }))).toEqual({
      status: 409,
      code: 'SEAT_TAKEN',
    });
    expect(await refusal(server.host.tables.joinLobby({ game: pub.id, seat: 0 }))).toEqual({
      status: 409,
      code: 'SEAT_TAKEN',
    });
    expect(await refusal(server.host.tables.joinLobby({ game: pub.id, name: 'ada' }))).toEqual({
      status: 400,
      code: 'DUPLICATE_NAME',
    });
    expect(await refusal(server.host.tables.joinLobby({ game: pub.id, name: 'x'.repeat(25) }))).toEqual({
      status: 400,
      code: 'NAME_TOO_LONG',
    });
    expect(await refusal(server.host.tables.joinLobby({ game: pub.id, name: 'bad\u0007name' }))).toEqual({
      status: 400,
      code: 'MALFORMED_REQUEST',
    });
    expect((await server.host.views.snapshot(pub.id)).seats.map((s) => s.name)).toEqual(['Ada', 'Dan', 'Cat']);
    expect(await server.host.views.snapshot(pub.id, tokens.get(2))).toMatchObject({ seat: 2 });
    expect((await listed(pub.id))!.seats.map((s) => s.free)).toEqual([false, false, true]);

    // Cat opens her own invite's stream: her seat is taken, and with no free seat left the game starts by itself;
    // the lobby shows it playing, to watch, and a join is refused.
    expect((await listed(pub.id))!.status).toBe('waiting');
    const stream = await server.host.views.subscribe(pub.id, tokens.get(2));
    stream.close();
    expect(await listed(pub.id)).toMatchObject({ status: 'playing' });
    expect((await listed(pub.id))!.seats.every((s) => !s.free)).toBe(true);
    expect(await refusal(server.host.tables.joinLobby({ game: pub.id }))).toEqual({
      status: 409,
      code: 'NOT_WAITING',
    });
  });

  it('gives one seat to one person when two app instances seat it at once (PostgreSQL)', () =>
    withTwoInstances(async (a, b, _clock, store) => {
      const pub = await a.create(trio);
      await b.views.snapshot(pub.id); // both hold the game, with seat 2 free
      const tries = await Promise.allSettled([
        a.tables.joinLobby({ game: pub.id, seat: 1, name: 'Eve' }),
        b.tables.joinLobby({ game: pub.id, seat: 1, name: 'Fay' }),
      ]);
      const won = tries.flatMap((t) => (t.status === 'fulfilled' ? [t.value] : []));
      expect(won).toHaveLength(1);
      const lost = tries.find((t) => t.status === 'rejected');
      expect(await refusal(Promise.reject(lost!.reason))).toEqual({ status: 409, code: 'SEAT_TAKEN' });
      // The winner's token holds the seat on both instances; the stored seat has the winner's name.
      for (const h of [a, b]) expect((await h.views.snapshot(pub.id, won[0]!.token!)).seat).toBe(1);
      expect((await store.games.get(pub.id))!.seats[1]!.name).toBe(tries[0]!.status === 'fulfilled' ? 'Eve' : 'Fay');
    }));

  it('a public game waits: nothing moves until its seats are taken; a join is refused once the game is over', async () => {
    const pair = await server.host.create({ ...shortPole, public: true });
    const tokens = tokensOf(pair);
    expect((await listed(pair.id))!.seats.map((s) => s.free)).toEqual([false, true, false]);
    const seq = (await server.host.views.snapshot(pair.id)).seq;
    expect(
      await refusal(server.host.moves.act(pair.id, { token: tokens.get(0), seat: 0, seq, action: { type: 'roll' } })),
    ).toEqual({
      status: 409,
      code: 'GAME_WAITING',
    });
    // Bea opens her invite: every human seat is taken, and the game starts by itself.
    (await server.host.views.subscribe(pair.id, tokens.get(1))).close();
    expect(await listed(pair.id)).toMatchObject({ status: 'playing' });
    await playToEnd(server.host, pair.id, tokens);
    expect(await listed(pair.id)).toMatchObject({ status: 'finished' });
    expect(await refusal(server.host.tables.joinLobby({ game: pair.id }))).toEqual({ status: 409, code: 'GAME_OVER' });
    // A public game's rematch is public too; its seats wait for their people (Play again), so none is free in the
    // lobby, and it starts once both have joined.
    const ada = await server.host.tables.rematch(pair.id, { token: tokens.get(0) });
    expect(await listed(ada.id)).toMatchObject({ status: 'waiting' });
    expect(await refusal(server.host.tables.joinLobby({ game: ada.id }))).toEqual({
      status: 409,
      code: 'NO_FREE_SEAT',
    });
    await server.host.tables.rematch(pair.id, { token: tokens.get(1) });
    expect(await listed(ada.id)).toMatchObject({ status: 'playing' });
  });
});
