/**
 * TZIP-21 token metadata in the contract's `token_info : map string bytes`: text fields as UTF-8 bytes, structured
 * fields as JSON text bytes (TZIP-12 "Token Metadata Values", TZIP-21), as objkt/Teia/TzKT read them.
 */
import { MichelsonMap } from '@taquito/taquito';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTokenMetadata } from '../../devnet/indexer';
import { MetadataError } from '../../chain/errors';
import { thrown } from '../engine/thrown';
import {
  decodeIndexedMetadata,
  decodeTokenInfo,
  encodeTokenInfo,
  metadataBytes,
  offChainMetadataUri,
  offChainTokenInfo,
  originalToken,
  tileFacts,
  tileTokenMetadata,
  type TokenInfo,
  type TokenMetadata,
} from '../../chain/token-metadata';

const ARTIST = 'tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx';
const BANK = 'tz1gjaF81ZRRvdzjobyfVNsAeSC6PScjfQwN';
const utf8 = (hex: string | undefined): string => Buffer.from(hex ?? '', 'hex').toString('utf8');

const sunflowers = (editionSize: number): TokenMetadata =>
  tileTokenMetadata({
    title: 'Sunflowers',
    artist: 'Vincent',
    creators: [ARTIST],
    description: 'A tile of the Tezos Pole board.',
    listPrice: 200,
    multiplier: 1.5,
    editionSize,
    gameId: 'g-42',
    artifact: {
      uri: 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
      mimeType: 'image/png',
      dimensions: { value: '1024x1024', unit: 'px' },
    },
    thumbnail: { uri: 'data:image/svg+xml;base64,PHN2Zy8+', mimeType: 'image/svg+xml' },
    minter: BANK,
  });

const errorOf = (f: () => unknown): MetadataError => thrown(f, MetadataError);

describe('tile token metadata', () => {
  it('names the token "Title — Artist", decimals 0, the artist as creator and objkt-style royalty receiver', () => {
    const m = sunflowers(5);
    expect(m.name).toBe('Sunflowers — Vincent');
    expect(m.decimals).toBe(0);
    expect(m.creators).toEqual([ARTIST]);
    // objkt: share / 10^decimals of the sale, here 1000 / 10^4 = 10%.
    expect(m.royalties).toEqual({ decimals: 4, shares: { [ARTIST]: 1000 } });
    expect(m.artifactUri).toMatch(/^ipfs:\/\//);
    expect(m.displayUri).toBe(m.artifactUri);
    expect(m.thumbnailUri).toMatch(/^data:image\/svg\+xml/);
    expect(m.formats).toEqual([
      { uri: m.artifactUri, mimeType: 'image/png', dimensions: { value: '1024x1024', unit: 'px' } },
      { uri: m.thumbnailUri, mimeType: 'image/svg+xml' },
    ]);
    expect(m.isBooleanAmount).toBeUndefined();
  });

  it('carries list price, multiplier, edition size and game id as TZIP-21 attributes', () => {
    const m = sunflowers(5);
    expect(m.attributes).toEqual([
      { name: 'Artist', value: 'Vincent', type: 'string' },
      { name: 'List price', value: '200', type: 'integer' },
      { name: 'Multiplier', value: '1.5', type: 'number' },
      { name: 'Edition size', value: '5', type: 'integer' },
      { name: 'Game', value: 'g-42', type: 'string' },
    ]);
    expect(tileFacts(m)).toEqual({ listPrice: 200, multiplier: 1.5, editionSize: 5, gameId: 'g-42' });
    expect(tileFacts({ attributes: [] })).toBeNull();
  });

  it('a work featured from an FA2 token: its creators share the royalty equally (exactly 10 % in all), and it names the original token', () => {
    const [a, b, c] = [ARTIST, BANK, 'tz1burnburnburnburnburnburnburjAYjjX'];
    const m = tileTokenMetadata({
      title: 'Sunfold',
      artist: 'Rafa Quintero',
      creators: [a, b, c, a],
      listPrice: 120,
      multiplier: 2,
      editionSize: 3,
      gameId: 'g-43',
      artifact: { uri: 'ipfs://bafkreisunfold', mimeType: 'image/png' },
      origin: { contract: 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi', tokenId: '11' },
    });
    expect(m.creators).toEqual([a, b, c]);
    expect(m.royalties).toEqual({ decimals: 4, shares: { [a]: 334, [b]: 333, [c]: 333 } });
    expect(m.attributes).toContainEqual({
      name: 'Original token',
      value: 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi/11',
      type: 'string',
    });
    expect(originalToken(decodeTokenInfo(encodeTokenInfo(m)))).toEqual({
      contract: 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi',
      tokenId: '11',
    });
    expect(originalToken(sunflowers(1))).toBeNull();
  });

  it('a 1/1 is a boolean amount (wallets show no quantity)', () => {
    expect(sunflowers(1).isBooleanAmount).toBe(true);
  });

  it('credits a work whose artist has no wallet by name, with no royalty and the board named as its collection', () => {
    const m = tileTokenMetadata({
      title: 'Harbour at Dusk',
      artist: 'Ines Varga',
      creators: ['Ines Varga'],
      collection: 'Genesis',
      listPrice: 100,
      multiplier: 1,
      editionSize: 2,
      gameId: 'g-44',
      artifact: { uri: 'ipfs://bafkreiharbour', mimeType: 'image/svg+xml' },
      minter: BANK,
    });
    expect(m.name).toBe('Harbour at Dusk — Ines Varga');
    expect(m.creators).toEqual(['Ines Varga']);
    expect(m.royalties).toBeUndefined();
    expect(m.minter).toBe(BANK);
    expect(m.attributes.slice(0, 2)).toEqual([
      { name: 'Artist', value: 'Ines Varga', type: 'string' },
      { name: 'Collection', value: 'Genesis', type: 'string' },
    ]);
  });

  it('refuses bad fields with METADATA_INVALID naming each one', () => {
    const e = errorOf(() =>
      tileTokenMetadata({
        title: 'T',
        artist: 'A',
        creators: ['tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSy'],
        listPrice: 10,
        multiplier: 1,
        editionSize: 1,
        gameId: 'g',
        artifact: { uri: 'http://insecure.example/a.png', mimeType: 'image/png' },
      }),
    );
    expect(e.code).toBe('METADATA_INVALID');
    expect(e.issues.some((i) => i.startsWith('artifactUri'))).toBe(true);
    expect(e.issues.some((i) => i.startsWith('creators.0') && i.includes('checksum'))).toBe(true);
    const over = errorOf(() =>
      tileTokenMetadata({
        title: 'T',
        artist: 'A',
        creators: [ARTIST],
        listPrice: 10,
        multiplier: 1,
        editionSize: 1,
        gameId: 'g',
        artifact: { uri: 'ipfs://x', mimeType: 'image/png' },
        royaltyBps: 10_001,
      }),
    );
    expect(over.issues).toEqual(['royalties: shares add up to more than 100%']);
  });
});

describe('token_info bytes', () => {
  it('text fields are their UTF-8 bytes: decimals "0" is 0x30, the em dash is e2 80 94', () => {
    const info = encodeTokenInfo(sunflowers(1));
    expect(info.decimals).toBe('30');
    expect(info.name).toBe(
      Buffer.from('Sunflowers ', 'utf8').toString('hex') + 'e28094' + Buffer.from(' Vincent', 'utf8').toString('hex'),
    );
    expect(utf8(info.artifactUri)).toBe('ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi');
  });

  it('structured fields are JSON text bytes', () => {
    const info = encodeTokenInfo(sunflowers(1));
    expect(utf8(info.creators)).toBe(`["${ARTIST}"]`);
    expect(utf8(info.royalties)).toBe(`{"decimals":4,"shares":{"${ARTIST}":1000}}`);
    expect(utf8(info.isBooleanAmount)).toBe('true');
    expect(JSON.parse(utf8(info.attributes))).toHaveLength(5);
    expect(JSON.parse(utf8(info.formats))).toEqual(sunflowers(1).formats);
  });

  it('off-chain metadata: token_info holds only the "" key, the URI of JSON whose bytes are the same however it was serialized', () => {
    const uri = 'ipfs://bafkreicqig7r64j56ichqq2t5axwusstley4wzhr6s2kllvp7s3sbemlei';
    const info = offChainTokenInfo(uri);
    expect(Object.keys(info)).toEqual(['']);
    expect(utf8(info[''])).toBe(uri);
    expect(offChainMetadataUri(info)).toBe(uri);
    expect(offChainMetadataUri(encodeTokenInfo(sunflowers(1)))).toBeNull();
    const m = sunflowers(2);
    const reordered = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(m).reverse()))) as TokenMetadata;
    expect(Buffer.from(metadataBytes(reordered)).equals(Buffer.from(metadataBytes(m)))).toBe(true);
    expect(JSON.parse(new TextDecoder().decode(metadataBytes(m)))).toEqual(m);
  });

  it('keys come in Michelson map order (sorted), absent optional fields are left out', () => {
    const info = encodeTokenInfo(sunflowers(3));
    const keys = Object.keys(info);
    expect(keys).toEqual([...keys].sort());
    expect(keys).not.toContain('isBooleanAmount');
    expect(keys).not.toContain('symbol');
  });

  it('decodes what it encodes, from a record, a Map or a Taquito MichelsonMap', () => {
    const m = sunflowers(1);
    const info = encodeTokenInfo(m);
    expect(decodeTokenInfo(info)).toEqual(m);
    expect(decodeTokenInfo(new Map(Object.entries(info)))).toEqual(m);
    const mm = new MichelsonMap<string, string>();
    for (const [k, v] of Object.entries(info)) mm.set(k, v);
    expect(decodeTokenInfo(mm)).toEqual(m);
  });

  it('round-trips any valid metadata (property)', () => {
    const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(
        text,
        text,
        fc.string({ unit: 'grapheme', maxLength: 80 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (title, artist, description, editionSize, bps) => {
          const m = tileTokenMetadata({
            title,
            artist,
            creators: [ARTIST],
            description,
            listPrice: 10 * editionSize,
            multiplier: 2.25,
            editionSize,
            gameId: title,
            artifact: { uri: 'https://example.org/a.png', mimeType: 'image/png' },
            royaltyBps: bps,
          });
          expect(decodeTokenInfo(encodeTokenInfo(m))).toEqual(m);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('ignores keys it does not write (the "" off-chain pointer, others), keeping the rest', () => {
    const info: TokenInfo = {
      ...encodeTokenInfo(sunflowers(2)),
      '': Buffer.from('ipfs://Qm', 'utf8').toString('hex'),
      rarity: '01',
    };
    expect(decodeTokenInfo(info)).toEqual(sunflowers(2));
  });

  it('refuses bytes that are not hex, not UTF-8, or not JSON where JSON is expected (METADATA_BAD_BYTES)', () => {
    const good = encodeTokenInfo(sunflowers(2));
    expect(errorOf(() => decodeTokenInfo({ ...good, name: 'zz' }))).toMatchObject({
      code: 'METADATA_BAD_BYTES',
      issues: ['name'],
    });
    expect(errorOf(() => decodeTokenInfo({ ...good, name: 'ff' }))).toMatchObject({
      code: 'METADATA_BAD_BYTES',
      issues: ['name'],
    });
    expect(
      errorOf(() => decodeTokenInfo({ ...good, creators: Buffer.from('tz1…', 'utf8').toString('hex') })),
    ).toMatchObject({ code: 'METADATA_BAD_BYTES', issues: ['creators'] });
  });

  it('refuses well-formed bytes holding invalid metadata (METADATA_INVALID)', () => {
    const good = encodeTokenInfo(sunflowers(2));
    const { name: _name, ...noName } = good;
    expect(errorOf(() => decodeTokenInfo(noName)).issues).toEqual([
      'name: Invalid input: expected string, received undefined',
    ]);
    expect(
      errorOf(() => decodeTokenInfo({ ...good, decimals: Buffer.from('zero', 'utf8').toString('hex') })).issues[0],
    ).toMatch(/^decimals/);
    expect(
      errorOf(() => decodeTokenInfo({ ...good, creators: Buffer.from('[]', 'utf8').toString('hex') })).issues[0],
    ).toMatch(/^creators/);
  });
});

describe('as the indexer shows it', () => {
  it("the devnet's TzKT API decodes the bytes to the same metadata (scalars as text, JSON fields as JSON)", () => {
    const m = sunflowers(1);
    const info = encodeTokenInfo(m);
    const value = {
      prim: 'Pair',
      args: [
        { int: '7' },
        Object.entries(info).map(([k, v]) => ({ prim: 'Elt', args: [{ string: k }, { bytes: v }] })),
      ],
    };
    const indexed = readTokenMetadata(value);
    expect(indexed?.tokenId).toBe(7n);
    expect(indexed?.metadata).toMatchObject({
      name: 'Sunflowers — Vincent',
      decimals: '0',
      isBooleanAmount: 'true',
      creators: [ARTIST],
    });
    expect(decodeIndexedMetadata(indexed?.metadata)).toEqual(m);
  });

  it('refuses an indexed value that is not an object', () => {
    expect(errorOf(() => decodeIndexedMetadata(null)).code).toBe('METADATA_INVALID');
    expect(errorOf(() => decodeIndexedMetadata({ name: 'x' })).code).toBe('METADATA_INVALID');
  });
});
