import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { LOCK_FILE, lockDataDir, type DataDirLock } from './data-lock';
import type { SqlClient, SqlDriver } from './driver';
import { MIGRATIONS, MIGRATIONS_TABLE } from './schema';
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
  if (!options.dataDir) return opened(await inMemory(), null);
  await mkdir(options.dataDir, { recursive: true });
  const lock = await lockDataDir(options.dataDir);
  try {
    return await opened(await onDisk(options.dataDir), lock);
  } catch (err) {
    await lock.release();
    throw err;
  }
}

/** The empty database's copy in the temp directory, named by a hash of the migrations: one per schema. */
export const EMPTY_DATABASE_FILE = `tezos-pole-empty-db-${createHash('sha256')
  .update(MIGRATIONS_TABLE)
  .update(JSON.stringify(MIGRATIONS))
  .digest('hex')
  .slice(0, 16)}.tar`;

let empty: Promise<{ dump: Blob; file: string }> | null = null;

/**
 * The database in `dataDir`. A folder holding nothing yet (but the lock) starts as a copy of the empty database, as an
 * in-memory one does: a quarter of the time of PGlite's initdb and the migrations. A copy that does not load (another
 * PGlite version wrote it) is discarded, and what it left in the folder cleared: the folder is made as PGlite makes it.
 */
async function onDisk(dataDir: string): Promise<PGlite> {
  const isNew = (await readdir(dataDir)).every((name) => name === LOCK_FILE);
  if (!isNew) return PGlite.create(dataDir);
  const { dump, file } = await emptyDatabase();
  try {
    return await PGlite.create({ dataDir, loadDataDir: dump });
  } catch {
    await discardEmptyDatabase(file);
    for (const name of await readdir(dataDir))
      if (name !== LOCK_FILE) await rm(path.join(dataDir, name), { recursive: true, force: true });
    return PGlite.create(dataDir);
  }
}

/** A fresh in-memory database, from the empty one; a copy another PGlite version wrote is made anew. */
async function inMemory(): Promise<PGlite> {
  const { dump, file } = await emptyDatabase();
  try {
    return await PGlite.create({ loadDataDir: dump });
  } catch {
    await discardEmptyDatabase(file);
    return PGlite.create({ loadDataDir: (await emptyDatabase()).dump });
  }
}

/** Forgets a copy of the empty database that does not load: the next store makes it anew. */
async function discardEmptyDatabase(file: string): Promise<void> {
  empty = null;
  await rm(file, { force: true });
}

/**
 * A migrated database with no game: an in-memory store starts from a copy of it. PGlite's initdb and the migrations
 * take ~2 s, loading the copy a fifth of that, and the tests open hundreds of stores in many processes. So it is
 * made once per schema (named by a hash of the migrations' SQL) and kept in the temp directory for every process.
 */
function emptyDatabase(): Promise<{ dump: Blob; file: string }> {
  empty ??= (async () => {
    const file = path.join(tmpdir(), EMPTY_DATABASE_FILE);
    try {
      return { dump: new Blob([await readFile(file)]), file };
    } catch {
      // not made yet on this machine
    }
    const db = await PGlite.create();
    try {
      await new SqlGameStore(pgliteDriver(db, null), 'game_updates').migrate();
      const dump = await db.dumpDataDir('none');
      // Written aside, then renamed: a process never reads a half-written copy.
      const partial = `${file}.${process.pid}`;
      await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
      await rename(partial, file);
      return { dump, file };
    } finally {
      await db.close();
    }
  })().catch((err: unknown) => {
    empty = null; // the next store tries again
    throw err;
  });
  return empty;
}

async function opened(db: PGlite, lock: DataDirLock | null): Promise<GameStore> {
  const store = new SqlGameStore(pgliteDriver(db, lock), 'game_updates');
  await store.migrate();
  return store;
}
