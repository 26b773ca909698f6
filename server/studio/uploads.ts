/**
 * An artist's image upload, kept: the file and its renditions (images.ts) added to the app's IPFS node, each by its
 * CID. Checked first, so a refused file leaves nothing behind.
 */
import { ipfsUri } from '../../chain/ipfs/content';
import type { ContentNode } from '../ipfs/content-node';
import { prepareUpload, type Rendition } from './images';

/** One image as a token's TZIP-21 `formats` entry needs it. */
export interface UploadedRendition {
  readonly uri: string;
  readonly mimeType: string;
  readonly width: number;
  readonly height: number;
  readonly fileSize: number;
}

export interface UploadedImage {
  /** The file as uploaded: the token's `artifactUri`. */
  readonly artifact: UploadedRendition;
  /** About 1024 px: the token's `displayUri`, and what the board's tile shows. */
  readonly display: UploadedRendition;
  /** About 350 px: the token's `thumbnailUri`. */
  readonly thumbnail: UploadedRendition;
}

/**
 * Checks `bytes` as an image and puts it and its renditions on `node`.
 * @throws HostError 400 IMAGE_TOO_LARGE | IMAGE_TYPE | IMAGE_DIMENSIONS | IMAGE_CORRUPT (images.ts)
 */
export async function uploadImage(node: ContentNode, bytes: Uint8Array): Promise<UploadedImage> {
  const prepared = await prepareUpload(bytes);
  const keep = async (r: Rendition): Promise<UploadedRendition> => ({
    uri: ipfsUri(await node.add(r.bytes)),
    mimeType: r.mimeType,
    width: r.width,
    height: r.height,
    fileSize: r.fileSize,
  });
  return {
    artifact: await keep(prepared.artifact),
    display: await keep(prepared.display),
    thumbnail: await keep(prepared.thumbnail),
  };
}
