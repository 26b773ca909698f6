/**
 * On PostgreSQL the rate limits are one count for every instance (server/limits/rate-limit-store.ts): two app
 * instances — two limiters, each with its own pool on the same database — share a client's points and the global
 * cap, so adding an instance does not double what a client may do. Against the real PostgreSQL of the test run.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { RateLimits } from '../../server/limits';
import { postgresLimiters, type SharedLimiters } from '../../server/limits/rate-limit-store';
import { refusal, TEST_DATABASE_URL } from './helpers';

/** This run's own table, so no earlier run's counts (a window outlives a test) are in it. */
const TABLE = `rate_limits_test_${randomBytes(6).toString('hex')}`;
const opened: SharedLimiters[] = [];
afterAll(async () => {
  const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await db.connect();
  await db.query(`DROP TABLE IF EXISTS "${TABLE}"`).finally(() => db.end());
  await Promise.all(opened.map((s) => s.close()));
});

/** An app instance's limiter on the shared database. */
async function instance(rates: ConstructorParameters<typeof RateLimits>[0]): Promise<RateLimits> {
  const shared = await postgresLimiters(TEST_DATABASE_URL, TABLE);
  opened.push(shared);
  return new RateLimits(rates, shared.make);
}

describe('rate limits on PostgreSQL', () => {
  it('count a client’s requests to two instances as one, and refuse the one past its points on either', async () => {
    const rates = { join: { points: 3, seconds: 60, global: null } };
    const [a, b] = [await instance(rates), await instance(rates)];
    const client = '198.51.100.7';
    await a.consume('join', { client, address: null });
    await b.consume('join', { client, address: null });
    await a.consume('join', { client, address: null });
    expect(await refusal(b.consume('join', { client, address: null }))).toEqual({ status: 429, code: 'RATE_LIMITED' });
    expect(await refusal(a.consume('join', { client, address: null }))).toEqual({ status: 429, code: 'RATE_LIMITED' });
    // Another client has its own points on both.
    await b.consume('join', { client: '198.51.100.8', address: null });
  });

  it('share the global cap: everyone together, through any instance', async () => {
    const tag = '203.0.113';
    const rates = { lab: { points: 5, seconds: 60, global: 3 } };
    const [a, b] = [await instance(rates), await instance(rates)];
    await a.consume('lab', { client: `${tag}.1`, address: null });
    await b.consume('lab', { client: `${tag}.2`, address: null });
    await a.consume('lab', { client: `${tag}.3`, address: null });
    expect(await refusal(b.consume('lab', { client: `${tag}.4`, address: null }))).toEqual({
      status: 503,
      code: 'SERVER_BUSY',
    });
  });
});
