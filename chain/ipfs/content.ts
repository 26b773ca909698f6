/**
 * Content addressing as IPFS does it, so a token's `ipfs://` URI names exactly the bytes a collector will fetch:
 * UnixFS files under the `unixfs-v1-2025` profile (CIDv1, raw leaves, 1 MiB chunks, 1,024 links a node) — what kubo
 * (`ipfs add --cid-version 1 --raw-leaves`, and its 2025 profile) and Helia produce for the same bytes. The IPFS
 * project's own importer does the work; a file of one chunk is a single raw block whose CID is its SHA-256, which
 * `smallContentCid` computes without a blockstore (token metadata and tile art are far below a chunk).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { MemoryBlockstore } from 'blockstore-core/memory';
import { importBytes } from 'ipfs-unixfs-importer';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import * as Digest from 'multiformats/hashes/digest';

/** The importer profile every CID of the app is made with. */
export const CONTENT_PROFILE = 'unixfs-v1-2025';
/** Its chunk size: content up to this many bytes is one raw block. */
export const CHUNK_BYTES = 1_048_576;
const SHA2_256 = 0x12;

/** Where the importer puts the blocks it makes (a node's blockstore, or a throwaway one to learn a CID). */
export interface BlockSink {
  put(cid: CID, bytes: Uint8Array): unknown;
}

/** Imports `bytes` as a UnixFS file into `sink`, block by block; returns the file's root CID. */
export async function addContent(bytes: Uint8Array, sink: BlockSink = new MemoryBlockstore()): Promise<CID> {
  // The importer awaits each put; a sink that answers synchronously is fine too.
  const blockstore = { put: async (cid: CID, block: Uint8Array) => (await sink.put(cid, block), cid) };
  const { cid } = await importBytes(bytes, blockstore, { profile: CONTENT_PROFILE });
  return cid;
}

/** The CID `addContent` gives content of at most one chunk: its raw block's SHA-256. @throws RangeError above it */
export function smallContentCid(bytes: Uint8Array): CID {
  if (bytes.length > CHUNK_BYTES)
    throw new RangeError(`content of ${bytes.length} bytes spans several blocks: use addContent`);
  return CID.createV1(raw.code, Digest.create(SHA2_256, sha256(bytes)));
}

/** `ipfs://<cid>`, the URI form TZIP-16 and TZIP-21 use. */
export const ipfsUri = (cid: CID | string): string => `ipfs://${cid.toString()}`;

/** The CID an `ipfs://<cid>[/path]` URI starts with; null for any other URI or a malformed CID. */
export function cidOfUri(uri: string): CID | null {
  const m = /^ipfs:\/\/(?:ipfs\/)?([A-Za-z0-9]+)(?:\/.*)?$/.exec(uri);
  if (!m) return null;
  try {
    return CID.parse(m[1]!);
  } catch {
    return null;
  }
}

/** Whether `bytes` are the content `cid` names (for content of one block: its hash; else re-imported). */
export async function isContentOf(cid: CID, bytes: Uint8Array): Promise<boolean> {
  const again = bytes.length <= CHUNK_BYTES && cid.code === raw.code ? smallContentCid(bytes) : await addContent(bytes);
  return again.equals(cid);
}
