export type {
  GameStore,
  GameRows,
  ActionLog,
  ChatLog,
  FairChains,
  Snapshots,
  GameRow,
  NewGameRow,
  ActionRow,
  ChainRow,
  ChatRow,
  SnapshotRow,
  StoredSeat,
  StoredSeatMark,
  StoreEvent,
  StoreListener,
} from './types';
export { MIGRATIONS, type Migration } from './schema';
export { EMPTY_DATABASE_FILE, openPgliteStore } from './pglite-store';
export { openPostgresStore, type PostgresStoreOptions } from './postgres-store';
export { createStore, DEFAULT_DATA_DIR, type StoreEnv } from './create-store';
export type { SqlClient, SqlDriver } from './driver';
export { storeFailure, storeFailureKind, type StoreFailureKind } from './failure';
export { lockDataDir, LOCK_FILE, type DataDirLock } from './data-lock';
