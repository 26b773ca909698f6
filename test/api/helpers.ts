/** What the route-handler suites share: the host of this test process, signed-in sessions without a wallet dance. */
import { getHost, hashToken } from '../../server';

/** Stores a session for `address` under cookie token `token` (an hour long), as a signed sign-in would. */
export async function insertSession(token: string, address: string): Promise<void> {
  const { sql } = (await getHost()).store;
  await sql.query('INSERT INTO sessions (token_hash, address, public_key, expires_at) VALUES ($1, $2, $3, $4)', [
    hashToken(token),
    address,
    'edpk-test',
    new Date(Date.now() + 3_600_000).toISOString(),
  ]);
}

/** Closes the process's host and its store (afterAll). */
export async function closeHost(): Promise<void> {
  const host = await getHost();
  await host.close();
  await host.store.close();
}

/** The second argument Next passes a `[id]` route handler. */
export const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
