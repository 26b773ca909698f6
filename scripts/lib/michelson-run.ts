/**
 * The flags of `npm run michelson -- run`, read as `octez-client run script` reads its own: amounts in
 * tez, gas in gas units. Shared by the CLI and the tests that run its library path in-process.
 */
import { badInput, type RunRequest } from '../../devnet/michelson';
import { HARD_GAS_LIMIT_PER_OPERATION } from '../../devnet/michelson/gas';
import { type FlagSpec, type Flags } from './args';
import { UsageError } from './cli';

export const RUN_FLAGS = {
  script: 'string',
  storage: 'string',
  input: 'string',
  entrypoint: 'string',
  amount: 'string',
  balance: 'string',
  level: 'string',
  now: 'string',
  sender: 'string',
  source: 'string',
  self: 'string',
  'chain-id': 'string',
  gas: 'string',
  json: 'boolean',
} as const satisfies FlagSpec;

const MUTEZ_MAX = (1n << 63n) - 1n;

/**
 * Tez as octez-client writes them (`Tez_repr.of_string`): `1`, `0.05`, `1,000.5`; up to six decimals,
 * commas only between groups of three digits. Gives mutez.
 */
export function parseTez(name: string, text: string): bigint {
  const bad = () => badInput(`Invalid ꜩ notation in parameter --${name}: '${text}'`);
  const triplets = (groups: string[]): boolean =>
    groups.length > 0 && groups[0]!.length > 0 && groups[0]!.length <= 3 && groups.slice(1).every((g) => g.length === 3);
  const parts = text.split('.');
  if (parts.length > 2) throw bad();
  const [whole = '', fraction] = parts;
  const commas = text.includes(',');
  if (commas && !triplets(whole.split(','))) throw bad();
  if (fraction !== undefined) {
    const groups = fraction.split(',');
    if (commas ? groups.length > 2 || !triplets(groups.reverse()) : fraction.length === 0 || fraction.length > 6) throw bad();
  }
  const digits = whole.replaceAll(',', '') + (fraction ?? '').replaceAll(',', '').padEnd(6, '0');
  if (!/^\d+$/.test(digits)) throw bad();
  const mutez = BigInt(digits);
  if (mutez > MUTEZ_MAX) throw bad();
  return mutez;
}

function natural(name: string, text: string | undefined): bigint | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw badInput(`--${name} must be a whole number, not "${text}"`);
  return BigInt(text);
}

/** RFC 3339 or seconds since the epoch, as octez-client's --now accepts. */
function timestamp(text: string | undefined): bigint | undefined {
  if (text === undefined) return undefined;
  if (/^-?\d+$/.test(text)) return BigInt(text);
  const ms = Date.parse(text);
  if (!/^\d{4}-\d\d-\d\dT/.test(text) || Number.isNaN(ms)) throw badInput(`--now must be an RFC 3339 date or seconds, not "${text}"`);
  return BigInt(Math.floor(ms / 1000));
}

function required(name: string, v: string | undefined): string {
  if (v === undefined) throw new UsageError(`--${name} is required`);
  return v;
}

/** The run a command line asks for; `script` is the script file's text. */
export function runRequestOf(f: Flags<typeof RUN_FLAGS>, script: string): RunRequest {
  const gas = natural('gas', f.gas);
  return {
    script,
    storage: required('storage', f.storage),
    input: required('input', f.input),
    entrypoint: f.entrypoint,
    amount: f.amount === undefined ? undefined : parseTez('amount', f.amount),
    balance: f.balance === undefined ? undefined : parseTez('balance', f.balance),
    level: natural('level', f.level),
    now: timestamp(f.now),
    sender: f.sender,
    source: f.source,
    self: f.self,
    chainId: f['chain-id'],
    // Gas units; like the run_code RPC, a figure above the per-operation limit gets the limit.
    gasLimitMilligas: gas === undefined ? undefined : gas * 1000n < HARD_GAS_LIMIT_PER_OPERATION ? gas * 1000n : HARD_GAS_LIMIT_PER_OPERATION,
  };
}
