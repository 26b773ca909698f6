/**
 * Operation signatures as the node reads and writes them, BLS (tz4) included.
 *
 * Octez's binary operation ends with a fixed 64-byte `signature_suffix`; a 96-byte BLS signature keeps that layout
 * by putting its first 32 bytes in a last pseudo-content, `signature_prefix` (tag 0xff, then the prefix's own tag 3
 * `Bls_prefix`), before the suffix (operation_repr.ml `protocol_data_binary_encoding`, signature_v2.ml
 * `split_signature`). What is signed is the unsigned operation, without that prefix.
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { b58DecodeAndCheckPrefix, b58Encode, PrefixV2 } from '@taquito/utils';
import { concatBytes } from '../michelson/encoding';
import { NodeError } from './errors';

const SIGNATURE_PREFIX_TAG = 0xff;
const BLS_PREFIX_TAG = 0x03;
const SUFFIX_BYTES = 64;
const BLS_PREFIX_BYTES = 32;
const BLS_SIGNATURE_BYTES = BLS_PREFIX_BYTES + SUFFIX_BYTES;
/** The `signature_prefix` pseudo-content: its tag, the prefix's tag and the prefix. */
const PREFIX_CONTENT_BYTES = 2 + BLS_PREFIX_BYTES;

/** Where a signed operation's unsigned bytes end and its signature (64 or 96 bytes) is. */
export interface SignedParts {
  readonly unsigned: Uint8Array;
  readonly signature: Uint8Array;
}

/**
 * The readings of an injected operation: with a BLS `signature_prefix` content before the suffix (when the bytes
 * can hold one), then as a plain 64-byte signature. The caller keeps the first whose contents parse.
 */
export function signedPartsCandidates(signed: Uint8Array): SignedParts[] {
  const suffixAt = signed.length - SUFFIX_BYTES;
  const plain = { unsigned: signed.subarray(0, suffixAt), signature: signed.subarray(suffixAt) };
  const prefixAt = suffixAt - PREFIX_CONTENT_BYTES;
  if (prefixAt <= 0 || signed[prefixAt] !== SIGNATURE_PREFIX_TAG || signed[prefixAt + 1] !== BLS_PREFIX_TAG)
    return [plain];
  const signature = new Uint8Array(BLS_SIGNATURE_BYTES);
  signature.set(signed.subarray(prefixAt + 2, suffixAt));
  signature.set(signed.subarray(suffixAt), BLS_PREFIX_BYTES);
  return [{ unsigned: signed.subarray(0, prefixAt), signature }, plain];
}

/** The bytes Octez hashes and gossips: unsigned ‖ (0xff 0x03 ‖ 32-byte prefix, for BLS) ‖ 64-byte suffix. */
export function signedOperationBytes(unsigned: Uint8Array, signature: Uint8Array): Uint8Array {
  if (signature.length !== BLS_SIGNATURE_BYTES) return concatBytes(unsigned, signature);
  return concatBytes(unsigned, Uint8Array.of(SIGNATURE_PREFIX_TAG, BLS_PREFIX_TAG), signature);
}

const SIGNATURE_PREFIXES = [
  PrefixV2.GenericSignature,
  PrefixV2.Ed25519Signature,
  PrefixV2.Secp256k1Signature,
  PrefixV2.P256Signature,
  PrefixV2.BLS12_381Signature,
];

/** A signature as the JSON RPCs (preapply) carry it: `sig…`, `edsig…`, `spsig1…`, `p2sig…` or `BLsig…`. */
export function signatureFromB58(s: string): Uint8Array {
  try {
    const [raw] = b58DecodeAndCheckPrefix(s, SIGNATURE_PREFIXES);
    return raw;
  } catch {
    throw new NodeError([{ kind: 'permanent', id: 'decoding_error', message: 'invalid signature' }]);
  }
}

/** How blocks show an operation's signature: Octez writes a BLS one as `BLsig…`, a 64-byte one as generic `sig…`. */
export const signatureToB58 = (raw: Uint8Array): string =>
  b58Encode(raw, raw.length === BLS_SIGNATURE_BYTES ? PrefixV2.BLS12_381Signature : PrefixV2.GenericSignature);

/** The proof-of-possession ciphersuite of BLS min-pk (blst's `Pop.pop_verify`, what Octez's `Signature.pop_verify` uses). */
const POP_DST = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';

/**
 * Whether `proof` is a proof of possession of the BLS key `publicKey` (48 compressed bytes): a signature of the key's
 * own bytes under the PoP ciphersuite. A proof that is no G2 subgroup point, or an infinite key, does not verify.
 */
export function verifyBlsProof(publicKey: Uint8Array, proof: Uint8Array): boolean {
  const sigs = bls12_381.longSignatures;
  try {
    const key = bls12_381.G1.Point.fromBytes(publicKey);
    const signature = bls12_381.G2.Point.fromBytes(proof);
    if (key.is0()) return false;
    return sigs.verify(signature, sigs.hash(publicKey, POP_DST), key);
  } catch {
    return false;
  }
}
