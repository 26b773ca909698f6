import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { SqlClient, SqlDriver } from './driver';
import { SqlGameStore } from './sql-store';
import type { GameStore } from './types';

const clientOf = (db: PGlite | Transaction): SqlClient => ({
  async query<T>(sql: string, params: readonly unknown[] = []) {
    return (await db.query<T>(sql, [...params])).rows;
  },
  async exec(sql: string) {
    await db.exec(sql);
  },
});

function pgliteDriver(db: PGlite): SqlDriver {
  return {
    kind: 'pglite',
    ...clientOf(db),
    transaction: (fn) => db.transaction((tx) => fn(clientOf(tx))),
    // One embedded instance has one connection: notifications are never lost, so `onLost` is never called.
    listen: async (channel, onPayload) => {
      const stop = await db.listen(channel, onPayload);
      return () => stop();
    },
    close: () => db.close(),
  };
}

/**
 * The embedded store: PGlite in this process, persisted in `dataDir` (created if missing) or in memory when
 * `dataDir` is omitted (tests). One process at a time may open a data directory.
 */
export async function openPgliteStore(options: { dataDir?: string } = {}): Promise<GameStore> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const db = options.dataDir ? await PGlite.create(options.dataDir) : await PGlite.create();
  const store = new SqlGameStore(pgliteDriver(db), 'game_updates');
  await store.migrate();
  return store;
}
