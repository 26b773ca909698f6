/** Checks of a flag's text (as `parseCommandLine` gives it), each a UsageError that names the flag and what it takes. */
import { UsageError } from './cli';

/** A whole number in [min, max] from a flag's text; decimals, signs and exponents are refused. */
export function intFlag(
  name: string,
  text: string | undefined,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (text === undefined) return fallback;
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max)) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
    throw new UsageError(`--${name} must be a whole number ${range}, not "${text}"`);
  }
  return value;
}

/** One of a fixed set of names. */
export function choiceFlag<T extends string>(
  name: string,
  text: string | undefined,
  fallback: T,
  choices: readonly T[],
): T {
  if (text === undefined) return fallback;
  if (!(choices as readonly string[]).includes(text)) {
    throw new UsageError(`--${name} must be one of ${choices.join(', ')}, not "${text}"`);
  }
  return text as T;
}
