/**
 * Runs `npm run -s michelson -- …` for the conformance corpus, either as a child process (what an
 * external user runs) or in-process through the library with the CLI's flag reading and JSON shape (fast;
 * used for the cases not sampled through the CLI). Both give the same `CliOutcome`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isMichelsonFailure, loadScript, runScript } from '../../../devnet/michelson';
import { parseCommandLine, UsageError } from '../../../scripts/lib/cli';
import { RUN_FLAGS, runRequestOf, TYPECHECK_FLAGS } from '../../../scripts/lib/michelson-run';
import { runScript as runCommand } from '../../scripts/run-script';

export const SCRIPTS_DIR = fileURLToPath(new URL('./scripts', import.meta.url));

/** What `michelson … --json` printed: its exit code and the parsed JSON line (undefined if none parsed). */
export interface CliOutcome {
  readonly code: number;
  readonly json: unknown;
  readonly stdout: string;
  readonly stderr: string;
}

/** Spawns the CLI as `npm run -s michelson` does (the project's Node 22 through tsx). */
export async function runCli(args: readonly string[]): Promise<CliOutcome> {
  const run = await runCommand('michelson.ts', args);
  return { ...run, json: parseLastJsonLine(run.stdout) };
}

function parseLastJsonLine(stdout: string): unknown {
  const line = stdout.trim().split('\n').pop();
  if (line === undefined || line === '') return undefined;
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The library behind the CLI, called with the same arguments and turned into the CLI's `--json`
 * output (`{storage, operations, bigMapDiff, consumedMilligas}` or `{error: {kind, with?, message}}`).
 */
export function runLibrary(args: readonly string[]): Promise<CliOutcome> {
  const [command, ...rest] = args;
  let json: unknown;
  let code = 0;
  try {
    if (command === 'typecheck') {
      loadScript(readFileSync(parseCommandLine(rest, TYPECHECK_FLAGS).flags.script ?? '', 'utf8'));
      json = { wellTyped: true };
    } else {
      const { flags: f } = parseCommandLine(rest, RUN_FLAGS);
      const req = runRequestOf(f, readFileSync(f.script ?? '', 'utf8'));
      const r = runScript(req);
      json = {
        storage: r.storage,
        operations: r.operations,
        bigMapDiff: r.bigMapDiff,
        consumedMilligas: r.consumedMilligas.toString(),
      };
    }
  } catch (e) {
    // As the CLI: a malformed command line exits 2, any other failure 1.
    code = e instanceof UsageError ? 2 : 1;
    json = isMichelsonFailure(e)
      ? { error: { kind: e.kind, ...(e.with !== undefined ? { with: e.with } : {}), message: e.message } }
      : e instanceof UsageError
        ? { error: { kind: 'bad_input', message: e.message } }
        : { error: { kind: 'bad_input', message: `internal error: ${(e as Error).stack ?? String(e)}` } };
  }
  // A JSON round trip, as the CLI's stdout would give: no undefined fields, no class instances.
  const text = JSON.stringify(json);
  return Promise.resolve({ code, json: JSON.parse(text) as unknown, stdout: `${text}\n`, stderr: '' });
}
