/**
 * The CPU time and resident memory of a server's whole process group, read from Linux's /proc the way `ps` and `top`
 * do (the load generator starts each app instance as a group leader, so whatever children Next spawns count too).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** /proc's clock ticks per second (USER_HZ, 100 on Linux everywhere) and page size (4 KiB on x86-64 and arm64). */
const TICKS_PER_SECOND = 100;
const PAGE_BYTES = 4096;

export interface GroupSample {
  /** User + system CPU time of every live process of the group since it started. */
  readonly cpuMs: number;
  readonly rssBytes: number;
  readonly processes: number;
}

/** One process's /proc/PID/stat fields after the command name (which may itself hold spaces and parentheses). */
function statFields(pid: string): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // it exited between the listing and the read
  }
}

/** The group's CPU and memory now (a process that already exited no longer counts: its CPU is lost with it). */
export function sampleGroup(pgid: number): GroupSample {
  return sampleProcesses((_pid, f) => Number(f[2]) === pgid);
}

/** Every process of this command name (e.g. `postgres`: the database server's backends and workers). */
export function sampleCommand(command: string): GroupSample {
  return sampleProcesses((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === command;
    } catch {
      return false;
    }
  });
}

function sampleProcesses(match: (pid: string, fields: string[]) => boolean): GroupSample {
  let ticks = 0;
  let pages = 0;
  let processes = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statFields(entry);
    // After the name: state, ppid, pgrp (index 2) … utime (11), stime (12) … rss in pages (21).
    if (!f || !match(entry, f)) continue;
    ticks += Number(f[11]) + Number(f[12]);
    pages += Number(f[21]);
    processes++;
  }
  return { cpuMs: (ticks * 1000) / TICKS_PER_SECOND, rssBytes: pages * PAGE_BYTES, processes };
}
