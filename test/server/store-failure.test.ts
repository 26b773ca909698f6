/**
 * A store failure is told as what it is. A value the database cannot keep is the request's fault
 * (400), a database that is away for now is a 503 to retry, and a broken store (an unreadable row, a missing table,
 * a crashed PGlite) is a 500 that no retry mends — never a transient 503, and never with PostgreSQL's own text in the
 * answer. Real errors of PGlite and of `pg` where they can be had cheaply; SQLSTATEs PostgreSQL documents otherwise.
 */
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameHost, systemClock } from '../../server/host';
import { openPgliteStore, storeFailure, storeFailureKind, type GameStore } from '../../server/store';
import { StoreError } from '../../server/errors';
import { respond } from '../../server/http/respond';
import { createTestServer } from './helpers';

const failureOf = async (work: () => Promise<unknown>): Promise<unknown> => {
  try {
    await work();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
};

const withState = (code: string, message = `an error ${code}`) => Object.assign(new Error(message), { code });

/** A port of 127.0.0.1 nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('storeFailureKind', () => {
  let store: GameStore;
  beforeAll(async () => {
    store = await openPgliteStore();
  });
  afterAll(() => store.close());

  it('text PostgreSQL cannot keep is the request’s fault (PGlite’s own errors)', async () => {
    const nul = await failureOf(() => store.sql.query('SELECT $1::text', ['a\u0000b']));
    expect(storeFailureKind(nul)).toBe('input');
    const surrogate = await failureOf(() => store.sql.query('SELECT $1::jsonb', [JSON.stringify({ name: 'a\ud800' })]));
    expect(storeFailureKind(surrogate)).toBe('input');
  });

  it('a schema the code does not know, a corrupt page, a crashed PGlite, an unreadable row are permanent', async () => {
    expect(storeFailureKind(await failureOf(() => store.sql.query('SELECT * FROM no_such_table')))).toBe('permanent');
    expect(storeFailureKind(withState('XX001', 'invalid page in block 7 of relation base/5/1259'))).toBe('permanent');
    expect(storeFailureKind(withState('XX002'))).toBe('permanent');
    expect(storeFailureKind(withState('58P01', 'could not access file'))).toBe('permanent');
    expect(storeFailureKind(withState('57P04', 'database dropped'))).toBe('permanent');
    expect(storeFailureKind(new WebAssembly.RuntimeError('Aborted()'))).toBe('permanent');
    expect(storeFailureKind(new StoreError('BAD_ROW', 'unreadable games row'))).toBe('permanent');
  });

  it('a database that is away, restarting, overloaded or in a deadlock is transient', async () => {
    const client = new pg.Client({ connectionString: `postgres://nobody@127.0.0.1:${await closedPort()}/none` });
    const refused = await failureOf(() => client.connect());
    expect(storeFailureKind(refused)).toBe('transient');
    for (const state of ['08006', '57P01', '57P03', '53300', '40001', '40P01', '55P03'])
      expect([state, storeFailureKind(withState(state))]).toEqual([state, 'transient']);
    expect(storeFailureKind(new Error('Connection terminated unexpectedly'))).toBe('transient');
  });

  it('is null for what does not come from a database', () => {
    expect(storeFailureKind(new TypeError('x is undefined'))).toBeNull();
    expect(storeFailureKind(new StoreError('SEQ_TAKEN', 'taken'))).toBeNull();
  });

  it('answers without the database’s text', () => {
    const refused = storeFailure(withState('XX001', 'invalid page in block 7 of relation base/5/1259'));
    expect([refused.status, refused.code]).toEqual([500, 'STORE_FAILED']);
    expect(refused.message).not.toContain('block 7');
    expect([storeFailure(withState('08006')).status, storeFailure(withState('08006')).code]).toEqual([
      503,
      'STORE_UNAVAILABLE',
    ]);
    expect([storeFailure(withState('22021')).status, storeFailure(withState('22021')).code]).toEqual([
      400,
      'UNSTORABLE_VALUE',
    ]);
  });
});

describe('the host over a broken store', () => {
  let store: GameStore;
  let host: GameHost;
  beforeAll(async () => {
    const server = await createTestServer({ clock: systemClock, resume: false, onError: () => undefined });
    ({ host, store } = server);
    return server.close;
  });

  /** A game this host has not loaded yet (as after a restart). */
  async function storedGame(id: string): Promise<string> {
    await store.games.create({
      id,
      game: 'ten',
      version: 1,
      config: { players: 1 },
      seed: 's',
      seats: [{ name: 'Solo', kind: 'human', tokenHash: null, botTakeover: false }],
      hostTokenHash: 'ab'.repeat(32),
      mode: 'hotseat',
      turnSeconds: null,
      botPaceMs: 0,
    });
    return id;
  }

  it('a game whose row is unreadable is a 500 STORE_FAILED, not a 503 to retry for ever', async () => {
    const id = await storedGame('corrupt-row');
    await store.sql.query(`UPDATE games SET seats = '"not seats"'::jsonb WHERE id = $1`, [id]);
    await expect(host.views.snapshot(id, undefined)).rejects.toMatchObject({ status: 500, code: 'STORE_FAILED' });
  });

  it('a store missing its tables is a 500 STORE_FAILED, without PostgreSQL’s text', async () => {
    const id = await storedGame('no-log');
    await store.sql.exec('DROP TABLE snapshots');
    const err = await failureOf(() => host.views.snapshot(id, undefined));
    expect(err).toMatchObject({ status: 500, code: 'STORE_FAILED' });
    expect((err as Error).message).not.toContain('snapshots');
  });

  it('a route answers a raw database error of the studio’s or sign-in’s SQL by its kind', async () => {
    const answer = async (err: unknown) => {
      const res = await respond(() => Promise.reject(err));
      return [res.status, ((await res.json()) as { error: string }).error];
    };
    const logged = console.error;
    console.error = () => undefined;
    try {
      expect(await answer(withState('22P05', 'unsupported Unicode escape sequence'))).toEqual([
        400,
        'UNSTORABLE_VALUE',
      ]);
      expect(await answer(withState('57P01'))).toEqual([503, 'STORE_UNAVAILABLE']);
      expect(await answer(withState('XX001'))).toEqual([500, 'STORE_FAILED']);
      expect(await answer(new StoreError('LOCKED', 'in use by process 1'))).toEqual([503, 'STORE_LOCKED']);
      expect(await answer(new TypeError('a bug'))).toEqual([500, 'INTERNAL']);
    } finally {
      console.error = logged;
    }
  });
});
