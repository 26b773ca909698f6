import { UsageError } from './cli';

/** The flags a script accepts: `--name value` (string) or `--name` alone (boolean). */
export type FlagSpec = Readonly<Record<string, 'string' | 'boolean'>>;

export type Flags<T extends FlagSpec> = { -readonly [K in keyof T]?: T[K] extends 'boolean' ? true : string };

/**
 * Parses `--name value`, `--name=value` and boolean `--name`. Anything else (an unknown flag, a positional
 * argument, a missing value, a flag given twice) is a UsageError, so a typo never silently runs with defaults.
 */
export function parseFlags<T extends FlagSpec>(argv: readonly string[], spec: T): Flags<T> {
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    const match = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/s.exec(token);
    if (!match) throw new UsageError(`unexpected argument "${token}"`);
    const [, name = '', inline] = match;
    const kind = Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (!kind) throw new UsageError(`unknown flag --${name}`);
    if (Object.hasOwn(flags, name)) throw new UsageError(`--${name} is given twice`);
    if (kind === 'boolean') {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      flags[name] = true;
      continue;
    }
    const value = inline ?? argv[i + 1];
    if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) {
      throw new UsageError(`--${name} needs a value`);
    }
    if (inline === undefined) i++;
    flags[name] = value;
  }
  return flags as Flags<T>;
}

/** A whole number in [min, max] from a flag's text; decimals, signs and exponents are refused. */
export function intFlag(name: string, text: string | undefined, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (text === undefined) return fallback;
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max)) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
    throw new UsageError(`--${name} must be a whole number ${range}, not "${text}"`);
  }
  return value;
}

/** One of a fixed set of names. */
export function choiceFlag<T extends string>(name: string, text: string | undefined, fallback: T, choices: readonly T[]): T {
  if (text === undefined) return fallback;
  if (!(choices as readonly string[]).includes(text)) {
    throw new UsageError(`--${name} must be one of ${choices.join(', ')}, not "${text}"`);
  }
  return text as T;
}
