/**
 * One artwork per tile: the art a player sees on a tile is the art in its token. A tile without an
 * artist image shows — and mints — the art generated from its id; a tile with one shows and mints that image.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TileArt } from '../../ui/pole/tile-art';
import { PoleBridge } from '../../chain';
import { ipfsUri, smallContentCid } from '../../chain/ipfs/content';
import { artworkFor, tileArtImage } from '../../chain/tile-art';
import { bootstrapAccount } from '../../devnet/node';
import { GENESIS, parseBoard, type ArtistTile } from '../../engine/pole';
import { devnetWithContract, type DevnetContract } from '../../scripts/lib/devnet-contract';
import { startContentGateway, type ContentGateway } from './content-gateway';
import { indexedMetadata } from './offchain-reads';

/** The artist tiles of a board by id. */
const tilesById = (board: typeof GENESIS) =>
  new Map(board.tiles.flatMap((t) => (t.kind === 'artist' ? [[t.id, { tile: t }] as const] : [])));
const genesisArt = GENESIS.tiles.filter((t): t is ArtistTile => t.kind === 'artist');
const decoded = (uri: string): string =>
  Buffer.from(uri.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
/** The `src` of every img the markup holds. */
const srcs = (html: string): string[] =>
  [...html.matchAll(/<img[^>]* src="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

const IMAGE = {
  uri: 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/sunfold.png',
  mimeType: 'image/png',
};
const withImage = parseBoard({
  ...GENESIS,
  id: 'genesis-with-image',
  tiles: GENESIS.tiles.map((t) => (t.id === genesisArt[0]!.id ? { ...t, image: IMAGE } : t)),
});

describe('generated tile art', () => {
  it('is an SVG document drawn from the tile id, the same on every call, and differs between tiles', () => {
    const first = tileArtImage(genesisArt[0]!);
    expect(first.generated).toBe(true);
    expect(first.mimeType).toBe('image/svg+xml');
    expect(first.uri).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+$/);
    const svg = decoded(first.uri);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*viewBox="0 0 100 100">/);
    expect(svg).toContain(`<title>${genesisArt[0]!.title}</title>`);
    // Every shape of the composition is in the document.
    const shapes = svg.match(/<(rect|circle|path) /g) ?? [];
    expect(shapes.length).toBe(artworkFor(genesisArt[0]!.id).shapes.length + 1);
    expect(tileArtImage(genesisArt[0]!).uri).toBe(first.uri);
    const uris = new Set(genesisArt.map((t) => tileArtImage(t).uri));
    expect(uris.size).toBe(genesisArt.length);
  });

  it("a tile with the artist's image uses it, not generated art", () => {
    const tile = withImage.tiles.find((t): t is ArtistTile => t.kind === 'artist' && t.image !== undefined)!;
    expect(tileArtImage(tile)).toEqual({ ...IMAGE, generated: false });
  });
});

describe('the board shows the image the token carries', () => {
  it('every Genesis token is planned with the generated art of its tile, and the board tile shows that same image', async () => {
    const bridge = await PoleBridge.create({
      network: { rpcUrl: 'http://127.0.0.1:1', tzktUrl: 'http://127.0.0.1:1' },
      bank: { secretKey: bootstrapAccount(1).secretKey },
      contract: 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi',
    });
    const tokens = bridge.planTokens(GENESIS, 'art-game').tokens;
    const tiles = tilesById(GENESIS);
    expect(tokens).toHaveLength(genesisArt.length);
    for (const token of tokens) {
      const { tile } = tiles.get(token.tileId)!;
      const [shown] = srcs(renderToStaticMarkup(createElement(TileArt, { tile })));
      // The board draws the SVG inline; the token names those very bytes by CID.
      const svg = new TextEncoder().encode(decoded(shown!));
      expect(token.metadata.artifactUri).toBe(ipfsUri(smallContentCid(svg)));
      expect(token.metadata.formats).toContainEqual({
        uri: token.metadata.artifactUri,
        mimeType: 'image/svg+xml',
        fileSize: svg.length,
        dimensions: { value: '1000x1000', unit: 'px' },
      });
    }
    // Not the old text-on-beige placeholder card.
    const first = srcs(renderToStaticMarkup(createElement(TileArt, { tile: genesisArt[0]! })))[0]!;
    expect(decoded(first)).not.toContain('#f4efe6');
  });

  it("a tile with the artist's image mints that image, and the board shows it (through an IPFS gateway)", async () => {
    const bridge = await PoleBridge.create({
      network: { rpcUrl: 'http://127.0.0.1:1', tzktUrl: 'http://127.0.0.1:1' },
      bank: { secretKey: bootstrapAccount(1).secretKey },
      contract: 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi',
    });
    const token = bridge.planTokens(withImage, 'art-game-2').tokens.find((t) => t.tileId === genesisArt[0]!.id)!;
    expect(token.metadata.artifactUri).toBe(IMAGE.uri);
    const tile = withImage.tiles.find((t): t is ArtistTile => t.kind === 'artist' && t.id === genesisArt[0]!.id)!;
    expect(srcs(renderToStaticMarkup(createElement(TileArt, { tile })))).toEqual([
      IMAGE.uri.replace('ipfs://', '/ipfs/'),
    ]);
  });
});

describe('on the devnet', () => {
  let chain: DevnetContract;
  let gateway: ContentGateway;
  beforeAll(async () => {
    gateway = await startContentGateway();
    chain = await devnetWithContract({ metadataGateway: gateway.url });
  }, 120_000);
  afterAll(async () => {
    await chain?.devnet.stop();
    await gateway?.close();
  });

  it("Genesis's tokens carry, as read back through the TzKT API, the very art its board shows", async () => {
    const bank = bootstrapAccount(1);
    const { devnet } = chain;
    const bridge = await PoleBridge.create({
      network: { rpcUrl: devnet.rpcUrl, tzktUrl: devnet.tzktUrl },
      bank: { secretKey: bank.secretKey },
      contract: chain.contract.address,
    });
    await gateway.hold(bridge.planContent(GENESIS, 'art-on-chain'));
    const created = await bridge.createGameTokens(bridge.planTokens(GENESIS, 'art-on-chain'));
    // With its metadata on IPFS, a whole Genesis game's tokens take one operation.
    expect(created.operations).toHaveLength(1);
    // The TzKT API lists a token from its first mint, as a collector's wallet first sees it.
    const collector = bootstrapAccount(2).address;
    await chain.contract.send(
      chain.contract.mint(created.plan.tokens.map((t) => ({ tokenId: t.tokenId!, to: collector, amount: 1 }))),
    );
    const tiles = tilesById(GENESIS);
    for (const token of created.plan.tokens) {
      // As objkt reads it: TzKT's metadata (fetched from IPFS), then the artifact from IPFS.
      const indexed = (await indexedMetadata(devnet.tzktUrl, chain.contract.address, token.tokenId!)) as {
        artifactUri: string;
      };
      const { tile } = tiles.get(token.tileId)!;
      const art = await fetch(`${gateway.url}/ipfs/${indexed.artifactUri.slice('ipfs://'.length)}`);
      expect(art.headers.get('content-type')).toBe('image/svg+xml');
      const [shown] = srcs(renderToStaticMarkup(createElement(TileArt, { tile })));
      expect(await art.text()).toBe(decoded(shown!));
    }
  });
});
