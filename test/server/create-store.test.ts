import { afterAll, describe, expect, it } from 'vitest';
import { createStore } from '../../server/store';
import { getHost } from '../../server/host';
import { TEST_DATABASE_URL } from './helpers';

describe('createStore', () => {
  it('opens PGlite (in memory here) unless DATABASE_URL is set', async () => {
    const store = await createStore({ GAMES_DATA_DIR: 'memory://' });
    expect(store.kind).toBe('pglite');
    expect(await store.games.unfinished()).toEqual([]);
    await store.close();
  });

  it('opens PostgreSQL when DATABASE_URL is set', async () => {
    const store = await createStore({ DATABASE_URL: TEST_DATABASE_URL, GAMES_DATA_DIR: 'memory://' });
    expect(store.kind).toBe('postgres');
    await store.migrate();
    await store.close();
  });
});

describe('getHost', () => {
  const saved = { ...process.env };
  afterAll(async () => {
    const host = await getHost();
    await host.close();
    await host.store.close();
    process.env = saved;
  });

  it('builds one host per process from the environment', async () => {
    delete process.env.DATABASE_URL;
    process.env.GAMES_DATA_DIR = 'memory://';
    const [a, b] = await Promise.all([getHost(), getHost()]);
    expect(a).toBe(b);
    expect(a.store.kind).toBe('pglite');
    const created = await a.create({ game: 'ten', seats: [{ kind: 'human', name: 'Solo' }] });
    expect((await (await getHost()).views.snapshot(created.id, created.hostToken)).seq).toBe(0);
  });
});
