/**
 * Where the rate limits count. In memory for one process; on PostgreSQL (DATABASE_URL) in one table every instance
 * shares, so adding instances does not multiply what a client may do — with an in-memory count behind it, so a
 * database that stops answering degrades the limits to one process's instead of refusing every request.
 */
import pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres } from 'rate-limiter-flexible';
import type { LimiterFactory } from './rate-limits';

/** The table the counts live in (the limiter's own layout: key, points, expire). */
export const RATE_LIMIT_TABLE = 'rate_limits';

export interface SharedLimiters {
  readonly make: LimiterFactory;
  close(): Promise<void>;
}

/** Limiters counting in `connectionString`'s database, in `tableName` (made when missing). */
export async function postgresLimiters(
  connectionString: string,
  tableName = RATE_LIMIT_TABLE,
): Promise<SharedLimiters> {
  // A small pool of its own: a limit check is one short upsert, and it must not queue behind the game store's work.
  const pool = new pg.Pool({ connectionString, max: 4 });
  // An idle connection that dies is dropped by the pool; without a handler it would crash the process.
  pool.on('error', () => undefined);
  const base = { storeClient: pool, storeType: 'pool', tableName } as const;
  // The first limiter makes the table; the others find it.
  await new Promise<void>((resolve, reject) => {
    new RateLimiterPostgres({ ...base, keyPrefix: 'setup', points: 1, duration: 1 }, (err?: Error) =>
      err ? reject(err) : resolve(),
    );
  });
  return {
    make: (options) =>
      new RateLimiterPostgres({
        ...base,
        ...options,
        tableCreated: true,
        // Expired rows are deleted now and then, so the table holds only live windows.
        clearExpiredByTimeout: options.keyPrefix === 'create',
        insuranceLimiter: new RateLimiterMemory(options),
      }),
    close: () => pool.end(),
  };
}
