import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { lockDataDir, type DataDirLock } from './data-lock';
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

function pgliteDriver(db: PGlite, lock: DataDirLock | null): SqlDriver {
  return {
    kind: 'pglite',
    ...clientOf(db),
    transaction: (fn) => db.transaction((tx) => fn(clientOf(tx))),
    // One embedded instance has one connection: notifications are never lost, so `onLost` is never called.
    listen: async (channel, onPayload) => {
      const stop = await db.listen(channel, onPayload);
      return () => stop();
    },
    close: async () => {
      await db.close();
      await lock?.release();
    },
  };
}

/**
 * The embedded store: PGlite in this process, persisted in `dataDir` (created if missing) or in memory when
 * `dataDir` is omitted (tests). One process at a time may open a data directory: it is locked until `close`.
 * @throws StoreError `LOCKED` naming the process that has `dataDir` open
 */
export async function openPgliteStore(options: { dataDir?: string } = {}): Promise<GameStore> {
  if (!options.dataDir) return opened(await PGlite.create(), null);
  await mkdir(options.dataDir, { recursive: true });
  const lock = await lockDataDir(options.dataDir);
  try {
    return await opened(await PGlite.create(options.dataDir), lock);
  } catch (err) {
    await lock.release();
    throw err;
  }
}

async function opened(db: PGlite, lock: DataDirLock | null): Promise<GameStore> {
  const store = new SqlGameStore(pgliteDriver(db, lock), 'game_updates');
  await store.migrate();
  return store;
}
