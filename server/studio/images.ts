/**
 * An artist's uploaded image, made ready to feature: the file itself as the token's artifact, and two still
 * renditions (display, thumbnail) for pages, wallets and tiles. Pure: the caller stores the bytes on IPFS and writes
 * TZIP-21 `formats`; nothing here is written anywhere.
 */
// sharp: libvips, prebuilt for each platform and distributed through npm (@img/sharp-*), no system library needed.
import sharp, { type Metadata, type OutputInfo, type ResizeOptions, type Sharp, type SharpOptions } from 'sharp';
// exif-reader: a small pure-JS EXIF parser (the one sharp's own docs use) for the GPS tags sharp hands over raw.
import readExif from 'exif-reader';
import { sniffImageType } from '../../chain/studio/image';
import { StudioError } from '../errors';
import { RENDITION_QUALITY, RENDITION_SIZES, UPLOAD_FORMATS, UPLOAD_LIMITS, type UploadMimeType } from './image-limits';

export interface Rendition {
  readonly bytes: Uint8Array;
  readonly mimeType: UploadMimeType;
  /** As a viewer shows it: after the EXIF orientation is applied. */
  readonly width: number;
  readonly height: number;
  readonly fileSize: number;
}

export interface PreparedImage {
  /** The uploaded file byte for byte, with its sniffed type: what the token's artifactUri names. */
  readonly artifact: Rendition;
  /** At most 1024 px on its longest side, never upscaled. */
  readonly display: Rendition;
  /** At most 350 px on its longest side, never upscaled. */
  readonly thumbnail: Rendition;
}

/**
 * Checks an uploaded file and makes its renditions.
 * @throws HostError 400 `IMAGE_TOO_LARGE` (over the byte limit), `IMAGE_TYPE` (not PNG, JPEG, WebP or GIF by its
 *   bytes: SVG, HEIC, PDF, anything else), `IMAGE_DIMENSIONS` (too large or too small a side, or too many pixels),
 *   `IMAGE_CORRUPT` (truncated or damaged)
 */
export async function prepareUpload(bytes: Uint8Array): Promise<PreparedImage> {
  const mimeType = uploadType(bytes);
  const { width, height, exif } = await declaredSize(bytes, mimeType);
  refuseLocation(exif);
  const [display, thumbnail] = await stills(bytes, mimeType);
  return {
    artifact: { bytes: new Uint8Array(bytes), mimeType, width, height, fileSize: bytes.length },
    display,
    thumbnail,
  };
}

const formatNames = Object.values(UPLOAD_FORMATS);
const ACCEPTED = `${formatNames.slice(0, -1).join(', ')} or ${formatNames.at(-1)}`;
const count = (n: number): string => n.toLocaleString('en-US');
/** Rounded up, so a file just over the limit never reads as the limit itself. */
const mebibytes = (n: number): string => `${Math.ceil((n / 2 ** 20) * 10) / 10} MiB`;

const isUploadType = (mimeType: string): mimeType is UploadMimeType => Object.hasOwn(UPLOAD_FORMATS, mimeType);

/** The file's type by its bytes (never its name or the client's word). */
function uploadType(bytes: Uint8Array): UploadMimeType {
  if (bytes.length > UPLOAD_LIMITS.maxBytes)
    throw new StudioError(
      'IMAGE_TOO_LARGE',
      `the file is ${mebibytes(bytes.length)}; an image may be at most ${mebibytes(UPLOAD_LIMITS.maxBytes)}`,
    );
  const sniffed = sniffImageType(bytes);
  if (sniffed !== null && isUploadType(sniffed)) return sniffed;
  throw new StudioError('IMAGE_TYPE', refusedTypeMessage(bytes, sniffed));
}

/** Formats artists may try, named so they know what to export instead. */
const OTHER_FORMATS: readonly (readonly [RegExp, string])[] = [
  [/^%PDF-/, 'a PDF document'],
  [/^(II\*\0|MM\0\*)/, 'a TIFF image'],
  [/^[\s\S]{4}ftyp(heic|heix|hevc|hevx|heim|heis|mif1|msf1)/, "a HEIC photo (an iPhone's default format)"],
];

function refusedTypeMessage(bytes: Uint8Array, sniffed: string | null): string {
  if (bytes.length === 0) return `the file is empty; upload a ${ACCEPTED} image`;
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
  if (sniffed === 'image/svg+xml' || /<svg[\s>/]/i.test(head))
    return `SVG images are refused: an SVG can carry scripts that would run wherever the work is shown; upload it as a ${ACCEPTED} image`;
  const start = String.fromCharCode(...bytes.subarray(0, 16));
  const known = sniffed === 'image/avif' ? 'an AVIF image' : OTHER_FORMATS.find(([magic]) => magic.test(start))?.[1];
  return `the file is ${known ?? 'not an image the studio reads'}; upload a ${ACCEPTED} image (its type is told by its contents, not its name)`;
}

const corrupt = (mimeType: UploadMimeType): StudioError =>
  new StudioError(
    'IMAGE_CORRUPT',
    `the file starts like a ${UPLOAD_FORMATS[mimeType]} image but cannot be read as one: it is truncated or damaged; export it again as a ${ACCEPTED} image`,
  );

/** sharp's name for each accepted format, to check libvips read the file as the format it was sniffed as. */
const SHARP_FORMAT = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp', 'image/gif': 'gif' } as const;

const SOURCE: SharpOptions = {
  // A second lock behind declaredSize: libvips refuses more from the header, before decoding a pixel.
  limitInputPixels: UPLOAD_LIMITS.maxPixels,
  // Truncated or damaged pixel data is refused; a benign warning (stray bytes after a JPEG marker) is not, as
  // browsers show such files.
  failOn: 'error',
  // Pixels turned as the EXIF orientation says: the renditions lose the tag, and viewers turn the artifact by it.
  autoOrient: true,
  // The first frame of an animated GIF or WebP: a still is small, and wallets animate the artifact itself.
  pages: 1,
};

/** The size the file's header declares, checked against the limits before a pixel is decoded. */
async function declaredSize(
  bytes: Uint8Array,
  mimeType: UploadMimeType,
): Promise<{ width: number; height: number; exif: Buffer | undefined }> {
  let header: Metadata;
  try {
    // The header alone decodes no pixel, so it is read without the pixel limit: the refusal can name the size.
    header = await sharp(bytes, { ...SOURCE, limitInputPixels: false }).metadata();
  } catch {
    throw corrupt(mimeType);
  }
  if (header.format !== SHARP_FORMAT[mimeType]) throw corrupt(mimeType);
  const { width, height } = header.autoOrient;
  const { maxSidePx, maxPixels, minSidePx } = UPLOAD_LIMITS;
  if (Math.max(width, height) > maxSidePx || width * height > maxPixels)
    throw new StudioError(
      'IMAGE_DIMENSIONS',
      `the image is ${count(width)} × ${count(height)} px; an image may be at most ${count(maxSidePx)} px on a side and ${count(maxPixels / 1e6)} million pixels in all`,
    );
  if (Math.min(width, height) < minSidePx)
    throw new StudioError(
      'IMAGE_DIMENSIONS',
      `the image is ${count(width)} × ${count(height)} px; an image must be at least ${minSidePx} px on each side`,
    );
  return { width, height, exif: header.exif };
}

/**
 * The file itself becomes the token's artifact, published for good, byte for byte: a photo whose EXIF says where it
 * was taken would publish the place too (a phone camera's default). It is refused, saying how to export it without.
 * @throws HostError 400 `IMAGE_LOCATION`
 */
function refuseLocation(exif: Buffer | undefined): void {
  if (!exif) return;
  let gps: ReturnType<typeof readExif>['GPSInfo'];
  try {
    gps = readExif(exif).GPSInfo;
  } catch {
    return; // EXIF no reader can make sense of names no place either
  }
  if (gps && (gps.GPSLatitude !== undefined || gps.GPSLongitude !== undefined))
    throw new StudioError(
      'IMAGE_LOCATION',
      'the photo carries the place it was taken (GPS in its EXIF), and the file would be published with the work as it is: export it again without location (most phones and editors have a setting for it), then upload it',
    );
}

const fitInside = (maxSidePx: number): ResizeOptions => ({
  width: maxSidePx,
  height: maxSidePx,
  fit: 'inside',
  withoutEnlargement: true,
});

/**
 * The display and thumbnail renditions. WebP, lossy at RENDITION_QUALITY: every current browser and wallet shows it,
 * it keeps transparency (JPEG cannot), is about a third smaller than JPEG, and encodes fast (AVIF is several times
 * slower and not shown everywhere). Both are encoded from bare decoded pixels, so no EXIF (GPS: where a phone photo
 * was taken), XMP or ICC profile can ride along.
 */
async function stills(bytes: Uint8Array, mimeType: UploadMimeType): Promise<[Rendition, Rendition]> {
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    // One decode, at display size (JPEG shrinks while it decodes); the thumbnail is made from these pixels.
    decoded = await sharp(bytes, SOURCE)
      .resize(fitInside(RENDITION_SIZES.display.maxSidePx))
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw corrupt(mimeType);
  }
  const { width, height, channels } = decoded.info;
  const pixels = () => sharp(decoded.data, { raw: { width, height, channels } });
  return Promise.all([webp(pixels()), webp(pixels().resize(fitInside(RENDITION_SIZES.thumbnail.maxSidePx)))]);
}

async function webp(image: Sharp): Promise<Rendition> {
  const { data, info } = await image.webp({ quality: RENDITION_QUALITY }).toBuffer({ resolveWithObject: true });
  return {
    bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    mimeType: 'image/webp',
    width: info.width,
    height: info.height,
    fileSize: data.byteLength,
  };
}
