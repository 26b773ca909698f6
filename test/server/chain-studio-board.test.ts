/**
 * Provenance at game creation: an on-chain game's tokens name the works' real creators as creators and
 * royalty receivers, so those come from a board built in the artist studio (its pieces checked when featured), loaded
 * by the server — never from a board or an artist map in the request. On the in-process devnet, real Taquito.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fa2Editions, type TokenMetadata } from '../../chain';
import { bootstrapAccount } from '../../devnet/node';
import { GENESIS } from '../../engine/pole';
import { GameHost, systemClock } from '../../server/host';
import { ChainGames } from '../../server/chain/chain-games';
import { ChainStore } from '../../server/chain/chain-store';
import { openPgliteStore, type GameStore } from '../../server/store';
import { createBoard, createPiece, EVENT_PALETTE } from '../../server/studio';
import { devnetWithContract, type DevnetContract } from '../../scripts/lib/devnet-contract';
import { createTestServer, hostError } from './helpers';
import { startContentGateway, type ContentGateway } from '../chain/content-gateway';
import sharp from 'sharp';
import { smallContentCid } from '../../chain/ipfs/content';
import type { PoleState } from '../../engine/pole';
import { uploadImage } from '../../server/studio/uploads';

const bank = bootstrapAccount(1);
const artist = bootstrapAccount(5);
const stranger = bootstrapAccount(6);

let chain: DevnetContract;
let gateway: ContentGateway;
let store: GameStore;
let host: GameHost;
let games: ChainGames;

beforeAll(async () => {
  gateway = await startContentGateway();
  chain = await devnetWithContract({ admin: bank, metadataGateway: gateway.url });
  store = await openPgliteStore();
  games = new ChainGames(
    new ChainStore(store.sql),
    {
      network: { name: 'devnet', rpcUrl: chain.devnet.rpcUrl, tzktUrl: chain.devnet.tzktUrl, explorerUrl: null },
      contract: chain.contract.address,
      bankSecretKey: bank.secretKey,
    },
    { content: gateway.node },
  );
  ({ host } = await createTestServer({ store, chain: games, clock: systemClock }));
}, 120_000);

afterAll(async () => {
  await host?.close();
  await store?.close();
  await chain?.devnet.stop();
  await gateway?.close();
});

const seats = [
  { kind: 'human', name: 'Ines' },
  { kind: 'normal', name: 'Bot' },
] as const;
/** Whoever starts a game (here a stranger, signed in: the bank pays for on-chain games). */
const signedIn = { address: stranger.address };

describe('on-chain games take their artists from the studio, not from the request', () => {
  it(
    "a board of the artist's pieces, started by its id, creates tokens whose creator and royalty receiver is the artist",
    { timeout: 60_000 },
    async () => {
      const pieces = [];
      for (const [title, editionSize] of [
        ['Tidal Gate', 1],
        ['Kelp Forest', 3],
        ['Lantern Row', 2],
      ] as const) {
        pieces.push(
          await createPiece(store.sql, artist.address, {
            title,
            artistName: 'Ines Duarte',
            editionSize,
            price: 120,
            multiplier: 1.5,
          }),
        );
      }
      const board = await createBoard(store.sql, artist.address, {
        name: 'Shoreline',
        slots: [
          { kind: 'piece', pieceId: pieces[0]!.id },
          EVENT_PALETTE[0]!,
          { kind: 'piece', pieceId: pieces[1]!.id },
          { kind: 'piece', pieceId: pieces[2]!.id },
        ],
      });
      // Whoever starts it (here a stranger's request), the stored board decides the tiles and their creators.
      const created = await host.create(
        { game: 'pole', mode: 'online', seats, studioBoard: board.id, onChain: {} },
        signedIn,
      );
      await games.idle();
      const info = await games.info(created.id);
      expect(info.tokens.status).toBe('confirmed');
      expect(info.pieces.map((p) => p.name.split(' — ')[0])).toEqual(['Tidal Gate', 'Kelp Forest', 'Lantern Row']);
      const client = Fa2Editions.at(chain.toolkit(stranger.secretKey), chain.contract.address);
      for (const piece of info.pieces) {
        // On-chain, where the metadata is; the app's IPFS node holds it there.
        const uri = await client.tokenMetadataUri(piece.tokenId!);
        const meta = (await (
          await fetch(`${gateway.url}/ipfs/${uri!.slice('ipfs://'.length)}`)
        ).json()) as TokenMetadata;
        expect(meta?.creators).toEqual([artist.address]);
        expect(meta?.royalties).toEqual({ decimals: 4, shares: { [artist.address]: 1000 } });
        expect((await client.token(piece.tokenId!))?.creator).toBe(artist.address);
      }
    },
  );

  it(
    'a board of a piece with a 1 MB uploaded image starts: its token names the file and its renditions on IPFS, and the creation fits one small operation',
    { timeout: 60_000 },
    async () => {
      // A photo-like PNG of about 1 MB: as a data: URI it would not fit one Tezos operation (32,768 bytes).
      const data = await sharp({
        create: {
          width: 800,
          height: 600,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(data.length).toBeGreaterThan(1_000_000);
      const upload = await uploadImage(gateway.node, new Uint8Array(data));
      const piece = await createPiece(
        store.sql,
        artist.address,
        {
          title: 'Salt Marsh',
          artistName: 'Ines Duarte',
          imageUri: upload.artifact.uri,
          imageMimeType: upload.artifact.mimeType,
          renditions: upload,
          editionSize: 2,
          price: 150,
          multiplier: 1.5,
        },
        { content: async () => gateway.node },
      );
      const board = await createBoard(store.sql, artist.address, {
        name: 'Marsh',
        slots: [{ kind: 'piece', pieceId: piece.id }, ...EVENT_PALETTE.slice(0, 3)],
      });
      const created = await host.create(
        { game: 'pole', options: {}, seats: [...seats], mode: 'online', studioBoard: board.id, onChain: {} },
        signedIn,
      );
      await games.idle();
      const info = await games.info(created.id);
      expect(info.tokens.status).toBe('confirmed');
      expect(info.ops.filter((o) => o.kind === 'create')).toHaveLength(1);
      const [token] = info.pieces;
      const client = Fa2Editions.at(chain.toolkit(stranger.secretKey), chain.contract.address);
      const uri = await client.tokenMetadataUri(token!.tokenId!);
      const meta = (await (await fetch(`${gateway.url}/ipfs/${uri!.slice('ipfs://'.length)}`)).json()) as TokenMetadata;
      expect(meta).toMatchObject({
        name: 'Salt Marsh — Ines Duarte',
        artifactUri: upload.artifact.uri,
        displayUri: upload.display.uri,
        thumbnailUri: upload.thumbnail.uri,
        creators: [artist.address],
      });
      expect(meta.formats).toEqual(
        [upload.artifact, upload.display, upload.thumbnail].map((r) => ({
          uri: r.uri,
          mimeType: r.mimeType,
          fileSize: r.fileSize,
          dimensions: { value: `${r.width}x${r.height}`, unit: 'px' },
        })),
      );
      // The file itself, byte for byte, from the app's gateway.
      const file = await fetch(`${gateway.url}/ipfs/${upload.artifact.uri.slice('ipfs://'.length)}`);
      expect(Buffer.from(await file.arrayBuffer()).equals(data)).toBe(true);
      // The board shows the display rendition, not the 1 MB file.
      const snapshot = await host.views.snapshot(created.id);
      const tile = (snapshot.view as PoleState).config.board.tiles.find((t) => t.kind === 'artist');
      expect(tile).toMatchObject({ image: { uri: upload.display.uri, mimeType: 'image/webp' } });
    },
  );

  it('refuses renditions that were not uploaded here, or that misstate their files (422 BAD_IMAGE)', async () => {
    const upload = await uploadImage(
      gateway.node,
      new Uint8Array(
        await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a4' } })
          .png()
          .toBuffer(),
      ),
    );
    const piece = (renditions: unknown) => ({
      title: 'Claimed',
      imageUri: upload.artifact.uri,
      renditions,
      editionSize: 1,
      price: 100,
      multiplier: 1,
    });
    const content = { content: async () => gateway.node };
    const other = smallContentCid(new TextEncoder().encode('never uploaded')).toString();
    for (const renditions of [
      { ...upload, display: { ...upload.display, uri: `ipfs://${other}` } },
      { ...upload, thumbnail: { ...upload.thumbnail, width: 2000 } },
      { ...upload, artifact: { ...upload.artifact, fileSize: 12 } },
    ]) {
      const e = await hostError(createPiece(store.sql, artist.address, piece(renditions), content));
      expect([e.status, e.code]).toEqual([422, 'BAD_IMAGE']);
    }
    const mismatched = await hostError(
      createPiece(store.sql, artist.address, { ...piece(upload), imageUri: 'https://example.org/other.png' }, content),
    );
    expect([mismatched.status, mismatched.code]).toEqual([422, 'BAD_PIECE']);
  });

  it('an inline board whose tiles claim creators or an original token is refused (422 UNVERIFIED_BOARD), nothing created', async () => {
    const forged = {
      ...GENESIS,
      id: 'forged',
      tiles: GENESIS.tiles.map((t) =>
        t.kind === 'artist' && t.id === GENESIS.tiles.find((x) => x.kind === 'artist')!.id
          ? { ...t, creators: [stranger.address] }
          : t,
      ),
    };
    const before = (await store.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM games')).at(0)!.n;
    const e = await hostError(
      host.create({ game: 'pole', mode: 'online', seats, options: { board: forged }, onChain: {} }, signedIn),
    );
    expect([e.status, e.code]).toEqual([422, 'UNVERIFIED_BOARD']);
    expect(e.message).toContain('artist studio');
    const withOrigin = {
      ...GENESIS,
      id: 'forged-2',
      tiles: GENESIS.tiles.map((t) =>
        t.kind === 'artist' ? { ...t, origin: { contract: chain.contract.address, tokenId: '0' } } : t,
      ),
    };
    expect(
      (
        await hostError(
          host.create({ game: 'pole', mode: 'online', seats, options: { board: withOrigin }, onChain: {} }, signedIn),
        )
      ).code,
    ).toBe('UNVERIFIED_BOARD');
    // The old way of naming artists in the request is no longer accepted at all.
    const old = await hostError(
      host.create(
        { game: 'pole', mode: 'online', seats, onChain: { artists: { 'morning-static': stranger.address } } },
        signedIn,
      ),
    );
    expect([old.status, old.code]).toEqual([400, 'MALFORMED_REQUEST']);
    expect((await store.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM games')).at(0)!.n).toBe(before);
  });

  it('a studio board and an inline board at once are refused (400 BOARD_TWICE); an unknown studio board is a 404', async () => {
    const piece = await createPiece(store.sql, artist.address, {
      title: 'Pier',
      editionSize: 1,
      price: 100,
      multiplier: 1,
    });
    const board = await createBoard(store.sql, artist.address, {
      name: 'Pier Ring',
      slots: [{ kind: 'piece', pieceId: piece.id }, EVENT_PALETTE[0]!, EVENT_PALETTE[1]!],
    });
    const twice = await hostError(
      host.create(
        { game: 'pole', mode: 'online', seats, options: { board: GENESIS }, studioBoard: board.id, onChain: {} },
        signedIn,
      ),
    );
    expect([twice.status, twice.code]).toEqual([400, 'BOARD_TWICE']);
    const unknown = await hostError(
      host.create({ game: 'pole', mode: 'online', seats, studioBoard: 'no-such-board', onChain: {} }, signedIn),
    );
    expect([unknown.status, unknown.code]).toEqual([404, 'BOARD_NOT_FOUND']);
  });
});
