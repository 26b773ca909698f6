/**
 * The app instances a load run drives (`npm run load`): one on PGlite, or one to three `next start`s on one PostgreSQL
 * database made for the run (and dropped after it), each with the limits a single test client would hit lifted.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startAppServer, type AppServer } from '../lib/app-server';
import type { Instance } from './run';

export type StoreChoice = 'pglite' | 'postgres';

export interface StartedInstances {
  readonly instances: readonly Instance[];
  readonly servers: readonly AppServer[];
  stop(): Promise<void>;
}

/**
 * Every person of the run is one client (loopback) to the servers: rates off, stream caps above the run's streams,
 * idle games kept for the run's length (so a game between two of its actions is not rebuilt each time).
 */
const loadEnv = (streams: number): Record<string, string> => ({
  POLE_RATE_CREATE: 'off',
  POLE_RATE_ACTION: 'off',
  POLE_RATE_CHAT: 'off',
  POLE_RATE_JOIN: 'off',
  POLE_SSE_PER_CLIENT: String(streams + 100),
});

/** A database of its own on the PostgreSQL server of `url` (its role may create databases), and how to drop it. */
async function freshDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tezospole_load_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Starts `count` instances on `store` (PGlite: one only, its files are one process's). */
export async function startInstances(
  store: StoreChoice,
  count: number,
  options: { databaseUrl: string; streams: number; cpuProfileDir?: string | undefined },
): Promise<StartedInstances> {
  if (store === 'pglite' && count !== 1)
    throw new Error('PGlite is one process’s database: several instances need --store postgres');
  // Node writes each process's profile into the directory when it exits (the servers stop with SIGTERM, which Next
  // answers with a normal exit).
  const env = {
    ...loadEnv(options.streams),
    ...(options.cpuProfileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${options.cpuProfileDir}` } : {}),
  };
  const database = store === 'postgres' ? await freshDatabase(options.databaseUrl) : null;
  const servers: AppServer[] = [];
  const stop = async () => {
    await Promise.allSettled(servers.map((s) => s.stop()));
    await database?.drop();
  };
  try {
    // One after another: the first applies the migrations, the others find them done.
    for (let i = 0; i < count; i++)
      servers.push(await startAppServer({ env, ...(database ? { databaseUrl: database.url } : {}) }));
  } catch (err) {
    await stop();
    throw err;
  }
  return { instances: servers.map((s) => ({ baseUrl: s.baseUrl, pgid: s.pid })), servers, stop };
}
