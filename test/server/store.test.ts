import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, openPostgresStore, type GameStore, type NewGameRow, type StoreEvent } from '../../server/store';
import { markTimedOut } from '../../server/host/timer-marks';
import { NEW_SKILL, rateFinish } from '../../server/ratings/model';
import {
  TEST_DATABASE_URL,
  dropSchema,
  freshSchemaName,
  listenFor,
  pgliteKind,
  postgresKind,
  type StoreKind,
} from './helpers';

const newId = () => randomBytes(6).toString('hex');

const gameRow = (id: string): NewGameRow => ({
  id,
  game: 'pole',
  version: 1,
  config: { players: 2, laps: 1 },
  seed: 'store-test',
  seats: [
    { name: 'Ada', kind: 'human', tokenHash: 'ab'.repeat(32), botTakeover: false },
    { name: 'Bot', kind: 'easy', tokenHash: null, botTakeover: false },
  ],
  hostTokenHash: 'cd'.repeat(32),
  mode: 'online',
  turnSeconds: 30,
  botPaceMs: 0,
});

describe.each<StoreKind>([pgliteKind, postgresKind])('GameStore contract: $name', (kind) => {
  let store: GameStore;
  let cleanup: () => Promise<void>;
  let reopen: () => Promise<GameStore>;

  beforeAll(async () => {
    ({ store, cleanup, reopen } = await kind.fresh());
  });
  afterAll(async () => {
    await store.close();
    await cleanup();
  });

  /** Seat 0 rolls as action 1 of game `id` in `store`; `listener` (this store or another instance) hears it. */
  async function expectHeardFirstRoll(listener: GameStore, id: string): Promise<void> {
    const heard = await listenFor(listener, (e) => e.type === 'action' && e.gameId === id);
    await store.actions.append(id, 1, 0, { type: 'roll' });
    expect(await heard.event).toEqual({
      type: 'action',
      gameId: id,
      seq: 1,
      logged: { seat: 0, action: { type: 'roll' }, timedOut: false },
    });
  }

  it('migrates idempotently: running the migrations again keeps the data', async () => {
    const id = newId();
    await store.games.create(gameRow(id));
    await store.migrate();
    await store.migrate();
    expect((await store.games.get(id))?.seed).toBe('store-test');
  });

  it('creates and reads a game row, refusing a duplicate id', async () => {
    const id = newId();
    await store.games.create(gameRow(id));
    const row = await store.games.get(id);
    expect(row).toMatchObject({ ...gameRow(id), finished: false });
    expect(row?.createdAt).toBeInstanceOf(Date);
    await expect(store.games.create(gameRow(id))).rejects.toMatchObject({ code: 'DUPLICATE_GAME' });
    expect(await store.games.get('no-such-game')).toBeNull();
  });

  it('reads a seat stored before bots had levels as its level: random is easy, heuristic normal', async () => {
    const id = newId();
    await store.games.create(gameRow(id));
    await store.sql.query(`UPDATE games SET seats = jsonb_set(seats, '{1,kind}', '"heuristic"') WHERE id = $1`, [id]);
    expect((await store.games.get(id))?.seats[1]?.kind).toBe('normal');
    await store.sql.query(`UPDATE games SET seats = jsonb_set(seats, '{1,kind}', '"random"') WHERE id = $1`, [id]);
    expect((await store.games.get(id))?.seats[1]?.kind).toBe('easy');
  });

  it('keeps one rematch per game and lists the listed games newest first, finished ones too', async () => {
    const [old, first, second, listed] = [newId(), newId(), newId(), newId()];
    await store.games.create(gameRow(old));
    expect(await store.games.rematchOf(old)).toBeNull();
    await store.games.create({ ...gameRow(first), rematchOf: old });
    await expect(store.games.create({ ...gameRow(second), rematchOf: old })).rejects.toMatchObject({
      code: 'DUPLICATE_GAME',
    });
    expect(await store.games.get(second)).toBeNull();
    expect(await store.games.rematchOf(old)).toBe(first);
    expect(await store.games.get(first)).toMatchObject({ rematchOf: old, listed: false });

    const taken = {
      ...gameRow(listed),
      listed: true,
      seats: gameRow(listed).seats.map((s, i) => (i === 0 ? { ...s, taken: true } : s)),
    };
    await store.games.create(taken);
    expect((await store.games.listed(50)).map((g) => g.id)).toContain(listed);
    expect((await store.games.listed(50)).map((g) => g.id)).not.toContain(first);
    expect((await store.games.get(listed))?.seats[0]).toMatchObject({ taken: true });
    await store.ratings.finish({ gameId: listed, unrated: null });
    expect((await store.games.listed(50)).find((g) => g.id === listed)).toMatchObject({ finished: true });
  });

  it('starts a waiting game once, with its seats, and finds it by its room code', async () => {
    const id = newId();
    await store.games.create({ ...gameRow(id), waiting: true, autoStart: true, roomCode: `room-${id}` });
    expect(await store.games.get(id)).toMatchObject({ waiting: true, autoStart: true, roomCode: `room-${id}` });
    expect(await store.games.byRoomCode(`room-${id}`)).toBe(id);
    expect(await store.games.byRoomCode('no-such-room')).toBeNull();
    const seats = gameRow(id).seats.map((s) => ({ ...s, kind: 'normal' as const }));
    expect(await store.games.start(id, seats)).toBe(true);
    expect(await store.games.start(id, gameRow(id).seats)).toBe(false);
    expect(await store.games.get(id)).toMatchObject({ waiting: false, seats });
  });

  it('swaps the seats only while they are the ones expected', async () => {
    const id = newId();
    await store.games.create(gameRow(id));
    const seats = gameRow(id).seats;
    const joined = seats.map((s, i) => (i === 0 ? { ...s, tokenHash: 'ef'.repeat(32), taken: true } : s));
    expect(await store.games.swapSeats(id, seats, joined)).toBe(true);
    expect(await store.games.swapSeats(id, seats, seats)).toBe(false);
    expect((await store.games.get(id))?.seats).toEqual(joined);
  });

  it('marks games finished and lists the unfinished ones', async () => {
    const [a, b] = [newId(), newId()];
    await store.games.create(gameRow(a));
    await store.games.create(gameRow(b));
    await store.ratings.finish({ gameId: a, unrated: null });
    const open = await store.games.unfinished();
    expect(open).toContain(b);
    expect(open).not.toContain(a);
    expect((await store.games.get(a))?.finished).toBe(true);
  });

  it('finishes a rated game once, with its ratings in the same transaction; games sharing a newcomer finishing at once are numbered in the order their ratings were applied', async () => {
    const people = Array.from({ length: 4 }, () => `tz1${newId()}`);
    const ids = Array.from({ length: 6 }, () => newId());
    for (const id of ids) await store.games.create(gameRow(id));
    // Every game has the newcomer people[0] against one other: their ratings must apply one after another.
    const ends = duels(ids, people);
    const results = await Promise.all(ends.map((end) => store.ratings.finish(end)));
    expect(results.every((r) => r?.length === 2)).toBe(true);
    // A second finish (another instance) changes nothing.
    expect(await store.ratings.finish(ends[0]!)).toBeNull();
    await expectListReplays(ids, people);
    expect((await store.ratings.ratingsOf(people[0]!))[0]).toMatchObject({ games: 6, wins: 3, left: 0 });
  });

  /** Two-person Ten ends of `ids`: people[0] against people[1], people[2]… in turn, winning every other game. */
  const duels = (ids: readonly string[], people: readonly string[]) =>
    ids.map((gameId, i) => ({
      gameId,
      game: 'ten' as const,
      finalHash: `hash-${i}`,
      placings: [
        { seat: 0, address: people[0]!, rank: 1 + (i % 2), leaver: false },
        { seat: 1, address: people[1 + (i % (people.length - 1))]!, rank: 2 - (i % 2), leaver: false },
      ],
    }));

  /**
   * The published list holds the games `ids`, and replaying it in its order from new skills gives each game's before
   * and after and every person's stored skill: no game was rated from a skill another had changed already.
   */
  async function expectListReplays(ids: readonly string[], people: readonly string[]): Promise<void> {
    const mine = (await store.ratings.ratedGames(0, 1000)).filter((g) => ids.includes(g.gameId));
    expect(mine).toHaveLength(ids.length);
    const skill = new Map<string, { mu: number; sigma: number }>();
    for (const g of mine) {
      const before = g.changes.map((c) => skill.get(c.address) ?? NEW_SKILL);
      expect(g.changes.map((c) => c.before)).toEqual(before);
      const after = rateFinish(g.changes.map((c, i) => ({ skill: before[i]!, rank: c.rank })));
      expect(g.changes.map((c) => c.after)).toEqual(after);
      g.changes.forEach((c, i) => skill.set(c.address, after[i]!));
    }
    for (const address of people) {
      const [row] = await store.ratings.ratingsOf(address);
      expect(row && { mu: row.mu, sigma: row.sigma }).toEqual(skill.get(address));
    }
  }

  it('appends actions (the system seat included) and lists them in order after a seq', async () => {
    const id = newId();
    await store.games.create(gameRow(id));
    await store.actions.append(id, 1, 0, { type: 'roll' }, [{ type: 'rolled', dice: [3] } as never]);
    await store.actions.append(id, 2, 'system', { type: 'holdings', tiles: [] });
    await store.actions.append(id, 3, 1, { type: 'pass' });
    const all = await store.actions.list(id);
    expect(all.map((a) => [a.seq, a.seat, a.action])).toEqual([
      [1, 0, { type: 'roll' }],
      [2, 'system', { type: 'holdings', tiles: [] }],
      [3, 1, { type: 'pass' }],
    ]);
    expect(all[0]!.events).toEqual([{ type: 'rolled', dice: [3] }]);
    expect((await store.actions.list(id, 1)).map((a) => a.seq)).toEqual([2, 3]);
    expect((await store.actions.list(id, 1, 2)).map((a) => a.seq)).toEqual([2]);
  });

  it('refuses an append to a taken seq or an unknown game, changing nothing', async () => {
    const id = newId();
    await store.games.create(gameRow(id));
    await store.actions.append(id, 1, 0, { type: 'roll' });
    await expect(store.actions.append(id, 1, 1, { type: 'pass' })).rejects.toMatchObject({ code: 'SEQ_TAKEN' });
    await expect(store.actions.append('no-such-game', 1, 0, { type: 'roll' })).rejects.toMatchObject({
      code: 'UNKNOWN_GAME',
    });
    expect((await store.actions.list(id)).map((a) => a.action)).toEqual([{ type: 'roll' }]);
  });

  it('lets exactly one of several concurrent appends of the same seq win', async () => {
    const id = newId();
    await store.games.create(gameRow(id));
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => store.actions.append(id, 1, 0, { type: 'roll', n: i })),
    );
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'SEQ_TAKEN' });
    expect((await store.actions.list(id)).map((a) => a.action)).toEqual([{ type: 'roll', n: won[0] }]);
  });

  it('sends the appends that arrive together in one statement, each answered and notified as if alone', async () => {
    const ids = Array.from({ length: 12 }, () => newId());
    for (const id of ids) await store.games.create(gameRow(id));
    // Listening from the start: a notification may reach the process after the append that sent it has returned.
    const heard: StoreEvent[] = [];
    const stop = await store.listen((e) => {
      if (e.type === 'action' && ids.includes(e.gameId)) heard.push(e);
    });
    const taken = ids[0]!;
    await store.actions.append(taken, 1, 0, { type: 'roll' });
    // A timed-out move's events, as the turn timer logs them: the notification says so.
    const timedOut = markTimedOut(2, []);
    const outcomes = async (appends: Promise<void>[]) =>
      (await Promise.allSettled(appends)).map((r) =>
        r.status === 'fulfilled' ? 'ok' : (r.reason as { code: string }).code,
      );
    // The first leaves alone; the rest wait for it and leave as one batch, which holds a taken seq and the same seq
    // twice.
    const results = await outcomes([
      store.actions.append(ids[1]!, 1, 0, { type: 'roll' }),
      store.actions.append(taken, 1, 1, { type: 'pass' }),
      store.actions.append(ids[2]!, 1, 0, { type: 'roll', n: 1 }),
      store.actions.append(ids[2]!, 1, 0, { type: 'roll', n: 2 }),
      ...ids.slice(3, 8).map((id) => store.actions.append(id, 1, 2, { type: 'buy' }, timedOut)),
    ]);
    expect(results).toEqual(['ok', 'SEQ_TAKEN', 'ok', 'SEQ_TAKEN', ...ids.slice(3, 8).map(() => 'ok')]);
    // A batch holding a game that does not exist: that append alone is refused.
    const unknown = await outcomes([
      store.actions.append(ids[8]!, 1, 0, { type: 'roll' }),
      store.actions.append(ids[9]!, 1, 2, { type: 'buy' }, timedOut),
      store.actions.append('no-such-game', 1, 0, { type: 'roll' }),
      ...ids.slice(10).map((id) => store.actions.append(id, 1, 2, { type: 'buy' }, timedOut)),
    ]);
    expect(unknown).toEqual(['ok', 'ok', 'UNKNOWN_GAME', ...ids.slice(10).map(() => 'ok')]);
    expect((await store.actions.list(taken)).map((a) => a.action)).toEqual([{ type: 'roll' }]);
    expect((await store.actions.list(ids[2]!)).map((a) => a.action)).toEqual([{ type: 'roll', n: 1 }]);
    for (const id of [...ids.slice(3, 8), ...ids.slice(9)])
      expect((await store.actions.list(id)).map((a) => a.events)).toEqual([timedOut]);
    // Each listener has a connection of its own (PostgreSQL): wait on this one's, which hears commits in order, so
    // once the last batch's last action is heard every earlier one is too.
    await expect.poll(() => heard.some((e) => e.type === 'action' && e.gameId === ids[11])).toBe(true);
    await stop();
    // One notification per action that landed (one per game), carrying it (and the timer's mark), none for those
    // that lost.
    expect(heard).toHaveLength(ids.length);
    expect(heard).toContainEqual({
      type: 'action',
      gameId: ids[2],
      seq: 1,
      logged: { seat: 0, action: { type: 'roll', n: 1 }, timedOut: false },
    });
    expect(heard).toContainEqual({
      type: 'action',
      gameId: ids[5],
      seq: 1,
      logged: { seat: 2, action: { type: 'buy' }, timedOut: true },
    });
  });

  it('notifies an action too big for a notification by its seq alone: listeners read it from the log', async () => {
    const id = newId();
    await store.games.create(gameRow(id));
    const heard = await listenFor(store, (e) => e.type === 'action' && e.gameId === id);
    const big = { type: 'bid', note: 'x'.repeat(9000) };
    await store.actions.append(id, 1, 0, big);
    expect(await heard.event).toEqual({ type: 'action', gameId: id, seq: 1 });
    expect((await store.actions.list(id)).map((a) => a.action)).toEqual([big]);
  });

  it('keeps snapshots and returns the latest at or before a seq', async () => {
    const id = newId();
    await store.games.create(gameRow(id));
    expect(await store.snapshots.latest(id)).toBeNull();
    await store.snapshots.save(id, 10, { at: 10 });
    await store.snapshots.save(id, 20, { at: 20 });
    await store.snapshots.save(id, 20, { at: 'ignored' });
    expect(await store.snapshots.latest(id)).toEqual({ seq: 20, state: { at: 20 } });
    expect(await store.snapshots.latest(id, 19)).toEqual({ seq: 10, state: { at: 10 } });
    expect(await store.snapshots.latest(id, 9)).toBeNull();
  });

  it('notifies listeners of an appended action and of a seat change', async () => {
    const id = newId();
    await store.games.create(gameRow(id));
    await expectHeardFirstRoll(store, id);
    const seats = await listenFor(store, (e) => e.type === 'seats' && e.gameId === id);
    const changed = gameRow(id).seats.map((s) => ({ ...s, botTakeover: true }));
    await store.games.updateSeats(id, changed);
    expect(await seats.event).toEqual({ type: 'seats', gameId: id });
    expect((await store.games.get(id))?.seats).toEqual(changed);
    await expect(store.games.updateSeats('no-such-game', changed)).rejects.toMatchObject({ code: 'UNKNOWN_GAME' });
  });

  it('does not notify when an append loses', async () => {
    const id = newId();
    await store.games.create(gameRow(id));
    const seen: number[] = [];
    const stop = await store.listen((e) => {
      if (e.type === 'action' && e.gameId === id) seen.push(e.seq);
    });
    await store.actions.append(id, 1, 0, { type: 'roll' });
    await expect(store.actions.append(id, 1, 0, { type: 'roll' })).rejects.toMatchObject({ code: 'SEQ_TAKEN' });
    // A listener hears commits in order, so once it hears this later action it has heard all there was before.
    await store.actions.append(id, 2, 1, { type: 'pass' });
    await expect.poll(() => seen.includes(2)).toBe(true);
    await stop();
    expect(seen).toEqual([1, 2]);
  });

  if (kind.name === 'postgres') {
    it('shares actions and notifications between two instances on one database', async () => {
      const other = await reopen();
      const id = newId();
      await store.games.create(gameRow(id));
      await expectHeardFirstRoll(other, id);
      expect((await other.actions.list(id)).map((a) => a.seq)).toEqual([1]);
      const race = await Promise.allSettled([
        store.actions.append(id, 2, 1, { type: 'pass' }),
        other.actions.append(id, 2, 1, { type: 'buy' }),
      ]);
      expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await other.actions.list(id, 1)).toHaveLength(1);
    });

    it("rates a game from the skills another instance's games left, however they raced", async () => {
      const other = await reopen();
      const people = Array.from({ length: 3 }, () => `tz1${newId()}`);
      const ids = Array.from({ length: 9 }, () => newId());
      for (const id of ids) await store.games.create(gameRow(id));
      const ends = duels(ids, people);
      // One after another: this instance rates people[0] first, the other next, this one again from what it knew.
      for (const [end, by] of [
        [ends[0]!, store],
        [ends[1]!, other],
        [ends[2]!, store],
      ] as const)
        expect(await by.ratings.finish(end)).toHaveLength(2);
      // At once, half on each instance, every game sharing people[0].
      const raced = await Promise.all(ends.slice(3).map((end, i) => (i % 2 ? other : store).ratings.finish(end)));
      expect(raced.every((r) => r?.length === 2)).toBe(true);
      await expectListReplays(ids, people);
      expect((await store.ratings.ratingsOf(people[0]!))[0]).toMatchObject({ games: 9 });
    });
  }
});

describe('PostgreSQL migrations', () => {
  it('apply once even when two instances start at once, and record their versions', async () => {
    const schema = freshSchemaName();
    const stores = await Promise.all(
      [1, 2].map(() => openPostgresStore({ connectionString: TEST_DATABASE_URL, schema, maxConnections: 2 })),
    );
    try {
      await stores[0]!.migrate();
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      const { rows } = await client.query(`SELECT version FROM "${schema}".schema_migrations ORDER BY version`);
      await client.end();
      expect(rows.map((r: { version: number }) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    } finally {
      await Promise.all(stores.map((s) => s.close()));
      await dropSchema(schema);
    }
  });
});

describe('PostgreSQL LISTEN connection', () => {
  it('comes back after the server drops it, and tells listeners to catch up', async () => {
    const schema = freshSchemaName();
    const store = await openPostgresStore({
      connectionString: TEST_DATABASE_URL,
      schema,
      maxConnections: 2,
      reconnectMs: 10,
    });
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const id = newId();
      await store.games.create(gameRow(id));
      const resync = await listenFor(store, (e) => e.type === 'resync');
      const { rows } = await admin.query(
        'SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE query = $1 AND pid <> pg_backend_pid()',
        [`LISTEN "game_updates_${schema}"`],
      );
      expect(rows).toHaveLength(1);
      expect(await resync.event).toEqual({ type: 'resync' });
      const heard = await listenFor(store, (e) => e.type === 'action' && e.gameId === id);
      await store.actions.append(id, 1, 0, { type: 'roll' });
      expect(await heard.event).toMatchObject({ type: 'action', gameId: id, seq: 1 });
    } finally {
      await admin.end();
      await store.close();
      await dropSchema(schema);
    }
  });
});
