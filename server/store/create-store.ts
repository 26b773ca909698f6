import { openPgliteStore } from './pglite-store';
import { openPostgresStore } from './postgres-store';
import type { GameStore } from './types';

/** Where the embedded store keeps its files when nothing else is said. */
export const DEFAULT_DATA_DIR = '.data/games';

export interface StoreEnv {
  readonly DATABASE_URL?: string | undefined;
  /** The PGlite directory; `memory://` keeps everything in memory. */
  readonly GAMES_DATA_DIR?: string | undefined;
  readonly [name: string]: string | undefined;
}

/** The store the environment asks for: PostgreSQL when DATABASE_URL is set, otherwise PGlite under `.data/games`. */
export function createStore(env: StoreEnv): Promise<GameStore> {
  if (env.DATABASE_URL) return openPostgresStore({ connectionString: env.DATABASE_URL });
  const dir = env.GAMES_DATA_DIR || DEFAULT_DATA_DIR;
  return openPgliteStore(dir === 'memory://' ? {} : { dataDir: dir });
}
