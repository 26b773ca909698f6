/**
 * TZIP-21 token metadata as objkt, Teia and TzKT read it, stored on-chain in the FA2 contract's
 * `token_info : map string bytes` (TZIP-12 "Token Metadata Values").
 *
 * Encoding of each value, per TZIP-12/TZIP-21 and what indexers decode: text fields (`name`, `description`,
 * the URIs, `decimals` as a decimal string) are their UTF-8 bytes; structured fields (`creators`, `royalties`,
 * `attributes`, `formats`, `tags`, and the boolean `isBooleanAmount`) are the UTF-8 bytes of their JSON text.
 * Royalties follow objkt's convention `{decimals, shares: {address: n}}` (share n / 10^decimals).
 */
import { MichelsonMap } from '@taquito/taquito';
import { configure } from 'safe-stable-stringify';
import { isAddress } from './validate';
import { z } from 'zod';
import { MetadataError } from './errors';

/** The `map string bytes` of one token, bytes as hex (no 0x), keys in Michelson order (sorted). */
export type TokenInfo = Readonly<Record<string, string>>;

const address = z.string().refine(isAddress, 'not a tz1/tz2/tz3/tz4/KT1 address (shape and checksum)');

/** Images live on IPFS, on the web, or inline (no pinning service needed). */
const uri = z
  .string()
  .min(1)
  .refine((u) => /^(ipfs:\/\/\S+|https:\/\/\S+|data:[^,]*,.*)$/s.test(u), 'must be an ipfs://, https:// or data: URI');

const nat = z.number().int().nonnegative();

/** A creator: a name, or a wallet — and what looks like a wallet must be one (a mistyped address is no name). */
const creator = z
  .string()
  .min(1)
  .max(200)
  .refine(
    (c) => !/^(tz[1-4]|KT1)[1-9A-HJ-NP-Za-km-z]{33}$/.test(c) || isAddress(c),
    'not a tz1/tz2/tz3/tz4/KT1 address (shape and checksum)',
  );

const formatSchema = z
  .object({
    uri,
    mimeType: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/, 'not a MIME type'),
    fileSize: nat.optional(),
    fileName: z.string().min(1).optional(),
    hash: z.string().min(1).optional(),
    dimensions: z
      .object({ value: z.string().min(1), unit: z.string().min(1) })
      .strict()
      .optional(),
  })
  .strict();

const attributeSchema = z
  .object({ name: z.string().min(1), value: z.string(), type: z.string().min(1).optional() })
  .strict();

const royaltiesSchema = z
  .object({
    decimals: nat.max(18),
    // objkt writes shares as numbers; some minters write numeric strings. Both read as numbers.
    shares: z.record(address, z.union([nat, z.string().regex(/^\d+$/).transform(Number)])),
  })
  .strict()
  .refine(
    (r) => Object.values(r.shares).reduce((s, n) => s + n, 0) <= 10 ** r.decimals,
    'shares add up to more than 100%',
  );

export const tokenMetadataSchema = z
  .object({
    name: z.string().min(1).max(200),
    symbol: z.string().min(1).max(32).optional(),
    description: z.string().max(5000).optional(),
    decimals: nat.max(36),
    artifactUri: uri,
    displayUri: uri.optional(),
    thumbnailUri: uri.optional(),
    minter: address.optional(),
    // TZIP-21: "the primary person, people, or organization(s)": wallets where they have them, else their names.
    creators: z.array(creator).min(1),
    royalties: royaltiesSchema.optional(),
    attributes: z.array(attributeSchema),
    formats: z.array(formatSchema),
    tags: z.array(z.string().min(1)).optional(),
    isBooleanAmount: z.boolean().optional(),
  })
  .strict();

export type TokenMetadata = z.output<typeof tokenMetadataSchema>;
export type TokenFormat = z.output<typeof formatSchema>;
export type TokenAttribute = z.output<typeof attributeSchema>;
export type Royalties = z.output<typeof royaltiesSchema>;

/** Which keys hold JSON text; every other known key holds plain UTF-8 text. */
const JSON_KEYS = new Set(['creators', 'royalties', 'attributes', 'formats', 'tags', 'isBooleanAmount']);
const TEXT_KEYS = new Set([
  'name',
  'symbol',
  'description',
  'decimals',
  'artifactUri',
  'displayUri',
  'thumbnailUri',
  'minter',
]);

const issuesOf = (error: z.ZodError): string[] =>
  error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);

function validate(input: unknown, what: string): TokenMetadata {
  const parsed = tokenMetadataSchema.safeParse(input);
  if (!parsed.success)
    throw new MetadataError('METADATA_INVALID', `${what} is not valid TZIP-21 token metadata`, issuesOf(parsed.error));
  return parsed.data;
}

const hex = (text: string): string => Buffer.from(text, 'utf8').toString('hex');

/**
 * The contract's `token_info` for a token.
 * @throws MetadataError `METADATA_INVALID` naming each bad field.
 */
export function encodeTokenInfo(meta: TokenMetadata): TokenInfo {
  const valid = validate(meta, 'token metadata');
  const entries: [string, string][] = [];
  for (const [key, value] of Object.entries(valid)) {
    if (value === undefined) continue;
    const text =
      typeof value === 'number' ? String(value) : JSON_KEYS.has(key) ? JSON.stringify(value) : (value as string);
    entries.push([key, hex(text)]);
  }
  // Michelson map literals need sorted keys; Taquito sorts too, but a stable order makes the value comparable.
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries);
}

/** The `token_info` as the Taquito value of a `map string bytes` parameter or storage (e.g. `create_tokens`). */
export function tokenInfoMap(meta: TokenMetadata): MichelsonMap<string, string> {
  const map = new MichelsonMap<string, string>({ prim: 'map', args: [{ prim: 'string' }, { prim: 'bytes' }] });
  for (const [k, v] of Object.entries(encodeTokenInfo(meta))) map.set(k, v);
  return map;
}

/** Anything holding a `map string bytes`: a plain record, a Map, or Taquito's MichelsonMap (hex values). */
export type TokenInfoInput = Readonly<Record<string, string>> | { entries(): Iterable<[unknown, unknown]> };

function entriesOf(info: TokenInfoInput): [string, string][] {
  const raw: Iterable<[unknown, unknown]> =
    typeof (info as { entries?: unknown }).entries === 'function'
      ? (info as { entries(): Iterable<[unknown, unknown]> }).entries()
      : Object.entries(info as Record<string, string>);
  const out: [string, string][] = [];
  for (const [k, v] of raw) {
    if (typeof k !== 'string' || typeof v !== 'string')
      throw new MetadataError('METADATA_BAD_BYTES', 'token_info must map strings to bytes');
    out.push([k, v]);
  }
  return out;
}

function utf8(key: string, bytes: string): string {
  const clean = bytes.startsWith('0x') ? bytes.slice(2) : bytes;
  if (!/^([0-9a-fA-F]{2})*$/.test(clean))
    throw new MetadataError('METADATA_BAD_BYTES', `token_info "${key}" is not hex bytes`, [key]);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(clean, 'hex'));
  } catch {
    throw new MetadataError('METADATA_BAD_BYTES', `token_info "${key}" is not UTF-8 text`, [key]);
  }
}

/**
 * The typed metadata of a `token_info`. Keys this app does not write (and the `""` off-chain pointer) are
 * ignored, so tokens written by newer versions still read.
 * @throws MetadataError `METADATA_BAD_BYTES` (not hex / not UTF-8 / not JSON where JSON is expected) or
 *   `METADATA_INVALID` naming each bad field.
 */
export function decodeTokenInfo(info: TokenInfoInput): TokenMetadata {
  const obj: Record<string, unknown> = {};
  for (const [key, bytes] of entriesOf(info)) {
    if (!JSON_KEYS.has(key) && !TEXT_KEYS.has(key)) continue;
    const text = utf8(key, bytes);
    if (key === 'decimals') obj[key] = /^\d+$/.test(text) ? Number(text) : text;
    else if (JSON_KEYS.has(key)) {
      try {
        obj[key] = JSON.parse(text) as unknown;
      } catch {
        throw new MetadataError('METADATA_BAD_BYTES', `token_info "${key}" is not JSON`, [key]);
      }
    } else obj[key] = text;
  }
  return validate(obj, 'token_info');
}

/**
 * The typed metadata of a token as the TzKT API shows it (`token.metadata`): the same fields, decoded by the
 * indexer, with scalars left as text (`"decimals": "0"`, `"isBooleanAmount": "true"`).
 * @throws MetadataError `METADATA_INVALID` naming each bad field.
 */
export function decodeIndexedMetadata(metadata: unknown): TokenMetadata {
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw new MetadataError('METADATA_INVALID', 'indexed token metadata is not an object');
  }
  const obj: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(metadata)) {
    if (!JSON_KEYS.has(key) && !TEXT_KEYS.has(key)) continue;
    if (key === 'decimals' && typeof value === 'string' && /^\d+$/.test(value)) obj[key] = Number(value);
    else if (key === 'isBooleanAmount' && (value === 'true' || value === 'false')) obj[key] = value === 'true';
    else obj[key] = value;
  }
  return validate(obj, 'indexed token metadata');
}

// --- Tezos Pole tiles -------------------------------------------------------------------------

/** One image of a tile: where it is and what it is. */
export interface TileImage {
  readonly uri: string;
  readonly mimeType: string;
  /** Its size in bytes, where known (TZIP-21 `formats[].fileSize`). */
  readonly fileSize?: number;
  readonly dimensions?: { readonly value: string; readonly unit: string };
}

/** An FA2 token by contract and id: the token a work was featured from. */
export interface TokenRef {
  readonly contract: string;
  readonly tokenId: string;
}

export interface TileTokenInput {
  readonly title: string;
  readonly artist: string;
  /**
   * The work's creators (TZIP-21 `creators`): the artist's wallets, or the original token's creators for a work
   * featured from one, or the artist's name for a work whose artist has no wallet. The wallets share the royalty
   * equally; a work without one carries no royalty.
   */
  readonly creators: readonly string[];
  /** The board the work is a tile of, named as the collection (and its curator as `minter`). */
  readonly collection?: string;
  /** The token the work was featured from: the "Original token" attribute points back to it. */
  readonly origin?: TokenRef;
  readonly description?: string;
  /** List price in Tz (the game's currency). */
  readonly listPrice: number;
  readonly multiplier: number;
  /** 1 for a 1/1, y for an "x/y" edition. */
  readonly editionSize: number;
  readonly gameId: string;
  readonly artifact: TileImage;
  readonly display?: TileImage;
  readonly thumbnail?: TileImage;
  /** Royalty in basis points of the sale (objkt's `decimals: 4`): 1000 = 10%. Default 1000. */
  readonly royaltyBps?: number;
  /** The minting contract's admin or bank, shown as `minter`. */
  readonly minter?: string;
}

/** The attribute names tile tokens carry (TZIP-21 `attributes`: string values with a display type). */
export const TILE_ATTRIBUTES = {
  listPrice: 'List price',
  multiplier: 'Multiplier',
  editionSize: 'Edition size',
  gameId: 'Game',
  originalToken: 'Original token',
  artist: 'Artist',
  collection: 'Collection',
} as const;

/**
 * The royalty of a sale split equally among `creators` (objkt's `decimals: 4` shares): `bps` in all, the odd basis
 * points going to the first creators, so the shares add up to exactly `bps`.
 */
export function royaltyShares(creators: readonly string[], bps: number): Record<string, number> {
  const unique = [...new Set(creators)];
  const each = Math.floor(bps / unique.length);
  const odd = bps - each * unique.length;
  return Object.fromEntries(unique.map((c, i) => [c, each + (i < odd ? 1 : 0)]));
}

/** An "Original token" attribute's value: `KT1…/11`. */
export const tokenRefText = (ref: TokenRef): string => `${ref.contract}/${ref.tokenId}`;

/** The token a tile token was featured from (its "Original token" attribute), or null when it names none. */
export function originalToken(meta: {
  readonly attributes: readonly { readonly name: string; readonly value: string }[];
}): TokenRef | null {
  const value = meta.attributes.find((a) => a.name === TILE_ATTRIBUTES.originalToken)?.value;
  const m = value === undefined ? null : /^(KT1[1-9A-HJ-NP-Za-km-z]{33})\/(\d{1,30})$/.exec(value);
  return m ? { contract: m[1]!, tokenId: m[2]! } : null;
}

/**
 * `displayUri` and `thumbnailUri`, defaulting to the artifact — except an inline (`data:`) image, which is stored
 * once: repeating it would multiply the token's on-chain size and storage fee, and wallets fall back to the artifact.
 */
function displayUris(t: TileTokenInput): Pick<TokenMetadata, 'displayUri' | 'thumbnailUri'> {
  const display = t.display ?? t.artifact;
  const thumbnail = t.thumbnail ?? display;
  const once = (image: TileImage, shown: readonly TileImage[]): boolean =>
    !(image.uri.startsWith('data:') && shown.some((s) => s.uri === image.uri));
  return {
    ...(once(display, [t.artifact]) ? { displayUri: display.uri } : {}),
    ...(once(thumbnail, [t.artifact, display]) ? { thumbnailUri: thumbnail.uri } : {}),
  };
}

/**
 * The TZIP-21 metadata of an artist tile's token: name "Title — Artist", decimals 0, the work's creators as creators
 * and royalty receivers (split equally), the game facts as attributes (and the original token of a featured work),
 * and `isBooleanAmount` for a 1/1 (a wallet shows no amount).
 * @throws MetadataError `METADATA_INVALID` when a field is out of range (e.g. a bad address or URI).
 */
export function tileTokenMetadata(t: TileTokenInput): TokenMetadata {
  const images = [t.artifact, t.display, t.thumbnail].filter((i): i is TileImage => i !== undefined);
  const formats: TokenFormat[] = [];
  for (const i of images) {
    if (formats.some((f) => f.uri === i.uri)) continue;
    formats.push({
      uri: i.uri,
      mimeType: i.mimeType,
      ...(i.fileSize !== undefined ? { fileSize: i.fileSize } : {}),
      ...(i.dimensions ? { dimensions: { ...i.dimensions } } : {}),
    });
  }
  const wallets = [...new Set(t.creators)].filter(isAddress);
  const meta: TokenMetadata = {
    name: `${t.title} — ${t.artist}`,
    ...(t.description !== undefined ? { description: t.description } : {}),
    decimals: 0,
    artifactUri: t.artifact.uri,
    ...displayUris(t),
    ...(t.minter !== undefined ? { minter: t.minter } : {}),
    creators: [...new Set(t.creators)],
    ...(wallets.length > 0 ? { royalties: { decimals: 4, shares: royaltyShares(wallets, t.royaltyBps ?? 1000) } } : {}),
    attributes: [
      { name: TILE_ATTRIBUTES.artist, value: t.artist, type: 'string' },
      ...(t.collection !== undefined
        ? [{ name: TILE_ATTRIBUTES.collection, value: t.collection, type: 'string' }]
        : []),
      { name: TILE_ATTRIBUTES.listPrice, value: String(t.listPrice), type: 'integer' },
      { name: TILE_ATTRIBUTES.multiplier, value: String(t.multiplier), type: 'number' },
      { name: TILE_ATTRIBUTES.editionSize, value: String(t.editionSize), type: 'integer' },
      { name: TILE_ATTRIBUTES.gameId, value: t.gameId, type: 'string' },
      ...(t.origin ? [{ name: TILE_ATTRIBUTES.originalToken, value: tokenRefText(t.origin), type: 'string' }] : []),
    ],
    formats,
    ...(t.editionSize === 1 ? { isBooleanAmount: true } : {}),
  };
  return validate(meta, 'tile token metadata');
}

/**
 * The bytes an off-chain token metadata URI names: the JSON text with its keys sorted, so the same metadata is the
 * same bytes (and CID) wherever it is serialized again — after a database round trip, in `npm run verify`.
 */
export function metadataBytes(meta: TokenMetadata): Uint8Array {
  return new TextEncoder().encode(canonicalJson(meta));
}
const canonicalJson = configure({ deterministic: true, bigint: false }) as (value: unknown) => string;

/** The `token_info` of a token whose metadata lives off-chain (TZIP-16's `""` key): the URI's bytes, nothing else. */
export function offChainTokenInfo(uri: string): TokenInfo {
  return { '': hex(uri) };
}

/** The off-chain metadata URI a `token_info` points to (its `""` key), or null when it has none. */
export function offChainMetadataUri(info: TokenInfoInput): string | null {
  const entry = entriesOf(info).find(([key]) => key === '');
  return entry ? utf8('', entry[1]) : null;
}

export interface TileFacts {
  readonly listPrice: number;
  readonly multiplier: number;
  readonly editionSize: number;
  readonly gameId: string;
}

/**
 * The game facts a tile token's attributes carry, or null when the token is not a tile of this app.
 */
export function tileFacts(meta: Pick<TokenMetadata, 'attributes'>): TileFacts | null {
  const get = (name: string): string | undefined => meta.attributes.find((a) => a.name === name)?.value;
  const num = (name: string): number | null => {
    const v = get(name);
    return v !== undefined && /^\d+(\.\d+)?$/.test(v) ? Number(v) : null;
  };
  const listPrice = num(TILE_ATTRIBUTES.listPrice);
  const multiplier = num(TILE_ATTRIBUTES.multiplier);
  const editionSize = num(TILE_ATTRIBUTES.editionSize);
  const gameId = get(TILE_ATTRIBUTES.gameId);
  if (listPrice === null || multiplier === null || editionSize === null || gameId === undefined) return null;
  return { listPrice, multiplier, editionSize, gameId };
}
