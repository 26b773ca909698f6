/**
 * Runs `npm run -s michelson -- …` for the conformance corpus, either as a child process (what an
 * external user runs) or in-process through the library with the CLI's flags and JSON shape (fast;
 * used for the cases not sampled through the CLI). Both give the same `CliOutcome`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isMichelsonFailure, loadScript, runScript, type RunRequest } from '../../../devnet/michelson';
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

/** The flags of `run` and `typecheck` read into a record; the library path accepts the same argument lists. */
function flagsOf(args: readonly string[]): Map<string, string | true> {
  const flags = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const name = args[i]!.replace(/^--/, '');
    const value = args[i + 1];
    if (name === 'json') flags.set(name, true);
    else {
      flags.set(name, value ?? '');
      i++;
    }
  }
  return flags;
}

const big = (v: string | true | undefined): bigint | undefined => (typeof v === 'string' ? BigInt(v) : undefined);

/** --now as the CLI documents it: RFC 3339 or seconds since the epoch. */
function seconds(v: string | true | undefined): bigint | undefined {
  if (typeof v !== 'string') return undefined;
  return /^-?\d+$/.test(v) ? BigInt(v) : BigInt(Math.floor(Date.parse(v) / 1000));
}

/**
 * The library behind the CLI, called with the same arguments and turned into the CLI's `--json`
 * output (`{storage, operations, bigMapDiff, consumedMilligas}` or `{error: {kind, with?, message}}`).
 */
export function runLibrary(args: readonly string[]): Promise<CliOutcome> {
  const [command, ...rest] = args;
  const f = flagsOf(rest);
  const str = (k: string): string | undefined => {
    const v = f.get(k);
    return typeof v === 'string' ? v : undefined;
  };
  let json: unknown;
  let code = 0;
  try {
    const script = readFileSync(str('script') ?? '', 'utf8');
    if (command === 'typecheck') {
      loadScript(script);
      json = { wellTyped: true };
    } else {
      const req: RunRequest = {
        script,
        storage: str('storage') ?? '',
        input: str('input') ?? '',
        entrypoint: str('entrypoint'),
        amount: big(f.get('amount')),
        balance: big(f.get('balance')),
        level: big(f.get('level')),
        now: seconds(f.get('now')),
        sender: str('sender'),
        source: str('source'),
        self: str('self'),
        chainId: str('chain-id'),
        gasLimitMilligas: big(f.get('gas')),
      };
      const r = runScript(req);
      json = { storage: r.storage, operations: r.operations, bigMapDiff: r.bigMapDiff, consumedMilligas: r.consumedMilligas.toString() };
    }
  } catch (e) {
    code = 1;
    json = isMichelsonFailure(e)
      ? { error: { kind: e.kind, ...(e.with !== undefined ? { with: e.with } : {}), message: e.message } }
      : { error: { kind: 'bad_input', message: `internal error: ${(e as Error).stack ?? String(e)}` } };
  }
  // A JSON round trip, as the CLI's stdout would give: no undefined fields, no class instances.
  const text = JSON.stringify(json);
  return Promise.resolve({ code, json: JSON.parse(text) as unknown, stdout: `${text}\n`, stderr: '' });
}
