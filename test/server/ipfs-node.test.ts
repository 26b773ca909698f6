/**
 * The app's IPFS node and its gateway: what another IPFS node, a browser or an indexer gets for a CID the app holds.
 */
import { withBitswap } from '@helia/bitswap';
import { withLibp2pLight } from '@helia/libp2p';
import { unixfs } from '@helia/unixfs';
import { identify } from '@libp2p/identify';
import { noise } from '@libp2p/noise';
import { tcp } from '@libp2p/tcp';
import { yamux } from '@libp2p/yamux';
import { multiaddr } from '@multiformats/multiaddr';
import { createHeliaLight } from 'helia';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CID } from 'multiformats/cid';
import { addContent, isContentOf, smallContentCid } from '../../chain/ipfs/content';
import { gatewayResponse, openHeliaNode, type ContentNode } from '../../server/ipfs';

const utf8 = (text: string) => new TextEncoder().encode(text);
const METADATA = utf8(JSON.stringify({ name: 'Moon Pine — Hiroshige', decimals: 0 }));
/** A PNG's signature and more: an image of several chunks (a big artwork). */
const IMAGE = new Uint8Array(2_500_000).map((_, i) => (i < 8 ? [0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10][i]! : i % 253));

const get = (cid: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Request(`http://app.test/ipfs/${cid}`, { method, headers });

describe("the app's IPFS node", () => {
  const dir = mkdtempSync(join(tmpdir(), 'ipfs-node-'));
  let node: ContentNode;
  let metadataCid: CID;
  let imageCid: CID;

  beforeAll(async () => {
    node = await openHeliaNode({ dir });
    metadataCid = await node.add(METADATA);
    imageCid = await node.add(IMAGE);
  });
  afterAll(async () => {
    await node.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds content under the CID content addressing gives it', async () => {
    expect(metadataCid.equals(smallContentCid(METADATA))).toBe(true);
    expect(imageCid.equals(await addContent(IMAGE))).toBe(true);
    expect(Buffer.from((await node.get(imageCid))!).equals(Buffer.from(IMAGE))).toBe(true);
    expect(await node.get(smallContentCid(utf8('never added')))).toBeNull();
  });

  it('gives a second IPFS node on loopback the metadata and the image by CID, and the bytes hash to the CIDs', async () => {
    const other = withBitswap(
      withLibp2pLight(createHeliaLight(), {
        addresses: { listen: ['/ip4/127.0.0.1/tcp/0'] },
        transports: [tcp()],
        connectionEncrypters: [noise()],
        streamMuxers: [yamux()],
        services: { identify: identify() },
      }),
    );
    await other.start();
    try {
      expect(node.addresses()[0]).toMatch(/^\/ip4\/127\.0\.0\.1\/tcp\/\d+\/p2p\/\w+$/);
      await other.libp2p.dial(multiaddr(node.addresses()[0]!));
      const files = unixfs(other);
      for (const [cid, bytes] of [
        [metadataCid, METADATA],
        [imageCid, IMAGE],
      ] as const) {
        const chunks: Uint8Array[] = [];
        for await (const chunk of files.cat(cid, { signal: AbortSignal.timeout(10_000) })) chunks.push(chunk);
        const fetched = Buffer.concat(chunks);
        expect(fetched.equals(Buffer.from(bytes))).toBe(true);
        expect(await isContentOf(cid, fetched)).toBe(true);
      }
    } finally {
      await other.stop();
    }
  });

  describe('its gateway, /ipfs/<cid>', () => {
    it('serves the bytes with their type, immutable, and answers a revalidation with 304', async () => {
      const json = await gatewayResponse(node, metadataCid.toString(), get(metadataCid.toString()));
      expect(json.status).toBe(200);
      expect(json.headers.get('content-type')).toBe('application/json');
      expect(json.headers.get('cache-control')).toContain('immutable');
      expect(await json.json()).toEqual({ name: 'Moon Pine — Hiroshige', decimals: 0 });
      const image = await gatewayResponse(node, imageCid.toString(), get(imageCid.toString()));
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(Number(image.headers.get('content-length'))).toBe(IMAGE.length);
      const etag = image.headers.get('etag')!;
      expect(
        (await gatewayResponse(node, imageCid.toString(), get(imageCid.toString(), { 'if-none-match': etag }))).status,
      ).toBe(304);
      const head = await gatewayResponse(node, imageCid.toString(), get(imageCid.toString(), {}, 'HEAD'));
      expect(head.status).toBe(200);
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    });

    it('refuses what is not a CID with 400, and says it does not hold a CID (404) or sends it on to a public gateway', async () => {
      const bad = await gatewayResponse(node, 'not-a-cid', get('not-a-cid'));
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error: 'BAD_CID' });
      const absent = smallContentCid(utf8('absent')).toString();
      const notHeld = await gatewayResponse(node, absent, get(absent));
      expect(notHeld.status).toBe(404);
      expect(await notHeld.json()).toMatchObject({ error: 'CONTENT_NOT_HELD' });
      const sent = await gatewayResponse(node, absent, get(absent), { fallback: 'https://ipfs.io/' });
      expect(sent.status).toBe(302);
      expect(sent.headers.get('location')).toBe(`https://ipfs.io/ipfs/${absent}`);
    });

    it('never serves other bytes under a CID: a block altered on disk answers 502', async () => {
      const cid = await node.add(utf8('{"name":"altered later"}'));
      const files = (folder: string): string[] =>
        readdirSync(folder).flatMap((f) => {
          const path = join(folder, f);
          return statSync(path).isDirectory() ? files(path) : [path];
        });
      const block = files(join(dir, 'blocks')).find((f) =>
        Buffer.from(readFileSync(f)).equals(Buffer.from(utf8('{"name":"altered later"}'))),
      );
      expect(block).toBeDefined();
      writeFileSync(block!, utf8('{"name":"altered later!"}'));
      const answer = await gatewayResponse(node, cid.toString(), get(cid.toString()));
      expect(answer.status).toBe(502);
      expect(await answer.json()).toMatchObject({ error: 'CONTENT_CORRUPT' });
    });
  });
});
