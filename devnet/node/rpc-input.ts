/**
 * Request bodies checked against the shapes of Octez's RPC input encodings before anything uses them. A body that
 * does not fit is refused as Octez's RPC server (resto's server.ml, `Cannot_parse_body`) refuses one its encoding
 * cannot destruct — HTTP 400, text/plain, `Failed to parse the request body: …` — instead of failing halfway with a
 * 500. Object fields are Octez's (lib_plugin/RPC.ml encodings); an unknown top-level field is refused as Octez does.
 * Micheline is read as Octez reads it, with its refusals' text (micheline-json.ts), within the devnet's limits
 * (micheline-limits.ts).
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
  validateSignature,
} from '@taquito/utils';
import { printRefusal, readMicheline } from './micheline-json';
import { michelineLimitError } from './micheline-limits';

/** A body Octez's encoding would not accept; the message says where and why, as data-encoding's errors do. */
export class BadBody extends Error {}

/** Throws BadBody for a value Octez would not read; returns the value as Octez reads it when it differs, else nothing. */
type Check = (v: unknown, at: string) => unknown;

function fail(at: string, message: string): never {
  throw new BadBody(at === '' ? message : `At ${at}, ${message}`);
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** A value quoted in a refusal: JSON for a scalar, its kind for the rest (which may nest too deep to print). */
const shown = (v: unknown): string => (typeof v === 'object' && v !== null ? kindOf(v) : String(JSON.stringify(v)));

export const string: Check = (v, at) => {
  if (typeof v !== 'string') fail(at, `unexpected ${kindOf(v)} instead of string`);
};

export const boolean: Check = (v, at) => {
  if (typeof v !== 'boolean') fail(at, `unexpected ${kindOf(v)} instead of boolean`);
};

/** Mutez, counters, limits: decimal strings, as data-encoding's `n`/`Tez` JSON forms are. */
export const natural: Check = (v, at) => {
  if (typeof v !== 'string' || !/^\d+$/.test(v))
    fail(at, `expected a natural number as a decimal string, got ${shown(v)}`);
};

/** `gas`, `level`, `now`: an integer as a string or a number (the devnet's caps apply after). */
export const integer: Check = (v, at) => {
  if (!((typeof v === 'string' && /^-?\d+$/.test(v)) || (typeof v === 'number' && Number.isInteger(v))))
    fail(at, `expected an integer, got ${shown(v)}`);
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
/** Signature.encoding's JSON: `sig…`, `edsig…`, `spsig1…`, `p2sig…` or `BLsig…`. */
export const signature = b58('signature', validateSignature);

export const unparsingMode: Check = (v, at) => {
  if (v !== 'Readable' && v !== 'Optimized' && v !== 'Optimized_legacy')
    fail(at, `no case matched ${shown(v)} (Readable, Optimized or Optimized_legacy)`);
};

/**
 * A Micheline expression in JSON (`int`, `string`, `bytes`, `prim` with `args`/`annots`, sequences): within the limits
 * (else Octez's error for them, 400), then read as Octez reads it. A refusal is Octez's text, which leaves out the path
 * to the expression (media_type.ml prints the error under the outermost path): exactly Octez's but inside an
 * operation's contents, a union of its kinds that Octez's text would go through case by case; there the path leads.
 */
export const micheline: Check = (v, at) => {
  const tooLarge = michelineLimitError(v);
  if (tooLarge) throw tooLarge;
  const read = readMicheline(v);
  if ('value' in read) return read.value;
  if (!at.includes('/contents/')) throw new BadBody(printRefusal(read.refusal));
  const path = at
    .split('/')
    .slice(1)
    .map((step) => (/^\d+$/.test(step) ? Number(step) : step));
  throw new BadBody(printRefusal({ kind: 'at', path, inner: read.refusal }));
};

export const array =
  (item: Check): Check =>
  (v, at) => {
    if (!Array.isArray(v)) fail(at, `unexpected ${kindOf(v)} instead of array`);
    v.forEach((x, i) => {
      const read = item(x, `${at}/${i}`);
      if (read !== undefined) v[i] = read;
    });
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
      const read = check(o[name], `${at}/${name}`);
      if (read !== undefined) o[name] = read;
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

const otherContracts = array(object({ address: req(address), type: req(micheline) }));
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

const operation = object({ branch: req(blockHash), contents: req(contents), signature: opt(signature) });

/** Each POST route's body, from Octez's encodings (RPC.ml; shell services for forge, preapply and injection). */
export const BODIES = {
  forge: object({ branch: req(blockHash), contents: req(contents) }),
  simulate: object({
    operation: req(operation),
    chain_id: req(chainId),
    blocks_before_activation: opt(integer),
    latency: opt(integer),
  }),
  runOperation: object({ operation: req(operation), chain_id: req(chainId) }),
  preapply: array(
    object({ protocol: req(protocolHash), branch: req(blockHash), contents: req(contents), signature: req(signature) }),
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
  ticketBalance: object({ ticketer: req(address), content_type: req(micheline), content: req(micheline) }),
  scriptNormalized: object({ unparsing_mode: req(unparsingMode), normalize_types: opt(boolean) }),
  storageNormalized: object({ unparsing_mode: req(unparsingMode) }),
  injection: (v: unknown, at: string) => {
    if (typeof v !== 'string' || !/^([0-9a-fA-F]{2})*$/.test(v))
      fail(at, `expected hexadecimal bytes, got ${kindOf(v)}`);
  },
} satisfies Record<string, Check>;

/**
 * A request path as resto reads it: ocaml-uri decodes a segment leniently, keeping a `%` that starts no escape (and
 * bytes that are no UTF-8) where decodeURIComponent throws. Such a segment is re-encoded so that decoding it gives what
 * resto reads; the others are kept as they are.
 */
export function lenientPath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      try {
        decodeURIComponent(segment);
        return segment;
      } catch {
        // A URL's path is ASCII: its characters are its bytes.
        const bytes: number[] = [];
        for (let i = 0; i < segment.length; i++) {
          const hex = segment.slice(i + 1, i + 3);
          if (segment[i] === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
            bytes.push(parseInt(hex, 16));
            i += 2;
          } else bytes.push(segment.charCodeAt(i));
        }
        return encodeURIComponent(Buffer.from(bytes).toString('utf8'));
      }
    })
    .join('/');
}

/** Checks `body` against a route's shape; returns it typed as the caller reads it. */
export function checked<T>(check: Check, body: unknown): T {
  return (check(body, '') ?? body) as T;
}
