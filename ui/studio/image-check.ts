/**
 * The piece form's image check in the browser: the image must decode (loaded in an <img>), be one of the
 * supported formats, and — when its bytes can be read — be the format it says; its size in bytes and pixels is
 * shown. The format rules are the server's own (server/studio/image.ts), so both sides agree.
 */
import {
  decodeDataUri,
  imageProblem,
  IMAGE_FORMATS,
  isSupportedImageType,
  sniffImageType,
  type ImageMimeType,
} from '../../chain/studio/image';
import { imageSrc } from './studio-api';

export type ImageReport =
  | {
      readonly ok: true;
      /** What the browser loads (ipfs:// through a gateway). */
      readonly src: string;
      readonly mimeType: ImageMimeType | null;
      /** Null when the host does not let the page read the file (CORS): the image still loaded. */
      readonly bytes: number | null;
      readonly width: number;
      readonly height: number;
    }
  | { readonly ok: false; readonly message: string };

const LOAD_TIMEOUT_MS = 15_000;

/** The image's bytes and type when the page may read them: inline, or fetched from a host that allows it. */
async function readBytes(
  uri: string,
  src: string,
  signal: AbortSignal,
): Promise<{ bytes: Uint8Array; size: number; type: string } | null> {
  if (uri.startsWith('data:')) {
    const data = decodeDataUri(uri);
    return data ? { bytes: data.bytes, size: data.bytes.length, type: data.mimeType } : null;
  }
  try {
    const res = await fetch(src, { signal, mode: 'cors', credentials: 'omit' });
    if (!res.ok) return null;
    const blob = await res.blob();
    return {
      bytes: new Uint8Array(await blob.slice(0, 4096).arrayBuffer()),
      size: blob.size,
      type: blob.type.split(';')[0]!.trim().toLowerCase(),
    };
  } catch {
    return null;
  }
}

/** Loads `src` in an <img> and waits for it to decode: its pixel size, or why not. */
function decodeInImg(src: string, signal: AbortSignal): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    const timer = setTimeout(
      () => reject(new Error(`the image did not load within ${LOAD_TIMEOUT_MS / 1000} s`)),
      LOAD_TIMEOUT_MS,
    );
    signal.addEventListener('abort', () => clearTimeout(timer));
    img.decoding = 'async';
    img.src = src;
    img
      .decode()
      .then(() => resolve({ width: img.naturalWidth, height: img.naturalHeight }))
      .catch(() =>
        reject(
          new Error(
            'the browser cannot decode this image (not an image, a broken file, or the address does not answer)',
          ),
        ),
      )
      .finally(() => clearTimeout(timer));
  });
}

/** Checks the image at `uri` (https://, ipfs:// or data:) as the piece form shows it. */
export async function inspectImage(uri: string, signal: AbortSignal): Promise<ImageReport> {
  const declared = imageProblem(uri);
  if (declared !== null) return { ok: false, message: declared };
  const src = imageSrc(uri);
  const read = await readBytes(uri, src, signal);
  let mimeType: ImageMimeType | null = null;
  if (read) {
    const sniffed = sniffImageType(read.bytes);
    if (sniffed === null)
      return {
        ok: false,
        message: `this file is not a supported image (${Object.values(IMAGE_FORMATS).join(', ')})${read.type ? `: it is ${read.type}` : ''}`,
      };
    if (isSupportedImageType(read.type) && read.type !== sniffed)
      return {
        ok: false,
        message: `the host says ${IMAGE_FORMATS[read.type]} but the bytes are ${IMAGE_FORMATS[sniffed]}`,
      };
    mimeType = sniffed;
  }
  try {
    const { width, height } = await decodeInImg(src, signal);
    // An SVG may have no intrinsic size (only a viewBox): it scales to the tile.
    if ((width === 0 || height === 0) && mimeType !== 'image/svg+xml')
      return { ok: false, message: 'the image has no size (0 × 0 pixels)' };
    return { ok: true, src, mimeType, bytes: read?.size ?? null, width, height };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/** "PNG · 12,345 bytes · 640 × 480 px" (or "size in bytes unknown" when the host hides the file). */
export function describeImage(report: Extract<ImageReport, { ok: true }>): string {
  const format = report.mimeType ? IMAGE_FORMATS[report.mimeType] : 'image';
  const bytes =
    report.bytes === null ? 'size in bytes not shared by its host' : `${report.bytes.toLocaleString('en-US')} bytes`;
  const pixels =
    report.width === 0 || report.height === 0
      ? 'scalable'
      : `${report.width.toLocaleString('en-US')} × ${report.height.toLocaleString('en-US')} px`;
  return `${format} · ${bytes} · ${pixels}`;
}
