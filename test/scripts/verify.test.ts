/**
 * `npm run verify -- RECORD.json` on records exported by an in-process host: a provably fair game is
 * "verified"; a forged roll, a changed reveal and an altered action each exit 1 with the action that first
 * disagrees; a plain-seed record replays but says it proves nothing; a file that is not a record is a clear error.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRecord } from '../../engine';
import { GameHost, ManualClock } from '../../server/host';

import { createTestServer, drive, type TestServer } from '../server/helpers';
import { fairRequest, playFairGame } from '../server/fair-play';
import { runScript } from './run-script';

let server: TestServer;
let host: GameHost;
let dir: string;
let fair: GameRecord;
const clock = new ManualClock();

beforeAll(async () => {
  server = await createTestServer({ clock });
  host = server.host;
  dir = await mkdtemp(path.join(tmpdir(), 'verify-'));
  fair = (await playFairGame(host, clock, 'gotopoly')).record;
}, 120_000);
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function verify(name: string, record: unknown) {
  const file = path.join(dir, `${name}.json`);
  await writeFile(file, typeof record === 'string' ? record : JSON.stringify(record));
  return runScript('verify.ts', [file]);
}

describe('npm run verify', () => {
  it(
    'verifies a provably fair record: the commitment, every roll, every state, the end',
    { timeout: 60_000 },
    async () => {
      const run = await verify('fair', fair);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(
        `✓ the seed matches the commitment published when the game began: ${fair.fair!.commitment}`,
      );
      expect(run.stdout).toMatch(new RegExp(`✓ ${fair.actions.length} rolls recomputed: \\d+ mixed in a seat's link`));
      expect(run.stdout.trim().split('\n').at(-1)).toBe('verified');
    },
  );

  it('names the first roll, seed or action that disagrees, and exits 1', { timeout: 60_000 }, async () => {
    const k = 7;
    const forged = { ...fair, actions: fair.actions.map((a, i) => (i === k ? { ...a, roll: '00'.repeat(32) } : a)) };
    const [roll, seed, action] = await Promise.all([
      verify('forged', forged),
      verify('seed', { ...fair, seed: 'not-the-seed' }),
      verify('action', {
        ...fair,
        actions: fair.actions.map((a, i) => (i === k ? { ...a, hash: 'ff'.repeat(32) } : a)),
      }),
    ]);
    expect(roll.code).toBe(1);
    expect(roll.stdout).toContain(`✗ action ${k} (seq ${k + 1}`);
    expect(roll.stdout).toContain('this roll was forged');
    expect(seed.code).toBe(1);
    expect(seed.stdout).toContain('✗ the revealed seed does not match the commitment');
    expect(action.code).toBe(1);
    expect(action.stdout).toContain(`first disagreement: action ${k} (seq ${k + 1})`);
  });

  it(
    'a plain-seed record replays, and says it proves nothing; a file that is not a record is refused',
    { timeout: 60_000 },
    async () => {
      const created = await host.create(
        fairRequest('ten', {
          mode: 'hotseat',
          seats: [
            { kind: 'heuristic', name: 'A' },
            { kind: 'random', name: 'B' },
          ],
        }),
      );
      await drive(host, clock);
      const plain = await verify('plain', await host.records.record(created.id));
      expect(plain.code).toBe(0);
      expect(plain.stdout).toContain('no commitment scheme: whoever knew the seed knew every roll');
      expect(plain.stdout.trim().split('\n').at(-1)).toBe('replays (not provable: plain seed)');
      const [junk, none] = await Promise.all([verify('junk', 'not json'), runScript('verify.ts', [])]);
      expect(junk).toMatchObject({ code: 1, stdout: '' });
      expect(junk.stderr).toContain('is not JSON, so it is not a game record');
      expect(none.code).toBe(2);
      expect(none.stderr).toContain('name the record file');
    },
  );
});
