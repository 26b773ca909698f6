import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addContent, CHUNK_BYTES, cidOfUri, ipfsUri, isContentOf, smallContentCid } from '../../chain/ipfs/content';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('content addressing (UnixFS, CIDv1, raw leaves, the unixfs-v1-2025 profile)', () => {
  it('names the empty file by the CID every IPFS implementation gives it', async () => {
    const empty = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';
    expect(smallContentCid(new Uint8Array()).toString()).toBe(empty);
    expect((await addContent(new Uint8Array())).toString()).toBe(empty);
  });

  it('computes the same CID without the importer for content of one chunk', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), async (bytes) => {
        expect(smallContentCid(bytes).equals(await addContent(bytes))).toBe(true);
      }),
      { numRuns: 40 },
    );
    const full = new Uint8Array(CHUNK_BYTES).fill(7);
    expect(smallContentCid(full).equals(await addContent(full))).toBe(true);
    expect(() => smallContentCid(new Uint8Array(CHUNK_BYTES + 1))).toThrow(RangeError);
  });

  it('builds a file of several chunks as a dag-pb root over raw leaves, and checks bytes against it', async () => {
    const bytes = new Uint8Array(CHUNK_BYTES * 2 + 10).map((_, i) => i % 251);
    const blocks: string[] = [];
    const cid = await addContent(bytes, { put: (c) => blocks.push(c.toString()) });
    expect(cid.toString()).toMatch(/^bafybei/);
    expect(blocks).toHaveLength(4); // three leaves and the root
    expect(await isContentOf(cid, bytes)).toBe(true);
    const tampered = bytes.slice();
    tampered[5] = tampered[5]! ^ 1;
    expect(await isContentOf(cid, tampered)).toBe(false);
    expect(await isContentOf(smallContentCid(utf8('{"a":1}')), utf8('{"a":2}'))).toBe(false);
  });

  it('reads the CID out of ipfs:// URIs and nothing else', () => {
    const cid = smallContentCid(utf8('tile'));
    expect(cidOfUri(ipfsUri(cid))?.equals(cid)).toBe(true);
    expect(cidOfUri(`ipfs://${cid.toString()}/image.png`)?.equals(cid)).toBe(true);
    expect(cidOfUri(`ipfs://ipfs/${cid.toString()}`)?.equals(cid)).toBe(true);
    expect(cidOfUri('ipfs://QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG')?.version).toBe(0);
    for (const bad of ['https://example.org/a.png', 'ipfs://not-a-cid', 'data:,x', `ipfs:/${cid.toString()}`])
      expect(cidOfUri(bad), bad).toBeNull();
  });
});
