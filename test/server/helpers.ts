import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { beforeAll } from 'vitest';
import { openPgliteStore, openPostgresStore, type GameStore, type StoreEvent } from '../../server/store';
import { HostError } from '../../server/errors';
import { GameHost, ManualClock, type Clock, type GameHostOptions } from '../../server/host';

/** The PostgreSQL the tests use (scripts/ensure-postgres.sh creates it). */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://tezospole:tezospole@127.0.0.1:5432/tezospole_test';

/** A schema of its own per test file (or test), so files run in parallel on one database without seeing each other. */
export const freshSchemaName = (): string => `t_${randomBytes(6).toString('hex')}`;

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** Both stores behind one interface: the contract tests run over each. `open` gives another instance on the same data. */
export interface StoreKind {
  readonly name: 'pglite' | 'postgres';
  /** A store on fresh, empty data. */
  fresh(): Promise<{ store: GameStore; reopen: () => Promise<GameStore>; cleanup: () => Promise<void> }>;
}

export const pgliteKind: StoreKind = {
  name: 'pglite',
  async fresh() {
    const store = await openPgliteStore();
    return {
      store,
      reopen: () => Promise.reject(new Error('an in-memory PGlite cannot be reopened')),
      cleanup: async () => undefined,
    };
  },
};

export const postgresKind: StoreKind = {
  name: 'postgres',
  async fresh() {
    const schema = freshSchemaName();
    const opened: GameStore[] = [];
    const open = async () => {
      const s = await openPostgresStore({ connectionString: TEST_DATABASE_URL, schema, maxConnections: 4 });
      opened.push(s);
      return s;
    };
    const store = await open();
    return {
      store,
      reopen: open,
      cleanup: async () => {
        await Promise.allSettled(opened.map((s) => s.close()));
        await dropSchema(schema);
      },
    };
  },
};

/**
 * Starts listening for the next store event that `match` accepts; resolves once listening (so nothing sent after
 * is missed) to an object whose `event` settles on that event (the test's own timeout bounds the wait).
 */
export async function listenFor(
  store: GameStore,
  match: (e: StoreEvent) => boolean,
): Promise<{ event: Promise<StoreEvent> }> {
  let resolve!: (e: StoreEvent) => void;
  const event = new Promise<StoreEvent>((r) => (resolve = r));
  let done = false;
  const stop = await store.listen((e) => {
    if (done || !match(e)) return;
    done = true;
    resolve(e);
  });
  void event.then(() => stop());
  return { event };
}

/**
 * Runs the host's bots and timers that are due now, repeatedly, until nothing more is due (a bot-only game with
 * bot pace 0 plays to its end). Time does not move.
 */
export async function drive(host: GameHost, clock: ManualClock, maxRounds = 1_000_000): Promise<number> {
  let fired = 0;
  for (let round = 0; round < maxRounds; round++) {
    await host.idle();
    const now = clock.fireDue();
    if (now === 0) return fired;
    fired += now;
  }
  throw new Error(`still busy after ${maxRounds} rounds`);
}

/** The HostError fields of a rejection (or a clear failure when it did not reject with one). */
export async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string }> {
  const e = await hostError(promise);
  return { status: e.status, code: e.code };
}

/** The HostError itself, message and detail included (any other outcome fails the test). */
export async function hostError(promise: Promise<unknown>): Promise<HostError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof HostError) return err;
    throw err;
  }
  throw new Error('expected a HostError, but the call succeeded');
}

export interface TestServerOptions<C extends Clock> extends Omit<GameHostOptions, 'clock'> {
  /** The host's time (default: a ManualClock of its own). */
  readonly clock?: C;
  /** The data (default: a fresh in-memory PGlite, closed with the server); a store passed in stays its owner's. */
  readonly store?: GameStore;
}

export interface TestServer<C extends Clock = ManualClock> {
  readonly host: GameHost;
  readonly store: GameStore;
  readonly clock: C;
  /** Closes the host, and its store when the server opened it: return it from the `beforeAll` that made the server. */
  close(): Promise<void>;
}

/**
 * The one way a test builds a game server: a host over `store` (a fresh PGlite by default) on `clock` (a
 * ManualClock by default), with the host's other options as given.
 */
export async function createTestServer<C extends Clock = ManualClock>({
  store: given,
  clock = new ManualClock() as Clock as C,
  ...options
}: TestServerOptions<C> = {}): Promise<TestServer<C>> {
  const store = given ?? (await openPgliteStore());
  const host = await GameHost.open(store, { ...options, clock });
  return {
    host,
    store,
    clock,
    close: async () => {
      await host.close();
      if (!given) await store.close();
    },
  };
}

/**
 * The file's one server: built by a `beforeAll` and closed after the file. Its parts are there once it is built, so
 * the tests read them (`server.host`), never the module's top level.
 */
export function useTestServer<C extends Clock = ManualClock>(options: TestServerOptions<C> = {}): TestServer<C> {
  const server = {} as TestServer<C>;
  beforeAll(async () => {
    const built = await createTestServer(options);
    Object.assign(server, built);
    return built.close;
  });
  return server;
}
