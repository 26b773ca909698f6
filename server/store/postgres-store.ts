import pg from 'pg';
import { systemClock, type Clock } from '../../chain/clock';
import type { SqlClient, SqlDriver } from './driver';
import { SqlGameStore } from './sql-store';
import type { GameStore } from './types';

export interface PostgresStoreOptions {
  readonly connectionString: string;
  /** Tables live in this schema (created if missing); default `public`. Tests use one fresh schema per file. */
  readonly schema?: string;
  /** Pool size per instance. */
  readonly maxConnections?: number;
  /** Wait before re-opening a dropped LISTEN connection. */
  readonly reconnectMs?: number;
  /** Times the waits before reconnecting (default: the system's). */
  readonly clock?: Clock;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

type Queryable = pg.Pool | pg.PoolClient;
const clientOf = (db: Queryable): SqlClient => ({
  async query<T>(sql: string, params: readonly unknown[] = []) {
    return (await db.query(sql, [...params])).rows as T[];
  },
  async exec(sql: string) {
    await db.query(sql);
  },
});

function postgresDriver(options: PostgresStoreOptions, schema: string): SqlDriver {
  const connection = { connectionString: options.connectionString, options: `-c search_path=${schema}` };
  const pool = new pg.Pool({ ...connection, max: options.maxConnections ?? 10 });
  const clock = options.clock ?? systemClock;
  // An idle pooled connection that dies is dropped by the pool; without a handler it would crash the process.
  pool.on('error', () => undefined);
  let closed = false;

  return {
    kind: 'postgres',
    ...clientOf(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(clientOf(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    // LISTEN needs a connection of its own that stays open (pooled connections come and go).
    async listen(channel, onPayload, onLost) {
      let client: pg.Client | null = null;
      let stopped = false;
      const connect = async (): Promise<void> => {
        const c = new pg.Client(connection);
        c.on('notification', (msg) => {
          if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
        });
        // The connection dropped (server restart, network, an administrator): notifications may be lost until it
        // is back, so once it is, listeners are told to catch up.
        const lost = (): void => {
          if (client !== c || stopped || closed) return;
          client = null;
          c.end().catch(() => undefined);
          const retry = (): void => {
            if (stopped || closed) return;
            connect().then(onLost, () => clock.setTimer(options.reconnectMs ?? 1000, retry));
          };
          clock.setTimer(options.reconnectMs ?? 1000, retry);
        };
        c.on('error', lost);
        c.on('end', lost);
        try {
          await c.connect();
          await c.query(`LISTEN "${channel}"`);
        } catch (err) {
          c.end().catch(() => undefined);
          throw err;
        }
        if (stopped || closed) {
          await c.end();
          return;
        }
        client = c;
      };
      await connect();
      return async () => {
        stopped = true;
        const c = client;
        client = null;
        await c?.end();
      };
    },
    async close() {
      closed = true;
      await pool.end();
    },
  };
}

/**
 * The shared store: a PostgreSQL server reached by URL. Several app instances on one database see each other's
 * actions through LISTEN/NOTIFY.
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<GameStore> {
  const schema = options.schema ?? 'public';
  if (!SCHEMA_NAME.test(schema)) throw new TypeError(`not a plain schema name: ${schema}`);
  if (schema !== 'public') {
    const admin = new pg.Client({ connectionString: options.connectionString });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } catch (err) {
      // Two instances creating the schema at once: the loser's duplicate is harmless.
      if ((err as { code?: string }).code !== '23505') throw err;
    } finally {
      await admin.end();
    }
  }
  const store = new SqlGameStore(
    postgresDriver(options, schema),
    schema === 'public' ? 'game_updates' : `game_updates_${schema}`,
  );
  await store.migrate();
  return store;
}
