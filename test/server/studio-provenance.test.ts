/**
 * Provenance in the artist studio, on an in-process devnet with the editions contract and its TzKT API (read with the
 * real TzKT client, nothing mocked): a token may be featured only by one of its TZIP-21 creators — or, for a token
 * that names none, by its contract's admin or a minter — and the piece keeps the token's creators as its royalty
 * receivers; the terms a token's attributes carry are read; a piece (or a token) appears once on a board; a data:
 * image must be the image it says it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAccount, type Devnet } from '../../devnet/node';
import { Fa2Editions, tileTokenMetadata } from '../../chain';
import { openPgliteStore, type GameStore } from '../../server';
import {
  composeBoard,
  createBoard,
  createPiece,
  EVENT_PALETTE,
  listPieces,
  readFa2Token,
  type PieceInput,
} from '../../server/studio';
import { devnetWithContract } from '../../scripts/lib/devnet-contract';
import { hostError } from './helpers';

const ADMIN = bootstrapAccount(1);
const BANK = bootstrapAccount(2);
const RAFA = bootstrapAccount(3).address;
const BEA = bootstrapAccount(4).address;
const CAI = bootstrapAccount(5).address;

let store: GameStore;
let devnet: Devnet;
let kt = '';
/** Created by the bank, TZIP-21 creators [RAFA], with this app's attributes. */
const SUNFOLD = '0';
/** Created by the bank, no creators; another minter's lowercase attributes and an `artist` attribute. */
const DAWN = '1';

const hex = (text: string): string => Buffer.from(text, 'utf8').toString('hex');

const count = async (table: 'pieces' | 'boards'): Promise<number> =>
  Number((await store.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);

const featured = (tokenId: string, extra: Partial<PieceInput> = {}): PieceInput => ({
  title: 'Sunfold',
  source: { contract: kt, tokenId },
  editionSize: 3,
  price: 120,
  multiplier: 2,
  ...extra,
});

beforeAll(async () => {
  store = await openPgliteStore();
  const started = await devnetWithContract({ admin: ADMIN, minter: BANK.address });
  devnet = started.devnet;
  kt = started.contract.address;
  const bank = Fa2Editions.at(started.toolkit(BANK.secretKey), kt);
  const sunfold = tileTokenMetadata({
    title: 'Sunfold',
    artist: 'Rafa Quintero',
    creators: [RAFA],
    listPrice: 150,
    multiplier: 2.5,
    editionSize: 3,
    gameId: 'an-earlier-game',
    artifact: { uri: 'ipfs://bafkreisunfold/sunfold.png', mimeType: 'image/png' },
  });
  const dawn = {
    name: hex('Untitled Dawn'),
    decimals: hex('0'),
    artifactUri: hex('ipfs://bafkreidawn'),
    attributes: hex(
      JSON.stringify([
        { name: 'price', value: '90' },
        { name: 'multiplier', value: '1.5' },
        { name: 'editions', value: '4' },
        { name: 'artist', value: 'Rafa Quintero' },
      ]),
    ),
  };
  await bank.send(
    bank.createTokens([
      { maxSupply: 3, creator: BANK.address, metadata: sunfold },
      { maxSupply: 4, creator: BANK.address, tokenInfo: dawn },
    ]),
  );
  await bank.send(
    bank.mint([
      { tokenId: 0, to: RAFA, amount: 1 },
      { tokenId: 1, to: BANK.address, amount: 1 },
    ]),
  );
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
  await store?.close();
});

describe('featuring an FA2 token (only its creators)', () => {
  it('refuses a wallet that is not among the token’s creators with 403 NOT_TOKEN_CREATOR naming them, and stores nothing', async () => {
    const before = await count('pieces');
    const e = await hostError(createPiece(store.sql, BEA, featured(SUNFOLD), { tzktUrl: devnet.tzktUrl }));
    expect([e.status, e.code]).toEqual([403, 'NOT_TOKEN_CREATOR']);
    expect(e.message).toContain(RAFA);
    expect(e.message).toContain(`token 0 of ${kt}`);
    // The browser cannot bring its own creators: the field is not part of a piece as sent.
    const smuggled = await hostError(
      createPiece(store.sql, BEA, { ...featured(SUNFOLD), creators: [BEA] }, { tzktUrl: devnet.tzktUrl }),
    );
    expect([smuggled.status, smuggled.code]).toEqual([422, 'BAD_PIECE']);
    expect(await count('pieces')).toBe(before);
  });

  it('accepts the creator and keeps the token’s creators, its token and contract with the piece', async () => {
    const piece = await createPiece(store.sql, RAFA, featured(SUNFOLD, { artistName: 'Rafa Q.' }), {
      tzktUrl: devnet.tzktUrl,
    });
    expect(piece).toMatchObject({
      artist: RAFA,
      creators: [RAFA],
      source: { contract: kt, tokenId: SUNFOLD },
      // The token names its artist (its "Artist" attribute): that name, not a typed one, goes on the tile.
      artistName: 'Rafa Quintero',
    });
    expect(
      (await listPieces(store.sql, RAFA, { limit: 48, after: null })).items.find((p) => p.id === piece.id),
    ).toEqual(piece);
  });

  it('a token with no creators: only its contract’s admin or a minter may feature it; the token’s artist name wins', async () => {
    const e = await hostError(createPiece(store.sql, BEA, featured(DAWN), { tzktUrl: devnet.tzktUrl }));
    expect([e.status, e.code]).toEqual([403, 'NOT_TOKEN_CREATOR']);
    expect(e.message).toContain('names no creators');
    expect(e.message).toContain(`${ADMIN.address} (admin)`);
    expect(e.message).toContain(`${BANK.address} (minter)`);
    const byMinter = await createPiece(
      store.sql,
      BANK.address,
      featured(DAWN, { title: 'Untitled Dawn', artistName: 'Someone else' }),
      { tzktUrl: devnet.tzktUrl },
    );
    expect(byMinter).toMatchObject({
      creators: [BANK.address],
      artistName: 'Rafa Quintero',
      source: { contract: kt, tokenId: DAWN },
    });
    const byAdmin = await createPiece(store.sql, ADMIN.address, featured(DAWN, { title: 'Untitled Dawn' }), {
      tzktUrl: devnet.tzktUrl,
    });
    expect(byAdmin.creators).toEqual([ADMIN.address]);
  });

  it('cannot check without an indexer: 503, nothing stored; a piece entered by hand needs none', async () => {
    const e = await hostError(createPiece(store.sql, RAFA, featured(SUNFOLD)));
    expect([e.status, e.code]).toEqual([503, 'INDEXER_UNAVAILABLE']);
    const byHand = await createPiece(store.sql, CAI, { title: 'By hand', editionSize: 1, price: 50, multiplier: 1 });
    expect(byHand.creators).toEqual([CAI]);
  });

  it('reads the list price, multiplier, edition size and artist from the token’s attributes, in this app’s names or lowercase ones', async () => {
    expect(await readFa2Token(devnet.tzktUrl, kt, SUNFOLD)).toMatchObject({
      creators: [RAFA],
      price: 150,
      multiplier: 2.5,
      editionSize: 3,
    });
    expect(await readFa2Token(devnet.tzktUrl, kt, DAWN)).toMatchObject({
      title: 'Untitled Dawn',
      creators: [],
      price: 90,
      multiplier: 1.5,
      editionSize: 4,
      artistName: 'Rafa Quintero',
    });
  });
});

describe('supply integrity on a board', () => {
  it('refuses a piece twice, or two pieces of one token, with 422 DUPLICATE_PIECE and stores nothing', async () => {
    const sunfold = await createPiece(store.sql, RAFA, featured(SUNFOLD), { tzktUrl: devnet.tzktUrl });
    const again = await createPiece(store.sql, RAFA, featured(SUNFOLD, { title: 'Sunfold (again)', editionSize: 3 }), {
      tzktUrl: devnet.tzktUrl,
    });
    const before = await count('boards');
    /** A ring of Sunfold, two events and `second`: refused. */
    const ringWith = (name: string, second: { id: string }) =>
      hostError(
        createBoard(store.sql, BEA, {
          name,
          slots: [
            { kind: 'piece', pieceId: sunfold.id },
            ...EVENT_PALETTE.slice(0, 2),
            { kind: 'piece', pieceId: second.id },
          ],
        }),
      );
    const twice = await ringWith('Twice', sunfold);
    expect([twice.status, twice.code]).toEqual([422, 'DUPLICATE_PIECE']);
    expect(twice.message).toBe(
      '“Sunfold” is already tile 1 of the ring: a piece appears once, so its edition of 3 is every copy of it in the game.',
    );
    const sameToken = await ringWith('Same token', again);
    expect([sameToken.status, sameToken.code]).toEqual([422, 'DUPLICATE_PIECE']);
    expect(sameToken.message).toContain(`token ${kt}/0`);
    expect(await count('boards')).toBe(before);
  });

  it('each tile carries its work’s creators, image and original token, whoever builds the board', async () => {
    const sunfold = await createPiece(
      store.sql,
      RAFA,
      featured(SUNFOLD, { imageUri: 'ipfs://bafkreisunfold/sunfold.png' }),
      { tzktUrl: devnet.tzktUrl },
    );
    const board = await createBoard(store.sql, BEA, {
      name: 'Featured',
      slots: [{ kind: 'piece', pieceId: sunfold.id }, ...EVENT_PALETTE.slice(0, 3)],
    });
    expect(board.board.tiles[1]).toMatchObject({
      kind: 'artist',
      editionSize: 3,
      creators: [RAFA],
      origin: { contract: kt, tokenId: SUNFOLD },
      image: { uri: 'ipfs://bafkreisunfold/sunfold.png', mimeType: 'image/png' },
    });
    expect(board.extras.artists).toEqual({ sunfold: RAFA });
  });

  it('refuses a piece featured from a token before creators were checked (422 UNVERIFIED_PIECE)', async () => {
    const legacy = {
      id: 'legacy-piece',
      title: 'Taken',
      editionSize: 1,
      price: 100,
      multiplier: 1,
      source: { contract: kt, tokenId: SUNFOLD },
    };
    await store.sql.query('INSERT INTO pieces (id, artist, piece) VALUES ($1, $2, $3::jsonb)', [
      legacy.id,
      BEA,
      JSON.stringify(legacy),
    ]);
    const e = await hostError(
      createBoard(store.sql, BEA, {
        name: 'Legacy',
        slots: [{ kind: 'piece', pieceId: legacy.id }, ...EVENT_PALETTE.slice(0, 3)],
      }),
    );
    expect([e.status, e.code]).toEqual([422, 'UNVERIFIED_PIECE']);
    // The builder in the browser runs the same code and gives the same verdict.
    expect(() =>
      composeBoard(
        { name: 'Legacy', slots: [{ kind: 'piece', pieceId: legacy.id }, ...EVENT_PALETTE.slice(0, 3)] },
        new Map([[legacy.id, { ...legacy, artist: BEA, createdAt: '' }]]),
      ),
    ).toThrow(/UNVERIFIED|featured from token/);
  });
});

describe('studio images', () => {
  const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]).toString('base64');
  const hand = (imageUri: string, imageMimeType?: string): PieceInput => ({
    title: 'Image test',
    editionSize: 1,
    price: 50,
    multiplier: 1,
    imageUri,
    ...(imageMimeType ? { imageMimeType } : {}),
  });

  it('refuses a data: URI whose bytes are not the image it declares with 422 BAD_IMAGE, and stores nothing', async () => {
    const before = await count('pieces');
    const lie = await hostError(createPiece(store.sql, CAI, hand(`data:image/png;base64,${JPEG}`)));
    expect([lie.status, lie.code, lie.message]).toEqual([
      422,
      'BAD_IMAGE',
      'imageUri: the data: URI says PNG but its 12 bytes are a JPEG image',
    ]);
    const text = await hostError(
      createPiece(store.sql, CAI, hand(`data:image/png;base64,${Buffer.from('hello').toString('base64')}`)),
    );
    expect(text.message).toContain('are not a PNG image');
    const bmp = await hostError(createPiece(store.sql, CAI, hand('data:image/bmp;base64,Qk0=')));
    expect([bmp.code, bmp.message]).toEqual([
      'BAD_IMAGE',
      expect.stringContaining('image/bmp, not a supported image format (PNG, JPEG, GIF, WebP, SVG, AVIF)'),
    ]);
    const disagree = await hostError(createPiece(store.sql, CAI, hand(`data:image/png;base64,${PNG}`, 'image/jpeg')));
    expect(disagree.message).toContain('holds PNG but the piece says JPEG');
    const unsupported = await hostError(createPiece(store.sql, CAI, hand('ipfs://bafkreitiff', 'image/tiff')));
    expect(unsupported.code).toBe('BAD_IMAGE');
    expect(await count('pieces')).toBe(before);
  });

  it('accepts a data: image that is what it says (PNG bytes, an SVG document)', async () => {
    expect((await createPiece(store.sql, CAI, hand(`data:image/png;base64,${PNG}`))).imageUri).toMatch(
      /^data:image\/png/,
    );
    const svg = `data:image/svg+xml,${encodeURIComponent('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>')}`;
    expect((await createPiece(store.sql, CAI, hand(svg))).imageUri).toBe(svg);
  });
});
