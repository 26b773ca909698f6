/**
 * Binary and base58 forms of Michelson's domain types, as the protocol (Ushuaia) encodes them.
 *
 *   address     22 bytes: implicit `00 ‖ key_hash` (21), originated `01 ‖ hash20 ‖ 00`,
 *               smart rollup `03 ‖ hash20 ‖ 00`, then the entrypoint's bytes ('' = default)
 *   key_hash    curve tag (0 ed25519, 1 secp256k1, 2 p256, 3 bls) ‖ hash20
 *   key         curve tag ‖ key bytes (32, 33, 33, 48)
 *   signature   the raw bytes without a tag: 64 (read back as a generic `sig…`) or 96 (BLS)
 *   chain_id    4 bytes
 *
 * Because the tags are ordered like Octez's variants, comparing these byte strings
 * lexicographically gives Michelson's order (implicit < originated < rollup, ed25519 < … < bls).
 *
 * Not supported, as on mainnet: tz5 (ML-DSA) accounts and zk rollups (`epx1…`), both disabled by
 * Ushuaia's mainnet constants.
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { p256 } from '@noble/curves/nist.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { b58DecodeAndCheckPrefix, b58Encode, PrefixV2 } from '@taquito/utils';
import type { OctezTraceBuilder } from './errors';
import { Address, ChainId, KeyHash, PublicKey, Signature } from './values';

/** Ill-formed data: a literal of the wrong shape, a bad checksum, an out-of-range number… */
export class MichelsonDataError extends Error {
  readonly code = 'bad_data';
  constructor(
    message: string,
    /** The precise Octez errors, when the node reports more than the toplevel `ill_typed_data`. */
    readonly octez?: OctezTraceBuilder,
  ) {
    super(message);
    this.name = 'MichelsonDataError';
  }
}

export const isMichelsonDataError = (e: unknown): e is MichelsonDataError => e instanceof MichelsonDataError;

// ---------------------------------------------------------------------------------------------
// Small byte helpers

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Lexicographic order, a proper prefix first (OCaml's `Bytes.compare`). */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

const utf8 = new TextEncoder();
const utf8Strict = new TextDecoder('utf-8', { fatal: true });

/** Decode with the given prefixes; null on a bad checksum, an unknown prefix or a bad length. */
function b58(s: string, prefixes: readonly PrefixV2[]): [Uint8Array, PrefixV2] | null {
  try {
    const [payload, prefix] = b58DecodeAndCheckPrefix(s, prefixes);
    return [Uint8Array.from(payload), prefix];
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// key_hash

const KEY_HASH_PREFIXES = [
  PrefixV2.Ed25519PublicKeyHash,
  PrefixV2.Secp256k1PublicKeyHash,
  PrefixV2.P256PublicKeyHash,
  PrefixV2.BLS12_381PublicKeyHash,
] as const;

function keyHashFromStringOpt(s: string): KeyHash | null {
  const d = b58(s, KEY_HASH_PREFIXES);
  if (!d) return null;
  return new KeyHash(concatBytes(Uint8Array.of(KEY_HASH_PREFIXES.indexOf(d[1] as never)), d[0]));
}

export function keyHashFromString(s: string): KeyHash {
  const k = keyHashFromStringOpt(s);
  if (!k) throw new MichelsonDataError(`Invalid key hash notation "${s}"`);
  return k;
}

export function keyHashToString(k: KeyHash): string {
  const prefix = KEY_HASH_PREFIXES[k.raw[0]!];
  if (prefix === undefined || k.raw.length !== 21) throw new MichelsonDataError('malformed key hash');
  return b58Encode(k.raw.subarray(1), prefix);
}

/** 21 bytes: curve tag ‖ hash; null when malformed. */
export function keyHashFromBytes(b: Uint8Array): KeyHash | null {
  if (b.length !== 21 || b[0]! >= KEY_HASH_PREFIXES.length) return null;
  return new KeyHash(Uint8Array.from(b));
}

// ---------------------------------------------------------------------------------------------
// address

const CONTRACT_PREFIXES = [
  ...KEY_HASH_PREFIXES,
  PrefixV2.ContractHash,
  PrefixV2.SmartRollupHash,
  PrefixV2.ZkRollupHash,
] as const;

/** Entrypoint names are at most 31 bytes (Octez's `Entrypoint_repr`). */
const MAX_ENTRYPOINT_LENGTH = 31;

function badAddress(s: string, why?: string): MichelsonDataError {
  return new MichelsonDataError(`Invalid contract notation "${s}"${why ? `: ${why}` : ''}`);
}

/** An entrypoint as written after `%` or in the binary form; '' (default) when empty. */
function checkEntrypoint(name: string, whole: string): string {
  if (name === 'default') throw badAddress(whole, 'the default entrypoint must not be written explicitly');
  if (utf8.encode(name).length > MAX_ENTRYPOINT_LENGTH) {
    throw badAddress(whole, `entrypoint name exceeds the maximum length of ${MAX_ENTRYPOINT_LENGTH} characters`);
  }
  return name;
}

/**
 * Decoded addresses by their text. Base58check decoding (two SHA-256) dominates a token transfer's
 * parse time, and the same few addresses recur in every call; values are immutable, so sharing is safe.
 */
const addressCache = new Map<string, Address>();
const addressText = new WeakMap<Address, string>();
const ADDRESS_CACHE_SIZE = 4096;

/** `tz1…`, `tz2…`, `tz3…`, `tz4…`, `KT1…` or `sr1…`, optionally followed by `%entrypoint`. */
export function addressFromString(s: string): Address {
  let a = addressCache.get(s);
  if (!a) {
    a = decodeAddress(s);
    if (addressCache.size >= ADDRESS_CACHE_SIZE) addressCache.clear();
    addressCache.set(s, a);
    addressText.set(a, s);
  }
  return a;
}

function decodeAddress(s: string): Address {
  const at = s.indexOf('%');
  const dest = at < 0 ? s : s.slice(0, at);
  const entrypoint = at < 0 ? '' : checkEntrypoint(s.slice(at + 1), s);
  const d = b58(dest, CONTRACT_PREFIXES);
  if (!d) throw badAddress(s);
  const [hash, prefix] = d;
  let raw: Uint8Array;
  switch (prefix) {
    case PrefixV2.ContractHash:
      raw = concatBytes(Uint8Array.of(1), hash, Uint8Array.of(0));
      break;
    case PrefixV2.SmartRollupHash:
      raw = concatBytes(Uint8Array.of(3), hash, Uint8Array.of(0));
      break;
    case PrefixV2.ZkRollupHash:
      throw badAddress(s, 'zk rollups are disabled');
    default:
      raw = concatBytes(Uint8Array.of(0, KEY_HASH_PREFIXES.indexOf(prefix as never)), hash);
  }
  return new Address(raw, entrypoint);
}

export function addressToString(a: Address): string {
  let text = addressText.get(a);
  if (text === undefined) {
    text = encodeAddress(a);
    addressText.set(a, text);
  }
  return text;
}

function encodeAddress(a: Address): string {
  const r = a.raw;
  let dest: string;
  if (r[0] === 0) dest = keyHashToString(new KeyHash(r.subarray(1, 22)));
  else if (r[0] === 1) dest = b58Encode(r.subarray(1, 21), PrefixV2.ContractHash);
  else if (r[0] === 3) dest = b58Encode(r.subarray(1, 21), PrefixV2.SmartRollupHash);
  else throw new MichelsonDataError('malformed address');
  return a.entrypoint === '' ? dest : `${dest}%${a.entrypoint}`;
}

/**
 * The optimized form: 22 bytes of destination then the entrypoint's bytes. Like Octez, the padding
 * byte after an originated or rollup hash is not checked (and is written back as 0).
 */
export function addressFromBytes(b: Uint8Array): Address | null {
  if (b.length < 22) return null;
  let raw: Uint8Array;
  if (b[0] === 0) {
    if (b[1]! >= KEY_HASH_PREFIXES.length) return null;
    raw = Uint8Array.from(b.subarray(0, 22));
  } else if (b[0] === 1 || b[0] === 3) {
    raw = concatBytes(b.subarray(0, 21), Uint8Array.of(0));
  } else {
    return null;
  }
  let entrypoint: string;
  try {
    entrypoint = utf8Strict.decode(b.subarray(22));
  } catch {
    return null;
  }
  if (entrypoint === 'default' || utf8.encode(entrypoint).length > MAX_ENTRYPOINT_LENGTH) return null;
  return new Address(raw, entrypoint);
}

export const addressToBytes = (a: Address): Uint8Array => concatBytes(a.raw, utf8.encode(a.entrypoint));

/** The implicit account of a key hash (IMPLICIT_ACCOUNT, SOURCE…). */
export const implicitAddress = (k: KeyHash): Address => new Address(concatBytes(Uint8Array.of(0), k.raw), '');

/** The KT1 address of a 20-byte contract hash. */
export function originatedAddress(hash20: Uint8Array): Address {
  if (hash20.length !== 20) throw new MichelsonDataError('a contract hash has 20 bytes');
  return new Address(concatBytes(Uint8Array.of(1), hash20, Uint8Array.of(0)), '');
}

// ---------------------------------------------------------------------------------------------
// key

const PUBLIC_KEY_PREFIXES = [
  PrefixV2.Ed25519PublicKey,
  PrefixV2.Secp256k1PublicKey,
  PrefixV2.P256PublicKey,
  PrefixV2.BLS12_381PublicKey,
] as const;
const PUBLIC_KEY_LENGTHS = [32, 33, 33, 48] as const;

/** Octez checks that secp256k1, p256 and BLS keys are points of their curve (and subgroup). */
function validKey(tag: number, key: Uint8Array): boolean {
  try {
    if (tag === 1) secp256k1.Point.fromBytes(key);
    else if (tag === 2) p256.Point.fromBytes(key);
    else if (tag === 3) bls12_381.G1.Point.fromBytes(key);
    return true;
  } catch {
    return false;
  }
}

export function publicKeyFromString(s: string): PublicKey {
  const d = b58(s, PUBLIC_KEY_PREFIXES);
  const tag = d ? PUBLIC_KEY_PREFIXES.indexOf(d[1] as never) : -1;
  if (!d || !validKey(tag, d[0])) throw new MichelsonDataError(`Invalid public key notation "${s}"`);
  return new PublicKey(concatBytes(Uint8Array.of(tag), d[0]));
}

export function publicKeyToString(k: PublicKey): string {
  const prefix = PUBLIC_KEY_PREFIXES[k.raw[0]!];
  if (prefix === undefined) throw new MichelsonDataError('malformed public key');
  return b58Encode(k.raw.subarray(1), prefix);
}

/** Curve tag ‖ key; null when malformed or not a valid point. */
export function publicKeyFromBytes(b: Uint8Array): PublicKey | null {
  const tag = b[0];
  if (tag === undefined || tag >= PUBLIC_KEY_LENGTHS.length || b.length !== 1 + PUBLIC_KEY_LENGTHS[tag]!) return null;
  if (!validKey(tag, b.subarray(1))) return null;
  return new PublicKey(Uint8Array.from(b));
}

// ---------------------------------------------------------------------------------------------
// signature

const SIGNATURE_PREFIXES = {
  ed25519: PrefixV2.Ed25519Signature,
  secp256k1: PrefixV2.Secp256k1Signature,
  p256: PrefixV2.P256Signature,
  bls: PrefixV2.BLS12_381Signature,
  generic: PrefixV2.GenericSignature,
} as const;
type Curve = keyof typeof SIGNATURE_PREFIXES;

/** What Octez's readers check: secp256k1 `r, s` below the group order, BLS a G2 subgroup point. */
function validSignature(curve: Curve, raw: Uint8Array): boolean {
  if (curve === 'secp256k1') {
    const n = secp256k1.Point.Fn.ORDER;
    const big = (x: Uint8Array) => BigInt(`0x${bytesToHex(x)}`);
    return big(raw.subarray(0, 32)) < n && big(raw.subarray(32)) < n;
  }
  if (curve === 'bls') {
    try {
      bls12_381.G2.Point.fromBytes(raw);
    } catch {
      return false;
    }
  }
  return true;
}

/** edsig…, spsig1…, p2sig…, sig… (64 bytes) or BLsig… (96 bytes). */
export function signatureFromString(s: string): Signature {
  const d = b58(s, Object.values(SIGNATURE_PREFIXES));
  const curve = d
    ? (Object.keys(SIGNATURE_PREFIXES) as Curve[]).find((c) => SIGNATURE_PREFIXES[c] === d[1])!
    : 'generic';
  if (!d || !validSignature(curve, d[0])) throw new MichelsonDataError(`Invalid signature notation "${s}"`);
  return new Signature(d[0], curve);
}

export const signatureToString = (sig: Signature): string => b58Encode(sig.raw, SIGNATURE_PREFIXES[sig.curve]);

/** The raw bytes: 64 of them read as a generic signature, 96 as a BLS one; null otherwise. */
export function signatureFromBytes(b: Uint8Array): Signature | null {
  if (b.length === 64) return new Signature(Uint8Array.from(b), 'generic');
  if (b.length === 96 && validSignature('bls', b)) return new Signature(Uint8Array.from(b), 'bls');
  return null;
}

// ---------------------------------------------------------------------------------------------
// chain_id

export function chainIdFromString(s: string): ChainId {
  const d = b58(s, [PrefixV2.ChainID]);
  if (!d) throw new MichelsonDataError(`Invalid chain id notation "${s}"`);
  return new ChainId(d[0]);
}

export const chainIdToString = (c: ChainId): string => b58Encode(c.raw, PrefixV2.ChainID);

export const chainIdFromBytes = (b: Uint8Array): ChainId | null =>
  b.length === 4 ? new ChainId(Uint8Array.from(b)) : null;
