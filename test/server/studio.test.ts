/**
 * The artist studio's server code over an in-memory PGlite: pieces validated and stored with their artist, boards
 * composed from pieces and event tiles that the engine accepts (or a coded refusal with nothing stored), and the
 * import of a real FA2 token's metadata from an in-process devnet through its TzKT API. Nothing is mocked.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAccount, type Devnet } from '../../devnet/node';
import { Fa2Editions, planGameTokens, tileTokenMetadata } from '../../chain';
import { ipfsUri, smallContentCid } from '../../chain/ipfs/content';
import { generatedArtUri } from '../../chain/tile-art';
import { parseBoard } from '../../engine/pole';
import { openPgliteStore, type GameStore } from '../../server';
import {
  createBoard,
  createPiece,
  deletePiece,
  EVENT_PALETTE,
  getBoard,
  getPiece,
  listBoards,
  listPieces,
  PAGE_SIZE,
  pageRequest,
  readFa2Token,
  STUDIO_QUOTA,
  type PieceInput,
} from '../../server/studio';
import { pieceArtId } from '../../chain/studio/schema';
import { devnetWithContract } from '../../scripts/lib/devnet-contract';
import { hostError } from './helpers';

const ADA = bootstrapAccount(3).address;
const BEA = bootstrapAccount(4).address;
/** The newest pieces or boards, as many as one page may hold. */
const FIRST_PAGE = { limit: PAGE_SIZE.max, after: null };

let store: GameStore;

const WAVE: PieceInput = {
  title: 'The Great Wave',
  description: 'A wave, off the coast.',
  imageUri: 'ipfs://bafkreigreatwave/wave.jpg',
  editionSize: 1,
  price: 200,
  multiplier: 2,
};

beforeAll(async () => {
  store = await openPgliteStore();
});

afterAll(async () => {
  await store?.close();
});

const count = async (table: 'pieces' | 'boards'): Promise<number> =>
  Number((await store.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);

describe('featured pieces', () => {
  it('stores a valid piece with its artist and lists it under that artist only', async () => {
    const piece = await createPiece(store.sql, ADA, WAVE);
    expect(piece).toMatchObject({ ...WAVE, artist: ADA });
    expect(piece.id).toMatch(/^[\w-]{12}$/);
    expect(await getPiece(store.sql, piece.id)).toEqual(piece);
    expect((await listPieces(store.sql, ADA, FIRST_PAGE)).items.map((p) => p.id)).toContain(piece.id);
    expect((await listPieces(store.sql, BEA, FIRST_PAGE)).items.map((p) => p.id)).not.toContain(piece.id);
    expect((await listPieces(store.sql, undefined, FIRST_PAGE)).items.map((p) => p.id)).toContain(piece.id);
  });

  it('refuses a piece outside the engine’s artist-tile limits, naming each field, and stores nothing', async () => {
    const before = await count('pieces');
    const bad = { title: '  ', editionSize: 0, price: 5, multiplier: 1.234, imageUri: 'http://example.org/x.png' };
    const e = await hostError(createPiece(store.sql, ADA, bad));
    expect([e.status, e.code]).toEqual([422, 'BAD_PIECE']);
    for (const field of ['title', 'editionSize', 'price', 'multiplier', 'imageUri'])
      expect(e.message).toContain(`${field}:`);
    expect((await hostError(createPiece(store.sql, ADA, { ...WAVE, price: 100_001 }))).code).toBe('BAD_PIECE');
    expect((await hostError(createPiece(store.sql, ADA, { ...WAVE, editionSize: 1001 }))).code).toBe('BAD_PIECE');
    expect(
      (await hostError(createPiece(store.sql, ADA, { ...WAVE, source: { contract: 'KT1nope', tokenId: '0' } }))).code,
    ).toBe('BAD_PIECE');
    expect((await hostError(createPiece(store.sql, 'not-an-address', WAVE))).code).toBe('BAD_ADDRESS');
    expect(await count('pieces')).toBe(before);
  });

  it('lets only the artist remove a piece: another artist gets 403 and the piece stays', async () => {
    const piece = await createPiece(store.sql, ADA, { ...WAVE, title: 'Removable' });
    const e = await hostError(deletePiece(store.sql, BEA, piece.id));
    expect([e.status, e.code]).toEqual([403, 'NOT_YOUR_PIECE']);
    expect(await getPiece(store.sql, piece.id)).toEqual(piece);
    await deletePiece(store.sql, ADA, piece.id);
    expect((await hostError(getPiece(store.sql, piece.id))).code).toBe('PIECE_NOT_FOUND');
    expect((await hostError(deletePiece(store.sql, ADA, piece.id))).status).toBe(404);
  });
});

describe('what one wallet may keep, read a page at a time', () => {
  const CAL = bootstrapAccount(6).address;
  const DEV = bootstrapAccount(7).address;

  it('pages through every piece newest first, never repeating or skipping one, and caps the page size', async () => {
    const made: string[] = [];
    for (let i = 0; i < 30; i++) made.push((await createPiece(store.sql, CAL, { ...WAVE, title: `Wave ${i}` })).id);
    const seen: string[] = [];
    let next: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const url = new URL(`http://x/?limit=7${next ? `&after=${next}` : ''}`);
      const page = await listPieces(store.sql, CAL, pageRequest(url));
      expect(page.items.length).toBeLessThanOrEqual(7);
      seen.push(...page.items.map((p) => p.id));
      // A piece featured between two reads comes first, on no later page: nothing repeats.
      if (pages === 1) await createPiece(store.sql, CAL, { ...WAVE, title: 'Meanwhile' });
      next = page.next;
      if (next === null) break;
    }
    // Every piece once, in the list's own order (newest first; pieces made in the same microsecond by id).
    const whole = (await listPieces(store.sql, CAL, FIRST_PAGE)).items.filter((p) => p.title !== 'Meanwhile');
    expect(seen).toEqual(whole.map((p) => p.id));
    expect([...seen].sort()).toEqual([...made].sort());
    // The default page and the hard cap; a bad cursor or size is a coded 400.
    expect((await listPieces(store.sql, CAL, pageRequest(new URL('http://x/')))).items).toHaveLength(PAGE_SIZE.default);
    for (const query of ['limit=500', 'limit=0', 'limit=2.5', 'after=bm9wZQ', 'after=%00'])
      expect((await hostError(Promise.resolve().then(() => pageRequest(new URL(`http://x/?${query}`))))).code).toBe(
        'MALFORMED_REQUEST',
      );
  });

  it('refuses a piece past the wallet’s count or bytes with 409 STUDIO_QUOTA, storing nothing; another wallet is free', async () => {
    // Fill Dev's quota of pieces directly (as many requests over days would), one short of full.
    await store.sql.query(
      `INSERT INTO pieces (id, artist, piece) SELECT 'q' || g, $1, $2::jsonb FROM generate_series(1, $3) AS g`,
      [DEV, JSON.stringify({ ...WAVE, creators: [DEV] }), STUDIO_QUOTA.pieces.count - 1],
    );
    await createPiece(store.sql, DEV, WAVE);
    const before = await count('pieces');
    const full = await hostError(createPiece(store.sql, DEV, WAVE));
    expect([full.status, full.code]).toEqual([409, 'STUDIO_QUOTA']);
    expect(full.message).toContain(`${STUDIO_QUOTA.pieces.count} featured pieces`);
    expect(await count('pieces')).toBe(before);
    await createPiece(store.sql, BEA, WAVE);
    // Bytes: a few pieces of large embedded images reach the byte quota long before the count.
    await store.sql.query('DELETE FROM pieces WHERE artist = $1', [DEV]);
    const big = 'x'.repeat(1024 * 1024);
    const fill = Math.floor(STUDIO_QUOTA.pieces.bytes / big.length);
    await store.sql.query(
      `INSERT INTO pieces (id, artist, piece) SELECT 'b' || g, $1, $2::jsonb FROM generate_series(1, $3) AS g`,
      [DEV, JSON.stringify({ ...WAVE, description: big }), fill],
    );
    const bytes = await hostError(createPiece(store.sql, DEV, WAVE));
    expect([bytes.status, bytes.code]).toEqual([409, 'STUDIO_QUOTA']);
    expect(bytes.message).toMatch(/MiB of the 20 MiB one wallet may keep/);
  });
});

describe('studio boards', () => {
  it('composes pieces and event tiles after GO into a board the engine accepts, with the artists’ wallets and images as extras', async () => {
    const wave = await createPiece(store.sql, ADA, WAVE);
    const fuji = await createPiece(store.sql, BEA, {
      title: 'Red Fuji',
      artistName: 'Katsushika Hokusai',
      imageUri: 'data:image/svg+xml;base64,PHN2Zy8+',
      editionSize: 5,
      price: 120,
      multiplier: 1.5,
    });
    const plain = await createPiece(store.sql, BEA, { title: 'Red Fuji', editionSize: 1, price: 60, multiplier: 1 });
    const [airdrop, congestion] = EVENT_PALETTE;
    const stored = await createBoard(store.sql, ADA, {
      name: 'Ukiyo-e Ring',
      slots: [
        { kind: 'piece', pieceId: wave.id },
        airdrop!,
        { kind: 'piece', pieceId: fuji.id },
        congestion!,
        { kind: 'piece', pieceId: plain.id },
        {
          kind: 'event',
          name: 'Free Fuji',
          text: 'Take a free copy of Red Fuji.',
          effect: { kind: 'freeCopy', tile: 'red-fuji' },
        },
      ],
    });
    expect(parseBoard(stored.board)).toEqual(stored.board);
    expect(stored.board.tiles.map((t) => [t.kind, t.id])).toEqual([
      ['go', 'go'],
      ['artist', 'the-great-wave'],
      ['event', 'airdrop'],
      ['artist', 'red-fuji'],
      ['event', 'network-congestion'],
      ['artist', 'red-fuji-2'],
      ['event', 'free-fuji'],
    ]);
    expect(stored.board.tiles[1]).toMatchObject({
      title: 'The Great Wave',
      price: 200,
      multiplier: 2,
      editionSize: 1,
      description: 'A wave, off the coast.',
    });
    // The tile prints the artist's name when the piece has one, else the artist's short address.
    expect(stored.board.tiles.filter((t) => t.kind === 'artist').map((t) => (t as { artist: string }).artist)).toEqual([
      `${ADA.slice(0, 6)}…${ADA.slice(-4)}`,
      'Katsushika Hokusai',
      `${BEA.slice(0, 6)}…${BEA.slice(-4)}`,
    ]);
    expect(stored.extras).toEqual({
      artists: { 'the-great-wave': ADA, 'red-fuji': BEA, 'red-fuji-2': BEA },
      images: {
        'the-great-wave': { artifact: { uri: WAVE.imageUri, mimeType: 'image/jpeg' } },
        'red-fuji': { artifact: { uri: 'data:image/svg+xml;base64,PHN2Zy8+', mimeType: 'image/svg+xml' } },
        // A piece without an image: the generated art its studio card shows, baked into the board.
        'red-fuji-2': {
          artifact: { uri: generatedArtUri(pieceArtId(plain.id), 'Red Fuji'), mimeType: 'image/svg+xml' },
        },
      },
    });
    expect(stored.board.tiles[5]).toMatchObject({
      image: { uri: generatedArtUri(pieceArtId(plain.id), 'Red Fuji'), mimeType: 'image/svg+xml' },
    });
    // Read back as stored; the extras are the chain layer's PlanOptions: the artist is each token's creator.
    const read = await getBoard(store.sql, stored.id);
    expect(read).toEqual(stored);
    const plan = planGameTokens(read.board, 'studio-game', { bank: bootstrapAccount(2).address, ...read.extras });
    // An inline image goes on IPFS: the token names its bytes by CID.
    const inline = (uri: string) => ipfsUri(smallContentCid(Buffer.from(uri.split(',')[1]!, 'base64')));
    expect(plan.tokens.map((t) => [t.tileId, t.creator, t.metadata.artifactUri])).toEqual([
      ['the-great-wave', ADA, WAVE.imageUri],
      ['red-fuji', BEA, inline('data:image/svg+xml;base64,PHN2Zy8+')],
      ['red-fuji-2', BEA, inline(generatedArtUri(pieceArtId(plain.id), 'Red Fuji'))],
    ]);
    expect((await listBoards(store.sql, ADA, FIRST_PAGE)).items.map((b) => [b.id, b.name, b.tiles])).toContainEqual([
      stored.id,
      'Ukiyo-e Ring',
      7,
    ]);
    expect(await listBoards(store.sql, BEA, FIRST_PAGE)).toEqual({ items: [], next: null });
  });

  it('refuses boards the engine refuses, with a coded 422 naming the problem, and stores nothing', async () => {
    const wave = await createPiece(store.sql, ADA, WAVE);
    const before = await count('boards');

    const tooFew = await hostError(
      createBoard(store.sql, ADA, { name: 'Tiny', slots: [{ kind: 'piece', pieceId: wave.id }, EVENT_PALETTE[0]!] }),
    );
    expect([tooFew.status, tooFew.code, tooFew.message]).toEqual([
      422,
      'BAD_BOARD_REQUEST',
      'A board needs at least 3 tiles after Start: add 1 more tile.',
    ]);

    const noArt = await hostError(
      createBoard(store.sql, ADA, { name: 'Events only', slots: EVENT_PALETTE.slice(0, 4) }),
    );
    expect([noArt.code, noArt.message]).toEqual([
      'BAD_BOARD_REQUEST',
      'A board needs at least one featured piece: add one.',
    ]);

    const dangling = await hostError(
      createBoard(store.sql, ADA, {
        name: 'Dangling',
        slots: [
          { kind: 'piece', pieceId: wave.id },
          EVENT_PALETTE[0]!,
          EVENT_PALETTE[1]!,
          { kind: 'event', name: 'Gift', text: 'A gift.', effect: { kind: 'freeCopy', tile: 'nowhere' } },
        ],
      }),
    );
    expect([dangling.code, dangling.message]).toEqual([
      'BAD_BOARD',
      expect.stringContaining('tile 4 "gift": effect.tile: no tile "nowhere"'),
    ]);

    const unknown = await hostError(
      createBoard(store.sql, ADA, {
        name: 'Ghost',
        slots: [{ kind: 'piece', pieceId: 'no-such-piece' }, ...EVENT_PALETTE.slice(0, 3)],
      }),
    );
    expect([unknown.status, unknown.code, unknown.message]).toEqual([
      422,
      'UNKNOWN_PIECE',
      'Tile 1 is no featured piece (“no-such-piece”, removed?): take it off the ring.',
    ]);

    const malformed = await hostError(
      createBoard(store.sql, ADA, {
        name: '',
        slots: [{ kind: 'event', name: 'X', text: 'x', effect: { kind: 'pay', amount: -3 } }],
      }),
    );
    expect([malformed.code, malformed.message]).toEqual([
      'BAD_BOARD_REQUEST',
      expect.stringMatching(/^Give the board a name\. slots\.0\.effect\.amount: /),
    ]);

    expect(await count('boards')).toBe(before);
  });
});

/** A free local port nobody listens on: an indexer that is down. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/tzkt`;
}

describe('importing an FA2 token from the devnet’s TzKT API', () => {
  const adminKey = bootstrapAccount(1);
  let devnet: Devnet;
  let kt = '';

  beforeAll(async () => {
    let client: Fa2Editions;
    ({ devnet, contract: client } = await devnetWithContract({ admin: adminKey }));
    kt = client.address;
    const metadata = tileTokenMetadata({
      title: 'Harbour at Dawn',
      artist: 'Ada',
      creators: [ADA],
      description: 'Boats before the first block.',
      listPrice: 150,
      multiplier: 2,
      editionSize: 3,
      gameId: 'studio-import',
      artifact: { uri: 'ipfs://bafkreiharbour/harbour.png', mimeType: 'image/png' },
    });
    await client.send(client.createTokens([{ maxSupply: 3, creator: ADA, metadata }]));
    await client.send(client.mint([{ tokenId: 0, to: ADA, amount: 1 }]));
  }, 120_000);

  afterAll(async () => {
    await devnet?.stop();
  });

  it('finds the token’s title, description, image and creator', async () => {
    const token = await readFa2Token(devnet.tzktUrl, kt, '0');
    expect(token).toEqual({
      contract: kt,
      tokenId: '0',
      title: 'Harbour at Dawn — Ada',
      description: 'Boats before the first block.',
      imageUri: 'ipfs://bafkreiharbour/harbour.png',
      imageMimeType: 'image/png',
      creators: [ADA],
      // This app's own attributes prefill the artist's name and the terms.
      artistName: 'Ada',
      price: 150,
      multiplier: 2,
      editionSize: 3,
      totalSupply: '1',
    });
    // What it read is a valid piece as it stands.
    const piece = await createPiece(
      store.sql,
      ADA,
      {
        title: token.title,
        description: token.description,
        imageUri: token.imageUri,
        imageMimeType: token.imageMimeType,
        source: { contract: kt, tokenId: token.tokenId },
        editionSize: 3,
        price: 150,
        multiplier: 2,
      },
      { tzktUrl: devnet.tzktUrl },
    );
    expect(piece.source).toEqual({ contract: kt, tokenId: '0' });
    expect(piece.creators).toEqual([ADA]);
  });

  it('answers an unknown token, a bad address and a down indexer with coded errors', async () => {
    const missing = await hostError(readFa2Token(devnet.tzktUrl, kt, 7));
    expect([missing.status, missing.code]).toEqual([404, 'TOKEN_NOT_FOUND']);
    expect(missing.message).toContain(`token 7 of ${kt}`);
    const bad = await hostError(readFa2Token(devnet.tzktUrl, 'KT1notanaddress', 0));
    expect([bad.status, bad.code]).toEqual([400, 'BAD_CONTRACT_ADDRESS']);
    const checksum = await hostError(
      readFa2Token(devnet.tzktUrl, `${kt.slice(0, -1)}${kt.endsWith('a') ? 'b' : 'a'}`, 0),
    );
    expect(checksum.code).toBe('BAD_CONTRACT_ADDRESS');
    expect((await hostError(readFa2Token(devnet.tzktUrl, kt, '-1'))).code).toBe('BAD_TOKEN_ID');
    const down = await hostError(readFa2Token(await deadUrl(), kt, 0));
    expect([down.status, down.code]).toEqual([503, 'INDEXER_UNAVAILABLE']);
  });
});
