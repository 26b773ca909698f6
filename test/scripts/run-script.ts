/** Runs a script of scripts/ the way `npm run` does, as a child process, and captures what a user would see. */
import { execFile } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'node_modules', '.bin');

export interface ScriptRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * `tsx` starts with `#!/usr/bin/env node`; putting node_modules/.bin first on PATH (as npm run does) makes that the
 * project's pinned Node 22 rather than whatever `node` the machine has.
 */
export function runScript(script: string, args: readonly string[]): Promise<ScriptRun> {
  const env = { ...process.env, PATH: `${BIN}${delimiter}${process.env.PATH ?? ''}` };
  return new Promise((resolve) => {
    execFile(
      join(BIN, 'tsx'),
      [join('scripts', script), ...args],
      { cwd: ROOT, env, maxBuffer: 64 << 20 },
      (err, stdout, stderr) => {
        if (err === null) resolve({ code: 0, stdout, stderr });
        // A string code (ENOENT…) means the process never ran: keep the reason where a failing test shows it.
        else if (typeof err.code === 'number') resolve({ code: err.code, stdout, stderr });
        else resolve({ code: -1, stdout, stderr: `${stderr}${err.message}` });
      },
    );
  });
}

/** What a script printed as `--json`, once it ran cleanly: exit 0, nothing on stderr. */
export function printedJson<T>(run: ScriptRun): T {
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as T;
}

/** `npm run simulate -- --game <game> …` once per argument list, the runs side by side (each its own process). */
export function simulateRuns(game: string, ...argLists: readonly string[][]): Promise<ScriptRun[]> {
  return Promise.all(argLists.map((args) => runScript('simulate.ts', ['--game', game, ...args])));
}
