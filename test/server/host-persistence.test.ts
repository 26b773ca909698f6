import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCommitment } from '../../engine';
import { GameHost, ManualClock, type Subscription } from '../../server/host';
import { openPgliteStore, openPostgresStore, type GameStore } from '../../server/store';
import type { CreateGameRequest, GameUpdate } from '../../server/protocol';
import {
  createTestServer,
  drive,
  dropSchema,
  freshSchemaName,
  refusal,
  TEST_DATABASE_URL,
  type TestServer,
} from './helpers';
import { bot, humans } from './requests';

/** Reads updates until one with `seq` (inclusive). */
async function until(sub: Subscription, seq: number): Promise<GameUpdate[]> {
  const out: GameUpdate[] = [];
  while (out.at(-1)?.seq !== seq) {
    const next = await sub.next();
    if (next.done) throw new Error(`subscription ended before seq ${seq}`);
    out.push(next.value);
  }
  return out;
}

const hotseatPole: CreateGameRequest = {
  game: 'pole',
  seats: humans('Ada', 'Bea'),
  seed: 'restart',
};

/** Plays `n` actions as the host token (the first legal action of the pending seat). */
async function play(host: GameHost, id: string, token: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const snap = await host.views.snapshot(id, token);
    if (snap.outcome) return;
    await host.moves.act(id, { token, seat: snap.seat!, seq: snap.seq, action: snap.legal[0] });
  }
}

/** A store that can be opened again on the same data, as after a process restart. */
interface Persistent {
  readonly name: string;
  open(): Promise<GameStore>;
  cleanup(): Promise<void>;
}

function pgliteDir(): Persistent {
  let dir: string | undefined;
  return {
    name: 'PGlite data directory',
    async open() {
      dir ??= await mkdtemp(join(tmpdir(), 'games-'));
      return openPgliteStore({ dataDir: join(dir, 'games') });
    },
    cleanup: async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

function postgresSchema(): Persistent {
  const schema = freshSchemaName();
  return {
    name: 'PostgreSQL database',
    open: () => openPostgresStore({ connectionString: TEST_DATABASE_URL, schema, maxConnections: 4 }),
    cleanup: () => dropSchema(schema),
  };
}

describe.each([
  { name: 'PGlite', make: pgliteDir },
  { name: 'PostgreSQL', make: postgresSchema },
])('restart on the same data: $name', ({ make }) => {
  const data = make();
  afterAll(() => data.cleanup());

  it(`resumes a game at the same seq, state hash and events (${data.name})`, async () => {
    const clock = new ManualClock();
    const store1 = await data.open();
    const { host: host1 } = await createTestServer({ store: store1, clock, snapshotEvery: 5 });
    const created = await host1.create(hotseatPole);
    await play(host1, created.id, created.hostToken, 13);
    const before = await host1.records.stateHash(created.id);
    const snap1 = await host1.views.snapshot(created.id, created.hostToken);
    expect(before.seq).toBe(13);
    expect(await store1.snapshots.latest(created.id)).toMatchObject({ seq: 10 });
    await host1.close();
    await store1.close();

    const store2 = await data.open();
    const { host: host2 } = await createTestServer({ store: store2, clock, snapshotEvery: 5 });
    try {
      expect(await host2.records.stateHash(created.id)).toEqual(before);
      expect(await host2.views.snapshot(created.id, created.hostToken)).toEqual(snap1);
      // The old seq is stale and the next one works, exactly as before the restart.
      const seat = snap1.seat!;
      expect(
        await refusal(host2.moves.act(created.id, { token: created.hostToken, seat, seq: 12, action: snap1.legal[0] })),
      ).toEqual({
        status: 409,
        code: 'STALE',
      });
      expect(
        await host2.moves.act(created.id, { token: created.hostToken, seat, seq: 13, action: snap1.legal[0] }),
      ).toEqual({
        seq: 14,
      });
    } finally {
      await host2.close();
      await store2.close();
    }
  });

  it.each(['pole', 'gotopoly', 'ten'] as const)(
    `resumes an unfinished bot game of %s from its snapshot and plays on (${data.name})`,
    async (game) => {
      const clock = new ManualClock();
      const store1 = await data.open();
      const { host: host1 } = await createTestServer({ store: store1, clock, snapshotEvery: 7 });
      const created = await host1.create({
        game,
        seats: [bot('normal', 'A'), bot('easy', 'B')],
        seed: `resume-${game}`,
        botPaceMs: 100,
      });
      for (let i = 0; i < 23; i++) {
        clock.advance(100);
        await host1.idle();
      }
      const before = await host1.records.stateHash(created.id);
      expect(before.seq).toBe(23);
      await host1.close();
      await store1.close();

      const store2 = await data.open();
      const { host: host2 } = await createTestServer({ store: store2, clock, snapshotEvery: 7 });
      try {
        await host2.idle();
        expect(await store2.snapshots.latest(created.id)).toMatchObject({ seq: 21 });
        // The state rebuilt from the stored snapshot (JSON) and two replayed actions is the very state it was.
        expect(await host2.records.stateHash(created.id)).toEqual(before);
        for (let guard = 0; guard < 10_000 && !(await host2.views.snapshot(created.id)).outcome; guard++) {
          clock.advance(100);
          await host2.idle();
        }
        expect((await host2.views.snapshot(created.id)).outcome).not.toBeNull();
        expect(await store2.games.unfinished()).not.toContain(created.id);
      } finally {
        await host2.close();
        await store2.close();
      }
    },
  );
});

describe('broker resume', () => {
  let server: TestServer;
  let store: GameStore;
  let host: GameHost;
  let id: string;
  let live: GameUpdate[];
  const clock = new ManualClock();

  beforeAll(async () => {
    server = await createTestServer({ clock, snapshotEvery: 20 });
    ({ host, store } = server);
    const created = await host.create({
      game: 'pole',
      seats: [bot('normal', 'A'), bot('easy', 'B'), bot('normal', 'C')],
      seed: 'resume',
      botPaceMs: 0,
    });
    id = created.id;
    const sub = await host.views.subscribe(id, undefined, undefined, 0);
    await drive(host, clock);
    const end = await host.views.snapshot(id);
    expect(end.seq).toBeGreaterThan(100); // longer than the in-memory window, so resuming from early on replays
    live = await until(sub, end.seq);
    sub.close();
  });
  afterAll(() => server.close());

  it('delivered every action once, in order, to a live subscriber', () => {
    expect(live.map((u) => u.seq)).toEqual(Array.from({ length: live.length }, (_, i) => i + 1));
  });

  it.each([0, 1, 5, 30, 90])(
    'from seq %i, before the newest snapshot: that snapshot first, then exactly the updates after it',
    async (after) => {
      const newest = (await store.snapshots.latest(id))!.seq;
      expect(newest).toBeGreaterThan(90);
      const sub = await host.views.subscribe(id, undefined, undefined, after);
      const got = await until(sub, live.length);
      sub.close();
      // The spectator's snapshot at the stored one: what the live updates had made of the game by then.
      const { view, pending, legal, outcome, seats } = live[newest - 1]!;
      expect(sub.opening).toEqual({
        id,
        game: 'pole',
        seq: newest,
        seat: null,
        access: 'spectator',
        onChain: false,
        view,
        pending,
        legal,
        outcome,
        seats,
        events: live.slice(0, newest).flatMap((u) => u.events),
        deadline: null,
        seedCommitment: seedCommitment('resume'),
        seed: null,
        fair: null,
        chat: null,
        rematch: null,
        waitingRoom: null,
      });
      expect(got.map((u) => u.seq)).toEqual(live.slice(newest).map((u) => u.seq));
      expect(got).toEqual(live.slice(newest));
    },
  );

  it('from seq at or after the newest snapshot: exactly the updates after it, identical to the live ones', async () => {
    const newest = (await store.snapshots.latest(id))!.seq;
    for (const after of [newest, live.length - 1]) {
      const sub = await host.views.subscribe(id, undefined, undefined, after);
      const got = await until(sub, live.length);
      sub.close();
      expect(sub.opening).toBeNull();
      expect(got).toEqual(live.slice(after));
    }
  });

  it('ends a finished game’s stream once its backlog is read', async () => {
    const sub = await host.views.subscribe(id, undefined, undefined, live.length - 1);
    expect((await sub.next()).value?.seq).toBe(live.length);
    expect(await sub.next()).toEqual({ value: undefined, done: true });
    expect(sub.isClosed).toBe(true);
    expect((await host.views.subscribe(id, undefined, undefined, live.length)).drained).toBe(true);
  });

  it('sends nothing old to a subscriber that is up to date', async () => {
    const sub = await host.views.subscribe(id, undefined, undefined, live.length);
    sub.close();
    expect(await sub.next()).toEqual({ value: undefined, done: true });
  });
});

describe('two app instances on one PostgreSQL', () => {
  const schema = freshSchemaName();
  const clock = new ManualClock();
  let stores: GameStore[];
  let hostA: GameHost;
  let hostB: GameHost;

  beforeAll(async () => {
    stores = await Promise.all(
      [1, 2].map(() => openPostgresStore({ connectionString: TEST_DATABASE_URL, schema, maxConnections: 4 })),
    );
    ({ host: hostA } = await createTestServer({ store: stores[0]!, clock }));
    ({ host: hostB } = await createTestServer({ store: stores[1]!, clock }));
  });
  afterAll(async () => {
    await Promise.all([hostA.close(), hostB.close()]);
    await Promise.all(stores.map((s) => s.close()));
    await dropSchema(schema);
  });

  it('delivers an action on host A to a subscriber on host B', async () => {
    const created = await hostA.create({ ...hotseatPole, seed: 'two-hosts' });
    const seat = (await hostA.views.snapshot(created.id, created.hostToken)).seat!;
    const onB = await hostB.views.subscribe(created.id, created.hostToken, seat, 0);
    await hostA.moves.act(created.id, { token: created.hostToken, seat, seq: 0, action: { type: 'roll' } });
    const [update] = await until(onB, 1);
    expect(await hostB.records.stateHash(created.id)).toEqual(await hostA.records.stateHash(created.id));
    const { view, pending, legal, events, outcome, seats } = await hostA.views.snapshot(
      created.id,
      created.hostToken,
      seat,
    );
    expect(update).toEqual({ seq: 1, view, pending, legal, events, outcome, seats, deadline: null, seed: null });
    onB.close();
  });

  it('lets exactly one of two simultaneous actions on two hosts win; both then agree', async () => {
    const created = await hostA.create({ ...hotseatPole, seed: 'race' });
    const seat = (await hostA.views.snapshot(created.id, created.hostToken)).seat!;
    const onA = await hostA.views.subscribe(created.id, undefined, undefined, 0);
    const onB = await hostB.views.subscribe(created.id, undefined, undefined, 0);
    const results = await Promise.allSettled(
      [hostA, hostB].map((h) =>
        h.moves.act(created.id, { token: created.hostToken, seat, seq: 0, action: { type: 'roll' } }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({
      status: 409,
      code: 'STALE',
    });
    const [fromA] = await until(onA, 1);
    const [fromB] = await until(onB, 1);
    expect(fromA).toEqual(fromB);
    expect(await hostB.records.stateHash(created.id)).toEqual(await hostA.records.stateHash(created.id));
    expect(await stores[0]!.actions.list(created.id)).toHaveLength(1);
    onA.close();
    onB.close();
  });

  it('keeps both hosts in step while both run the bots of one game', async () => {
    const created = await hostA.create({
      game: 'gotopoly',
      seats: [bot('normal', 'A'), bot('easy', 'B'), bot('normal', 'C')],
      seed: 'shared-bots',
      botPaceMs: 0,
    });
    const subs = [
      await hostA.views.subscribe(created.id, undefined, undefined, 0),
      await hostB.views.subscribe(created.id, undefined, undefined, 0),
    ];
    const seen = [0, 0];
    for (;;) {
      await Promise.all([hostA.idle(), hostB.idle()]);
      if (clock.fireDue() > 0) continue;
      // The other host's actions arrive by NOTIFY, on their own time: wait until both have seen the newest one.
      const target = Math.max(
        (await hostA.records.stateHash(created.id)).seq,
        (await hostB.records.stateHash(created.id)).seq,
      );
      for (const [i, sub] of subs.entries()) if (seen[i]! < target) seen[i] = (await until(sub, target)).at(-1)!.seq;
      await Promise.all([hostA.idle(), hostB.idle()]);
      if (clock.fireDue() === 0 && (await hostA.views.snapshot(created.id)).outcome) break;
    }
    const [a, b] = [await hostA.records.stateHash(created.id), await hostB.records.stateHash(created.id)];
    expect(a).toEqual(b);
    expect((await hostB.views.snapshot(created.id)).outcome).not.toBeNull();
    expect(await stores[1]!.actions.list(created.id)).toHaveLength(a.seq);
    for (const sub of subs) sub.close();
  });
});
