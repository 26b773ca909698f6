/**
 * Hashes, HASH_KEY and CHECK_SIGNATURE against values published by Octez: its tezt opcode tests
 * (contract_opcodes.ml, contract_onchain_opcodes.ml), lib_crypto's key encoding vectors and the
 * signature vectors of its SDK bindings (contrib/sdk-bindings, messages are PACK "a").
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha512 as nobleSha512 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { b58DecodeAndCheckPrefix, b58DecodePublicKey, b58DecodePublicKeyHash, PrefixV2 } from '@taquito/utils';
import { describe, expect, test } from 'vitest';
import {
  blake2b160,
  blake2b256,
  checkSignature,
  hashKey,
  isValidPublicKey,
  isValidSignatureBytes,
  keccak256,
  sha256,
  sha3_256,
  sha512,
} from '../../../devnet/michelson/crypto';
import { isMichelsonFailure } from '../../../devnet/michelson/errors';
import { PublicKey, Signature } from '../../../devnet/michelson/values';

const fromHex = (h: string): Uint8Array => new Uint8Array(Buffer.from(h.replace(/^0x/, ''), 'hex'));
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

/** PACK of a Michelson string: 0x05, string tag 0x01, 4-byte length, bytes. */
function packString(s: string): Uint8Array {
  const b = utf8(s);
  const out = new Uint8Array(6 + b.length);
  out.set([0x05, 0x01, (b.length >>> 24) & 0xff, (b.length >>> 16) & 0xff, (b.length >>> 8) & 0xff, b.length & 0xff]);
  out.set(b, 6);
  return out;
}

const key = (b58: string): PublicKey => new PublicKey(b58DecodePublicKey(b58, 'array'));

const CURVE_OF_PREFIX: Record<string, Signature['curve']> = {
  [PrefixV2.Ed25519Signature]: 'ed25519',
  [PrefixV2.Secp256k1Signature]: 'secp256k1',
  [PrefixV2.P256Signature]: 'p256',
  [PrefixV2.BLS12_381Signature]: 'bls',
  [PrefixV2.GenericSignature]: 'generic',
};

function sig(b58: string): Signature {
  const [raw, prefix] = b58DecodeAndCheckPrefix(b58, [
    PrefixV2.Ed25519Signature,
    PrefixV2.Secp256k1Signature,
    PrefixV2.P256Signature,
    PrefixV2.BLS12_381Signature,
    PrefixV2.GenericSignature,
  ]);
  const curve = CURVE_OF_PREFIX[prefix];
  if (curve === undefined) throw new Error(`no curve for ${prefix}`);
  return new Signature(raw, curve);
}

// slices.tz: the parameter's first 128 bytes are SHA256, BLAKE2B and SHA512 of the rest.
const slicesBytes = fromHex(
  'e009ab79e8b84ef0e55c43a9a857214d8761e67b75ba63500a5694fb2ffe174acc2de22d01ccb7259342437f05e1987949f0ad82e9f32e9a0b79cb252d7f7b8236ad728893f4e7150742eefdbeda254970f9fcd92c6228c178e1a923e5600758eb83f2a05edd0be7625657901f2ba81eaf145d003dbef78e33f43a32a3788bdf0501000000085341554349535345',
);
const slicesPayload = slicesBytes.subarray(128);

describe('hash instructions', () => {
  test('KECCAK and SHA3 of "Hello, world!" (tezt contract_opcodes keccak.tz / sha3.tz)', () => {
    const msg = utf8('Hello, world!');
    expect(toHex(keccak256(msg))).toBe('b6e16d27ac5ab427a7f68900ac5559ce272dc6c37c82b3e052246c82244c50e4');
    expect(toHex(sha3_256(msg))).toBe('f345a219da005ebe9c1a1eaad97bbf38a10c8473e41d0af7fb617caa0c6aa722');
  });

  test('SHA256, BLAKE2B and SHA512 of the slices.tz payload (tezt contract_onchain_opcodes test_slice)', () => {
    expect(toHex(sha256(slicesPayload))).toBe(toHex(slicesBytes.subarray(0, 32)));
    expect(toHex(blake2b256(slicesPayload))).toBe(toHex(slicesBytes.subarray(32, 64)));
    expect(toHex(sha512(slicesPayload))).toBe(toHex(slicesBytes.subarray(64, 128)));
  });

  test('BLAKE2B of empty bytes is the 32-byte blake2b-256 digest', () => {
    expect(toHex(blake2b256(new Uint8Array()))).toBe(
      '0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8',
    );
    expect(blake2b160(new Uint8Array()).length).toBe(20);
  });
});

describe('HASH_KEY', () => {
  const cases: [string, string, string][] = [
    // tezt contract_opcodes hash_key.tz
    ['ed25519', 'edpkuBknW28nW72KG6RoHtYW7p12T6GKc7nAbwYX5m8Wd9sDVC9yav', 'tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx'],
    ['ed25519', 'edpkuJqtDcA2m2muMxViSM47MPsGQzmyjnNTawUPqR8vZTAMcx61ES', 'tz1XPTDmvT3vVE5Uunngmixm7gj7zmdbPq6k'],
    // lib_crypto test/key_encoding_vectors.ml
    ['ed25519', 'edpkufnz668CdgnVC4X5KRvJoXCMgicr29Tjmr5vxGzvMdipwkTZmM', 'tz1SodoUsWVe1Yey9eMFbqRUtNpBWfir5NRr'],
    ['secp256k1', 'sppk7aFpmJLm3ZxMd3F4osvGBq77R1NeSpiJVnof3Wiv4mt84EBE9aX', 'tz2SSuN7FRcAurZPSAQS1swNWE8xxf71MTjt'],
    ['secp256k1', 'sppk7cNMvaoPostzGxnKFNkqx2QKUKs2YHjokroHEGq1S2hUvRJa89X', 'tz2EoucBgYrBemSsLszAZP86cEfsz13idBaT'],
    ['p256', 'p2pk66Y3178eHvgWFA4CDsgGPhbkWtwrYCVUKJnsAi41eGP7MbHKv24', 'tz3ZxowXGSjiVq227GQcwKdz87rKhq62rY4t'],
    [
      'bls',
      'BLpk1ur5XXicWYMMzCVZZWyLZhybtyX8Zot2uCzDCZW8KcC5BdZiLVXRZvZzi4GuZYL9SarUvKpE',
      'tz4TFJdv9Jd44FtBMAxi3KQT7AtazhVyaPa6',
    ],
    // contrib/sdk-bindings TestKeys.kt pkToPkh
    ['secp256k1', 'sppk7anmrSFCPfSKbm6GsARo1JRpethThozcxipErX4QtT8CBDojnaJ', 'tz2PbzLDYrPAZS38BteBY7gqtnZfsTqHF2xu'],
  ];
  test.each(cases)('%s key %s hashes to %s', (_curve, pk, pkh) => {
    expect(toHex(hashKey(key(pk)).raw)).toBe(b58DecodePublicKeyHash(pkh));
  });

  test('a key with an unknown curve tag or the wrong length is rejected as bad input', () => {
    const unknownTag = new PublicKey(new Uint8Array([9, ...new Uint8Array(32)]));
    const shortEd = new PublicKey(new Uint8Array([0, ...new Uint8Array(31)]));
    for (const k of [unknownTag, shortEd, new PublicKey(new Uint8Array())]) {
      let caught: unknown;
      try {
        hashKey(k);
      } catch (e) {
        caught = e;
      }
      expect(isMichelsonFailure(caught) && caught.kind === 'bad_input').toBe(true);
    }
  });
});

describe('CHECK_SIGNATURE: ed25519, secp256k1, p256 (blake2b-256 of the message is signed)', () => {
  test('tezt check_signature.tz: edsigu3Qsz… is edpkuBknW28n…’s signature of PACK "hello", not of PACK "abcd"', () => {
    const k = key('edpkuBknW28nW72KG6RoHtYW7p12T6GKc7nAbwYX5m8Wd9sDVC9yav');
    const s = sig(
      'edsigu3QszDjUpeqYqbvhyRxMpVFamEnvm9FYnt7YiiNt9nmjYfh8ZTbsybZ5WnBkhA7zfHsRVyuTnRsGLR6fNHt1Up1FxgyRtF',
    );
    expect(checkSignature(k, s, packString('hello'))).toBe(true);
    expect(checkSignature(k, s, packString('abcd'))).toBe(false);
  });

  // contrib/sdk-bindings/rust/src/keys.rs test_verify_sig: (public key, signature) of PACK "a".
  const published: [string, string][] = [
    [
      'edpkuyqQ99dcn3eGYPkuhj7Tm4pmXH1EiEKSitb451JoTt4a4hr8dP',
      'edsigtmnB915emZPLVrk7oyuRtZXrYhc2ychu5e7kHHSd7LUmiCReV5C16HCNXxt6hnnWxSKQmHFvuNZzUm5K1BKWBM2vejS4T1',
    ],
    [
      'sppk7aBZCsBJTTDTV1Lwo4eZBnqmSTSnChYF1GxHUsgeWumUCHcZyxv',
      'spsig1VhaJFmN7HW4vHUHmHKu8AjVRCzYfmRNf83caYz6EYqH4PDkaNbh5hofmEoejZmpj2cw7w9iZYDiibgRRKcWzWzrW7GA1E',
    ],
    [
      'p2pk68MV9UsLUvtAyWjSZne2VpxFxhur9a8fUXUPY2RFkzixXDmnY5G',
      'p2sigU4yPcGNuYzkTVGy7VTyFSbGBAnVWBQrnkfrUEgTSuuM7mSUoaggwUxCqE9gnnaatnahJosNpAUwKUVBbiWwZhkbgBXncD',
    ],
    [
      'edpkvRy8feM9jRQaPNgtQYURAjWj3qrJtXkXp6hwfkDTtXDcfB2i5F',
      'edsigtxuEw21vZaZYaamHwkdCb2XXVAG45hmaHE6QjEMGdNst3WJ1UYFK5R1HY7UtBJ7ZuU1ud52LPE7YPWPYSNbRDBArr39oAv',
    ],
    [
      'sppk7anmrSFCPfSKbm6GsARo1JRpethThozcxipErX4QtT8CBDojnaJ',
      'spsig1DBG3ZMB5a7rwKMD4bXsxt7mD6QndfvZ6xATBAgdbajrnbohonsqYzLVQFWescq2JFF9PztcUbDaKeX89nxcXR7EYrHedF',
    ],
    [
      'p2pk66FyiYn3WDkJ5DEQptvaPy3gBEXGr7TTMFh94pZ5p3KALfzamqi',
      'p2sigrpjz56TPL47L8mxcpdE9UpK2wZxuP2ZwkqezDXDNCMdLK4TGd9gTvbe2a9M9mj5nMWV7ZwxmwYe9S4mNc8JYRwNag39cB',
    ],
    // generic "sig…" signatures are read as the key's curve
    [
      'edpktvpansLmKrvHCS1aWkFHS6gJdSd5haH1Z74MJFAAeNDSuSgHBH',
      'sigWrzQCbre6B7VLP4kGntoQGrEBLLvc8cFPySNiDj5m2cTd4DfJG2feBLhgyjtHcTiLenwrActDgp9y6pxp3MS5m5sqVCY2',
    ],
    [
      'sppk7bo7kcRyjajZaAqEfqdtCNx3wgizhJPFqaEuisncbDFMgn6v4iP',
      'sigaeDzBgzkdvQRhYV2YUFpzYGE19bRe62YdZnnodZMDSXD9P97jBro2v8W2o8a1wRxfJEWJpLEbv2W1TM8jKqBdFCCuKcDp',
    ],
    [
      'p2pk66iANdYfcK2wd3rvvPACnHSHjN3PDFSjCkTmGY54rayykNs9Mdd',
      'sigTCLMigPjVA1ogWQP16sp6DpcAb3Wf4wkxUWDBHUa8wuixro5AVQLkWCGtBH91iYdcDLwPqW2yFs2XppXfBdbCSdbD3v9f',
    ],
  ];
  test.each(published)('%s signed PACK "a" with %s', (pk, s) => {
    expect(checkSignature(key(pk), sig(s), packString('a'))).toBe(true);
    expect(checkSignature(key(pk), sig(s), packString('b'))).toBe(false);
    expect(checkSignature(key(pk), sig(s), utf8('a'))).toBe(false);
  });

  test('a signature made by another key is false (sdk-bindings verify_wrong_ed25519_sig)', () => {
    const k = key('edpkvRy8feM9jRQaPNgtQYURAjWj3qrJtXkXp6hwfkDTtXDcfB2i5F');
    const s = sig(
      'edsigtggTXFpkv2N9YXNMtJe5khZN11RGuF1Cd5jB74Di673ZmSzpACB7khRFkHbXyknp9t8QsMwyiqeatm92cxPKd8qBno25fx',
    );
    expect(checkSignature(k, s, packString('a'))).toBe(false);
  });

  test('slices.tz: spsig1PPUF… by sppk7dBPq… signs PACK "SAUCISSE"; a p2sig against that secp256k1 key is false', () => {
    const k = key('sppk7dBPqMPjDjXgKbb5f7V3PuKUrA4Zuwc3c3H7XqQerqPUWbK7Hna');
    const s = sig(
      'spsig1PPUFZucuAQybs5wsqsNQ68QNgFaBnVKMFaoZZfi1BtNnuCAWnmL9wVy5HfHkR6AeodjVGxpBVVSYcJKyMURn6K1yknYLm',
    );
    expect(toHex(slicesPayload)).toBe(toHex(packString('SAUCISSE')));
    expect(checkSignature(k, s, slicesPayload)).toBe(true);
    expect(checkSignature(k, s, slicesBytes)).toBe(false);
    const p2sig = sig(
      'p2sigsceCzcDw2AeYDzUonj4JT341WC9Px4wdhHBxbZcG1FhfqFVuG7f2fGCzrEHSAZgrsrQWpxduDPk9qZRgrpzwJnSHC3gZJ',
    );
    expect(checkSignature(k, p2sig, slicesPayload)).toBe(false);
  });

  test('a signature written with another curve’s prefix is false even when its bytes would verify', () => {
    const k = key('sppk7aBZCsBJTTDTV1Lwo4eZBnqmSTSnChYF1GxHUsgeWumUCHcZyxv');
    const good = sig(
      'spsig1VhaJFmN7HW4vHUHmHKu8AjVRCzYfmRNf83caYz6EYqH4PDkaNbh5hofmEoejZmpj2cw7w9iZYDiibgRRKcWzWzrW7GA1E',
    );
    expect(checkSignature(k, new Signature(good.raw, 'generic'), packString('a'))).toBe(true);
    for (const other of ['ed25519', 'p256', 'bls'] as const) {
      expect(checkSignature(k, new Signature(good.raw, other), packString('a'))).toBe(false);
    }
  });

  test('secp256k1 accepts only low-s signatures (libsecp256k1), p256 accepts high-s too (HACL*)', () => {
    const highS = (s: Signature, n: bigint): Signature => {
      const sv = BigInt('0x' + toHex(s.raw.subarray(32)));
      const out = new Uint8Array(s.raw);
      out.set(fromHex((n - sv).toString(16).padStart(64, '0')), 32);
      return new Signature(out, s.curve);
    };
    const secpN = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const p256N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
    const sp = sig(
      'spsig1VhaJFmN7HW4vHUHmHKu8AjVRCzYfmRNf83caYz6EYqH4PDkaNbh5hofmEoejZmpj2cw7w9iZYDiibgRRKcWzWzrW7GA1E',
    );
    expect(
      checkSignature(key('sppk7aBZCsBJTTDTV1Lwo4eZBnqmSTSnChYF1GxHUsgeWumUCHcZyxv'), highS(sp, secpN), packString('a')),
    ).toBe(false);
    const p2 = sig(
      'p2sigU4yPcGNuYzkTVGy7VTyFSbGBAnVWBQrnkfrUEgTSuuM7mSUoaggwUxCqE9gnnaatnahJosNpAUwKUVBbiWwZhkbgBXncD',
    );
    const p2k = key('p2pk68MV9UsLUvtAyWjSZne2VpxFxhur9a8fUXUPY2RFkzixXDmnY5G');
    expect(checkSignature(p2k, highS(p2, p256N), packString('a'))).toBe(true);
    expect(checkSignature(p2k, highS(p2, p256N), packString('b'))).toBe(false);
  });

  test('ed25519 rejects a non-canonical s (s + L) and uses the cofactorless equation', () => {
    const k = key('edpkuyqQ99dcn3eGYPkuhj7Tm4pmXH1EiEKSitb451JoTt4a4hr8dP');
    const s = sig(
      'edsigtmnB915emZPLVrk7oyuRtZXrYhc2ychu5e7kHHSd7LUmiCReV5C16HCNXxt6hnnWxSKQmHFvuNZzUm5K1BKWBM2vejS4T1',
    );
    const L = ed25519.Point.Fn.ORDER;
    const sLe = s.raw.subarray(32);
    let sv = 0n;
    for (let i = 31; i >= 0; i--) sv = (sv << 8n) | BigInt(sLe[i] ?? 0);
    const bumped = new Uint8Array(s.raw);
    let t = sv + L;
    for (let i = 32; i < 64; i++) {
      bumped[i] = Number(t & 0xffn);
      t >>= 8n;
    }
    expect(checkSignature(k, new Signature(bumped, 'ed25519'), packString('a'))).toBe(false);

    // A signature whose R carries a small-order component T verifies under the cofactored
    // equation [8]([s]B - [k]A - R) = 0 but not under HACL*'s [s]B - [k]A = R.
    const { Point } = ed25519;
    const a = 0x1234567890abcdefn;
    const A = Point.BASE.multiply(a).toBytes();
    const msg = blake2b256(packString('a'));
    const r = 0xfedcba0987654321n;
    const p = Point.Fp.ORDER;
    const T = Point.fromAffine({ x: 0n, y: p - 1n }); // the point of order 2
    const forge = (withTorsion: boolean): Signature => {
      const R = withTorsion ? Point.BASE.multiply(r).add(T) : Point.BASE.multiply(r);
      const Rb = R.toBytes();
      let h = 0n;
      const d = nobleSha512(concatBytes(Rb, A, msg));
      for (let i = d.length - 1; i >= 0; i--) h = (h << 8n) | BigInt(d[i] ?? 0);
      let sc = (r + (h % L) * a) % L;
      const out = new Uint8Array(64);
      out.set(Rb, 0);
      for (let i = 32; i < 64; i++) {
        out[i] = Number(sc & 0xffn);
        sc >>= 8n;
      }
      return new Signature(out, 'ed25519');
    };
    const pk = new PublicKey(new Uint8Array([0, ...A]));
    expect(checkSignature(pk, forge(false), packString('a'))).toBe(true);
    expect(checkSignature(pk, forge(true), packString('a'))).toBe(false);
  });

  test('a key that is not a curve point is false, not an exception', () => {
    const s = new Signature(new Uint8Array(64).fill(1), 'generic');
    // ed25519: y = 2^255 - 1 ≥ p is not a canonical encoding
    expect(
      checkSignature(new PublicKey(new Uint8Array([0, ...new Uint8Array(31).fill(0xff), 0x7f])), s, utf8('a')),
    ).toBe(false);
    // secp256k1 / p256: x = 5 / x = 0 have no point with that x on the curve
    expect(checkSignature(new PublicKey(fromHex('0102' + '00'.repeat(31) + '05')), s, utf8('a'))).toBe(false);
    expect(checkSignature(new PublicKey(fromHex('0202' + '00'.repeat(32))), s, utf8('a'))).toBe(false);
    expect(isValidPublicKey(fromHex('0102' + '00'.repeat(31) + '05'))).toBe(false);
  });
});

describe('CHECK_SIGNATURE: bls (tz4), proof-of-possession scheme over the raw message', () => {
  const POP_DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
  const AUG_DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_AUG_';
  const L = bls12_381.longSignatures;
  // key_encoding_vectors.ml: Octez writes BLS secret keys little-endian; noble reads big-endian.
  const octezSk = b58DecodeAndCheckPrefix('BLsk1eGhiPQXKtvvkBeXzmtVVJs6KPhEF45drF7MLjoCDcSnTGuyjL', [
    PrefixV2.BLS12_381SecretKey,
  ])[0];
  const nobleSk = octezSk.slice().reverse();
  const pk = key('BLpk1ur5XXicWYMMzCVZZWyLZhybtyX8Zot2uCzDCZW8KcC5BdZiLVXRZvZzi4GuZYL9SarUvKpE');
  const popSign = (m: Uint8Array): Signature => new Signature(L.sign(L.hash(m, POP_DST), nobleSk).toBytes(), 'bls');

  test('the published secret key gives the published public key', () => {
    expect(toHex(L.getPublicKey(nobleSk).toBytes())).toBe(toHex(pk.raw.subarray(1)));
  });

  test('a POP-scheme signature of the message checks; other messages, keys and curves do not', () => {
    const msg = packString('a');
    const s = popSign(msg);
    expect(checkSignature(pk, s, msg)).toBe(true);
    expect(checkSignature(pk, new Signature(s.raw, 'generic'), msg)).toBe(true);
    expect(checkSignature(pk, s, packString('b'))).toBe(false);
    // the raw message is signed, not its blake2b digest
    expect(checkSignature(pk, popSign(blake2b256(msg)), msg)).toBe(false);
    const other = key('BLpk1wdBzZKshyhkdge3cXvWdTWhCWDsih8X1pbEdvjTapd1PvsESzTjMTwNWpephX8wyhshSFCp');
    expect(checkSignature(other, s, msg)).toBe(false);
    expect(checkSignature(pk, new Signature(s.raw, 'ed25519'), msg)).toBe(false);
    expect(checkSignature(pk, new Signature(new Uint8Array(64), 'generic'), msg)).toBe(false);
  });

  test('a signature from the older augmented scheme (sdk-bindings verify_blsig) is false under Ushuaia', () => {
    const k = key('BLpk1wdBzZKshyhkdge3cXvWdTWhCWDsih8X1pbEdvjTapd1PvsESzTjMTwNWpephX8wyhshSFCp');
    const s = sig(
      'BLsigBcuqVyAuyYiMhPmcf16B8BmvhujB8DPUAmgYb94ixJ9wkraLfxzJpt2eyWMePtzuRNhRWSF4LukEv39LxAi7nGiH83ihKc9jnyhjbLc76QKTs4h1sTzQQEKR15yF9tSyU39iEsyTx',
    );
    const msg = packString('a');
    // It is a genuine signature: it verifies with the key prepended under the AUG tag.
    const augPoint = L.hash(concatBytes(k.raw.subarray(1), msg), AUG_DST);
    expect(L.verify(s.raw, augPoint, k.raw.subarray(1))).toBe(true);
    expect(checkSignature(k, s, msg)).toBe(false);
  });

  test('the infinite public key never verifies, even with the infinite signature', () => {
    const inf = new PublicKey(fromHex('03c0' + '00'.repeat(47)));
    expect(isValidPublicKey(inf.raw)).toBe(true);
    expect(toHex(hashKey(inf).raw).slice(0, 2)).toBe('03');
    expect(checkSignature(inf, new Signature(fromHex('c0' + '00'.repeat(95)), 'bls'), utf8('a'))).toBe(false);
  });

  test('a signature that is not a G2 point is false', () => {
    const msg = packString('a');
    const bad = new Uint8Array(popSign(msg).raw);
    bad[95] = (bad[95] ?? 0) ^ 1;
    expect(isValidSignatureBytes(bad)).toBe(false);
    expect(checkSignature(pk, new Signature(bad, 'bls'), msg)).toBe(false);
  });

  test('tz5 (ML-DSA-44) signatures are reported as unsupported', () => {
    const mldsa = new PublicKey(new Uint8Array(1313).fill(0, 0, 1).fill(7, 1));
    mldsa.raw[0] = 4;
    expect(hashKey(mldsa).raw[0]).toBe(4);
    let caught: unknown;
    try {
      checkSignature(mldsa, new Signature(new Uint8Array(2420), 'generic'), utf8('a'));
    } catch (e) {
      caught = e;
    }
    expect(isMichelsonFailure(caught) && caught.kind === 'unsupported').toBe(true);
  });
});
