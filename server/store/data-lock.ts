/**
 * One process per PGlite data folder. PGlite is PostgreSQL in single-user mode and takes no lock of its own
 * on the Node filesystem (electric-sql/pglite#1106): two processes on one folder both write, and the folder ends up
 * unreadable. So the store holds a lock file in the folder, as PostgreSQL's postmaster.pid does: created exclusively,
 * naming the process (its PID, when it started, on which host); a second process is refused with that holder named;
 * the lock of a process that is gone (crashed, killed) is taken over, by one contender at a time.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, open, readFile, rmdir, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { StoreError } from '../errors';

export const LOCK_FILE = 'tezos-pole.lock';

interface Holder {
  readonly pid: number;
  readonly host: string;
  /** When the process started (for people reading the file). */
  readonly startedAt: string;
  /** Linux: the process's start time in clock ticks since boot (/proc/<pid>/stat), which tells a reused PID apart. */
  readonly ticks: string | null;
}

/** Field 22 of /proc/<pid>/stat; null where there is no /proc (macOS) or no such process. */
function startTicks(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

const me = (): Holder => ({
  pid: process.pid,
  host: hostname(),
  // When this process started: the moment its performance timeline began.
  startedAt: new Date(performance.timeOrigin).toISOString(),
  ticks: startTicks('self'),
});

function parseHolder(text: string): Holder | null {
  try {
    const h = JSON.parse(text) as Partial<Holder>;
    if (typeof h.pid !== 'number' || typeof h.host !== 'string') return null;
    return {
      pid: h.pid,
      host: h.host,
      startedAt: String(h.startedAt ?? '?'),
      ticks: typeof h.ticks === 'string' ? h.ticks : null,
    };
  } catch {
    return null;
  }
}

// Folders this process holds, so a second store opened in the same process is refused too. On globalThis: Next.js
// may load this module once per route bundle.
const KEY = Symbol.for('tezos-pole.locked-data-dirs');
const heldHere: Set<string> = ((globalThis as { [KEY]?: Set<string> })[KEY] ??= new Set());

/** Whether the lock's holder may still be running. On another host nobody here can tell, so it counts as running. */
function running(holder: Holder, folder: string): boolean {
  if (holder.host !== hostname()) return true;
  // Our own PID: this process, or an earlier one that had the same PID (a container's PID 1 after a restart).
  if (holder.pid === process.pid)
    return holder.ticks === null ? heldHere.has(folder) : holder.ticks === startTicks('self');
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // EPERM: it runs, as another user
  }
  // The PID runs, but it may be another program that got the number after a restart.
  const ticks = startTicks(holder.pid);
  return holder.ticks === null || ticks === null || ticks === holder.ticks;
}

const refusal = (folder: string, holder: Holder | null): StoreError =>
  new StoreError(
    'LOCKED',
    `the game store ${folder} is in use by ${holder ? `process ${holder.pid} (started ${holder.startedAt}${holder.host === hostname() ? '' : ` on ${holder.host}`})` : 'another process'}: one process per data folder — stop that one, or start this one with another GAMES_DATA_DIR, or run several on one PostgreSQL with DATABASE_URL${holder && holder.host !== hostname() ? ` (if nothing runs there, delete ${join(folder, LOCK_FILE)})` : ''}`,
  );

export interface DataDirLock {
  /** Removes the lock file (when it is still this process's). */
  release(): Promise<void>;
}

/**
 * An unparseable lock file is nobody's work in progress (lock files appear whole, see `lockDataDir`): it is debris
 * (a crash of an earlier version, which created the file empty and wrote it after; a hand edit). Still refused while
 * younger than this, so that such an earlier version caught between its two steps is not robbed.
 */
const UNPARSEABLE_STALE_MS = 60_000;
/**
 * A takeover is a few file operations: a mutex this old (when the attempt began) was left by a process that died in
 * the middle of one. One left just before is waited for until the attempt gives up, and is removed by a later one.
 */
const MUTEX_ABANDONED_MS = 5_000;
/**
 * Attempts before giving up. Each retry follows a change (the lock released, taken over by another) or waits, one
 * turn of the event loop, for another contender's takeover, which lasts a few of them; giving up then is safe, since
 * that contender is about to hold the folder.
 */
const TRIES = 1_000;

/**
 * Locks `folder` (which must exist) for this process until `release` or the process's exit.
 * @throws StoreError `LOCKED` naming the process that holds it.
 */
export async function lockDataDir(folder: string): Promise<DataDirLock> {
  const dir = resolve(folder);
  const path = join(dir, LOCK_FILE);
  if (heldHere.has(dir)) throw refusal(dir, me());
  const mine = `${JSON.stringify(me())}\n`;
  // Written whole under a name of its own, then linked to the lock's name: link() takes the name only if it is free,
  // atomically, so a lock file that exists is always complete. (Created empty and written after, it was once read
  // in between by a second process, judged stale, and replaced: both held the folder.)
  const temp = `${path}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  // Its mtime is "now" on the clock that stamps the lock and the mutex too (a network mount's server's).
  const now = await writeWhole(temp, mine);
  try {
    for (let attempt = 0; attempt < TRIES; attempt++) {
      if (await linked(temp, path)) return held(dir, path, mine);
      const seen = await readLock(path);
      if (seen === 'gone') continue; // released meanwhile
      if (seen === 'unreadable') throw refusal(dir, null);
      const holder = parseHolder(seen.text.toString('utf8'));
      if (holder ? running(holder, dir) : now - seen.mtimeMs < UNPARSEABLE_STALE_MS) throw refusal(dir, holder);
      const outcome = await takeOver(path, seen.text, temp, now);
      if (outcome === 'taken') return held(dir, path, mine);
      if (outcome === 'busy') await yieldToLoop();
    }
    throw refusal(dir, null);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/** Writes `text` to a new file `path`; returns the file's mtime. */
async function writeWhole(path: string, text: string): Promise<number> {
  const file = await open(path, 'wx');
  try {
    await file.writeFile(text);
    return (await file.stat()).mtimeMs;
  } finally {
    await file.close();
  }
}

/** Links `temp` to `path` unless `path` exists. */
async function linked(temp: string, path: string): Promise<boolean> {
  try {
    await link(temp, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** The lock file's bytes and mtime, read through one handle so that both are of the same file. */
async function readLock(path: string): Promise<{ text: Buffer; mtimeMs: number } | 'gone' | 'unreadable'> {
  let file;
  try {
    file = await open(path, 'r');
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : 'unreadable';
  }
  try {
    return { text: await file.readFile(), mtimeMs: (await file.stat()).mtimeMs };
  } catch {
    return 'unreadable';
  } finally {
    await file.close();
  }
}

/**
 * Replaces the lock file `stale`, judged stale, with `temp`'s. Under a mutex (a directory: mkdir is atomic), so that
 * of any number of contenders one at a time re-reads the lock and, only if it still is `stale`, unlinks it: the others
 * find the lock changed and judge it afresh. A contender that never saw it stale may link its own lock between the
 * unlink and the link; link() then fails here, and that one holds the folder.
 */
async function takeOver(path: string, stale: Buffer, temp: string, now: number): Promise<'taken' | 'changed' | 'busy'> {
  const mutex = `${path}.takeover`;
  try {
    await mkdir(mutex);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const age = await stat(mutex).then(
      (s) => now - s.mtimeMs,
      () => 0,
    );
    if (age > MUTEX_ABANDONED_MS) await rmdir(mutex).catch(() => undefined);
    return 'busy';
  }
  try {
    const current = await readFile(path).catch(() => null);
    if (current !== null && !current.equals(stale)) return 'changed';
    if (current !== null) await unlink(path).catch(() => undefined);
    return (await linked(temp, path)) ? 'taken' : 'changed';
  } finally {
    await rmdir(mutex).catch(() => undefined);
  }
}

function held(dir: string, path: string, mine: string): DataDirLock {
  heldHere.add(dir);
  // A process that exits without closing the store (Ctrl-C, an uncaught error) still leaves the folder free.
  const onExit = (): void => {
    try {
      if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
    } catch {
      // already gone
    }
  };
  process.once('exit', onExit);
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      process.removeListener('exit', onExit);
      heldHere.delete(dir);
      if ((await readFile(path, 'utf8').catch(() => null)) === mine) await unlink(path).catch(() => undefined);
    },
  };
}
