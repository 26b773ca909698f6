/**
 * The studio's image rules (server/studio/image.ts), shared by the server and the piece form: a format is
 * told by its magic numbers, and a data: URI must hold the image it declares.
 */
import { describe, expect, it } from 'vitest';
import { decodeDataUri, imageProblem, sniffImageType } from '../../server/studio';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const b64 = (u: Uint8Array): string => Buffer.from(u).toString('base64');

describe('image formats by their bytes', () => {
  it('knows PNG, JPEG, GIF, WebP, AVIF and SVG, and nothing else', () => {
    expect(sniffImageType(bytes([0x89], 'PNG\r\n\x1a\n'))).toBe('image/png');
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniffImageType(bytes('GIF89a'))).toBe('image/gif');
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'mif1miaf'))).toBe('image/avif');
    expect(sniffImageType(bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0], 'avifmiaf'))).toBe('image/avif');
    expect(sniffImageType(bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 0, 0], 'mp41mp42'))).toBeNull();
    expect(sniffImageType(bytes('<!-- made by hand -->\n<!DOCTYPE svg>\n<svg viewBox="0 0 1 1"/>'))).toBe(
      'image/svg+xml',
    );
    expect(sniffImageType(bytes('BM'))).toBeNull();
    expect(sniffImageType(bytes('<html><svg/></html>'))).toBeNull();
  });

  it('reads base64 and percent-encoded data: URIs, and says what is wrong with one', () => {
    expect(decodeDataUri('data:image/svg+xml,%3Csvg%2F%3E')).toEqual({
      mimeType: 'image/svg+xml',
      bytes: bytes('<svg/>'),
    });
    expect(decodeDataUri('data:image/png;base64,@@@')).toBeNull();
    const gif = `data:image/gif;base64,${b64(bytes('GIF87a', [1, 0, 1, 0]))}`;
    expect(imageProblem(gif)).toBeNull();
    expect(imageProblem(gif.replace('image/gif', 'image/webp'))).toBe(
      'the data: URI says WebP but its 10 bytes are a GIF image',
    );
    expect(imageProblem('data:image/png;base64,@@@')).toBe(
      'the data: URI cannot be decoded (bad base64 or percent-encoding)',
    );
    expect(imageProblem('https://example.org/a.png', 'image/heic')).toMatch(
      /^image\/heic is not a supported image format/,
    );
    expect(imageProblem('ipfs://bafy', 'image/avif')).toBeNull();
  });
});
