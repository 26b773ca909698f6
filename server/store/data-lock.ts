/**
 * One process per PGlite data folder. PGlite is PostgreSQL in single-user mode and takes no lock of its own
 * on the Node filesystem (electric-sql/pglite#1106): two processes on one folder both write, and the folder ends up
 * unreadable. So the store holds a lock file in the folder, as PostgreSQL's postmaster.pid does: created exclusively,
 * naming the process (its PID, when it started, on which host); a second process is refused with that holder named;
 * the lock of a process that is gone (crashed, killed) is taken over.
 */
import { readFileSync, unlinkSync } from 'node:fs';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
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
 * Locks `folder` (which must exist) for this process until `release` or the process's exit.
 * @throws StoreError `LOCKED` naming the process that holds it.
 */
export async function lockDataDir(folder: string): Promise<DataDirLock> {
  const dir = resolve(folder);
  const path = join(dir, LOCK_FILE);
  if (heldHere.has(dir)) throw refusal(dir, me());
  const mine = `${JSON.stringify(me())}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await writeFile(path, mine, { flag: 'wx' });
      return held(dir, path, mine);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const text = await readFile(path, 'utf8').catch(() => null);
    if (text === null) continue; // released meanwhile
    const holder = parseHolder(text);
    if (holder !== null && running(holder, dir)) throw refusal(dir, holder);
    // Stale (or unreadable): moved aside first, so that of two processes taking it over at once, the one that moved a
    // fresh lock instead (the other's) sees it and puts it back, then finds it held.
    const aside = `${path}.stale-${process.pid}`;
    try {
      await rename(path, aside);
    } catch {
      continue;
    }
    const moved = await readFile(aside, 'utf8').catch(() => null);
    if (moved === text) await unlink(aside).catch(() => undefined);
    else await rename(aside, path).catch(() => undefined);
  }
  throw refusal(dir, null);
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
