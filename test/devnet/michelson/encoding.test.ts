/**
 * Base58 ↔ binary forms of addresses, keys, key hashes, signatures and chain ids, checked against
 * bytes published by Octez (tezt `hash_data` regression outputs, protocol U025) and Taquito's docs.
 */
import { describe, expect, it } from 'vitest';
import { thrown as thrownOf } from '../../engine/thrown';
import {
  addressFromBytes,
  addressFromString,
  addressToBytes,
  addressToString,
  chainIdFromBytes,
  chainIdFromString,
  chainIdToString,
  implicitAddress,
  keyHashFromBytes,
  keyHashFromString,
  keyHashToString,
  MichelsonDataError,
  originatedAddress,
  publicKeyFromBytes,
  publicKeyFromString,
  publicKeyToString,
  signatureFromBytes,
  signatureFromString,
  signatureToString,
} from '../../../devnet/michelson/encoding';

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const bytes = (h: string): Uint8Array => Uint8Array.from(Buffer.from(h, 'hex'));

const thrown = (f: () => unknown): MichelsonDataError => thrownOf(f, MichelsonDataError);

describe('addresses', () => {
  // Octez `hash data … of type address` packs these as 0x050a00000016 ‖ <22 bytes>.
  const published: [string, string][] = [
    ['tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx', '000002298c03ed7d454a101eb7022bc95f7e5f41ac78'],
    ['tz2VGBaXuS6rnaa5hpC92qkgadRJKdEbeGwc', '0001e5c6d1f726796e98b2bad2a819a36f742b2fe25b'],
    ['tz3WEJYwJ6pPwVbSL8FrSoAXRmFHHZTuEnMA', '00026c9b3ad59e0f8bdc2bd2011675825f9f547131da'],
    ['KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq', '01d1a37c088a1221b636bb5fccb35e05181038ba7c00'],
  ];

  it.each(published)('%s has the protocol binary form %s and prints back unchanged', (b58, raw) => {
    const a = addressFromString(b58);
    expect(hex(a.raw)).toBe(raw);
    expect(a.entrypoint).toBe('');
    expect(addressToString(a)).toBe(b58);
    expect(addressToString(addressFromBytes(bytes(raw))!)).toBe(b58);
  });

  it('tz4 (BLS) addresses use the implicit tag 00 and curve tag 03', () => {
    // Taquito: b58DecodeBlsAddress('tz4QyWfEiv56CVDATV3DT3CDVhPaMKif2Ce8') = 'af2dc3c4…d5eb'.
    const a = addressFromString('tz4QyWfEiv56CVDATV3DT3CDVhPaMKif2Ce8');
    expect(hex(a.raw)).toBe('0003af2dc3c40667abc0e89c0ef40171d22aed08d5eb');
    expect(addressToString(a)).toBe('tz4QyWfEiv56CVDATV3DT3CDVhPaMKif2Ce8');
  });

  it('smart rollup addresses (sr1…) are tagged 03 and padded like originated ones', () => {
    const a = addressFromString('sr1JPVatbbPoGp4vb6VfQ1jzEPMrYFcKq6VG');
    expect(a.raw.length).toBe(22);
    expect(a.raw[0]).toBe(3);
    expect(a.raw[21]).toBe(0);
    expect(addressToString(a)).toBe('sr1JPVatbbPoGp4vb6VfQ1jzEPMrYFcKq6VG');
  });

  it('an entrypoint follows the 22 bytes in the optimized form (Octez: KT1BEqzn…%entrypoint)', () => {
    const a = addressFromString('KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi%entrypoint');
    expect(a.entrypoint).toBe('entrypoint');
    expect(hex(addressToBytes(a))).toBe('011d23c1d3d2f8a4ea5e8784b8f7ecf2ad304c0fe600656e747279706f696e74');
    expect(addressToString(addressFromBytes(addressToBytes(a))!)).toBe(
      'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi%entrypoint',
    );
    // michel-codec's documented example.
    expect(hex(addressToBytes(addressFromString('KT1J4E79F1qL6kGBSQ3yXBdXmuq5j4FNThK2%main')))).toBe(
      '0167ea84b1082efb9619d6ce04e033633906636e1d006d61696e',
    );
  });

  it('a trailing % means the default entrypoint', () => {
    expect(addressFromString('tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx%').entrypoint).toBe('');
  });

  it('rejects a bad checksum with Octez\'s "Invalid contract notation"', () => {
    const e = thrown(() => addressFromString('tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSy'));
    expect(e.message).toBe('Invalid contract notation "tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSy"');
    expect(e.code).toBe('bad_data');
    expect(() => addressFromString('tz1abc')).toThrow('Invalid contract notation "tz1abc"');
    expect(() => addressFromString('')).toThrow(MichelsonDataError);
  });

  it('rejects %default written explicitly and entrypoints over 31 bytes, as Octez', () => {
    expect(() => addressFromString('KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq%default')).toThrow(/default entrypoint/);
    expect(addressFromString(`KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq%${'a'.repeat(31)}`).entrypoint).toHaveLength(31);
    expect(() => addressFromString(`KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq%${'a'.repeat(32)}`)).toThrow(
      /maximum length of 31/,
    );
  });

  it('rejects keys and other hashes where an address is expected', () => {
    expect(() => addressFromString('edpkuBknW28nW72KG6RoHtYW7p12T6GKc7nAbwYX5m8Wd9sDVC9yav')).toThrow(
      MichelsonDataError,
    );
    expect(() => addressFromString('NetXynUjJNZm7wi')).toThrow(MichelsonDataError);
  });

  it('reads the binary form like Octez: unknown tags, short input and "default" give null', () => {
    expect(addressFromBytes(bytes('0002298c03ed7d454a101eb7022bc95f7e5f41ac78'))).toBeNull(); // 21 bytes
    expect(addressFromBytes(bytes('020000000000000000000000000000000000000000000'.slice(0, 44)))).toBeNull(); // tag 02: reserved
    expect(addressFromBytes(bytes('000902298c03ed7d454a101eb7022bc95f7e5f41ac78'))).toBeNull(); // curve tag 09
    expect(
      addressFromBytes(
        bytes(`01d1a37c088a1221b636bb5fccb35e05181038ba7c00${hex(new TextEncoder().encode('default'))}`),
      ),
    ).toBeNull();
  });

  it('ignores the padding byte after an originated hash, as Octez does, and normalizes it', () => {
    const a = addressFromBytes(bytes('01d1a37c088a1221b636bb5fccb35e05181038ba7cff'))!;
    expect(addressToString(a)).toBe('KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq');
    expect(hex(a.raw)).toBe('01d1a37c088a1221b636bb5fccb35e05181038ba7c00');
  });

  it('builds implicit and originated addresses from hashes', () => {
    expect(addressToString(implicitAddress(keyHashFromString('tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx')))).toBe(
      'tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx',
    );
    expect(addressToString(originatedAddress(bytes('d1a37c088a1221b636bb5fccb35e05181038ba7c')))).toBe(
      'KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq',
    );
  });
});

describe('key hashes', () => {
  it('are a curve tag and the 20-byte hash (Octez `hash data … of type key_hash`)', () => {
    expect(hex(keyHashFromString('tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx').raw)).toBe(
      '0002298c03ed7d454a101eb7022bc95f7e5f41ac78',
    );
    expect(hex(keyHashFromString('tz1XPTDmvT3vVE5Uunngmixm7gj7zmdbPq6k').raw)).toBe(
      '0080dfbed18097a4cb62dea643ebc5346600b5204d',
    );
    // Taquito's example gives tz2MVED1… in its implicit-address form 00 ‖ 01 ‖ hash.
    expect(hex(keyHashFromString('tz2MVED1t9Jery77Bwm1m5YhUx8Wp5KWWRQe').raw)).toBe(
      '01907d6a7e9f084df840d6e67ffa8db5464f87d4d1',
    );
    expect(hex(addressFromString('tz2MVED1t9Jery77Bwm1m5YhUx8Wp5KWWRQe').raw)).toBe(
      '0001907d6a7e9f084df840d6e67ffa8db5464f87d4d1',
    );
  });

  it('round-trip through bytes and refuse KT1 addresses', () => {
    const k = keyHashFromBytes(bytes('01907d6a7e9f084df840d6e67ffa8db5464f87d4d1'))!;
    expect(keyHashToString(k)).toBe('tz2MVED1t9Jery77Bwm1m5YhUx8Wp5KWWRQe');
    expect(keyHashFromBytes(bytes('04907d6a7e9f084df840d6e67ffa8db5464f87d4d1'))).toBeNull(); // tz5 (ML-DSA): not supported
    expect(keyHashFromBytes(bytes('0001907d6a7e9f084df840d6e67ffa8db5464f87d4d1'))).toBeNull(); // 22 bytes
    expect(() => keyHashFromString('KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq')).toThrow(MichelsonDataError);
  });
});

describe('public keys', () => {
  it('are a curve tag and the key (Octez `hash data … of type key`, Taquito examples)', () => {
    expect(hex(publicKeyFromString('edpkuBknW28nW72KG6RoHtYW7p12T6GKc7nAbwYX5m8Wd9sDVC9yav').raw)).toBe(
      '004798d2cc98473d7e250c898885718afd2e4efbcb1a1595ab9730761ed830de0f',
    );
    expect(hex(publicKeyFromString('edpkuNjKKT48xBoT5asPrWdmuM1Yw8D93MwgFgVvtca8jb5pstzaCh').raw)).toBe(
      '0060842d4ba23a9940ef5dcf4404fdaa430cfaaccb5029fad06cb5ea894e4562ae',
    );
    expect(
      publicKeyToString(
        publicKeyFromBytes(bytes('02033aba7da4a2e7b5dd9f074555c118829aff16213ea1b65859686bd5fcfeaf3616'))!,
      ),
    ).toBe('p2pk66xmhjiN7LpfrDGFwpxPtJxkLtPjQ6HUxJbKmRbxSR7RMpamDwi');
  });

  it.each([
    'sppk7dBPqMPjDjXgKbb5f7V3PuKUrA4Zuwc3c3H7XqQerqPUWbK7Hna',
    'p2pk66xmhjiN7LpfrDGFwpxPtJxkLtPjQ6HUxJbKmRbxSR7RMpamDwi',
    'BLpk1xXdveUYh7YFsyf6LwGWfv5zAfLvnMG71byiMFDZc4CkXzZPVko3Dz4sD43Ln5uFNvdjiQJY',
  ])('%s round-trips through its binary form', (k) => {
    const key = publicKeyFromString(k);
    expect(publicKeyToString(publicKeyFromBytes(key.raw)!)).toBe(k);
  });

  it('refuse points that are not on their curve (Octez validates secp256k1, p256 and BLS keys)', () => {
    // x = 5 is not the abscissa of a secp256k1 point (5^3 + 7 = 132 is not a square mod p).
    expect(publicKeyFromBytes(bytes(`0102${'00'.repeat(31)}05`))).toBeNull();
    expect(publicKeyFromBytes(bytes(`03${'00'.repeat(48)}`))).toBeNull();
    expect(publicKeyFromBytes(bytes(`00${'00'.repeat(31)}`))).toBeNull(); // ed25519 key one byte short
  });
});

describe('signatures', () => {
  const edsig = 'edsigthTzJ8X7MPmNeEwybRAvdxS1pupqcM5Mk4uCuyZAe7uEk68YpuGDeViW8wSXMrCi5CwoNgqs8V2w8ayB5dMJzrYCHhD8C7';

  it('are their raw 64 bytes with no tag (Octez `hash data … of type signature`)', () => {
    const s = signatureFromString(edsig);
    expect(s.curve).toBe('ed25519');
    expect(hex(s.raw)).toBe(
      '49d47dba27bd76208b092f3e500f64818920c817491b8b9094f28c2c2b9c6721b257b8878ce47182122b8ea84aeacd84a8aa28cb1f1fe48a26355a7bca4b8306',
    );
    expect(signatureToString(s)).toBe(edsig);
  });

  it('read back from 64 bytes as a generic sig…, which decodes to the same bytes', () => {
    const s = signatureFromBytes(signatureFromString(edsig).raw)!;
    expect(s.curve).toBe('generic');
    const generic = signatureToString(s);
    expect(generic.startsWith('sig')).toBe(true);
    expect(hex(signatureFromString(generic).raw)).toBe(hex(s.raw));
  });

  it('accept BLS signatures (96 bytes) and refuse other lengths', () => {
    const bls =
      'BLsigBjEmpFPDQTwjpirWAheQU2G7Tqns2EK9x2xnzpyQEQ1n1P8wVW3KcJTFwzYMBNZLgP8j6ZLqjwhGMwghXi3s2D45wGGvL6Zd4wJuXFqe4DAGgVwiPGoARvJhnaUe5j5x2kVdZP2Vu';
    const s = signatureFromString(bls);
    expect(s.raw.length).toBe(96);
    expect(signatureToString(signatureFromBytes(s.raw)!)).toBe(bls);
    expect(signatureFromBytes(new Uint8Array(65))).toBeNull();
    expect(signatureFromBytes(new Uint8Array(96))).toBeNull(); // not a G2 point
  });

  it('refuse secp256k1 signatures whose r is not below the group order, as libsecp256k1 does', () => {
    const spsig = 'spsig1PPUFZucuAQybs5wsqsNQ68QNgFaBnVKMFaoZZfi1BtNnuCAWnmL9wVy5HfHkR6AeodjVGxpBVVSYcJKyMURn6K1yknYLm';
    expect(signatureFromString(spsig).curve).toBe('secp256k1');
    const bad = signatureToString({ raw: new Uint8Array(64).fill(0xff), curve: 'secp256k1' });
    expect(() => signatureFromString(bad)).toThrow(MichelsonDataError);
  });
});

describe('chain ids', () => {
  it('are 4 bytes behind a Net… prefix (Octez: NetXynUjJNZm7wi = 0xf3d48554)', () => {
    expect(hex(chainIdFromString('NetXynUjJNZm7wi').raw)).toBe('f3d48554');
    expect(chainIdToString(chainIdFromBytes(bytes('f3d48554'))!)).toBe('NetXynUjJNZm7wi');
    expect(chainIdFromBytes(bytes('f3d485'))).toBeNull();
    expect(() => chainIdFromString('NetXynUjJNZm7wj')).toThrow('Invalid chain id notation');
  });
});
