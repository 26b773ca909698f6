/**
 * Hashes and signature checks behind BLAKE2B, SHA256, SHA512, SHA3, KECCAK, HASH_KEY and
 * CHECK_SIGNATURE, following Octez (protocol Ushuaia, `Signature.V3` of lib_crypto).
 *
 * What each curve verifies, as Octez does it:
 * - ed25519 (HACL*): the signature is over blake2b-256(message). Keys and R decode strictly (RFC 8032:
 *   y < p, no x = 0 with the sign bit set), s < L, and the check is the cofactorless
 *   [s]B - [k]A = R, compared as points.
 * - secp256k1 (libsecp256k1): ECDSA over blake2b-256(message), signature r‖s (64 bytes), and only
 *   low-s signatures verify (libsecp256k1's verify rejects s > n/2).
 * - p256 (HACL*): ECDSA over blake2b-256(message), r‖s, both low and high s accepted.
 * - bls (blst, MinPk): the raw message (no pre-hash) under the proof-of-possession scheme, DST
 *   `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`; key and signature must be in their subgroups and
 *   the key must not be the point at infinity.
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { sha256 as nobleSha256, sha512 as nobleSha512 } from '@noble/hashes/sha2.js';
import { keccak_256, sha3_256 as nobleSha3_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js';
import { badInput, unsupported } from './errors';
import { KeyHash, type PublicKey, type Signature } from './values';

export const blake2b256 = (b: Uint8Array): Uint8Array => blake2b(b, { dkLen: 32 });
/** 20-byte digest: public key hashes and originated (KT1) addresses. */
export const blake2b160 = (b: Uint8Array): Uint8Array => blake2b(b, { dkLen: 20 });
export const sha256 = (b: Uint8Array): Uint8Array => nobleSha256(b);
export const sha512 = (b: Uint8Array): Uint8Array => nobleSha512(b);
export const sha3_256 = (b: Uint8Array): Uint8Array => nobleSha3_256(b);
export const keccak256 = (b: Uint8Array): Uint8Array => keccak_256(b);

type Curve = 'ed25519' | 'secp256k1' | 'p256' | 'bls' | 'mldsa44';

/** Binary tags of `public_key` / `public_key_hash` (Octez's encoding) and the key sizes. */
const CURVES: readonly { readonly curve: Curve; readonly keySize: number }[] = [
  { curve: 'ed25519', keySize: 32 },
  { curve: 'secp256k1', keySize: 33 },
  { curve: 'p256', keySize: 33 },
  { curve: 'bls', keySize: 48 },
  { curve: 'mldsa44', keySize: 1312 },
];

/** Signature sizes each curve's `of_bytes_opt` accepts. */
const SIG_SIZE: Record<Exclude<Curve, 'mldsa44'>, number> = { ed25519: 64, secp256k1: 64, p256: 64, bls: 96 };

/** Splits a key into its curve and key bytes; a tag or length the encoding can't hold is bad input. */
function splitKey(raw: Uint8Array): { curve: Curve; key: Uint8Array } {
  const tag = raw[0];
  const entry = tag === undefined ? undefined : CURVES[tag];
  if (tag === undefined || entry === undefined) {
    throw badInput(`public key: unknown curve tag ${tag ?? '(empty)'} in 0x${bytesToHex(raw)}`);
  }
  if (raw.length !== 1 + entry.keySize) {
    throw badInput(`public key: a ${entry.curve} key is ${entry.keySize} bytes after its tag, got ${raw.length - 1}`);
  }
  return { curve: entry.curve, key: raw.subarray(1) };
}

/** HASH_KEY: the key's curve tag, then blake2b-160 of the key bytes (tz1/tz2/tz3/tz4/tz5). */
export function hashKey(k: PublicKey): KeyHash {
  const { key } = splitKey(k.raw);
  const out = new Uint8Array(21);
  out[0] = k.raw[0] ?? 0;
  out.set(blake2b160(key), 1);
  return new KeyHash(out);
}

/**
 * Whether Octez would accept these bytes as a `key` (tag + key bytes). Like Octez, an ed25519 key
 * is only checked for length (a bad point fails later, at CHECK_SIGNATURE); secp256k1 and p256 keys
 * must decompress to a curve point; bls keys must decompress into G1 (infinity included).
 */
export function isValidPublicKey(raw: Uint8Array): boolean {
  let split: { curve: Curve; key: Uint8Array };
  try {
    split = splitKey(raw);
  } catch {
    return false;
  }
  const { curve, key } = split;
  try {
    switch (curve) {
      case 'ed25519':
      case 'mldsa44':
        return true;
      case 'secp256k1':
        secp256k1.Point.fromBytes(key);
        return true;
      case 'p256':
        p256.Point.fromBytes(key);
        return true;
      case 'bls':
        bls12_381.G1.Point.fromBytes(key);
        return true;
    }
  } catch {
    return false;
  }
}

/**
 * Whether Octez would accept these bytes as a `signature`: 64 bytes (curve unknown), or 96 bytes
 * that decompress into G2 (a BLS signature). Mldsa44's 2420-byte signatures are not handled here.
 */
export function isValidSignatureBytes(raw: Uint8Array): boolean {
  if (raw.length === 64) return true;
  if (raw.length !== 96) return false;
  try {
    bls12_381.G2.Point.fromBytes(raw);
    return true;
  } catch {
    return false;
  }
}

/** CHECK_SIGNATURE. A signature of another curve, or a key or signature that is not a valid point, is `false`. */
export function checkSignature(k: PublicKey, s: Signature, msg: Uint8Array): boolean {
  const { curve, key } = splitKey(k.raw);
  if (curve === 'mldsa44') {
    throw unsupported('CHECK_SIGNATURE', 'ML-DSA-44 (tz5) signatures cannot be verified here');
  }
  // A signature written with a curve prefix only checks against keys of that curve (Octez's
  // `check` returns false for mixed pairs); a generic one is read as the key's curve.
  if (s.curve !== 'generic' && s.curve !== curve) return false;
  if (s.raw.length !== SIG_SIZE[curve]) return false;
  switch (curve) {
    case 'ed25519':
      return verifyEd25519(key, s.raw, blake2b256(msg));
    case 'secp256k1':
      return verifyEcdsa(() => secp256k1.verify(s.raw, blake2b256(msg), key, { prehash: false, lowS: true }));
    case 'p256':
      return verifyEcdsa(() => p256.verify(s.raw, blake2b256(msg), key, { prehash: false, lowS: false }));
    case 'bls':
      return verifyBls(key, s.raw, msg);
  }
}

function verifyEcdsa(run: () => boolean): boolean {
  try {
    return run();
  } catch {
    // An invalid key point (or r, s out of range) makes noble throw; Octez answers false.
    return false;
  }
}

const leToBigint = (b: Uint8Array): bigint => {
  let n = 0n;
  for (let i = b.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(b[i] ?? 0);
  return n;
};

/** HACL*'s Ed25519 verify: strict decoding, s < L, cofactorless equation checked on points. */
function verifyEd25519(pk: Uint8Array, sig: Uint8Array, msg: Uint8Array): boolean {
  const { Point } = ed25519;
  const L = Point.Fn.ORDER;
  try {
    const A = Point.fromBytes(pk, false);
    const rBytes = sig.subarray(0, 32);
    const R = Point.fromBytes(rBytes, false);
    const sc = leToBigint(sig.subarray(32, 64));
    if (sc >= L) return false;
    const digest = nobleSha512(concatBytes(rBytes, pk, msg));
    const k = leToBigint(digest) % L;
    return Point.BASE.multiplyUnsafe(sc).subtract(A.multiplyUnsafe(k)).equals(R);
  } catch {
    return false;
  }
}

const BLS_POP_DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';

function verifyBls(pk: Uint8Array, sig: Uint8Array, msg: Uint8Array): boolean {
  const sigs = bls12_381.longSignatures;
  try {
    // fromBytes checks the curve equation and subgroup membership, as blst does with its group checks.
    const P = bls12_381.G1.Point.fromBytes(pk);
    const S = bls12_381.G2.Point.fromBytes(sig);
    // blst rejects an infinite public key; an infinite signature simply fails the pairing equation.
    if (P.is0() || S.is0()) return false;
    return sigs.verify(S, sigs.hash(msg, BLS_POP_DST), P);
  } catch {
    return false;
  }
}
