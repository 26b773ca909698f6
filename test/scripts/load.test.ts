/**
 * The load generator's scripted people play real games on real app instances (a production build) —
 * every game to its end, every seat seeing every update once and in order — on one instance, and on two instances
 * sharing one PostgreSQL where each game is created on one, followed on the other and acted on across them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, replay } from '../../engine';
import type { GameId } from '../../engine/core';
import { startAppServer, type AppServer } from '../../scripts/lib/app-server';
import { requestJson } from '../../scripts/load/http';
import { startInstances, type StartedInstances } from '../../scripts/load/instances';
import { LoadRun, type Instance } from '../../scripts/load/run';
import { TEST_DATABASE_URL } from '../server/helpers';
import { runScript } from './run-script';

/** Short games, so a test plays several to the end: one lap, a few terms; Ten as it is. */
const SHORT: Partial<Record<GameId, Record<string, unknown>>> = { pole: { laps: 1 }, gotopoly: { maxTerms: 3 } };
const GAMES: readonly GameId[] = ['pole', 'gotopoly', 'ten'];

async function playToTheEnd(instances: readonly Instance[], tables: number): Promise<LoadRun> {
  const run = new LoadRun({
    instances,
    games: GAMES,
    thinkMs: [0, 5],
    chatEveryMs: 50,
    turnSeconds: null,
    options: SHORT,
    replace: false,
    seed: 22,
  });
  await run.grow(tables);
  await run.finished();
  run.stop();
  return run;
}

/** What a person at each seat would have noticed: every game ended, every update came once and in order, nothing refused. */
async function expectPlayedCorrectly(run: LoadRun, recordFrom: string): Promise<void> {
  expect(run.errors).toEqual([]);
  // No instance judged a move stale because it had not yet heard of the seq the mover's stream showed.
  expect(run.behind).toBe(0);
  for (const table of run.history) {
    expect(table.over, `game ${table.id} ended`).toBe(true);
    expect(table.finalSeq).toBeGreaterThan(3);
    for (const tally of table.tallies) {
      // Opened at seq 0: each of the game's updates, 1 … final, exactly once.
      expect(tally).toEqual({ updates: table.finalSeq, duplicates: 0, lost: 0, reconnects: 0 });
    }
    // The record the game published replays to an ended game of the same length: the people played legal moves.
    const record = await requestJson<{ game: GameId; actions: unknown[] }>(
      `${recordFrom}/api/games/${table.id}/record`,
      'GET',
    );
    expect(record.status).toBe(200);
    expect(record.body.actions).toHaveLength(table.finalSeq);
    expect(games[record.body.game].outcome(replay(record.body).state)).not.toBeNull();
  }
}

describe('load generator: scripted people on one instance', () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer({ env: { POLE_RATE_CHAT: 'off', POLE_SSE_PER_CLIENT: '200' } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('plays Tezos Pole, Gotopoly and Ten to their ends over HTTP and SSE, each seat seeing every update once, in order', async () => {
    const run = await playToTheEnd([{ baseUrl: app.baseUrl, pgid: app.pid }], 3);
    expect(run.history.map((t) => t.id)).toHaveLength(3);
    await expectPlayedCorrectly(run, app.baseUrl);
  });
});

describe('load generator: two instances on one PostgreSQL', () => {
  let started: StartedInstances;
  beforeAll(async () => {
    started = await startInstances('postgres', 2, { databaseUrl: TEST_DATABASE_URL, streams: 100 });
  });
  afterAll(async () => {
    await started?.stop();
  });

  it('delivers every update to every seat exactly once and in order when games are created, followed and played across instances', async () => {
    const [a, b] = started.instances;
    const run = await playToTheEnd(started.instances, 6);
    // Created on one instance, streamed from the other and acted on from the first (LoadRun's routes): each
    // action crossed from one instance to the other through the database.
    expect(new Set(run.history.map((_, i) => [a, b][i % 2]!.baseUrl)).size).toBe(2);
    await expectPlayedCorrectly(run, b!.baseUrl);
  });
});

describe('npm run load: its command line', () => {
  it('refuses a bad flag with one line, the usage and exit code 2, before any server starts (none is left running)', async () => {
    for (const [args, says] of [
      [['--think', '9-1'], '--think must be MIN-MAX milliseconds'],
      [['--games', 'chess'], '--games takes pole, gotopoly and ten, not "chess"'],
      [['--chat', 'x'], '--chat must be a whole number'],
      [['--url', 'http://example.com:3000'], '--url must be a loopback http address'],
      [['--store', 'pglite', '--instances', '2'], 'several instances share one database'],
      [['--steps', '500,100'], '--steps must be rising whole numbers'],
    ] as const) {
      const run = await runScript('load.ts', args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(says);
    }
  });
});
