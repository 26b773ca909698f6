/**
 * BLS12-381 values for `bls12_381_fr`, `bls12_381_g1` and `bls12_381_g2`, with Octez's encodings
 * (lib_bls12_381 over blst):
 * - Fr: little-endian bytes. `of_bytes_opt` takes up to 32 bytes (shorter ones are zero-padded, so
 *   `0x01` is 1) and rejects values ≥ r; ints are reduced modulo r, negatives included.
 * - G1 / G2: 96 / 192 bytes, the uncompressed Zcash encoding (big-endian x then y; a G2 coordinate
 *   is c1 then c0; the point at infinity is 0x40 followed by zeros). A point must be on the curve
 *   and in the prime-order subgroup. Like blst's `deserialize`, a 96/192-byte input whose first
 *   byte has the compression flag is read as a compressed point from its first half alone.
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import type { Fp2 } from '@noble/curves/abstract/tower.js';
import type { WeierstrassPoint } from '@noble/curves/abstract/weierstrass.js';
import { badInput } from './errors';
import { Fr, G1, G2 } from './values';

type P1 = WeierstrassPoint<bigint>;
type P2 = WeierstrassPoint<Fp2>;

const G1Point = bls12_381.G1.Point;
const G2Point = bls12_381.G2.Point;
const { Fp12 } = bls12_381.fields;

/** The group order r (the scalar field's modulus). */
export const FR_ORDER: bigint = bls12_381.fields.Fr.ORDER;

const FR_BYTES = 32;
const G1_BYTES = 96;
const G2_BYTES = 192;

// ---------------------------------------------------------------------------------------------
// Fr

const mod = (n: bigint): bigint => {
  const m = n % FR_ORDER;
  return m < 0n ? m + FR_ORDER : m;
};

/** `Bls12_381.Fr.of_bytes_opt`: at most 32 little-endian bytes, value < r; else null. */
export function frFromBytes(b: Uint8Array): Fr | null {
  if (b.length > FR_BYTES) return null;
  let n = 0n;
  for (let i = b.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(b[i] ?? 0);
  return n < FR_ORDER ? new Fr(n) : null;
}

/** 32 bytes, little-endian. */
export function frToBytes(x: Fr): Uint8Array {
  const out = new Uint8Array(FR_BYTES);
  let n = x.n;
  for (let i = 0; i < FR_BYTES; i++) {
    out[i] = Number(n & 0xffn);
    n >>= 8n;
  }
  return out;
}

/** An int literal or nat/int operand as an Fr: reduced modulo r (so -1 is r - 1). */
export const frFromInt = (n: bigint): Fr => new Fr(mod(n));
/** INT: the canonical representative in [0, r). */
export const frToInt = (x: Fr): bigint => x.n;
export const frAdd = (a: Fr, b: Fr): Fr => new Fr(mod(a.n + b.n));
export const frMul = (a: Fr, b: Fr): Fr => new Fr(mod(a.n * b.n));
export const frNeg = (a: Fr): Fr => new Fr(mod(-a.n));
/** MUL of an Fr by a nat or int (either order): the int is first reduced modulo r. */
export const frMulInt = (x: Fr, n: bigint): Fr => new Fr(mod(x.n * mod(n)));
export const frEq = (a: Fr, b: Fr): boolean => a.n === b.n;

// ---------------------------------------------------------------------------------------------
// G1 / G2

function p1(g: G1): P1 {
  if (!(g.point instanceof G1Point)) throw badInput('bls12_381_g1: value does not hold a G1 point');
  return g.point;
}

function p2(g: G2): P2 {
  if (!(g.point instanceof G2Point)) throw badInput('bls12_381_g2: value does not hold a G2 point');
  return g.point;
}

/**
 * blst's `deserialize` + subgroup check. noble's decoder applies the same flag, range, curve and
 * subgroup rules to a compressed (half-length) or uncompressed input, so the only thing to mirror
 * by hand is blst reading a full-length input with the compression flag as its first half.
 */
function decode<P>(b: Uint8Array, size: number, fromBytes: (b: Uint8Array) => P): P | null {
  if (b.length !== size) return null;
  const compressed = ((b[0] ?? 0) & 0x80) !== 0;
  try {
    return fromBytes(compressed ? b.subarray(0, size / 2) : b);
  } catch {
    return null;
  }
}

export function g1FromBytes(b: Uint8Array): G1 | null {
  const p = decode(b, G1_BYTES, (x) => G1Point.fromBytes(x));
  return p === null ? null : new G1(p);
}

export function g2FromBytes(b: Uint8Array): G2 | null {
  const p = decode(b, G2_BYTES, (x) => G2Point.fromBytes(x));
  return p === null ? null : new G2(p);
}

// noble encodes only its own ZERO as infinity and throws on any other infinity (-0, P + -P), so
// those are swapped for ZERO first; Octez prints them all as 0x40 then zeros.
/** 96 bytes, uncompressed (infinity: 0x40 then zeros). */
export const g1ToBytes = (p: G1): Uint8Array => {
  const q = p1(p);
  return (q.is0() ? G1Point.ZERO : q).toBytes(false);
};
/** 192 bytes, uncompressed (infinity: 0x40 then zeros). */
export const g2ToBytes = (p: G2): Uint8Array => {
  const q = p2(p);
  return (q.is0() ? G2Point.ZERO : q).toBytes(false);
};

export const g1Add = (a: G1, b: G1): G1 => new G1(p1(a).add(p1(b)));
export const g1Neg = (a: G1): G1 => new G1(p1(a).negate());
// Scalars are public, so the faster variable-time multiplication is fine; Fr is already < r.
export const g1Mul = (p: G1, k: Fr): G1 => new G1(p1(p).multiplyUnsafe(k.n));
export const g1Eq = (a: G1, b: G1): boolean => p1(a).equals(p1(b));

export const g2Add = (a: G2, b: G2): G2 => new G2(p2(a).add(p2(b)));
export const g2Neg = (a: G2): G2 => new G2(p2(a).negate());
export const g2Mul = (p: G2, k: Fr): G2 => new G2(p2(p).multiplyUnsafe(k.n));
export const g2Eq = (a: G2, b: G2): boolean => p2(a).equals(p2(b));

/** The generators and the points at infinity, for building values. */
export const G1_GENERATOR = new G1(G1Point.BASE);
export const G2_GENERATOR = new G2(G2Point.BASE);
export const G1_ZERO = new G1(G1Point.ZERO);
export const G2_ZERO = new G2(G2Point.ZERO);

/**
 * PAIRING_CHECK: whether the product of e(g1, g2) over the list is 1. The empty product is 1, and
 * a pair with a point at infinity contributes 1 (blst's Miller loop returns one for it; noble
 * refuses such pairs, so they are left out).
 */
export function pairingCheck(pairs: readonly (readonly [G1, G2])[]): boolean {
  const terms: { g1: P1; g2: P2 }[] = [];
  for (const [a, b] of pairs) {
    const g1 = p1(a);
    const g2 = p2(b);
    if (!g1.is0() && !g2.is0()) terms.push({ g1, g2 });
  }
  if (terms.length === 0) return true;
  return Fp12.eql(bls12_381.pairingBatch(terms), Fp12.ONE);
}
