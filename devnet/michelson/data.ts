/**
 * Micheline data ↔ typed values, following Octez's `parse_data` / `unparse_data`
 * (script_ir_translator.ml and script_ir_unparser.ml, protocol Ushuaia), and Michelson's total
 * order on comparable values (script_comparable.ml).
 *
 * Unparsing modes, as in Octez:
 *   readable          timestamps as RFC 3339 strings (when representable), addresses, keys,
 *                     signatures and chain ids in base58, right combs as `Pair a b c …`
 *   optimized         those domain values as ints/bytes; combs of 4+ leaves as `{a; b; c; d}`
 *                     (3 leaves stay `Pair a (Pair b c)`), what Octez stores and sends
 *   optimized_legacy  like optimized but combs always nested `Pair a (Pair b c)`: what PACK hashes
 * Lambda bodies are printed with every `PUSH ty v` datum re-parsed and re-printed in the mode.
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { p256 } from '@noble/curves/nist.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { packData, type MichelsonData } from '@taquito/michel-codec';
import {
  addressFromBytes,
  addressFromString,
  addressToBytes,
  addressToString,
  chainIdFromBytes,
  chainIdFromString,
  chainIdToString,
  compareBytes,
  keyHashFromBytes,
  keyHashFromString,
  keyHashToString,
  MichelsonDataError,
  publicKeyFromBytes,
  publicKeyFromString,
  publicKeyToString,
  signatureFromBytes,
  signatureFromString,
  signatureToString,
} from './encoding';
import { g1ToBytes, g2ToBytes } from './bls';
import {
  isBytes,
  isInt,
  isPrim,
  isSeq,
  isString,
  pairTypes,
  stripAnnots,
  targ,
  type Expr,
  type Prim,
} from './micheline';
import {
  Address,
  BigMap,
  ChainId,
  ContractRef,
  Fr,
  G1,
  G2,
  KeyHash,
  Lambda,
  MMap,
  MSet,
  Or,
  Pair,
  PublicKey,
  SaplingState,
  Signature,
  Some,
  Ticket,
  Unit,
  UNIT,
  type CompiledCode,
  type Value,
} from './values';

export type UnparsingMode = 'readable' | 'optimized' | 'optimized_legacy';

/** What parsing data needs from the typechecker. */
export interface DataContext {
  /** Typechecks and compiles a lambda body; throws on ill-typed code. */
  compileLambda(argType: Prim, retType: Prim, body: Expr, recursive: boolean): Lambda;
  /** `Ticket …` / `Pair "KT1…" v n` literals (Octez's forged tickets: run-script inputs, internal calls). */
  allowTicketLiterals?: boolean;
  /** Big map ids (`42`, `Pair 42 {…}`) instead of literals; default true. Octez refuses them in
   *  PUSH, UNPACK and origination storage. */
  allowBigMapIds?: boolean;
  /** Annotations on data constructors (`Pair %x 1 2`), tolerated for scripts older than Ithaca. */
  legacy?: boolean;
  /**
   * Looks up a `contract` literal on the chain: the reference when the address holds a contract
   * whose entrypoint takes `paramType`, else null (ill-typed). Without it, literals are taken as is.
   */
  resolveContract?(a: Address, paramType: Prim): ContractRef | null;
}

// ---------------------------------------------------------------------------------------------
// Printing for error messages (Octez's Micheline printer layout: `{ a ; b }`, `Pair 1 (Some 2)`)

const MAX_SHOWN = 300;

/** Micheline as octez-client prints it (`wrap`: parenthesise an application, as at the top of its outputs). */
export function printExpr(e: Expr, wrap: boolean): string {
  if (isSeq(e)) return e.length === 0 ? '{}' : `{ ${e.map((x) => printExpr(x, false)).join(' ; ')} }`;
  if (isInt(e)) return e.int;
  if (isString(e)) return JSON.stringify(e.string);
  if (isBytes(e)) return `0x${e.bytes.toLowerCase()}`;
  const parts = [e.prim, ...(e.annots ?? []), ...(e.args ?? []).map((a) => printExpr(a, true))];
  return wrap && parts.length > 1 ? `(${parts.join(' ')})` : parts.join(' ');
}

/** A datum or type as octez-client prints it in errors, cut short when huge. */
export function showExpr(e: Expr): string {
  const s = printExpr(e, false);
  return s.length > MAX_SHOWN ? `${s.slice(0, MAX_SHOWN)}…` : s;
}

const showType = (t: Prim): string => showExpr(stripAnnots(t));

// ---------------------------------------------------------------------------------------------
// Errors, worded like octez-client's

type Kind = 'int' | 'string' | 'bytes' | 'sequence' | 'primitive';
const KIND_ARTICLE: Record<Kind, string> = {
  int: 'an int',
  string: 'a string',
  bytes: 'a byte sequence',
  sequence: 'a sequence',
  primitive: 'a primitive',
};

function kindOf(e: Expr): Kind {
  if (isSeq(e)) return 'sequence';
  if (isInt(e)) return 'int';
  if (isString(e)) return 'string';
  if (isBytes(e)) return 'bytes';
  return 'primitive';
}

const enumerate = (xs: string[]): string =>
  xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} or ${xs.at(-1)}`;

function namespace(prim: string): string {
  if (['parameter', 'storage', 'code', 'view', 'constant'].includes(prim)) return 'keyword';
  if (/^[a-z]/.test(prim)) return 'type name';
  if (/^[A-Z][a-z]/.test(prim)) return 'constant constructor';
  return 'instruction';
}

/** `value V is invalid for type T: reason` — Octez's Invalid_constant with its cause. */
function invalid(e: Expr, t: Prim, reason: string): MichelsonDataError {
  return new MichelsonDataError(`value ${showExpr(e)} is invalid for type ${showType(t)}: ${reason}`);
}

const expected = (e: Expr, t: Prim, what: string) => invalid(e, t, `expected ${what}`);

/** A string with a character outside printable ASCII and newline: Octez's trace (script_ir_translator.ml parse_string). */
function nonPrintable(e: { string: string }, t: Prim, position: number): MichelsonDataError {
  const form = 'a printable ascii string';
  return new MichelsonDataError(invalid(e, t, `expected ${form}`).message, (locate) => [
    {
      kind: 'permanent',
      id: 'michelson_v1.invalid_syntactic_constant',
      location: locate(e),
      expected_form: form,
      wrong_expression: e,
    },
    // script_string.ml: Non_printable_character (position, string).
    { kind: 'permanent', id: 'michelson_v1.non_printable_character', position, string: e.string },
  ]);
}

function unexpectedKind(e: Expr, t: Prim, kinds: Kind[]): MichelsonDataError {
  return invalid(
    e,
    t,
    `unexpected ${kindOf(e)}, only ${enumerate(kinds.map((k) => KIND_ARTICLE[k]))} can be used here`,
  );
}

/** A node that should have been one of the constant constructors `prims`. */
function unexpected(e: Expr, t: Prim, prims: string[], kinds: Kind[] = []): MichelsonDataError {
  if (!isPrim(e)) return unexpectedKind(e, t, ['primitive', ...kinds]);
  const ns = namespace(e.prim);
  if (ns !== 'constant constructor') {
    return invalid(e, t, `unexpected ${ns} ${e.prim}, only a constant constructor can be used here`);
  }
  return invalid(e, t, `invalid primitive ${e.prim}, only ${enumerate(prims)} can be used here`);
}

const arity = (e: Prim, t: Prim, want: number) =>
  invalid(e, t, `primitive ${e.prim} expects ${want} arguments but is given ${e.args?.length ?? 0}`);

// ---------------------------------------------------------------------------------------------
// Timestamps: RFC 3339 as Ptime reads it (relaxed: `t`/space separator, `z`, `+hh`, `+hhmm`),
// else an integer as Zarith's `Z.of_string` reads it — both as Octez's `Script_timestamp.of_string`.

/** 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z, the range Octez prints as RFC 3339. */
const MIN_RFC3339 = -62167219200n;
const MAX_RFC3339 = 253402300799n;

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's civil algorithm). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function civilFromDays(z: number): [number, number, number] {
  const zz = z + 719468;
  const era = Math.floor(zz / 146097);
  const doe = zz - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

function parseRfc3339(s: string): bigint | null {
  const num = (at: number, n: number): number | null => {
    let v = 0;
    for (let i = at; i < at + n; i++) {
      if (!isDigit(s[i])) return null;
      v = v * 10 + s.charCodeAt(i) - 48;
    }
    return v;
  };
  const y = num(0, 4);
  const mo = num(5, 2);
  const d = num(8, 2);
  const hh = num(11, 2);
  const mi = num(14, 2);
  const ss = num(17, 2);
  if (y === null || mo === null || d === null || hh === null || mi === null || ss === null) return null;
  if (s[4] !== '-' || s[7] !== '-' || !['T', 't', ' '].includes(s[10] ?? '') || s[13] !== ':' || s[16] !== ':')
    return null;
  let at = 19;
  if (s[at] === '.') {
    // Fractions of a second are accepted and dropped (the protocol counts whole seconds).
    at++;
    if (!isDigit(s[at])) return null;
    while (isDigit(s[at])) at++;
  }
  let offset = 0;
  let last: number;
  const c = s[at];
  if (c === 'Z' || c === 'z') {
    last = at;
  } else if (c === '+' || c === '-') {
    const oh = num(at + 1, 2);
    if (oh === null) return null;
    let om = 0;
    const next = s[at + 3];
    if (next === ':' || isDigit(next)) {
      const mAt = next === ':' ? at + 4 : at + 3;
      const v = num(mAt, 2);
      if (v === null) return null;
      om = v;
      last = mAt + 1;
    } else {
      last = at + 2;
    }
    if (oh > 23 || om > 59) return null;
    offset = (c === '-' ? -1 : 1) * (oh * 3600 + om * 60);
  } else {
    return null;
  }
  if (last !== s.length - 1) return null;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  if (monthDays === undefined || d < 1 || d > monthDays || hh > 23 || mi > 59 || ss > 60) return null;
  const t = BigInt(daysFromCivil(y, mo, d)) * 86400n + BigInt(hh * 3600 + mi * 60 + ss - offset);
  return t < MIN_RFC3339 || t > MAX_RFC3339 ? null : t;
}

/** Zarith's `Z.of_string`: sign, `0x`/`0o`/`0b` prefix, `_` separators; an empty body reads as 0. */
function zarithOfString(s: string): bigint | null {
  let i = 0;
  let negative = false;
  if (s[i] === '-') {
    negative = true;
    i++;
  }
  if (s[i] === '+') i++;
  let base = 10;
  if (s[i] === '0') {
    const p = s[i + 1]?.toLowerCase();
    if (p === 'o' || p === 'x' || p === 'b') {
      base = p === 'o' ? 8 : p === 'x' ? 16 : 2;
      i += 2;
    }
  }
  if (s[i] === '_') return null;
  let v = 0n;
  for (; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '_') continue;
    const digit = parseInt(ch, 16);
    if (Number.isNaN(digit) || digit >= base) return null;
    v = v * BigInt(base) + BigInt(digit);
  }
  return negative ? -v : v;
}

/** `YYYY-MM-DDTHH:MM:SSZ` when within years 0–9999, else null (Octez then prints the int). */
export function timestampToRfc3339(t: bigint): string | null {
  if (t < MIN_RFC3339 || t > MAX_RFC3339) return null;
  const days = Number((t - (((t % 86400n) + 86400n) % 86400n)) / 86400n);
  const secs = Number(((t % 86400n) + 86400n) % 86400n);
  const [y, m, d] = civilFromDays(days);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(y, 4)}-${p(m)}-${p(d)}T${p(Math.floor(secs / 3600))}:${p(Math.floor(secs / 60) % 60)}:${p(secs % 60)}Z`;
}

/** A timestamp string as Octez reads it (RFC 3339, else a Zarith integer), or null. */
export function timestampFromString(s: string): bigint | null {
  return parseRfc3339(s) ?? zarithOfString(s);
}

// ---------------------------------------------------------------------------------------------
// BLS12-381

/** The order r of the BLS12-381 scalar field. */
export const BLS_FR_ORDER = bls12_381.fields.Fr.ORDER;

const mod = (n: bigint, m: bigint) => ((n % m) + m) % m;

function frToBytes(n: bigint): Uint8Array {
  const out = new Uint8Array(32);
  let x = n;
  for (let i = 0; i < 32; i++) {
    out[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  return out;
}

/** At most 32 little-endian bytes (zero-padded), below r. */
function frFromBytes(b: Uint8Array): Fr | null {
  if (b.length > 32) return null;
  let n = 0n;
  for (let i = b.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(b[i]!);
  return n < BLS_FR_ORDER ? new Fr(n) : null;
}

/** Uncompressed points only (96 / 192 bytes), on the curve and in the prime subgroup. */
function pointFromBytes(b: Uint8Array, g: 1 | 2): G1 | G2 | null {
  if (b.length !== (g === 1 ? 96 : 192) || (b[0]! & 0x80) !== 0) return null;
  try {
    return g === 1 ? new G1(bls12_381.G1.Point.fromBytes(b)) : new G2(bls12_381.G2.Point.fromBytes(b));
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Comparison

/** Entrypoints compare by name, the default one being named "default". */
const entrypointBytes = (ep: string): Uint8Array => new TextEncoder().encode(ep === '' ? 'default' : ep);

/**
 * Octez compares p256 keys on their raw (x, y) coordinates, not on the compressed form: same x
 * means comparing y, which the parity byte alone does not order.
 */
function compareP256Keys(a: Uint8Array, b: Uint8Array): number {
  const x = compareBytes(a.subarray(2), b.subarray(2));
  if (x !== 0 || a[1] === b[1]) return x;
  const y = (k: Uint8Array) => p256.Point.fromBytes(k.subarray(1)).toAffine().y;
  const ya = y(a);
  const yb = y(b);
  return ya < yb ? -1 : ya > yb ? 1 : 0;
}

const sign = (n: number | bigint): number => (n < 0 ? -1 : n > 0 ? 1 : 0);

/**
 * Michelson's order on comparable values (COMPARE, set and map keys): numbers numerically,
 * strings and bytes lexicographically, False < True, pairs lexicographically, Left < Right,
 * None < Some, addresses by destination (implicit < originated < rollup) then entrypoint, keys and
 * key hashes by curve then bytes, signatures and chain ids by bytes. Returns -1, 0 or 1.
 */
export function compareValues(a: Value, b: Value): number {
  if (typeof a === 'bigint') return sign(a - (b as bigint));
  if (typeof a === 'string') return a === b ? 0 : a < (b as string) ? -1 : 1;
  if (typeof a === 'boolean') return a === b ? 0 : a ? 1 : -1;
  if (a instanceof Uint8Array) return compareBytes(a, b as Uint8Array);
  if (a === null) return b === null ? 0 : -1;
  if (b === null) return 1;
  if (a instanceof Unit) return 0;
  if (a instanceof Pair) {
    const p = b as Pair;
    return compareValues(a.fst, p.fst) || compareValues(a.snd, p.snd);
  }
  if (a instanceof Or) {
    const o = b as Or;
    if (a.isLeft !== o.isLeft) return a.isLeft ? -1 : 1;
    return compareValues(a.value, o.value);
  }
  if (a instanceof Some) return compareValues(a.value, (b as Some).value);
  if (a instanceof Address) {
    const o = b as Address;
    return compareBytes(a.raw, o.raw) || compareBytes(entrypointBytes(a.entrypoint), entrypointBytes(o.entrypoint));
  }
  if (a instanceof KeyHash) return compareBytes(a.raw, (b as KeyHash).raw);
  if (a instanceof PublicKey) {
    const o = (b as PublicKey).raw;
    return a.raw[0] === 2 && o[0] === 2 ? compareP256Keys(a.raw, o) : compareBytes(a.raw, o);
  }
  if (a instanceof Signature) return compareBytes(a.raw, (b as Signature).raw);
  if (a instanceof ChainId) return compareBytes(a.raw, (b as ChainId).raw);
  throw new Error('compareValues: values of this type are not comparable');
}

// ---------------------------------------------------------------------------------------------
// Parsing

const MUTEZ_MAX = (1n << 63n) - 1n;

/** Data takes no annotations (parse_data's `error_unexpected_annot`): Octez's Unexpected_annotation, located. */
function checkAnnots(e: Prim, t: Prim, ctx: DataContext): void {
  if (!ctx.legacy && e.annots && e.annots.length > 0)
    throw new MichelsonDataError(invalid(e, t, 'unexpected annotation').message, (locate) => [
      { kind: 'permanent', id: 'michelson_v1.unexpected_annotation', location: locate(e) },
    ]);
}

/** A constant constructor `name` with exactly `n` arguments (else Octez's arity error). */
function constant(e: Expr, t: Prim, ctx: DataContext, names: string[], arities: number[]): Prim {
  if (!isPrim(e) || !names.includes(e.prim)) throw unexpected(e, t, names);
  const want = arities[names.indexOf(e.prim)]!;
  if ((e.args?.length ?? 0) !== want) throw arity(e, t, want);
  checkAnnots(e, t, ctx);
  return e;
}

/** The integer of an int node (JSON input may carry anything in it). */
function intOf(e: { int: string }, t: Prim): bigint {
  if (!/^-?[0-9]+$/.test(e.int)) throw expected(e, t, 'a decimal integer');
  return BigInt(e.int);
}

function bytesOf(e: { bytes: string }, t: Prim): Uint8Array {
  try {
    return hexToBytes(e.bytes);
  } catch {
    throw expected(e, t, 'a valid byte sequence');
  }
}

/** The string-or-bytes domain types: base58 readable form, binary optimized form. */
function domain<V>(
  e: Expr,
  t: Prim,
  what: string,
  fromString: (s: string) => V,
  fromBytes: (b: Uint8Array) => V | null,
): V {
  if (isString(e)) {
    try {
      return fromString(e.string);
    } catch (err) {
      if (err instanceof MichelsonDataError) throw invalid(e, t, `expected ${what} (${err.message})`);
      throw err;
    }
  }
  if (isBytes(e)) {
    const v = fromBytes(bytesOf(e, t));
    if (v === null) throw expected(e, t, what);
    return v;
  }
  throw unexpectedKind(e, t, ['string', 'bytes']);
}

const parseAddress = (e: Expr, t: Prim): Address =>
  domain(e, t, 'a valid address', addressFromString, addressFromBytes);

const sameType = (a: Expr, b: Expr): boolean => JSON.stringify(stripAnnots(a)) === JSON.stringify(stripAnnots(b));

function parsePair(e: Expr, t: Prim, ctx: DataContext): Pair {
  const [tl, tr] = pairTypes(t);
  let items: Expr[];
  if (isPrim(e) && e.prim === 'Pair') {
    items = e.args ?? [];
    if (items.length < 2) throw arity(e, t, 2);
    checkAnnots(e, t, ctx);
  } else if (isSeq(e)) {
    // `{a; b; c}` is accepted for right combs, as Octez does.
    if (e.length < 2) throw invalid(e, t, `sequence expects at least 2 elements but is given ${e.length}`);
    items = e;
  } else {
    throw unexpected(e, t, ['Pair']);
  }
  let right: Expr;
  if (items.length === 2) right = items[1]!;
  else if (tr.prim === 'pair') right = { prim: 'Pair', args: items.slice(1) };
  else throw invalid(e, t, `primitive Pair expects 2 arguments but is given ${items.length}`);
  return new Pair(parse(items[0]!, tl, ctx), parse(right, tr, ctx));
}

/** Elements of a set / keys of a map must be strictly increasing. */
function checkOrder(prev: Value | undefined, next: Value, literal: Expr, what: 'set' | 'map'): void {
  if (prev === undefined) return;
  const c = compareValues(prev, next);
  if (c < 0) return;
  const shown = showExpr(literal);
  if (what === 'set') {
    throw new MichelsonDataError(
      c === 0
        ? `Set literals cannot contain duplicate values, however a duplicate value was found: ${shown}`
        : `Values in a set literal must be in strictly ascending order, but they were unordered in literal: ${shown}`,
    );
  }
  throw new MichelsonDataError(
    c === 0
      ? `Map literals cannot contain duplicate keys, however a duplicate key was found: ${shown}`
      : `Keys in a map literal must be in strictly ascending order, but they were unordered in literal: ${shown}`,
  );
}

/** `{ Elt k v ; … }` with strictly increasing keys. */
function parseElts(e: Expr[], t: Prim, kt: Prim, vt: Prim, ctx: DataContext): [Value[], Value[]] {
  const keys: Value[] = [];
  const vals: Value[] = [];
  for (const item of e) {
    if (!isPrim(item)) throw invalid(e, t, `unexpected ${kindOf(item)} ${showExpr(item)}, only Elt can be used here`);
    if (item.prim !== 'Elt') throw invalid(e, t, `invalid primitive ${item.prim}, only Elt can be used here`);
    if (item.args?.length !== 2) throw arity(item, t, 2);
    checkAnnots(item, t, ctx);
    const k = parse(item.args[0]!, kt, ctx);
    const v = parse(item.args[1]!, vt, ctx);
    checkOrder(keys.at(-1), k, e, 'map');
    keys.push(k);
    vals.push(v);
  }
  return [keys, vals];
}

/** The hex of PACK of a key: how big_map overlays index their entries. */
const keyHex = (k: Value, kt: Prim): string =>
  bytesToHex(Uint8Array.from(packData(unparseData(k, kt, 'optimized_legacy') as MichelsonData)));

/**
 * `{}` is the empty state and an int a stored one (where big_map ids are allowed); Octez refuses any
 * other form, so that no one can write a state that SAPLING_VERIFY_UPDATE did not produce.
 */
function parseSaplingState(e: Expr, t: Prim, ctx: DataContext): SaplingState {
  // The typechecker has checked the memo size: an int argument.
  const memoSize = Number((t.args![0] as { int: string }).int);
  if (isSeq(e) && e.length === 0) return new SaplingState(null, memoSize);
  if (isInt(e)) {
    if (ctx.allowBigMapIds === false) throw invalid(e, t, 'Unexpected forged value.');
    return new SaplingState(intOf(e, t), memoSize);
  }
  throw unexpectedKind(e, t, ['int', 'sequence']);
}

function parseBigMap(e: Expr, t: Prim, ctx: DataContext): BigMap {
  const kt = targ(t, 0);
  const vt = targ(t, 1);
  const overlay = new Map<string, { key: Value; value: Value | undefined }>();
  const fill = (items: Expr[], valueType: Prim, unwrap: (v: Value) => Value | undefined) => {
    const [keys, vals] = parseElts(items, t, kt, valueType, ctx);
    keys.forEach((k, i) => overlay.set(keyHex(k, kt), { key: k, value: unwrap(vals[i]!) }));
  };
  const id = (n: { int: string }): bigint => {
    if (ctx.allowBigMapIds === false) throw invalid(n, t, 'Unexpected forged value.');
    return intOf(n, t);
  };
  if (isInt(e)) return new BigMap(id(e), kt, vt, overlay);
  if (isSeq(e)) {
    fill(e, vt, (v) => v);
    return new BigMap(null, kt, vt, overlay);
  }
  if (isPrim(e) && e.prim === 'Pair') {
    // `Pair id { Elt k (Some v) ; Elt k None }`: a stored map with pending updates (Octez's tracing form).
    const [n, items] = e.args ?? [];
    if (e.args?.length !== 2) throw arity(e, t, 2);
    checkAnnots(e, t, ctx);
    if (!isInt(n!)) throw unexpectedKind(n!, t, ['int']);
    if (!isSeq(items!)) throw unexpectedKind(items!, t, ['sequence']);
    const bigId = id(n);
    fill(items, { prim: 'option', args: [vt] }, (v) => (v === null ? undefined : (v as Some).value));
    return new BigMap(bigId, kt, vt, overlay);
  }
  throw unexpected(e, t, ['Pair'], ['sequence', 'int']);
}

function parseTicket(e: Expr, t: Prim, ctx: DataContext): Ticket {
  if (!ctx.allowTicketLiterals) throw invalid(e, t, 'Unexpected forged value.');
  const ct = targ(t, 0);
  let ticketer: Address;
  let contents: Value;
  let amount: bigint;
  if (isPrim(e) && e.prim === 'Ticket') {
    if (e.args?.length !== 4) throw arity(e, t, 4);
    const [who, ty, v, n] = e.args as [Expr, Expr, Expr, Expr];
    if (!sameType(ty, ct))
      throw invalid(e, t, `the ticket's contents type ${showExpr(stripAnnots(ty))} is not ${showType(ct)}`);
    ticketer = parseAddress(who, { prim: 'address' });
    contents = parse(v, ct, ctx);
    amount = parse(n, { prim: 'nat' }, ctx) as bigint;
  } else if (isPrim(e) && e.prim === 'Pair') {
    const opened: Prim = { prim: 'pair', args: [{ prim: 'address' }, ct, { prim: 'nat' }] };
    const p = parse(e, opened, ctx) as Pair;
    ticketer = p.fst as Address;
    contents = (p.snd as Pair).fst;
    amount = (p.snd as Pair).snd as bigint;
  } else {
    throw unexpected(e, t, ['Ticket', 'Pair']);
  }
  if (amount === 0n) throw invalid(e, t, 'It is not allowed to use a zero amount ticket in this operation.');
  if (ticketer.raw[0] !== 0 && ticketer.raw[0] !== 1)
    throw invalid(e, t, 'Ticket can only be created by a smart contract');
  // The ticketer is a bare contract: an entrypoint written with it is dropped.
  return new Ticket(new Address(ticketer.raw, ''), ct, contents, amount);
}

function parseLambda(e: Expr, t: Prim, ctx: DataContext): Lambda {
  const [a, r] = [targ(t, 0), targ(t, 1)];
  if (isSeq(e)) return ctx.compileLambda(a, r, e, false);
  if (isPrim(e) && e.prim === 'Lambda_rec' && e.args?.length === 1 && isSeq(e.args[0]!) && !e.annots?.length) {
    return ctx.compileLambda(a, r, e.args[0], true);
  }
  throw unexpectedKind(e, t, ['sequence']);
}

function parse(e: Expr, t: Prim, ctx: DataContext): Value {
  switch (t.prim) {
    case 'unit':
      constant(e, t, ctx, ['Unit'], [0]);
      return UNIT;
    case 'bool':
      return constant(e, t, ctx, ['True', 'False'], [0, 0]).prim === 'True';
    case 'int':
      if (!isInt(e)) throw unexpectedKind(e, t, ['int']);
      return intOf(e, t);
    case 'nat': {
      if (!isInt(e)) throw unexpectedKind(e, t, ['int']);
      const n = intOf(e, t);
      if (n < 0n) throw expected(e, t, 'a non-negative integer');
      return n;
    }
    case 'mutez': {
      if (!isInt(e)) throw unexpectedKind(e, t, ['int']);
      const n = intOf(e, t);
      if (n < 0n || n > MUTEZ_MAX) throw expected(e, t, 'a valid mutez amount');
      return n;
    }
    case 'string': {
      if (!isString(e)) throw unexpectedKind(e, t, ['string']);
      // Printable ASCII plus newline (Script_string.of_string); Octez reports the last offending character.
      for (let i = e.string.length - 1; i >= 0; i--) {
        const c = e.string.charCodeAt(i);
        if (c !== 10 && (c < 0x20 || c > 0x7e)) throw nonPrintable(e, t, i);
      }
      return e.string;
    }
    case 'bytes':
      if (!isBytes(e)) throw unexpectedKind(e, t, ['bytes']);
      return bytesOf(e, t);
    case 'timestamp': {
      if (isInt(e)) return intOf(e, t);
      if (!isString(e)) throw unexpectedKind(e, t, ['string', 'int']);
      const v = timestampFromString(e.string);
      if (v === null) throw expected(e, t, 'a valid timestamp');
      return v;
    }
    case 'address':
      return parseAddress(e, t);
    case 'contract': {
      const a = parseAddress(e, t);
      if (!ctx.resolveContract) return new ContractRef(a, targ(t, 0));
      const found = ctx.resolveContract(a, targ(t, 0));
      if (!found) throw expected(e, t, `a contract whose parameter type is ${showExpr(targ(t, 0))}`);
      return found;
    }
    case 'key_hash':
      return domain(e, t, 'a valid key hash', keyHashFromString, keyHashFromBytes);
    case 'key':
      return domain(e, t, 'a valid public key', publicKeyFromString, publicKeyFromBytes);
    case 'signature':
      return domain(e, t, 'a valid signature', signatureFromString, signatureFromBytes);
    case 'chain_id':
      return domain(e, t, 'a valid chain id', chainIdFromString, chainIdFromBytes);
    case 'pair':
      return parsePair(e, t, ctx);
    case 'or': {
      const p = constant(e, t, ctx, ['Left', 'Right'], [1, 1]);
      const left = p.prim === 'Left';
      return new Or(left, parse(p.args![0]!, targ(t, left ? 0 : 1), ctx));
    }
    case 'option': {
      const p = constant(e, t, ctx, ['Some', 'None'], [1, 0]);
      return p.prim === 'None' ? null : new Some(parse(p.args![0]!, targ(t, 0), ctx));
    }
    case 'list':
      if (!isSeq(e)) throw unexpectedKind(e, t, ['sequence']);
      return e.map((x) => parse(x, targ(t, 0), ctx));
    case 'set': {
      if (!isSeq(e)) throw unexpectedKind(e, t, ['sequence']);
      const items: Value[] = [];
      for (const x of e) {
        const v = parse(x, targ(t, 0), ctx);
        checkOrder(items.at(-1), v, e, 'set');
        items.push(v);
      }
      return new MSet(items);
    }
    case 'map': {
      if (!isSeq(e)) throw unexpectedKind(e, t, ['sequence']);
      const [keys, vals] = parseElts(e, t, targ(t, 0), targ(t, 1), ctx);
      return new MMap(keys, vals);
    }
    case 'big_map':
      return parseBigMap(e, t, ctx);
    case 'sapling_state':
      return parseSaplingState(e, t, ctx);
    case 'lambda':
      return parseLambda(e, t, ctx);
    case 'ticket':
      return parseTicket(e, t, ctx);
    case 'never':
      throw invalid(e, t, 'this expression should have type never but type never has no inhabitant.');
    case 'bls12_381_fr': {
      if (isInt(e)) return new Fr(mod(intOf(e, t), BLS_FR_ORDER));
      if (!isBytes(e)) throw unexpectedKind(e, t, ['bytes']);
      const v = frFromBytes(bytesOf(e, t));
      if (!v) throw expected(e, t, 'a valid BLS12-381 field element');
      return v;
    }
    case 'bls12_381_g1':
    case 'bls12_381_g2': {
      if (!isBytes(e)) throw unexpectedKind(e, t, ['bytes']);
      const g = t.prim === 'bls12_381_g1' ? 1 : 2;
      const v = pointFromBytes(bytesOf(e, t), g);
      if (!v) throw expected(e, t, `a valid BLS12-381 G${g} element`);
      return v;
    }
    case 'operation':
      throw invalid(e, t, 'operations cannot be written as literals');
    default:
      throw invalid(e, t, `values of type ${t.prim} are not supported`);
  }
}

/**
 * Typechecks a datum against a type, as Octez's `parse_data` (non-legacy unless `ctx.legacy`).
 * Throws `MichelsonDataError` for ill-typed data; lambda bodies go through `ctx.compileLambda`,
 * whose own errors propagate unchanged.
 */
export function parseData(e: Expr, t: Prim, ctx: DataContext): Value {
  return parse(e, t, ctx);
}

// ---------------------------------------------------------------------------------------------
// Unparsing

function mismatch(t: Prim): Error {
  return new Error(`unparseData: the value does not have type ${showType(t)}`);
}

function cast<T>(v: Value, cls: abstract new (...args: never[]) => T, t: Prim): T {
  if (!(v instanceof cls)) throw mismatch(t);
  return v;
}

function big(v: Value, t: Prim): bigint {
  if (typeof v !== 'bigint') throw mismatch(t);
  return v;
}

const bytesNode = (b: Uint8Array): Expr => ({ bytes: bytesToHex(b) });

/** A value held in its binary form, printed as its base58 string when readable, else as those bytes. */
function base58OrBytes<V extends { readonly raw: Uint8Array }>(
  v: V,
  base58: (v: V) => string,
  readable: boolean,
): Expr {
  return readable ? { string: base58(v) } : bytesNode(v.raw);
}

const NO_CODE: CompiledCode = {
  run() {
    throw new Error('a lambda read only to be printed cannot run');
  },
};

/**
 * Reads data only to print it again (PUSH data inside lambda bodies, the indexer's storage): what it reads was
 * typechecked before, and its lambdas never run.
 */
export const PRINTING_CONTEXT: DataContext = {
  compileLambda: (a, r, body, recursive) => new Lambda(a, r, body, NO_CODE, recursive),
  legacy: true,
};

/** Octez's `unparse_code`: every `PUSH ty v` has its datum re-printed in the given mode. */
export function unparseCode(e: Expr, mode: UnparsingMode): Expr {
  if (isSeq(e)) return e.map((x) => unparseCode(x, mode));
  if (!isPrim(e) || !e.args) return e;
  if (e.prim === 'PUSH' && e.args.length === 2 && isPrim(e.args[0]!)) {
    const ty = e.args[0];
    const v = parseData(e.args[1]!, ty, PRINTING_CONTEXT);
    return { ...withoutArgs(e), args: [ty, unparseData(v, ty, mode)] };
  }
  return { ...withoutArgs(e), args: e.args.map((x) => unparseCode(x, mode)) };
}

const withoutArgs = (p: Prim): Prim => (p.annots?.length ? { prim: p.prim, annots: p.annots } : { prim: p.prim });

function unparsePair(v: Value, t: Prim, mode: UnparsingMode): Expr {
  const p = cast(v, Pair, t);
  const [tl, tr] = pairTypes(t);
  const l = unparseData(p.fst, tl, mode);
  const r = unparseData(p.snd, tr, mode);
  if (tr.prim === 'pair') {
    // Readable flattens every right comb; optimized uses `{…}` from 4 leaves on.
    if (mode === 'readable' && isPrim(r) && r.prim === 'Pair') return { prim: 'Pair', args: [l, ...(r.args ?? [])] };
    if (mode === 'optimized') {
      if (isSeq(r)) return [l, ...r];
      if (pairTypes(tr)[1].prim === 'pair' && isPrim(r) && r.args?.length === 2) {
        const inner = r.args[1]!;
        if (isPrim(inner) && inner.prim === 'Pair' && inner.args?.length === 2) return [l, r.args[0]!, ...inner.args];
      }
    }
  }
  return { prim: 'Pair', args: [l, r] };
}

const elt = (k: Expr, v: Expr): Expr => ({ prim: 'Elt', args: [k, v] });

function unparseBigMap(v: Value, t: Prim, mode: UnparsingMode): Expr {
  const m = cast(v, BigMap, t);
  const kt = targ(t, 0);
  const vt = targ(t, 1);
  const entries = [...m.overlay.values()].sort((a, b) => compareValues(a.key, b.key));
  if (m.id !== null && entries.length === 0) return { int: m.id.toString() };
  if (m.id !== null) {
    // A stored map with pending updates, as Octez prints it when tracing.
    const ot: Prim = { prim: 'option', args: [vt] };
    const items = entries.map((x) =>
      elt(unparseData(x.key, kt, mode), unparseData(x.value === undefined ? null : new Some(x.value), ot, mode)),
    );
    return { prim: 'Pair', args: [{ int: m.id.toString() }, items] };
  }
  return entries.flatMap((x) =>
    x.value === undefined ? [] : [elt(unparseData(x.key, kt, mode), unparseData(x.value, vt, mode))],
  );
}

/**
 * Prints a value of type `t` as Micheline, as Octez's `unparse_data` in the given mode (see the
 * module comment). Throws on operations and on a value that does not have type `t`.
 */
export function unparseData(v: Value, t: Prim, mode: UnparsingMode): Expr {
  const readable = mode === 'readable';
  switch (t.prim) {
    case 'unit':
      cast(v, Unit, t);
      return { prim: 'Unit' };
    case 'bool':
      if (typeof v !== 'boolean') throw mismatch(t);
      return { prim: v ? 'True' : 'False' };
    case 'int':
    case 'nat':
    case 'mutez':
      return { int: big(v, t).toString() };
    case 'timestamp': {
      const n = big(v, t);
      const s = readable ? timestampToRfc3339(n) : null;
      return s === null ? { int: n.toString() } : { string: s };
    }
    case 'string':
      if (typeof v !== 'string') throw mismatch(t);
      return { string: v };
    case 'bytes':
      if (!(v instanceof Uint8Array)) throw mismatch(t);
      return bytesNode(v);
    case 'address':
    case 'contract': {
      const a = t.prim === 'address' ? cast(v, Address, t) : cast(v, ContractRef, t).address;
      return readable ? { string: addressToString(a) } : bytesNode(addressToBytes(a));
    }
    case 'key_hash':
      return base58OrBytes(cast(v, KeyHash, t), keyHashToString, readable);
    case 'key':
      return base58OrBytes(cast(v, PublicKey, t), publicKeyToString, readable);
    case 'signature':
      return base58OrBytes(cast(v, Signature, t), signatureToString, readable);
    case 'chain_id':
      return base58OrBytes(cast(v, ChainId, t), chainIdToString, readable);
    case 'pair':
      return unparsePair(v, t, mode);
    case 'or': {
      const o = cast(v, Or, t);
      return { prim: o.isLeft ? 'Left' : 'Right', args: [unparseData(o.value, targ(t, o.isLeft ? 0 : 1), mode)] };
    }
    case 'option':
      return v === null
        ? { prim: 'None' }
        : { prim: 'Some', args: [unparseData(cast(v, Some, t).value, targ(t, 0), mode)] };
    case 'list':
      if (!Array.isArray(v)) throw mismatch(t);
      return (v as readonly Value[]).map((x) => unparseData(x, targ(t, 0), mode));
    case 'set':
      return cast(v, MSet, t).items.map((x) => unparseData(x, targ(t, 0), mode));
    case 'map': {
      const m = cast(v, MMap, t);
      return m.keys.map((k, i) => elt(unparseData(k, targ(t, 0), mode), unparseData(m.vals[i]!, targ(t, 1), mode)));
    }
    case 'big_map':
      return unparseBigMap(v, t, mode);
    case 'sapling_state': {
      const state = cast(v, SaplingState, t);
      return state.id === null ? [] : { int: state.id.toString() };
    }
    case 'lambda': {
      const l = cast(v, Lambda, t);
      const body = unparseCode(l.body, mode);
      return l.recursive ? { prim: 'Lambda_rec', args: [body] } : body;
    }
    case 'ticket': {
      // Printed as its opened form `Pair ticketer contents amount`.
      const k = cast(v, Ticket, t);
      const opened: Prim = { prim: 'pair', args: [{ prim: 'address' }, targ(t, 0), { prim: 'nat' }] };
      return unparseData(new Pair(k.ticketer, new Pair(k.contents, k.amount)), opened, mode);
    }
    case 'bls12_381_fr':
      return bytesNode(frToBytes(cast(v, Fr, t).n));
    case 'bls12_381_g1':
      return bytesNode(g1ToBytes(cast(v, G1, t)));
    case 'bls12_381_g2':
      return bytesNode(g2ToBytes(cast(v, G2, t)));
    default:
      throw new Error(`unparseData: values of type ${t.prim} have no Micheline form here`);
  }
}
