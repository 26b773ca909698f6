/**
 * The data folder's lock under contention (server/store/data-lock.ts): of starts at once on one folder, exactly one
 * holds it and the others are refused with LOCKED, whether the folder is free or holds the stale lock of a process that
 * is gone. First many times within this process (the calls race on the filesystem through libuv's thread pool: a call
 * counts a folder as held here only once it has it), then with two real processes running the module. Also: an
 * unparseable lock file, and the takeover mutex of a contender that died. (An integration file: it starts processes.)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStoreError } from '../../server/errors';
import { LOCK_FILE, lockDataDir } from '../../server/store';
import { ROOT } from '../scripts/run-script';

/** The PID of a process that has exited (and that no process has taken since: checked). */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '0']);
  expect(() => process.kill(pid!, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
  return pid!;
}

/** A lock file left by process `pid`, as a process killed while holding the folder leaves it. */
const staleLock = (pid: number) =>
  `${JSON.stringify({ pid, host: hostname(), startedAt: '2020-01-01T00:00:00.000Z', ticks: '1' })}\n`;

describe('the data folder lock under contention', () => {
  let root: string;
  let dead: number;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'store-lock-race-'));
    dead = deadPid();
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('of two concurrent starts in one process, exactly one holds the folder, 1,000 times over', async () => {
    const ROUNDS = 1_000;
    const wrong: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const folder = await mkdtemp(join(root, 'in-process-'));
      // Every other round, the folder holds the lock of a process that is gone: both starts take it over at once.
      if (round % 2 === 1) await writeFile(join(folder, LOCK_FILE), staleLock(dead));
      const [a, b] = await Promise.allSettled([lockDataDir(folder), lockDataDir(folder)]);
      const won = [a, b].filter((r) => r.status === 'fulfilled');
      const refused = [a, b].filter(
        (r) => r.status === 'rejected' && isStoreError(r.reason) && r.reason.code === 'LOCKED',
      );
      if (won.length !== 1 || refused.length !== 1)
        wrong.push(`round ${round}: ${won.length} held, ${refused.length} refused (${[a, b].map(outcome).join('; ')})`);
      for (const r of won) await r.value.release();
      // Released, the folder is as it was before the lock: no lock file, no temporary file, no takeover mutex.
      const left = await readdir(folder);
      if (left.length > 0) wrong.push(`round ${round}: left ${left.join(', ')}`);
      await rm(folder, { recursive: true, force: true });
    }
    expect(wrong).toEqual([]);
  }, 30_000);

  it('of three to five concurrent starts, exactly one holds the folder, 600 times over', async () => {
    const wrong: string[] = [];
    for (let round = 0; round < 600; round++) {
      const folder = await mkdtemp(join(root, 'crowd-'));
      if (round % 2 === 1) await writeFile(join(folder, LOCK_FILE), staleLock(dead));
      const starts = 3 + (round % 3);
      const results = await Promise.allSettled(Array.from({ length: starts }, () => lockDataDir(folder)));
      const won = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter(
        (r) => r.status === 'rejected' && isStoreError(r.reason) && r.reason.code === 'LOCKED',
      );
      if (won.length !== 1 || refused.length !== starts - 1)
        wrong.push(`round ${round}: ${won.length} of ${starts} held (${results.map(outcome).join('; ')})`);
      for (const r of won) await r.value.release();
      await rm(folder, { recursive: true, force: true });
    }
    expect(wrong).toEqual([]);
  }, 30_000);

  it('refuses a lock file it cannot parse until it is a minute old (nothing writes one partly any more)', async () => {
    const folder = await mkdtemp(join(root, 'unparseable-'));
    const path = join(folder, LOCK_FILE);
    await writeFile(path, '');
    await expect(lockDataDir(folder)).rejects.toMatchObject({
      code: 'LOCKED',
      message: expect.stringContaining('in use by another process'),
    });
    const aMinuteAgo = new Date(Date.now() - 61_000);
    await utimes(path, aMinuteAgo, aMinuteAgo);
    const lock = await lockDataDir(folder);
    await lock.release();
    expect(await readdir(folder)).toEqual([]);
  });

  it('waits for a takeover in progress, and removes the mutex of one that died in the middle', async () => {
    const folder = await mkdtemp(join(root, 'mutex-'));
    const mutex = join(folder, `${LOCK_FILE}.takeover`);
    await writeFile(join(folder, LOCK_FILE), staleLock(dead));
    await mkdir(mutex);
    // Another contender is taking the stale lock over: this one gives up rather than wait without end.
    await expect(lockDataDir(folder)).rejects.toMatchObject({ code: 'LOCKED' });
    // That contender died seconds ago, in the middle.
    const secondsAgo = new Date(Date.now() - 10_000);
    await utimes(mutex, secondsAgo, secondsAgo);
    const lock = await lockDataDir(folder);
    await lock.release();
    expect(await readdir(folder)).toEqual([]);
  });

  it('of two processes started at once on one folder, exactly one holds it, 20 times over', async () => {
    for (let round = 0; round < 20; round++) {
      const folder = await mkdtemp(join(root, 'processes-'));
      if (round % 2 === 1) await writeFile(join(folder, LOCK_FILE), staleLock(dead));
      const pair = [contender(folder), contender(folder)];
      try {
        // Both loaded and waiting, then both told to go: they race on the lock, not on tsx's start.
        await Promise.all(pair.map((c) => c.line()));
        for (const c of pair) c.send('go');
        const said = (await Promise.all(pair.map((c) => c.line()))).sort();
        expect(said, `round ${round}`).toEqual(['held', 'refused LOCKED']);
        // The winner holds the folder until it is told to exit, and leaves it free.
        for (const c of pair) c.send('exit');
        expect(await Promise.all(pair.map((c) => c.exited))).toEqual([0, 0]);
        expect(await readdir(folder)).toEqual([]);
      } finally {
        for (const c of pair) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
      }
    }
  }, 60_000);
});

const outcome = (r: PromiseSettledResult<unknown>): string =>
  r.status === 'fulfilled' ? 'held' : isStoreError(r.reason) ? `refused ${r.reason.code}` : String(r.reason);

/**
 * A process that loads server/store/data-lock.ts (with tsx, as the app's processes do in tests), prints `ready`, and on
 * `go` locks `folder`: prints `held`, or `refused <code>`; on `exit` releases the lock and exits.
 */
const CONTENDER = `
import { createInterface } from 'node:readline';
const { lockDataDir } = await import('./server/store/data-lock.ts');
const commands = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
process.stdout.write('ready\\n');
await commands.next();
let lock;
try {
  lock = await lockDataDir(process.env.LOCK_FOLDER);
  process.stdout.write('held\\n');
} catch (err) {
  process.stdout.write('refused ' + err.code + '\\n');
}
await commands.next();
await lock?.release();
process.exit(0);
`;

interface Contender {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  /** The next line the process prints. */
  line(): Promise<string>;
  send(command: string): void;
}

function contender(folder: string): Contender {
  // `node --import tsx`, not the tsx launcher: one process, whose PID is the one in the lock.
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CONTENDER], {
    cwd: ROOT,
    env: { ...process.env, LOCK_FOLDER: folder },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
    child,
    exited,
    line: async () => {
      const next = await lines.next();
      if (next.done) throw new Error(`the contender exited (${await exited}) without a line: ${stderr}`);
      return next.value;
    },
    send: (command) => child.stdin!.write(`${command}\n`),
  };
}
