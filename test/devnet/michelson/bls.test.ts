/**
 * bls12_381_fr / g1 / g2 values against Octez's published behaviour: the tezt opcode tests
 * (contract_opcodes.ml: fr from bytes/ints, INT, MUL by nat/int; test_contract_bls12_381.ml:
 * PAIRING_CHECK cases) and the standard generator encodings of the Zcash serialization that
 * Michelson uses for G1/G2 (big-endian, uncompressed, infinity = 0x40 then zeros).
 */
import { describe, expect, test } from 'vitest';
import {
  FR_ORDER,
  G1_GENERATOR,
  G1_ZERO,
  G2_GENERATOR,
  G2_ZERO,
  frAdd,
  frEq,
  frFromBytes,
  frFromInt,
  frMul,
  frMulInt,
  frNeg,
  frToBytes,
  frToInt,
  g1Add,
  g1Eq,
  g1FromBytes,
  g1Mul,
  g1Neg,
  g1ToBytes,
  g2Add,
  g2Eq,
  g2FromBytes,
  g2Mul,
  g2Neg,
  g2ToBytes,
  pairingCheck,
} from '../../../devnet/michelson/bls';
import type { Fr, G1, G2 } from '../../../devnet/michelson/values';

const fromHex = (h: string): Uint8Array => new Uint8Array(Buffer.from(h.replace(/^0x/, ''), 'hex'));
const toHex = (b: Uint8Array): string => '0x' + Buffer.from(b).toString('hex');

function fr(hex: string): Fr {
  const x = frFromBytes(fromHex(hex));
  if (x === null) throw new Error(`not an Fr: ${hex}`);
  return x;
}
function g1(hex: string): G1 {
  const p = g1FromBytes(fromHex(hex));
  if (p === null) throw new Error('not a G1 point');
  return p;
}
function g2(hex: string): G2 {
  const p = g2FromBytes(fromHex(hex));
  if (p === null) throw new Error('not a G2 point');
  return p;
}

/** Base field modulus p of BLS12-381 (for building test points with plain bigint arithmetic). */
const P = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaabn;
const hex48 = (n: bigint): string => n.toString(16).padStart(96, '0');
const modp = (n: bigint): bigint => ((n % P) + P) % P;

// Standard generators (x ‖ y; for G2 each coordinate is c1 ‖ c0).
const G1_GEN_HEX =
  '17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb' +
  '08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1';
const G1_GEN_COMPRESSED_HEX =
  '97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb';
const G2_GEN_HEX =
  '13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e' +
  '024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8' +
  '0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be' +
  '0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801';
const G1_INF_HEX = '40' + '00'.repeat(95);
const G2_INF_HEX = '40' + '00'.repeat(191);

describe('bls12_381_fr', () => {
  test('bytes need not be padded to 32 (tezt bls12_381_fr_push_bytes_not_padded, add_bls12_381_fr)', () => {
    expect(toHex(frToBytes(fr('0x00')))).toBe('0x' + '00'.repeat(32));
    expect(toHex(frToBytes(fr('0x01')))).toBe('0x01' + '00'.repeat(31));
    expect(toHex(frToBytes(frAdd(fr('0x010000'), fr('0x010000'))))).toBe('0x02' + '00'.repeat(31));
    expect(toHex(frToBytes(frAdd(fr('0x010000'), fr('0x00'))))).toBe('0x01' + '00'.repeat(31));
  });

  test('PUSH bls12_381_fr 16 is 0x10 little-endian (tezt bls12_381_fr_push_nat)', () => {
    expect(toHex(frToBytes(frFromInt(16n)))).toBe('0x10' + '00'.repeat(31));
    expect(toHex(frToBytes(frFromInt(257n)))).toBe('0x0101' + '00'.repeat(30));
  });

  test('INT gives the value as an int (tezt bls12_381_fr_to_int)', () => {
    expect(frToInt(fr('0x00'))).toBe(0n);
    expect(frToInt(fr('0x01'))).toBe(1n);
    expect(frToInt(fr('0x28db8e57af88d9576acd181b89f24e50a89a6423f939026ed91349fc9af16c27'))).toBe(
      17832688077013577776524784494464728518213913213412866604053735695200962927400n,
    );
    expect(frToInt(fr('0xb9e8abf8dc324a010007addde986fe0f7c81fab16d26819d0534b7691c0b0719'))).toBe(
      11320265829256585830781521966149529460476767408210445238902869222031333517497n,
    );
  });

  // tezt bls12_381_fr_z_nat / _z_int / bls12_381_z_fr_nat / _z_int: (fr, int) -> fr * int
  const mulCases: [string, bigint, string][] = [
    ['0x01', 0n, '0x' + '00'.repeat(32)],
    ['0x01', 1n, '0x01' + '00'.repeat(31)],
    ['0x01', 52435875175126190479447740508185965837690552500527637822603658699938581184514n, '0x01' + '00'.repeat(31)],
    ['0x01', 2n, '0x02' + '00'.repeat(31)],
    [
      '0x5b0ecd0fa853810e356f1eb79721e80b30510fcc3a455f4fc02fdd9a90c5401f',
      33644916630334844239120348434626468649534186770809802792596996408934105684394n,
      '0x2ef123703093cbbbd124e15f2054fa5781ed0b8d092ec3c6e5d76b4ca918a221',
    ],
    [
      '0x4147a5ad0a633e4880d2296f08ec5c12d03e3fa4a6b49ecbd16a30a3cfcdbe3f',
      22620284817922784902564672469917992996328211127984472897491698543785655336309n,
      '0x4e387e0ebfb3d1633153c195036e0c0b672955c4a0e420f93ec20a76fe677c62',
    ],
    [
      '0x8578be1766f92cd82c5e5135c374a03a8562e263ea953a3f9711b0153b7fcf2d',
      17180093072794558806177035834397932205917577288483739652510482486858834123369n,
      '0xfaa60dacea8e26112e524d379720fe4f95fbc5a26f1b1a67e229e26ddecbf221',
    ],
    [
      '0x8578be1766f92cd82c5e5135c374a03a8562e263ea953a3f9711b0153b7fcf2d',
      69615968247920749285624776342583898043608129789011377475114141186797415307882n,
      '0xfaa60dacea8e26112e524d379720fe4f95fbc5a26f1b1a67e229e26ddecbf221',
    ],
    ['0x01', -1n, '0x00000000fffffffffe5bfeff02a4bd5305d8a10908d83933487d9d2953a7ed73'],
    ['0x01', -42n, '0xd7fffffffefffffffe5bfeff02a4bd5305d8a10908d83933487d9d2953a7ed73'],
  ];
  test.each(mulCases)('MUL %s by %s', (x, n, out) => {
    expect(toHex(frToBytes(frMulInt(fr(x), n)))).toBe(out);
    // PUSH bls12_381_fr <int> reduces the same way
    expect(toHex(frToBytes(frMul(fr(x), frFromInt(n))))).toBe(out);
  });

  test('bytes of a value ≥ r, or longer than 32 bytes, are not an Fr (Fr.of_bytes_opt)', () => {
    const le = (n: bigint): Uint8Array => frToBytes({ n } as Fr);
    expect(frFromBytes(le(FR_ORDER - 1n))).not.toBeNull();
    expect(frFromBytes(le(FR_ORDER))).toBeNull();
    expect(frFromBytes(new Uint8Array(32).fill(0xff))).toBeNull();
    expect(frFromBytes(new Uint8Array(33))).toBeNull();
    expect(frFromBytes(new Uint8Array())).not.toBeNull();
  });

  test('field arithmetic wraps modulo r', () => {
    const minusOne = frFromInt(-1n);
    expect(frToInt(minusOne)).toBe(FR_ORDER - 1n);
    expect(frEq(frAdd(minusOne, frFromInt(1n)), frFromInt(0n))).toBe(true);
    expect(frEq(frNeg(frFromInt(5n)), frFromInt(-5n))).toBe(true);
    expect(frEq(frNeg(frFromInt(0n)), frFromInt(0n))).toBe(true);
    expect(frEq(frMul(minusOne, minusOne), frFromInt(1n))).toBe(true);
    expect(frToInt(frFromInt(FR_ORDER * 3n + 7n))).toBe(7n);
  });
});

describe('bls12_381_g1 / bls12_381_g2 encodings', () => {
  test('the generators read and print as their standard 96/192-byte uncompressed encodings', () => {
    expect(g1Eq(g1(G1_GEN_HEX), G1_GENERATOR)).toBe(true);
    expect(toHex(g1ToBytes(G1_GENERATOR))).toBe('0x' + G1_GEN_HEX);
    expect(g2Eq(g2(G2_GEN_HEX), G2_GENERATOR)).toBe(true);
    expect(toHex(g2ToBytes(G2_GENERATOR))).toBe('0x' + G2_GEN_HEX);
  });

  test('the point at infinity is 0x40 followed by zeros; all zeros is not a point', () => {
    expect(g1Eq(g1(G1_INF_HEX), G1_ZERO)).toBe(true);
    expect(toHex(g1ToBytes(G1_ZERO))).toBe('0x' + G1_INF_HEX);
    expect(g2Eq(g2(G2_INF_HEX), G2_ZERO)).toBe(true);
    expect(toHex(g2ToBytes(G2_ZERO))).toBe('0x' + G2_INF_HEX);
    expect(g1FromBytes(new Uint8Array(96))).toBeNull();
    expect(g2FromBytes(new Uint8Array(192))).toBeNull();
    // the infinity flag with a non-zero payload
    expect(g1FromBytes(fromHex('40' + '00'.repeat(94) + '01'))).toBeNull();
  });

  test('wrong lengths are rejected (a bare 48-byte compressed G1 point too)', () => {
    expect(g1FromBytes(fromHex(G1_GEN_HEX.slice(0, -2)))).toBeNull();
    expect(g1FromBytes(fromHex(G1_GEN_HEX + '00'))).toBeNull();
    expect(g1FromBytes(fromHex(G1_GEN_COMPRESSED_HEX))).toBeNull();
    expect(g2FromBytes(fromHex(G2_GEN_HEX.slice(0, -2)))).toBeNull();
    expect(g2FromBytes(fromHex(G1_GEN_HEX))).toBeNull();
  });

  test('coordinates off the curve, or not below p, are rejected', () => {
    const g1Bad = fromHex(G1_GEN_HEX);
    g1Bad[95] = (g1Bad[95] ?? 0) ^ 1;
    expect(g1FromBytes(g1Bad)).toBeNull();
    const g2Bad = fromHex(G2_GEN_HEX);
    g2Bad[191] = (g2Bad[191] ?? 0) ^ 1;
    expect(g2FromBytes(g2Bad)).toBeNull();
    // x = p (≥ p, not a field element) with the generator's y
    expect(g1FromBytes(fromHex(hex48(P) + G1_GEN_HEX.slice(96)))).toBeNull();
    // the sort flag (0x20) is meaningless in an uncompressed encoding
    expect(g1FromBytes(fromHex('20' + G1_GEN_HEX.slice(2)))).toBeNull();
  });

  test('points on the curve but outside the prime-order subgroup are rejected', () => {
    // G1: (4, y) with y² = 4³ + 4
    const y1 = 0x0a989badd40d6212b33cffc3f3763e9bc760f988c9926b26da9dd85e928483446346b8ed00e1de5d5ea93e354abe706cn;
    expect(modp(y1 * y1)).toBe(68n);
    expect(g1FromBytes(fromHex(hex48(4n) + hex48(y1)))).toBeNull();
    // G2: (2, y) with y² = 2³ + 4(1 + i) = 12 + 4i
    const c0 = 0x18c6b864ae17dc9da64203ffefb966306425a7bc6aeb7c75247438372716284a4173830420cd476ba1a365b95bfcec38n;
    const c1 = 0x172e93db764a8400a7d5071b6b6f5de0da2f0f4a063119abca014006b7c40a2cfe291a1924e65db0d6d0fcfbf3bf3d5cn;
    expect(modp(c0 * c0 - c1 * c1)).toBe(12n);
    expect(modp(2n * c0 * c1)).toBe(4n);
    expect(g2FromBytes(fromHex(hex48(0n) + hex48(2n) + hex48(c1) + hex48(c0)))).toBeNull();
  });

  test('like blst, a full-length input with the compression flag is read from its first half', () => {
    expect(g1Eq(g1(G1_GEN_COMPRESSED_HEX + 'ab'.repeat(48)), G1_GENERATOR)).toBe(true);
    const g2Compressed = toHex(compressedG2()).slice(2);
    expect(g2Eq(g2(g2Compressed + '00'.repeat(96)), G2_GENERATOR)).toBe(true);
    expect(g1Eq(g1('c0' + '00'.repeat(47) + 'ff'.repeat(48)), G1_ZERO)).toBe(true);
  });
});

/** The G2 generator compressed: its x with the compression flag (its y is the smaller root: no sort flag). */
function compressedG2(): Uint8Array {
  const b = fromHex(G2_GEN_HEX.slice(0, 192));
  b[0] = (b[0] ?? 0) | 0x80;
  return b;
}

describe('bls12_381 group arithmetic', () => {
  const two = frFromInt(2n);
  test('ADD, NEG and MUL agree: g + g = 2·g, g + (−g) = 0, 0·g = 0, (r−1)·g = −g', () => {
    expect(g1Eq(g1Add(G1_GENERATOR, G1_GENERATOR), g1Mul(G1_GENERATOR, two))).toBe(true);
    expect(g1Eq(g1Add(G1_GENERATOR, g1Neg(G1_GENERATOR)), G1_ZERO)).toBe(true);
    expect(g1Eq(g1Mul(G1_GENERATOR, frFromInt(0n)), G1_ZERO)).toBe(true);
    expect(g1Eq(g1Mul(G1_GENERATOR, frFromInt(-1n)), g1Neg(G1_GENERATOR))).toBe(true);
    expect(g1Eq(g1Mul(G1_ZERO, frFromInt(5n)), G1_ZERO)).toBe(true);
    expect(g2Eq(g2Add(G2_GENERATOR, G2_GENERATOR), g2Mul(G2_GENERATOR, two))).toBe(true);
    expect(g2Eq(g2Add(G2_GENERATOR, g2Neg(G2_GENERATOR)), G2_ZERO)).toBe(true);
    expect(g2Eq(g2Mul(G2_GENERATOR, frFromInt(0n)), G2_ZERO)).toBe(true);
    expect(g2Eq(g2Mul(G2_GENERATOR, frFromInt(-1n)), g2Neg(G2_GENERATOR))).toBe(true);
  });

  test('results print back to bytes that read as the same point', () => {
    const p = g1Mul(G1_GENERATOR, frFromInt(123456789n));
    expect(g1Eq(g1(toHex(g1ToBytes(p)).slice(2)), p)).toBe(true);
    const q = g2Mul(G2_GENERATOR, frFromInt(987654321n));
    expect(g2Eq(g2(toHex(g2ToBytes(q)).slice(2)), q)).toBe(true);
    // NEG of the generator flips y: p - y
    const negY = BigInt('0x' + G1_GEN_HEX.slice(96));
    expect(toHex(g1ToBytes(g1Neg(G1_GENERATOR)))).toBe('0x' + G1_GEN_HEX.slice(0, 96) + hex48(P - negY));
  });
});

describe('PAIRING_CHECK (tezt test_contract_bls12_381)', () => {
  const g = G1_GENERATOR;
  const h = G2_GENERATOR;
  test('the empty list is true', () => {
    expect(pairingCheck([])).toBe(true);
  });
  test('e(g1, g2) alone is false; with e(−g1, g2) or e(g1, −g2) it is true', () => {
    expect(pairingCheck([[g, h]])).toBe(false);
    expect(
      pairingCheck([
        [g, h],
        [g1Neg(g), h],
      ]),
    ).toBe(true);
    expect(
      pairingCheck([
        [g, g2Neg(h)],
        [g, h],
      ]),
    ).toBe(true);
    expect(
      pairingCheck([
        [g, h],
        [g, h],
      ]),
    ).toBe(false);
  });
  test('bilinearity: e(a·g1, b·g2) · e(−(ab)·g1, g2) = 1', () => {
    const a = frFromInt(0x1234567n);
    const b = frFromInt(-987654321n);
    expect(
      pairingCheck([
        [g1Mul(g, a), g2Mul(h, b)],
        [g1Neg(g1Mul(g, frMul(a, b))), h],
      ]),
    ).toBe(true);
    expect(
      pairingCheck([
        [g1Mul(g, a), g2Mul(h, b)],
        [g1Neg(g1Mul(g, frAdd(frMul(a, b), frFromInt(1n)))), h],
      ]),
    ).toBe(false);
  });
  test('a pair with the point at infinity contributes 1', () => {
    expect(pairingCheck([[G1_ZERO, h]])).toBe(true);
    expect(pairingCheck([[g, G2_ZERO]])).toBe(true);
    expect(
      pairingCheck([
        [G1_ZERO, h],
        [g, h],
        [g1Neg(g), h],
      ]),
    ).toBe(true);
    expect(
      pairingCheck([
        [G1_ZERO, h],
        [g, h],
      ]),
    ).toBe(false);
  });
});
