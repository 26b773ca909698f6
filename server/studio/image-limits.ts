/**
 * What an artist's uploaded image may be, and the sizes of the renditions made from it (server/studio/images.ts).
 * No sharp here, so a route can check and quote the limits without loading libvips.
 */

/** The formats every wallet and browser shows, by MIME type, with the name a person knows them by. */
export const UPLOAD_FORMATS = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
} as const;

export type UploadMimeType = keyof typeof UPLOAD_FORMATS;

export const UPLOAD_LIMITS = {
  /**
   * A phone photo is 2–6 MB and a large PNG artwork rarely more; the original is pinned on IPFS for as long as the
   * token lives, so a bigger file is almost always an unexported master.
   */
  maxBytes: 10 * 1024 * 1024,
  /** Past 8,000 px a side no screen or wallet shows more, and WebP (the renditions) cannot exceed 16,383. */
  maxSidePx: 8_000,
  /**
   * A 4:3 photo at the side limit. Decoding holds every pixel (4 bytes each as RGBA: 192 MB at this limit); sharp's
   * `limitInputPixels` refuses more from the header, so a tiny file declaring 50,000 × 50,000 is never decoded.
   */
  maxPixels: 8_000 * 6_000,
  /** Smaller than a board's tile at its smallest: a tracking pixel or a mistake, not a work. */
  minSidePx: 32,
} as const;

export const RENDITION_SIZES = {
  /** Pages and wallets' detail views: crisp on a high-density screen, at a fraction of the original's weight. */
  display: { maxSidePx: 1024 },
  /** Board tiles and lists. */
  thumbnail: { maxSidePx: 350 },
} as const;

/** WebP quality: no artefact a viewer notices at these sizes, for a fraction of lossless WebP's bytes. */
export const RENDITION_QUALITY = 82;
