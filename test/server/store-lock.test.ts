/**
 * One process per PGlite data folder. Two real processes (fixtures/hold-store.ts, run with tsx)
 * open the store on one folder as the app does: the second refuses with one line naming the first and how to run
 * another instance, and the first keeps working. A folder whose holder is gone (closed, or killed with SIGKILL) opens
 * again. A new folder starts from the empty database's copy, or as PGlite makes it when that copy does not load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_DATABASE_FILE, LOCK_FILE, openPgliteStore } from '../../server/store';
import { ROOT } from '../scripts/run-script';

/** One store-holding process: its output so far, a way to wait for a line, to send a command, and its exit. */
interface Holder {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  stderr(): string;
  /** The first line of stdout starting with `prefix` from now on (or already printed and not yet taken). */
  line(prefix: string): Promise<string>;
  send(command: string): void;
  /** Writes game `id` and waits until it is stored. */
  write(id: string): Promise<void>;
  /** The line the store answers for game `id`'s seed: `seed seed-of-<id>` when it holds it. */
  seedLine(id: string): Promise<string>;
  /** Closes the store and the process; its exit code. */
  close(): Promise<number | null>;
}

function hold(dir: string, env: Readonly<Record<string, string>> = {}): Holder {
  // `node --import tsx`, not the tsx launcher: one process, whose PID is the one that holds the store.
  const child = spawn(process.execPath, ['--import', 'tsx', join('test', 'server', 'fixtures', 'hold-store.ts'), dir], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiting: { prefix: string; resolve: (line: string) => void }[] = [];
  const lines: string[] = [];
  const deliver = () => {
    for (const w of [...waiting]) {
      const at = lines.findIndex((l) => l.startsWith(w.prefix));
      if (at < 0) continue;
      w.resolve(lines.splice(at, 1)[0]!);
      waiting.splice(waiting.indexOf(w), 1);
    }
  };
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    const parts = out.split('\n');
    out = parts.pop()!;
    lines.push(...parts);
    deliver();
  });
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const line = (prefix: string) =>
    new Promise<string>((resolve, reject) => {
      waiting.push({ prefix, resolve });
      deliver();
      void exited.then((code) =>
        reject(new Error(`the process exited (${code}) before printing "${prefix}…": ${err}`)),
      );
    });
  const send = (command: string) => void child.stdin!.write(`${command}\n`);
  return {
    child,
    exited,
    stderr: () => err,
    line,
    send,
    write: async (id) => {
      send(`write ${id}`);
      await line(`wrote ${id}`);
    },
    seedLine: (id) => {
      send(`read ${id}`);
      return line('seed ');
    },
    close: () => {
      send('close');
      return exited;
    },
  };
}

describe('one process per PGlite data folder', () => {
  let dir: string;
  const started: Holder[] = [];
  const start = (folder = dir, env: Readonly<Record<string, string>> = {}) => {
    const h = hold(folder, env);
    started.push(h);
    return h;
  };

  beforeAll(async () => {
    dir = join(await mkdtemp(join(tmpdir(), 'store-lock-')), 'games');
  });
  afterAll(async () => {
    for (const h of started) if (h.child.exitCode === null && h.child.signalCode === null) h.child.kill('SIGKILL');
    await Promise.all(started.map((h) => h.exited));
    await rm(join(dir, '..'), { recursive: true, force: true });
  });

  it('a second process on the folder refuses to start (the app too), naming the first; the first keeps working', async () => {
    const first = start();
    const pid = (await first.line('open ')).split(' ')[1];
    expect(Number(pid)).toBe(first.child.pid);
    await first.write('g1');

    const second = start();
    second.send('write g2');
    expect(await second.exited).toBe(1);
    const said = second.stderr().trim();
    expect(said.split('\n')).toHaveLength(1);
    expect(said).toContain(`in use by process ${pid}`);
    expect(said).toContain('GAMES_DATA_DIR');
    expect(said).toContain('DATABASE_URL');

    // The app itself: Next.js calls instrumentation.ts's `register` when `next start` starts, and it exits.
    const app = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', "await (await import('./instrumentation.ts')).register();"],
      {
        cwd: ROOT,
        env: { ...process.env, NEXT_RUNTIME: 'nodejs', GAMES_DATA_DIR: dir, DATABASE_URL: '' },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let appSaid = '';
    app.stderr!.on('data', (d: Buffer) => (appSaid += d.toString()));
    expect(await new Promise((resolve) => app.once('exit', resolve))).toBe(1);
    expect(appSaid.trim()).toMatch(
      new RegExp(
        `^tezos-pole: the game store .* is in use by process ${pid} \\(started [^)]+\\): one process per data folder`,
      ),
    );

    await first.write('g3');
    expect(await first.seedLine('g1')).toBe('seed seed-of-g1');
    expect(await first.close()).toBe(0);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('opens again once the holder is gone, even when it was killed without closing', async () => {
    const folder = join(dir, '..', 'reopened');
    const writer = start(folder);
    await writer.line('open ');
    await writer.write('g1');
    expect(await writer.close()).toBe(0);

    const next = start(folder);
    await next.line('open ');
    expect(await next.seedLine('g1')).toBe('seed seed-of-g1');
    next.child.kill('SIGKILL');
    await next.exited;
    expect(existsSync(join(folder, LOCK_FILE))).toBe(true); // left behind by the killed process

    const after = start(folder);
    await after.line('open ');
    expect(await after.seedLine('g1')).toBe('seed seed-of-g1');
    expect(await after.close()).toBe(0);
  });

  it('makes a new folder as PGlite does when the empty database it starts from does not load (another version wrote it)', async () => {
    // A temp directory of the process's own, holding a copy that is no database at all.
    const temp = await mkdtemp(join(tmpdir(), 'store-lock-temp-'));
    await writeFile(join(temp, EMPTY_DATABASE_FILE), 'not a database');
    const folder = join(dir, '..', 'bad-copy');
    const h = start(folder, { TMPDIR: temp });
    await h.line('open ');
    await h.write('g1');
    expect(await h.seedLine('g1')).toBe('seed seed-of-g1');
    expect(await h.close()).toBe(0);
    // The copy was discarded: the next store in that temp directory makes a good one.
    expect(existsSync(join(temp, EMPTY_DATABASE_FILE))).toBe(false);
    await rm(temp, { recursive: true, force: true });
  });

  it('takes over a lock whose process is not running, and refuses a second store in the same process', async () => {
    const folder = join(dir, '..', 'stale');
    const first = await openPgliteStore({ dataDir: folder });
    await expect(openPgliteStore({ dataDir: folder })).rejects.toMatchObject({
      code: 'LOCKED',
      message: expect.stringContaining(`process ${process.pid}`),
    });
    await first.close();
    // A PID that no process has (Linux's pid_max is at most 2^22).
    await writeFile(
      join(folder, LOCK_FILE),
      JSON.stringify({ pid: 2 ** 22 + 7, host: hostname(), startedAt: 'then', ticks: '1' }),
    );
    const again = await openPgliteStore({ dataDir: folder });
    await again.close();
  });
});
