/**
 * The command line every script shares: flags read by Node's `util.parseArgs` (strict, so a typo never silently runs
 * with defaults), `--help` / `-h` printing the usage, and two ways to fail — a malformed command line prints its
 * error and the usage to stderr with exit code 2, any other expected failure one line with exit code 1.
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { isConfigError } from '../../engine/core/errors';

/** A failure the user can fix from the message alone: printed as one line, exit code 1, no stack trace. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

/** A malformed command line: printed like a CliError, followed by the usage text, exit code 2. */
export class UsageError extends CliError {}

/** One flag: `--name VALUE` (string) or `--name` alone (boolean), with its line of the usage. */
export type Flag =
  | {
      readonly type: 'string';
      /** What the value is, in the usage: `N`, `FILE`, `URL`. */
      readonly value: string;
      readonly help: string;
    }
  | { readonly type: 'boolean'; readonly help: string; readonly short?: string };

/** A script's flags by name; each `help` says what the flag does and its default, on one line. */
export type Flags = Readonly<Record<string, Flag>>;

/** The flags given; one not given is undefined, and its default is the script's to apply. */
export type FlagValues<F extends Flags> = {
  readonly [K in keyof F]?: F[K]['type'] extends 'boolean' ? boolean : string;
};

export interface CommandLine<F extends Flags> {
  readonly flags: FlagValues<F>;
  readonly positionals: readonly string[];
}

const HELP = { help: { type: 'boolean', short: 'h', help: 'print this usage and exit' } } as const satisfies Flags;

function isParseArgsError(err: unknown): err is Error & { code: string } {
  const code = err instanceof Error ? (err as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

/** parseArgs' own messages name no flag the way ours do: find the argument it refused, from its tokens. */
function whatIsWrong(args: string[], options: ParseArgsOptionsConfig, positionals: boolean): string | null {
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'positional' && !positionals) return `unexpected argument "${token.value}"`;
    if (token.kind !== 'option') continue;
    const type = Object.hasOwn(options, token.name) ? options[token.name]!.type : null;
    if (type === null) return `unknown flag ${token.rawName}`;
    if (type === 'boolean' && token.value !== undefined) return `${token.rawName} takes no value`;
    // `--games --json`: parseArgs took the next flag for the value, and refused it.
    const valueMissing = token.value === undefined || (!token.inlineValue && token.value.startsWith('--'));
    if (type === 'string' && valueMissing) return `${token.rawName} needs a value`;
  }
  return null;
}

/**
 * `--name -1` as `--name=-1`: parseArgs takes a value that starts with a dash only written inline, for fear of a
 * short flag, but a negative number (or Michelson's `-1`) is a value here; only a long flag (`--json`) is not.
 */
function joinDashedValues(argv: readonly string[], flags: Flags): string[] {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return [...args, ...argv.slice(i)];
    const next = argv[i + 1];
    const name = /^--([^=]+)$/.exec(arg)?.[1];
    const takesValue = name !== undefined && Object.hasOwn(flags, name) && flags[name]!.type === 'string';
    if (takesValue && next !== undefined && /^-[^-]/.test(next)) {
      args.push(`${arg}=${next}`);
      i++;
    } else {
      args.push(arg);
    }
  }
  return args;
}

/**
 * Reads `--name value`, `--name=value` and boolean `--name` with parseArgs, strictly: an unknown flag, a missing
 * value, a positional argument a script does not take, a flag given twice or an empty value is a UsageError.
 */
export function parseCommandLine<const F extends Flags>(
  argv: readonly string[],
  flags: F,
  { positionals = false } = {},
): CommandLine<F> {
  const options: ParseArgsOptionsConfig = Object.fromEntries(
    Object.entries(flags).map(([name, flag]) => [
      name,
      flag.type === 'boolean' && flag.short ? { type: flag.type, short: flag.short } : { type: flag.type },
    ]),
  );
  const args = joinDashedValues(argv, flags);
  let parsed;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: positionals, tokens: true });
  } catch (err) {
    if (!isParseArgsError(err)) throw err;
    throw new UsageError(whatIsWrong(args, options, positionals) ?? err.message);
  }
  // parseArgs keeps the last of a repeated flag and takes `--name=` as an empty value: both are more likely slips.
  const seen = new Set<string>();
  for (const token of parsed.tokens) {
    if (token.kind !== 'option') continue;
    if (seen.has(token.name)) throw new UsageError(`--${token.name} is given twice`);
    seen.add(token.name);
    if (token.value === '') throw new UsageError(`--${token.name} needs a value`);
  }
  return { flags: parsed.values as FlagValues<F>, positionals: parsed.positionals };
}

export interface Cli<F extends Flags> {
  /** The script's name, before each error it prints: `simulate: --games needs a value`. */
  readonly name: string;
  /** How to call it, one line per form, after `Usage: `; the flags' lines follow. */
  readonly synopsis: string | readonly string[];
  readonly flags: F;
  /** Whether it takes arguments besides flags (verify's record file, michelson's command); main checks them. */
  readonly positionals?: boolean;
  /** Printed after the flags: what the positional arguments are, where to read more. */
  readonly notes?: string;
  /** The environment variables it reads, each with its line of the usage: `{ 'NAME=VALUE': 'what it does' }`. */
  readonly environment?: Readonly<Record<string, string>>;
  /** Also told of a usage error, for a script whose --json output promises a line for every outcome. */
  readonly onUsageError?: (message: string) => void;
  readonly main: (commandLine: CommandLine<F>) => void | Promise<void>;
}

/** Lines of two columns, the first padded to the widest. */
const columns = (rows: readonly (readonly [string, string])[]): string[] => {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
};

/** `--name VALUE`, `--name`, or `-h, --help`; long names line up after the short ones. */
const flagText = (name: string, flag: Flag): string =>
  flag.type === 'string' ? `    --${name} ${flag.value}` : `${flag.short ? `-${flag.short}, ` : '    '}--${name}`;

/** The usage `--help` prints: the synopsis, every flag on a line of its own (`--help` last), the notes, the environment. */
export function usageText(cli: Pick<Cli<Flags>, 'synopsis' | 'flags' | 'notes' | 'environment'>): string {
  const [first, ...more] = typeof cli.synopsis === 'string' ? [cli.synopsis] : cli.synopsis;
  const flags: [string, Flag][] = Object.entries({ ...cli.flags, ...HELP });
  const environment = Object.entries(cli.environment ?? {});
  return [
    `Usage: ${first}`,
    ...more.map((line) => `       ${line}`),
    '',
    ...columns(flags.map(([name, flag]) => [flagText(name, flag), flag.help])),
    ...(cli.notes ? ['', cli.notes.trimEnd()] : []),
    ...(environment.length > 0 ? ['', 'Environment:', ...columns(environment)] : []),
    '',
  ].join('\n');
}

/**
 * Reads the command line and runs the script's main function; `--help` prints the usage and runs nothing. Expected
 * failures become `name: message` on stderr: a UsageError, followed by the usage, exits 2; a CliError or an engine
 * ConfigError (a bad board or option, whose message names the tile and field at fault) exits 1.
 * Sets `process.exitCode` instead of calling `process.exit`, so piped stdout (large JSON) is flushed first.
 */
export async function runCli<const F extends Flags>(cli: Cli<F>): Promise<void> {
  const usage = usageText(cli);
  try {
    const { flags, positionals } = parseCommandLine(
      process.argv.slice(2),
      { ...cli.flags, ...HELP },
      { positionals: cli.positionals },
    );
    if (flags.help) {
      process.stdout.write(usage);
      return;
    }
    await cli.main({ flags, positionals });
  } catch (err) {
    if (!(err instanceof CliError) && !isConfigError(err)) throw err;
    process.stderr.write(`${cli.name}: ${err.message}\n`);
    if (err instanceof UsageError) {
      cli.onUsageError?.(err.message);
      process.stderr.write(`\n${usage}`);
      process.exitCode = 2;
    } else {
      process.exitCode = 1;
    }
  }
}
