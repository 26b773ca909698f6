/**
 * The flags of `npm run michelson -- run` and `typecheck`, read as `octez-client run script` reads its own: amounts
 * in tez, gas in gas units. Shared by the CLI and the tests that run its library path in-process.
 */
import { badInput, RUN_DEFAULTS, type RunRequest } from '../../devnet/michelson';
import { HARD_GAS_LIMIT_PER_OPERATION } from '../../devnet/michelson/gas';
import { UsageError, type Flags, type FlagValues } from './cli';

/** The flags of `typecheck`; `run` takes them too. */
export const TYPECHECK_FLAGS = {
  script: { type: 'string', value: 'FILE.tz', help: 'the script, Michelson text or Micheline JSON (required)' },
  json: { type: 'boolean', help: 'print the result, or the error, as one JSON line' },
} as const satisfies Flags;

export const RUN_FLAGS = {
  script: TYPECHECK_FLAGS.script,
  storage: { type: 'string', value: 'EXPR', help: 'the storage it starts from (required)' },
  input: { type: 'string', value: 'EXPR', help: 'the parameter it is called with (required)' },
  entrypoint: { type: 'string', value: 'NAME', help: 'the entrypoint called (default: default)' },
  amount: { type: 'string', value: 'TEZ', help: 'AMOUNT, in tez (default 0.05)' },
  balance: { type: 'string', value: 'TEZ', help: 'BALANCE, in tez (default 4,000,000)' },
  level: { type: 'string', value: 'N', help: `LEVEL (default ${RUN_DEFAULTS.level})` },
  now: {
    type: 'string',
    value: 'TIMESTAMP',
    help: `NOW, an RFC 3339 date or seconds since the epoch (default ${RUN_DEFAULTS.now})`,
  },
  sender: { type: 'string', value: 'ADDR', help: 'SENDER (default: --source if given, else the script itself)' },
  source: { type: 'string', value: 'ADDR', help: `SOURCE (default ${RUN_DEFAULTS.source})` },
  self: { type: 'string', value: 'ADDR', help: `SELF_ADDRESS, where the script runs (default ${RUN_DEFAULTS.self})` },
  'chain-id': { type: 'string', value: 'ID', help: `CHAIN_ID (default ${RUN_DEFAULTS.chainId})` },
  gas: {
    type: 'string',
    value: 'GAS',
    help: `the gas limit, in gas units, at most the default (default ${HARD_GAS_LIMIT_PER_OPERATION / 1000n})`,
  },
  json: TYPECHECK_FLAGS.json,
} as const satisfies Flags;

const MUTEZ_MAX = (1n << 63n) - 1n;

/**
 * Tez as octez-client writes them (`Tez_repr.of_string`): `1`, `0.05`, `1,000.5`; up to six decimals,
 * commas only between groups of three digits. Gives mutez.
 */
export function parseTez(name: string, text: string): bigint {
  const bad = () => badInput(`Invalid ꜩ notation in parameter --${name}: '${text}'`);
  const triplets = (groups: string[]): boolean =>
    groups.length > 0 &&
    groups[0]!.length > 0 &&
    groups[0]!.length <= 3 &&
    groups.slice(1).every((g) => g.length === 3);
  const parts = text.split('.');
  if (parts.length > 2) throw bad();
  const [whole = '', fraction] = parts;
  const commas = text.includes(',');
  if (commas && !triplets(whole.split(','))) throw bad();
  if (fraction !== undefined) {
    const groups = fraction.split(',');
    if (commas ? groups.length > 2 || !triplets(groups.reverse()) : fraction.length === 0 || fraction.length > 6)
      throw bad();
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
  if (!/^\d{4}-\d\d-\d\dT/.test(text) || Number.isNaN(ms))
    throw badInput(`--now must be an RFC 3339 date or seconds, not "${text}"`);
  return BigInt(Math.floor(ms / 1000));
}

function required(name: string, v: string | undefined): string {
  if (v === undefined) throw new UsageError(`--${name} is required`);
  return v;
}

/** The run a command line asks for; `script` is the script file's text. */
export function runRequestOf(f: FlagValues<typeof RUN_FLAGS>, script: string): RunRequest {
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
    gasLimitMilligas:
      gas === undefined
        ? undefined
        : gas * 1000n < HARD_GAS_LIMIT_PER_OPERATION
          ? gas * 1000n
          : HARD_GAS_LIMIT_PER_OPERATION,
  };
}
