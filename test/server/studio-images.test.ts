/**
 * What happens to an image an artist uploads (server/studio/images.ts): the file itself becomes the token's
 * artifact, and small WebP stills without metadata are made for pages and tiles; anything that is not a PNG, JPEG,
 * WebP or GIF of sensible size is refused with a code the route answers 400 with. Images are made here with sharp.
 */
import { deflateSync, crc32 } from 'node:zlib';
import sharp, { type Metadata } from 'sharp';
import { describe, expect, it } from 'vitest';
import { errorResponse, HTTP_STATUS, StudioError, type StudioCode } from '../../server/errors';
import { prepareUpload, type Rendition } from '../../server/studio/images';
import { UPLOAD_LIMITS } from '../../server/studio/image-limits';

/** Soft, photo-like detail: noise a tenth the size, enlarged (full-size noise would slow the suite down). */
const photo = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({
    create: {
      width: width / 10,
      height: height / 10,
      channels,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  }).resize(width, height);
const plain = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });

const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  Buffer.from(bytes.subarray(from, to)).toString('latin1');
const isWebp = (r: Rendition): boolean => ascii(r.bytes, 0, 4) === 'RIFF' && ascii(r.bytes, 8, 12) === 'WEBP';
const longSide = (r: Rendition): number => Math.max(r.width, r.height);

/** The rendition has the artifact's shape, to the pixel rounding. */
function expectSameAspect(r: Rendition, of: { width: number; height: number }): void {
  if (of.width >= of.height) expect(Math.abs(r.height - (r.width * of.height) / of.width)).toBeLessThanOrEqual(1);
  else expect(Math.abs(r.width - (r.height * of.width) / of.height)).toBeLessThanOrEqual(1);
}

/** A still WebP, its size what it says, with no EXIF, XMP or ICC profile. */
async function expectBareWebp(r: Rendition): Promise<Metadata> {
  expect(r.mimeType).toBe('image/webp');
  expect(isWebp(r)).toBe(true);
  expect(r.fileSize).toBe(r.bytes.length);
  const meta = await sharp(r.bytes).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', r.width, r.height]);
  expect({ exif: meta.exif, xmp: meta.xmp, icc: meta.icc, orientation: meta.orientation }).toEqual({
    exif: undefined,
    xmp: undefined,
    icc: undefined,
    orientation: undefined,
  });
  expect(meta.pages ?? 1).toBe(1);
  return meta;
}

/** The refusal, as the route would answer it. */
async function refusal(bytes: Uint8Array): Promise<{ status: number; code: string; message: string }> {
  const err: unknown = await prepareUpload(bytes).then(
    () => new Error('the file was accepted'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StudioError);
  const { status, body } = errorResponse(err);
  return { status, code: body.error, message: body.message };
}

/** A PNG of only its signature, a header declaring `width` × `height`, a few compressed bytes and its end. */
function pngDeclaring(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer): Buffer => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('an accepted upload', () => {
  it.each([
    ['PNG', 'image/png', () => photo(600, 400, 4).png()],
    ['JPEG', 'image/jpeg', () => photo(600, 400).jpeg()],
    ['WebP', 'image/webp', () => photo(600, 400).webp()],
    ['GIF', 'image/gif', () => photo(600, 400).gif({ effort: 1 })],
  ] as const)('a %s is its own artifact, byte for byte, with bare WebP stills', async (_name, mimeType, make) => {
    const input = new Uint8Array(await make().toBuffer());
    const { artifact, display, thumbnail } = await prepareUpload(input);

    expect(artifact).toEqual({ bytes: input, mimeType, width: 600, height: 400, fileSize: input.length });
    // Smaller than the display size: never upscaled.
    expect([display.width, display.height]).toEqual([600, 400]);
    expect(longSide(thumbnail)).toBe(350);
    expectSameAspect(thumbnail, artifact);
    await expectBareWebp(display);
    await expectBareWebp(thumbnail);
  });

  it('a 3000 × 2000 photo gets a 1024 px display and a 350 px thumbnail of the same shape, far lighter', async () => {
    const input = new Uint8Array(await photo(3000, 2000).jpeg({ quality: 90 }).toBuffer());
    const { artifact, display, thumbnail } = await prepareUpload(input);

    expect([artifact.width, artifact.height, artifact.bytes]).toEqual([3000, 2000, input]);
    expect(longSide(display)).toBe(1024);
    expect(longSide(thumbnail)).toBe(350);
    expectSameAspect(display, artifact);
    expectSameAspect(thumbnail, artifact);
    expect(display.fileSize).toBeLessThan(artifact.fileSize / 4);
    expect(thumbnail.fileSize).toBeLessThan(display.fileSize);
  });

  it('a portrait keeps its height as the long side', async () => {
    const { display, thumbnail } = await prepareUpload(await plain(900, 2400, '#2a6').png().toBuffer());
    expect([display.height, thumbnail.height]).toEqual([1024, 350]);
    expectSameAspect(display, { width: 900, height: 2400 });
  });

  it('a small image is not upscaled: both stills keep its size', async () => {
    const { display, thumbnail } = await prepareUpload(await plain(120, 80, '#a33').png().toBuffer());
    expect([display.width, display.height, thumbnail.width, thumbnail.height]).toEqual([120, 80, 120, 80]);
  });

  it('a transparent PNG keeps its transparency in the stills', async () => {
    const input = await sharp({
      create: { width: 200, height: 200, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const { display } = await prepareUpload(input);
    expect((await expectBareWebp(display)).hasAlpha).toBe(true);
  });

  it("a phone photo's EXIF (its camera) and colour profile stay out of the stills, which stand the right way up", async () => {
    // Stored 400 × 300 and tagged "turn 90°": a viewer shows it 300 × 400.
    const input = await plain(400, 300, '#36c')
      .jpeg()
      .withExif({ IFD0: { Make: 'Phone', Model: 'Pocket 12' } })
      .withMetadata({ orientation: 6 })
      .withIccProfile('p3')
      .toBuffer();
    const uploaded = await sharp(input).metadata();
    expect([uploaded.orientation, uploaded.icc !== undefined]).toEqual([6, true]);
    expect(uploaded.exif?.toString('latin1')).toContain('Pocket 12');

    const { artifact, display, thumbnail } = await prepareUpload(input);
    expect(artifact.bytes).toEqual(new Uint8Array(input));
    expect([artifact.width, artifact.height]).toEqual([300, 400]);
    expect([display.width, display.height]).toEqual([300, 400]);
    expect(thumbnail.height).toBe(350);
    expectSameAspect(thumbnail, artifact);
    await expectBareWebp(display);
    await expectBareWebp(thumbnail);
    expect(Buffer.from(display.bytes).includes('Pocket 12')).toBe(false);
  });

  it('refuses a photo that says where it was taken (GPS in its EXIF): the file itself would publish the place', async () => {
    const input = await plain(400, 300, '#36c')
      .jpeg()
      .withExif({
        IFD0: { Make: 'Phone', Model: 'Pocket 12' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 24/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 21/1 3/1',
        },
      })
      .toBuffer();
    const GPS_IFD_TAG = Buffer.from([0x25, 0x88]); // 0x8825, little-endian as sharp writes EXIF
    expect((await sharp(input).metadata()).exif?.includes(GPS_IFD_TAG)).toBe(true);
    const e = await refusal(new Uint8Array(input));
    expect([e.status, e.code]).toEqual([400, 'IMAGE_LOCATION']);
    expect(e.message).toContain('export it again without location');
  });

  it('an animated GIF stays animated as the artifact; its stills are its first frame', async () => {
    const frame = (background: string) => plain(64, 48, background).raw().toBuffer();
    const frames = Buffer.concat([await frame('#f00'), await frame('#00f')]);
    const input = await sharp(frames, { raw: { width: 64, height: 96, channels: 3, pageHeight: 48 } })
      .gif({ delay: [200, 200], loop: 0 })
      .toBuffer();
    expect((await sharp(input).metadata()).pages).toBe(2);

    const { artifact, display } = await prepareUpload(input);
    expect(artifact).toMatchObject({ bytes: new Uint8Array(input), mimeType: 'image/gif', width: 64, height: 48 });
    expect([display.width, display.height]).toEqual([64, 48]);
    await expectBareWebp(display);
    const { dominant } = await sharp(display.bytes).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(60);
  });
});

describe('a refused upload says what was wrong and what is accepted, with 400', () => {
  const text = (s: string): Uint8Array => new TextEncoder().encode(s);
  const ACCEPTED = /PNG, JPEG, WebP or GIF/;

  it.each([
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64"/></svg>'],
    [
      'an SVG with a script, behind an XML declaration and a comment',
      '<?xml version="1.0"?>\n<!-- art -->\n<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("//evil")</script></svg>',
    ],
    ['an SVG inside HTML', '<!doctype html><html><body><svg viewBox="0 0 1 1"></svg></body></html>'],
  ])('%s: refused as SVG, because of scripts', async (_name, svg) => {
    const { status, code, message } = await refusal(text(svg));
    expect([status, code]).toEqual([400, 'IMAGE_TYPE']);
    expect(message).toMatch(/^SVG images are refused: an SVG can carry scripts/);
    expect(message).toMatch(ACCEPTED);
  });

  it('an SVG behind a PNG signature is not read as an image: it does not decode', async () => {
    const disguised = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ]);
    const { status, code, message } = await refusal(disguised);
    expect([status, code]).toEqual([400, 'IMAGE_CORRUPT']);
    expect(message).toMatch(/^the file starts like a PNG image but cannot be read as one/);
  });

  it.each([
    ['a PDF', text('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'), /^the file is a PDF document/],
    ['a HEIC photo', Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'), /^the file is a HEIC photo/],
    ['a TIFF', Buffer.from('II*\0\x08\0\0\0', 'latin1'), /^the file is a TIFF image/],
    ['text', text('a picture of the sea at dawn'), /^the file is not an image the studio reads/],
    ['an empty file', new Uint8Array(0), /^the file is empty/],
    [
      'random bytes',
      Uint8Array.from({ length: 4096 }, (_, i) => (i * 2654435761) >>> 24),
      /^the file is not an image the studio reads/,
    ],
  ])('%s: refused by its bytes, whatever its name', async (_name, bytes, says) => {
    const { status, code, message } = await refusal(bytes);
    expect([status, code]).toEqual([400, 'IMAGE_TYPE']);
    expect(message).toMatch(says);
    expect(message).toMatch(ACCEPTED);
  });

  it.each([
    ['PNG', () => photo(300, 200).png()],
    ['JPEG', () => photo(300, 200).jpeg()],
  ] as const)('a truncated %s is refused as damaged', async (name, make) => {
    const whole = await make().toBuffer();
    const { status, code, message } = await refusal(whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect([status, code]).toEqual([400, 'IMAGE_CORRUPT']);
    expect(message).toContain(`starts like a ${name} image but cannot be read as one: it is truncated or damaged`);
  });

  it('a 1 × 1 PNG is too small to show', async () => {
    const { status, code, message } = await refusal(await plain(1, 1, '#fff').png().toBuffer());
    expect([status, code]).toEqual([400, 'IMAGE_DIMENSIONS']);
    expect(message).toBe('the image is 1 × 1 px; an image must be at least 32 px on each side');
  });

  it('a decompression bomb (a 90-byte PNG declaring 50,000 × 50,000) is refused from its header', async () => {
    const bomb = pngDeclaring(50_000, 50_000);
    expect(bomb.length).toBeLessThan(100);
    const { status, code, message } = await refusal(bomb);
    expect([status, code]).toEqual([400, 'IMAGE_DIMENSIONS']);
    expect(message).toBe(
      'the image is 50,000 × 50,000 px; an image may be at most 8,000 px on a side and 48 million pixels in all',
    );
  });

  it('too many pixels in all, each side within the limit, is refused too', async () => {
    const { code, message } = await refusal(pngDeclaring(7_500, 7_500));
    expect(code).toBe('IMAGE_DIMENSIONS');
    expect(message).toMatch(/^the image is 7,500 × 7,500 px;/);
  });

  it('a file over 10 MiB is refused before it is read', async () => {
    const big = new Uint8Array(UPLOAD_LIMITS.maxBytes + 1);
    big.set(pngDeclaring(100, 100));
    const { status, code, message } = await refusal(big);
    expect([status, code]).toEqual([400, 'IMAGE_TOO_LARGE']);
    expect(message).toBe('the file is 10.1 MiB; an image may be at most 10 MiB');
  });

  it('every refusal code is a 400 in the status table', () => {
    const codes: StudioCode[] = ['IMAGE_TYPE', 'IMAGE_TOO_LARGE', 'IMAGE_DIMENSIONS', 'IMAGE_CORRUPT'];
    expect(codes.map((code) => HTTP_STATUS[code])).toEqual([400, 400, 400, 400]);
  });
});
