/**
 * What a studio image must be: one of the formats wallets and browsers show (PNG, JPEG, GIF, WebP, SVG,
 * AVIF), and — for an inline `data:` image, whose bytes are at hand — bytes that really are the format it declares,
 * told by their magic numbers. Pure and dependency-free: the piece form runs the same checks in the browser.
 */

/** The supported image formats, by MIME type, with the name a person knows them by. */
export const IMAGE_FORMATS = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/svg+xml': 'SVG',
  'image/avif': 'AVIF',
} as const;

export type ImageMimeType = keyof typeof IMAGE_FORMATS;

const FORMAT_LIST = Object.values(IMAGE_FORMATS).join(', ');

export const isSupportedImageType = (mimeType: string): mimeType is ImageMimeType =>
  Object.hasOwn(IMAGE_FORMATS, mimeType);

const ascii = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to));

/** An SVG document: optional BOM, XML declaration, comments and doctype, then the `<svg` root. */
const SVG_START = /^\uFEFF?\s*(<\?xml[\s\S]*?\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>/]/i;

/** The format `bytes` are, by their magic numbers (an SVG by its root element), or null when none of the supported. */
export function sniffImageType(bytes: Uint8Array): ImageMimeType | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(bytes, 1, 8) === 'PNG\r\n\x1a\n') return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  // ISO-BMFF: a `ftyp` box whose major or a compatible brand is AVIF's.
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxEnd = Math.min(bytes.length, ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0);
    for (let at = 8; at + 4 <= boxEnd; at += 4) {
      if (at === 12) continue; // the minor version, not a brand
      if (/^avi[fs]$/.test(ascii(bytes, at, at + 4))) return 'image/avif';
    }
  }
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
  return SVG_START.test(head) ? 'image/svg+xml' : null;
}

export interface DataUri {
  readonly mimeType: string;
  readonly bytes: Uint8Array;
}

/** The declared type and the bytes of a `data:` URI (base64 or percent-encoded), or null when it cannot be read. */
export function decodeDataUri(uri: string): DataUri | null {
  const m = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(uri);
  if (!m) return null;
  const mimeType = (m[1] || 'text/plain').toLowerCase();
  const base64 = m[2]!.split(';').some((p) => p.toLowerCase() === 'base64');
  try {
    if (base64) {
      const text = atob(m[3]!.replace(/\s+/g, ''));
      return { mimeType, bytes: Uint8Array.from(text, (c) => c.charCodeAt(0)) };
    }
    return { mimeType, bytes: new TextEncoder().encode(decodeURIComponent(m[3]!)) };
  } catch {
    return null;
  }
}

const nameOf = (mimeType: string): string => (isSupportedImageType(mimeType) ? IMAGE_FORMATS[mimeType] : mimeType);

/**
 * Why an image cannot be featured, or null when it can: an unsupported declared type, a data: URI that cannot be
 * decoded, whose type disagrees with `mimeType`, or whose bytes are not the image it declares.
 */
export function imageProblem(uri: string | undefined, mimeType?: string): string | null {
  if (mimeType !== undefined && !isSupportedImageType(mimeType))
    return `${mimeType} is not a supported image format (${FORMAT_LIST})`;
  if (uri === undefined || !uri.startsWith('data:')) return null;
  const data = decodeDataUri(uri);
  if (!data) return 'the data: URI cannot be decoded (bad base64 or percent-encoding)';
  if (!isSupportedImageType(data.mimeType))
    return `the data: URI holds ${data.mimeType}, not a supported image format (${FORMAT_LIST})`;
  if (mimeType !== undefined && mimeType.toLowerCase() !== data.mimeType)
    return `the data: URI holds ${nameOf(data.mimeType)} but the piece says ${nameOf(mimeType)}`;
  const actual = sniffImageType(data.bytes);
  if (actual !== data.mimeType) {
    return `the data: URI says ${nameOf(data.mimeType)} but its ${data.bytes.length.toLocaleString('en-US')} bytes are ${actual ? `a ${nameOf(actual)} image` : `not a ${nameOf(data.mimeType)} image`}`;
  }
  return null;
}
