/**
 * Request bodies checked against the shapes of Octez's RPC input encodings before anything uses them. A body that
 * does not fit is refused as Octez's RPC server (resto's server.ml, `Cannot_parse_body`) refuses one its encoding
 * cannot destruct — HTTP 400, text/plain, `Failed to parse the request body: …` — instead of failing halfway with a
 * 500. Object fields are Octez's (lib_plugin/RPC.ml encodings); an unknown top-level field is refused as Octez does.
 * Not zod, unlike the app's boundaries: the refusals word and place errors as data-encoding does ("At /contents/0,
 * unexpected string instead of object"), and Micheline is walked without recursion, so however deep a body nests,
 * checking it cannot overflow the stack (a recursive schema's check would).
 */
import {
  ValidationResult,
  validateAddress,
  validateBlock,
  validateChain,
  validateProtocol,
  validatePublicKey,
} from '@taquito/utils';

/** A body Octez's encoding would not accept; the message says where and why, as data-encoding's errors do. */
export class BadBody extends Error {}

type Check = (v: unknown, at: string) => void;

function fail(at: string, message: string): never {
  throw new BadBody(at === '' ? message : `At ${at}, ${message}`);
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

export const string: Check = (v, at) => {
  if (typeof v !== 'string') fail(at, `unexpected ${kindOf(v)} instead of string`);
};

export const boolean: Check = (v, at) => {
  if (typeof v !== 'boolean') fail(at, `unexpected ${kindOf(v)} instead of boolean`);
};

/** Mutez, counters, limits: decimal strings, as data-encoding's `n`/`Tez` JSON forms are. */
export const natural: Check = (v, at) => {
  if (typeof v !== 'string' || !/^\d+$/.test(v))
    fail(at, `expected a natural number as a decimal string, got ${JSON.stringify(v)}`);
};

/** `gas`, `level`, `now`: an integer as a string or a number (the devnet's caps apply after). */
export const integer: Check = (v, at) => {
  if (!((typeof v === 'string' && /^-?\d+$/.test(v)) || (typeof v === 'number' && Number.isInteger(v))))
    fail(at, `expected an integer, got ${JSON.stringify(v)}`);
};

const b58 =
  (what: string, valid: (s: string) => ValidationResult): Check =>
  (v, at) => {
    string(v, at);
    if (valid(v as string) !== ValidationResult.VALID) fail(at, `invalid ${what} ${JSON.stringify(v)}`);
  };

export const address = b58('address', validateAddress);
export const publicKey = b58('public key', validatePublicKey);
export const blockHash = b58('block hash', validateBlock);
export const chainId = b58('chain id', validateChain);
export const protocolHash = b58('protocol hash', validateProtocol);

export const unparsingMode: Check = (v, at) => {
  if (v !== 'Readable' && v !== 'Optimized' && v !== 'Optimized_legacy')
    fail(at, `no case matched ${JSON.stringify(v)} (Readable, Optimized or Optimized_legacy)`);
};

/** Micheline in its JSON form (`int`, `string`, `bytes`, `prim` with `args`/`annots`, sequences), walked without recursion. */
export const micheline: Check = (v, at) => {
  const todo: [unknown, string][] = [[v, at]];
  while (todo.length > 0) {
    const [node, where] = todo.pop()!;
    if (Array.isArray(node)) {
      node.forEach((n, i) => todo.push([n, `${where}/${i}`]));
      continue;
    }
    if (typeof node !== 'object' || node === null)
      fail(where, `unexpected ${kindOf(node)} instead of a Micheline expression`);
    const o = node as Record<string, unknown>;
    if ('int' in o) {
      if (typeof o.int !== 'string' || !/^-?\d+$/.test(o.int))
        fail(`${where}/int`, 'expected an integer as a decimal string');
    } else if ('string' in o) string(o.string, `${where}/string`);
    else if ('bytes' in o) {
      if (typeof o.bytes !== 'string' || !/^([0-9a-fA-F]{2})*$/.test(o.bytes))
        fail(`${where}/bytes`, 'expected hexadecimal bytes');
    } else if ('prim' in o) {
      string(o.prim, `${where}/prim`);
      if (o.args !== undefined) {
        if (!Array.isArray(o.args)) fail(`${where}/args`, `unexpected ${kindOf(o.args)} instead of array`);
        o.args.forEach((n, i) => todo.push([n, `${where}/args/${i}`]));
      }
      if (o.annots !== undefined && (!Array.isArray(o.annots) || o.annots.some((a) => typeof a !== 'string')))
        fail(`${where}/annots`, 'expected a list of strings');
    } else fail(where, 'expected a Micheline expression (int, string, bytes, prim or a sequence)');
  }
};

export const array =
  (item: Check): Check =>
  (v, at) => {
    if (!Array.isArray(v)) fail(at, `unexpected ${kindOf(v)} instead of array`);
    v.forEach((x, i) => item(x, `${at}/${i}`));
  };

/** Fields of an object: `true` required, `false` optional. */
type Fields = Record<string, readonly [required: boolean, check: Check]>;

/** An object with these fields; `strict` refuses any other field ("Unexpected object field"), as Octez's objects do. */
export function object(fields: Fields, strict = true): Check {
  return (v, at) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(at, `unexpected ${kindOf(v)} instead of object`);
    const o = v as Record<string, unknown>;
    for (const [name, [required, check]] of Object.entries(fields)) {
      if (o[name] === undefined) {
        if (required) fail(at, `missing object field ${name}`);
        continue;
      }
      check(o[name], `${at}/${name}`);
    }
    if (strict) for (const name of Object.keys(o)) if (!(name in fields)) fail(at, `unexpected object field ${name}`);
  };
}

const req = (check: Check) => [true, check] as const;
const opt = (check: Check) => [false, check] as const;

const managerFields: Fields = {
  kind: req(string),
  source: req(address),
  fee: req(natural),
  counter: req(natural),
  gas_limit: req(natural),
  storage_limit: req(natural),
};

/** Manager contents by kind (the others are left to validation, which names what it does not support). */
const contentsByKind: Record<string, Check> = {
  transaction: object(
    {
      ...managerFields,
      amount: req(natural),
      destination: req(address),
      parameters: opt(object({ entrypoint: req(string), value: req(micheline) })),
    },
    false,
  ),
  origination: object(
    {
      ...managerFields,
      balance: req(natural),
      delegate: opt(address),
      script: req(object({ code: req(micheline), storage: req(micheline) })),
    },
    false,
  ),
  reveal: object({ ...managerFields, public_key: req(publicKey) }, false),
  delegation: object({ ...managerFields, delegate: opt(address) }, false),
};

const content: Check = (v, at) => {
  object({ kind: req(string) }, false)(v, at);
  contentsByKind[(v as { kind: string }).kind]?.(v, at);
};

const contents: Check = (v, at) => {
  array(content)(v, at);
  if ((v as unknown[]).length === 0) fail(at, 'expected at least one operation content');
};

const otherContracts = array(object({ address: req(address), script: req(micheline) }));
const extraBigMaps = array(
  object({ id: req(integer), key_type: req(micheline), val_type: req(micheline), map_literal: req(micheline) }),
);

/** What `run_view` and `run_script_view` share (RPC.ml's view inputs). */
const viewFields: Fields = {
  contract: req(address),
  input: req(micheline),
  chain_id: req(chainId),
  source: opt(address),
  payer: opt(address),
  gas: opt(integer),
  unparsing_mode: req(unparsingMode),
  now: opt(integer),
  level: opt(integer),
  other_contracts: opt(otherContracts),
  extra_big_maps: opt(extraBigMaps),
};

/** Each POST route's body, from Octez's encodings (RPC.ml; shell services for forge, preapply and injection). */
export const BODIES = {
  forge: object({ branch: req(blockHash), contents: req(contents) }),
  operation: object({ branch: req(blockHash), contents: req(contents), signature: opt(string) }),
  simulate: object({
    operation: req((v, at) => BODIES.operation(v, at)),
    chain_id: req(chainId),
    blocks_before_activation: opt(integer),
    latency: opt(integer),
  }),
  runOperation: object({ operation: req((v, at) => BODIES.operation(v, at)), chain_id: req(chainId) }),
  preapply: array(
    object({ protocol: req(protocolHash), branch: req(blockHash), contents: req(contents), signature: req(string) }),
  ),
  runCode: object({
    script: req(micheline),
    storage: req(micheline),
    input: req(micheline),
    amount: req(natural),
    balance: opt(natural),
    chain_id: req(chainId),
    source: opt(address),
    payer: opt(address),
    self: opt(address),
    entrypoint: opt(string),
    unparsing_mode: opt(unparsingMode),
    gas: opt(integer),
    now: opt(integer),
    level: opt(integer),
    other_contracts: opt(otherContracts),
    extra_big_maps: opt(extraBigMaps),
  }),
  runView: object({ ...viewFields, entrypoint: req(string) }),
  runScriptView: object({ ...viewFields, view: req(string), unlimited_gas: opt(boolean) }),
  packData: object({ data: req(micheline), type: req(micheline), gas: opt(integer) }),
  scriptNormalized: object({ unparsing_mode: req(unparsingMode), normalize_types: opt(boolean) }),
  storageNormalized: object({ unparsing_mode: req(unparsingMode) }),
  injection: (v: unknown, at: string) => {
    if (typeof v !== 'string' || !/^([0-9a-fA-F]{2})*$/.test(v))
      fail(at, `expected hexadecimal bytes, got ${kindOf(v)}`);
  },
} satisfies Record<string, Check>;

/** Checks `body` against a route's shape; returns it typed as the caller reads it. */
export function checked<T>(check: Check, body: unknown): T {
  check(body, '');
  return body as T;
}
