/**
 * An artist's image upload, kept: the file and its renditions (images.ts) added to the app's IPFS node, each by its
 * CID. Checked first, so a refused file leaves nothing behind.
 */
import sharp from 'sharp';
import { cidOfUri, ipfsUri } from '../../chain/ipfs/content';
import { StudioError } from '../errors';
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

/**
 * Checks that a piece's renditions are what an upload here made: each held by `node`, of the size and dimensions
 * and type they claim (a piece's token states them as its `formats`).
 * @throws HostError 422 BAD_IMAGE naming the first that is not
 */
export async function checkRenditions(node: ContentNode, renditions: UploadedImage): Promise<void> {
  for (const [name, r] of Object.entries(renditions) as [keyof UploadedImage, UploadedRendition][]) {
    const cid = cidOfUri(r.uri);
    const bytes = cid ? await node.get(cid) : null;
    if (!bytes) throw new StudioError('BAD_IMAGE', `renditions.${name}: ${r.uri} was not uploaded here`);
    const meta = await sharp(bytes).metadata();
    const mimeType = meta.format === 'jpeg' ? 'image/jpeg' : `image/${meta.format}`;
    if (bytes.length !== r.fileSize || mimeType !== r.mimeType)
      throw new StudioError('BAD_IMAGE', `renditions.${name}: ${r.uri} is not a ${r.fileSize}-byte ${r.mimeType} file`);
    const [width, height] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
    if (width !== r.width || height !== r.height)
      throw new StudioError(
        'BAD_IMAGE',
        `renditions.${name}: ${r.uri} is ${width}×${height} px, not ${r.width}×${r.height}`,
      );
  }
}
