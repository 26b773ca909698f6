/**
 * PACK / UNPACK and the `expr…` key hashes of big maps.
 *
 * PACK is `0x05 ‖` the binary Micheline of the value printed in Octez's Optimized_legacy mode
 * (michel-codec's untyped `packData` writes Octez's exact binary form). UNPACK reads the binary
 * back with Octez's acceptance rules and typechecks the result as PUSH would (no forged tickets or
 * big map ids); any failure gives None.
 *
 * The reader is local rather than michel-codec's `unpackData`, because the latter runs its own
 * data validator (which refuses some expressions Octez reads, e.g. `Ticket` with four arguments)
 * and accepts what Octez refuses (trailing bytes, numbers with trailing zero bytes).
 */
import { blake2b } from '@noble/hashes/blake2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { packData, type MichelsonData } from '@taquito/michel-codec';
import { b58Encode, PrefixV2 } from '@taquito/utils';
import { parseData, unparseData, type DataContext } from './data';
import type { Expr, Prim } from './micheline';
import { PRIMITIVES } from './primitives';
import { Some, type Value } from './values';

/** PACK: `0x05 ‖ binary(unparse_data Optimized_legacy v)`. */
export function pack(v: Value, t: Prim): Uint8Array {
  return Uint8Array.from(packData(unparseData(v, t, 'optimized_legacy') as MichelsonData));
}

/*
 * A big_map key is usually packed several times in one call (GET, then UPDATE, then the diff's
 * hash), and often the same object: cache by object identity. A value object only ever has one
 * type (structurally), so the packed bytes cannot differ between calls.
 */
const packedKeys = new WeakMap<object, string>();

/** The hex of PACK: the key under which a big map overlay stores an entry. */
export function packKeyHex(v: Value, t: Prim): string {
  if (v === null || typeof v !== 'object') return bytesToHex(pack(v, t));
  let hex = packedKeys.get(v);
  if (hex === undefined) {
    hex = bytesToHex(pack(v, t));
    packedKeys.set(v, hex);
  }
  return hex;
}

const exprHashes = new Map<string, string>();
const EXPR_HASH_CACHE_SIZE = 4096;

/** `expr…`: base58 of blake2b-256 of PACK, how the RPCs and indexers name big map keys. */
export function scriptExprHash(v: Value, t: Prim): string {
  const hex = packKeyHex(v, t);
  let hash = exprHashes.get(hex);
  if (hash === undefined) {
    hash = scriptExprHashOfPacked(hexToBytes(hex));
    if (exprHashes.size >= EXPR_HASH_CACHE_SIZE) exprHashes.clear();
    exprHashes.set(hex, hash);
  }
  return hash;
}

/** The same hash for bytes already packed. */
export const scriptExprHashOfPacked = (packed: Uint8Array): string =>
  b58Encode(blake2b(packed, { dkLen: 32 }), PrefixV2.ScriptExpr);

/**
 * UNPACK: `Some v` when `b` is 0x05 followed by exactly one well-formed binary Micheline
 * expression that typechecks as `t`, else null (None). The result is the option UNPACK pushes —
 * not a bare value, which could not tell a failure from an unpacked `None`.
 */
export function unpack(b: Uint8Array, t: Prim, ctx: DataContext): Some | null {
  if (b[0] !== 0x05) return null;
  const expr = decodeMicheline(b.subarray(1));
  if (expr === null) return null;
  const strict: DataContext = {
    compileLambda: (a, r, body, recursive) => ctx.compileLambda(a, r, body, recursive),
    allowTicketLiterals: false,
    allowBigMapIds: false,
  };
  try {
    return new Some(parseData(expr, t, strict));
  } catch (e) {
    // Ill-typed data and ill-typed lambda bodies alike make UNPACK return None; programming
    // errors still surface.
    if (e instanceof TypeError || e instanceof ReferenceError) throw e;
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Binary Micheline reader (Octez's Micheline_encoding, semantics V2)

class Malformed extends Error {}

/** Annotations must each be well formed (Micheline_parser.check_annot). */
const ANNOT = /^[@:$&%!?][_0-9a-zA-Z.%@]*$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * One binary Micheline expression filling `b` exactly, or null. Follows Octez's reader: lengths
 * are big-endian u32 (at most 2^30 - 1), a multi-byte number may not end in a zero byte, the
 * generic primitive form (tag 9) takes any number of arguments, and annotations are checked.
 */
export function decodeMicheline(b: Uint8Array): Expr | null {
  let at = 0;
  const byte = (): number => {
    if (at >= b.length) throw new Malformed();
    return b[at++]!;
  };
  const length = (): number => {
    const n = ((byte() << 24) | (byte() << 16) | (byte() << 8) | byte()) >>> 0;
    if (n > 0x3fffffff || at + n > b.length) throw new Malformed();
    return n;
  };
  const chunk = (): Uint8Array => {
    const n = length();
    at += n;
    return b.subarray(at - n, at);
  };
  const text = (raw: Uint8Array): string => {
    try {
      return utf8.decode(raw);
    } catch {
      throw new Malformed();
    }
  };
  const zarith = (): string => {
    const first = byte();
    let v = BigInt(first & 0x3f);
    let shift = 6n;
    let last = first;
    while (last & 0x80) {
      last = byte();
      v |= BigInt(last & 0x7f) << shift;
      shift += 7n;
    }
    if (last === 0 && (first & 0x80) !== 0) throw new Malformed(); // trailing zero byte
    return (first & 0x40 ? -v : v).toString();
  };
  const annots = (): string[] => {
    const s = text(chunk());
    if (s === '') return [];
    const list = s.split(' ');
    if (list.some((a) => a.length > 255 || !ANNOT.test(a))) throw new Malformed();
    return list;
  };
  const until = (end: number): Expr[] => {
    const items: Expr[] = [];
    while (at < end) items.push(expr());
    if (at !== end) throw new Malformed();
    return items;
  };
  const expr = (): Expr => {
    const tag = byte();
    switch (tag) {
      case 0:
        return { int: zarith() };
      case 1:
        return { string: text(chunk()) };
      case 2: {
        const n = length();
        return until(at + n);
      }
      case 10:
        return { bytes: bytesToHex(chunk()) };
      default: {
        if (tag > 10) throw new Malformed();
        const prim = PRIMITIVES[byte()];
        if (prim === undefined) throw new Malformed();
        let args: Expr[];
        let withAnnots: boolean;
        if (tag === 9) {
          const n = length();
          args = until(at + n);
          withAnnots = true;
        } else {
          args = Array.from({ length: (tag - 3) >> 1 }, () => expr());
          withAnnots = (tag - 3) % 2 === 1;
        }
        const a = withAnnots ? annots() : [];
        return { prim, ...(args.length > 0 ? { args } : {}), ...(a.length > 0 ? { annots: a } : {}) };
      }
    }
  };
  try {
    const e = expr();
    return at === b.length ? e : null;
  } catch (e) {
    if (e instanceof Malformed) return null;
    throw e;
  }
}
