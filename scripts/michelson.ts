/**
 * `npm run -s michelson -- run|typecheck …`: the devnet's Michelson VM from the command line, in the
 * manner of `octez-client run script` / `typecheck script`. See the README's devnet section.
 */
import { readFileSync } from 'node:fs';
import {
  MichelsonFailure,
  badInput,
  isMichelsonFailure,
  listEntrypoints,
  loadScript,
  printType,
  runScript,
  type BigMapDiff,
  type InternalOperationJson,
} from '../devnet/michelson';
import { printExpr as printMicheline } from '../devnet/michelson/data';
import { formatGas } from '../devnet/michelson/gas';
import type { Expr } from '../devnet/michelson/micheline';
import { runCli, UsageError, type CommandLine, type FlagValues } from './lib/cli';
import { RUN_FLAGS, runRequestOf, TYPECHECK_FLAGS } from './lib/michelson-run';

function readScript(file: string | undefined): string {
  if (file === undefined) throw new UsageError('--script FILE is required');
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw badInput(`cannot read script ${file}: ${(e as Error).message}`);
  }
}

type Given = FlagValues<typeof RUN_FLAGS>;

function run(f: Given): void {
  const req = runRequestOf(f, readScript(f.script));
  const r = runScript(req);
  if (json) {
    print({
      storage: r.storage,
      operations: r.operations,
      bigMapDiff: r.bigMapDiff,
      consumedMilligas: r.consumedMilligas.toString(),
    });
    return;
  }
  // octez-client's layout: an empty section is a line of two spaces.
  const operations = r.operations.flatMap(printOperation);
  const diff = r.bigMapDiff.map((d) => `  ${printDiff(d)}`);
  const lines = ['storage', `  ${show(r.storage)}`, 'emitted operations', ...(operations.length ? operations : ['  '])];
  lines.push('big_map diff', ...(diff.length ? diff : ['  ']));
  lines.push(`consumed gas: ${formatGas(r.consumedMilligas)}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

function typecheck(f: Given): void {
  const runOnly = Object.keys(f).find((name) => !Object.hasOwn(TYPECHECK_FLAGS, name));
  if (runOnly !== undefined) throw new UsageError(`--${runOnly} is for run: typecheck takes --script and --json`);
  const { typed } = loadScript(readScript(f.script));
  const entrypoints = Object.fromEntries([...listEntrypoints(typed.parameter)].map(([k, t]) => [k, t]));
  if (json) {
    print({
      wellTyped: true,
      parameter: typed.parameter,
      storage: typed.storage,
      entrypoints,
      views: [...typed.views.keys()],
    });
    return;
  }
  process.stdout.write(
    `Well typed\nparameter ${printType(typed.parameter)}\nstorage ${printType(typed.storage)}\n` +
      (typed.views.size > 0 ? `views ${[...typed.views.keys()].join(', ')}\n` : ''),
  );
}

/** Mutez as octez-client prints tez: ꜩ then the amount in tez, without trailing zeros. */
function tez(mutez: unknown): string {
  const n = BigInt(String(mutez));
  const frac = (n % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `ꜩ${n / 1_000_000n}${frac ? `.${frac}` : ''}`;
}

const show = (e: unknown): string => printMicheline(e as Expr, true);
/** A JSON field as text: a string as it is, anything else as JSON. */
const plain = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** An internal operation in octez-client's words ("Internal Transaction:", "Amount: ꜩ0.05", …). */
function printOperation(o: InternalOperationJson): string[] {
  const lines = [`  Internal ${o.kind[0]!.toUpperCase()}${o.kind.slice(1)}:`, `    From: ${o.source}`];
  const at = (k: string, v: string): number => lines.push(`    ${k}: ${v}`);
  switch (o.kind) {
    case 'transaction': {
      lines.splice(1, 0, `    Amount: ${tez(o.amount)}`);
      at('To', String(o.destination));
      const p = o.parameters as { entrypoint: string; value: unknown } | undefined;
      if (p) {
        if (p.entrypoint !== 'default') at('Entrypoint', p.entrypoint);
        at('Parameter', show(p.value));
      }
      break;
    }
    case 'origination': {
      at('Credit', tez(o.balance));
      const script = o.script as { code: unknown; storage: unknown };
      lines.push('    Script:', `      ${show(script.code)}`, `      Initial storage: ${show(script.storage)}`);
      lines.push(o.delegate ? `    Delegate: ${plain(o.delegate)}` : '    No delegate for this contract');
      break;
    }
    case 'delegation':
      at('Delegate', o.delegate ? plain(o.delegate) : 'none');
      break;
    case 'event':
      at('Type', show(o.type));
      if (o.tag) at('Tag', plain(o.tag));
      if (o.payload !== undefined) at('Payload', show(o.payload));
      break;
  }
  return lines;
}

function printDiff(d: BigMapDiff): string {
  switch (d.action) {
    case 'alloc':
      return `New map(${d.big_map}) of type (big_map ${printType(d.key_type)} ${printType(d.value_type)})`;
    case 'update':
      return d.value === undefined
        ? `Unset map(${d.big_map})[${show(d.key)}]`
        : `Set map(${d.big_map})[${show(d.key)}] to ${show(d.value)}`;
    case 'copy':
      return `Copy map(${d.source_big_map}) to map(${d.destination_big_map})`;
    case 'remove':
      return `Clear map(${d.big_map})`;
  }
}

let json = false;
const print = (v: unknown): void => {
  process.stdout.write(`${JSON.stringify(v)}\n`);
};

function michelson({ flags, positionals }: CommandLine<typeof RUN_FLAGS>): void {
  const [command, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  json = flags.json === true;
  try {
    if (command === 'run') run(flags);
    else if (command === 'typecheck') typecheck(flags);
    else
      throw new UsageError(
        command === undefined ? 'missing command: run or typecheck' : `unknown command "${command}": run or typecheck`,
      );
  } catch (e) {
    // runCli prints a malformed command line with the usage, exit 2.
    if (e instanceof UsageError) throw e;
    process.exitCode = 1;
    const failure = isMichelsonFailure(e)
      ? e
      : new MichelsonFailure('bad_input', `internal error: ${(e as Error).stack ?? String(e)}`);
    if (json)
      print({
        error: {
          kind: failure.kind,
          ...(failure.with !== undefined ? { with: failure.with } : {}),
          message: failure.message,
        },
      });
    else process.stderr.write(`michelson: ${failure.message}\n`);
  }
}

await runCli({
  name: 'michelson',
  synopsis: [
    'npm run -s michelson -- run --script FILE.tz --storage EXPR --input EXPR [flags]',
    'npm run -s michelson -- typecheck --script FILE.tz [--json]',
  ],
  flags: RUN_FLAGS,
  positionals: true,
  notes:
    'Units and defaults are those of octez-client run script. A failed run exits 1; with --json it prints {"error": {"kind", "with"?, "message"}}.',
  // The --json contract is one line for every outcome: a malformed command line is bad input there.
  onUsageError: (message) => {
    if (process.argv.slice(2).includes('--json')) print({ error: { kind: 'bad_input', message } });
  },
  main: michelson,
});
