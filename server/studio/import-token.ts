/**
 * Reads an existing FA2 token from the indexer (TzKT API `/v1/tokens`), so an artist can feature a piece they
 * already minted: the form is prefilled with its title, description, image and the game terms its attributes carry.
 * Featuring it is a claim of authorship, so who may feature it is read from the indexer too.
 */
import {
  contractsGetBigMapByNameKeys,
  contractsGetByAddress,
  contractsGetStorage,
  tokensGetTokens,
  type Token,
} from '@tzkt/sdk-api';
import { isIndexerError } from '../../chain/errors';
import { IndexerClient, type SdkCall } from '../../chain/indexer';
import { isAddress } from '../../chain/validate';
import { z } from 'zod';
import { StudioError } from '../errors';
import { pieceSourceSchema } from '../../chain/studio/schema';

/** What the indexer tells about a token, as the studio's piece form wants it. Fields the token lacks are absent. */
export interface ImportedToken {
  readonly contract: string;
  readonly tokenId: string;
  readonly title?: string;
  readonly description?: string;
  /** The display image (else the artifact, else the thumbnail). */
  readonly imageUri?: string;
  readonly imageMimeType?: string;
  /** TZIP-21 `creators` that are Tezos addresses. */
  readonly creators: readonly string[];
  /** The artist's name, when the token states one (TZIP-21 has no field for it: an `artist` field or attribute). */
  readonly artistName?: string;
  /** Game terms the token's attributes carry (this app's "List price", "Multiplier", "Edition size", or the like). */
  readonly price?: number;
  readonly multiplier?: number;
  readonly editionSize?: number;
  /** Copies in existence now (minted − burned). */
  readonly totalSupply?: string;
}

/** The metadata fields the studio reads; everything else a minter wrote is ignored. */
const metadataSchema = z.object({
  name: z.string().optional().catch(undefined),
  description: z.string().optional().catch(undefined),
  displayUri: z.string().optional().catch(undefined),
  artifactUri: z.string().optional().catch(undefined),
  thumbnailUri: z.string().optional().catch(undefined),
  creators: z.array(z.unknown()).optional().catch(undefined),
  artist: z.string().optional().catch(undefined),
  attributes: z
    .array(z.object({ name: z.unknown(), value: z.unknown() }).partial())
    .optional()
    .catch(undefined),
  formats: z
    .array(z.object({ uri: z.unknown(), mimeType: z.unknown() }).partial())
    .optional()
    .catch(undefined),
});

/**
 * Attribute names, compared without case, spaces, `_` or `-`: this app's (chain/token-metadata.ts TILE_ATTRIBUTES:
 * "List price", "Multiplier", "Edition size") and the lowercase ones other minters write.
 */
const ATTRIBUTE_NAMES = {
  price: ['listprice', 'price'],
  multiplier: ['multiplier', 'mult'],
  editionSize: ['editionsize', 'editions', 'edition'],
  artistName: ['artist', 'artistname', 'creatorname', 'creator'],
} as const;

const attributeKey = (name: string): string => name.toLowerCase().replace(/[\s_-]+/g, '');

/** The game terms and artist name among a token's attributes; numbers only when the value is one. */
function fromAttributes(
  attributes: readonly { name?: unknown; value?: unknown }[],
): Pick<ImportedToken, 'price' | 'multiplier' | 'editionSize' | 'artistName'> {
  const value = (names: readonly string[]): string | undefined => {
    for (const a of attributes) {
      if (typeof a.name !== 'string' || !names.includes(attributeKey(a.name))) continue;
      if (typeof a.value === 'string' && a.value.trim() !== '') return a.value.trim();
      if (typeof a.value === 'number' && Number.isFinite(a.value)) return String(a.value);
    }
    return undefined;
  };
  const num = (names: readonly string[]): number | undefined => {
    const v = value(names);
    return v !== undefined && /^\d+(\.\d+)?$/.test(v) ? Number(v) : undefined;
  };
  const price = num(ATTRIBUTE_NAMES.price);
  const multiplier = num(ATTRIBUTE_NAMES.multiplier);
  const editionSize = num(ATTRIBUTE_NAMES.editionSize);
  const artistName = value(ATTRIBUTE_NAMES.artistName);
  return {
    ...(price !== undefined ? { price } : {}),
    ...(multiplier !== undefined ? { multiplier } : {}),
    ...(editionSize !== undefined ? { editionSize } : {}),
    ...(artistName !== undefined && !isAddress(artistName) ? { artistName } : {}),
  };
}

/** A Tezos address among what a token or its contract's storage says (anything may be there). */
const anAddress = (a: unknown): a is string => isAddress(a);

const REQUEST_TIMEOUT_MS = 10_000;

/** One TzKT request with its timeout; any failure is a 503 `INDEXER_UNAVAILABLE` naming the indexer. */
async function indexer<T>(tzktUrl: string, call: SdkCall<T>): Promise<T> {
  try {
    return await new IndexerClient({ tzktUrl, requestTimeoutMs: REQUEST_TIMEOUT_MS }).once(call);
  } catch (e) {
    if (!isIndexerError(e)) throw e;
    const why =
      e.detail.status !== undefined
        ? `answered HTTP ${e.detail.status}`
        : e.code === 'INDEXER_TIMEOUT'
          ? 'did not answer in time'
          : 'is unreachable';
    throw new StudioError(
      'INDEXER_UNAVAILABLE',
      `the token indexer (TzKT API at ${tzktUrl}) ${why}; try again in a moment`,
    );
  }
}

/**
 * The metadata of token `tokenId` of FA2 contract `contract`, read through the TzKT API at `tzktUrl`.
 * @throws HostError 400 `BAD_CONTRACT_ADDRESS` | `BAD_TOKEN_ID`, 404 `TOKEN_NOT_FOUND` (the indexer knows no such
 *   token: wrong contract, wrong id, or never minted), 503 `INDEXER_UNAVAILABLE` (unreachable, slow, or failing).
 */
export async function readFa2Token(
  tzktUrl: string,
  contract: string,
  tokenId: string | number,
): Promise<ImportedToken> {
  const source = pieceSourceSchema.safeParse({ contract, tokenId });
  if (!source.success) {
    const field = source.error.issues[0]?.path[0];
    if (field === 'tokenId')
      throw new StudioError('BAD_TOKEN_ID', `token id must be a whole number ≥ 0, not ${JSON.stringify(tokenId)}`);
    throw new StudioError('BAD_CONTRACT_ADDRESS', `not a KT1 contract address: ${JSON.stringify(contract)}`);
  }
  if (!isAddress(source.data.contract))
    throw new StudioError('BAD_CONTRACT_ADDRESS', `bad checksum in contract address ${source.data.contract}`);
  const id = source.data.tokenId;
  const tokens: Token[] = await indexer(tzktUrl, (opts) =>
    tokensGetTokens({ contract: { eq: source.data.contract }, tokenId: { eq: id }, limit: 1 }, opts),
  );
  const token = tokens[0];
  if (!token)
    throw new StudioError(
      'TOKEN_NOT_FOUND',
      `the indexer knows no token ${id} of ${source.data.contract} (never minted, or another contract)`,
    );
  const meta = metadataSchema.parse(
    typeof token.metadata === 'object' && token.metadata !== null ? token.metadata : {},
  );
  const imageUri = meta.displayUri ?? meta.artifactUri ?? meta.thumbnailUri;
  const format = imageUri === undefined ? undefined : meta.formats?.find((f) => f.uri === imageUri);
  const mimeType =
    typeof format?.mimeType === 'string' && /^image\//.test(format.mimeType) ? format.mimeType : undefined;
  const { artistName: attributeArtist, ...terms } = fromAttributes(meta.attributes ?? []);
  const ownArtist = meta.artist?.trim();
  const artistName = ownArtist && !isAddress(ownArtist) ? ownArtist : attributeArtist;
  return {
    contract: source.data.contract,
    tokenId: id,
    ...(meta.name ? { title: meta.name } : {}),
    ...(meta.description ? { description: meta.description } : {}),
    ...(imageUri ? { imageUri } : {}),
    ...(mimeType ? { imageMimeType: mimeType } : {}),
    creators: [...new Set((meta.creators ?? []).filter(anAddress))],
    ...(artistName ? { artistName } : {}),
    ...terms,
    ...(token.totalSupply !== undefined && token.totalSupply !== null
      ? { totalSupply: String(token.totalSupply) }
      : {}),
  };
}

/** The wallets that run a contract, as its storage and origination show them on the indexer. */
export interface ContractAuthority {
  /** The storage's `admin` / `administrator`. */
  readonly admins: readonly string[];
  /** The keys of its `minters` big_map (or set, or map). */
  readonly minters: readonly string[];
  /** The originator, counted only when the storage names no admin and no minter. */
  readonly originator: string | null;
}

const storageSchema = z.object({ admin: z.unknown(), administrator: z.unknown(), minters: z.unknown() }).partial();

/**
 * Who runs `contract`: its storage's `admin`/`administrator`, its `minters` (a big_map read by name, a set or a
 * map), and — when neither names anyone — the originator TzKT reports as the contract's `creator`.
 * @throws HostError 503 `INDEXER_UNAVAILABLE`.
 */
export async function readContractAuthority(tzktUrl: string, contract: string): Promise<ContractAuthority> {
  // The SDK hands storage over as a Blob of TzKT's JSON (empty for no contract).
  const text = await indexer(tzktUrl, async (opts) => (await contractsGetStorage(contract, {}, opts)).text());
  let raw: unknown;
  try {
    raw = text.trim() === '' ? {} : (JSON.parse(text) as unknown);
  } catch {
    raw = {};
  }
  const storage = storageSchema.safeParse(raw);
  const fields = storage.success ? storage.data : {};
  const admins = [fields.admin, fields.administrator].filter(anAddress);
  let minters: string[] = [];
  if (typeof fields.minters === 'number') {
    const keys = await indexer(tzktUrl, (opts) =>
      contractsGetBigMapByNameKeys(contract, 'minters', { active: true, limit: 1000 }, opts),
    );
    minters = keys
      .filter((k) => k.value !== false)
      .map((k) => k.key as unknown)
      .filter(anAddress);
  } else if (Array.isArray(fields.minters)) minters = fields.minters.filter(anAddress);
  else if (typeof fields.minters === 'object' && fields.minters !== null)
    minters = Object.keys(fields.minters).filter(anAddress);
  let originator: string | null = null;
  if (admins.length === 0 && minters.length === 0) {
    const creator = (await indexer(tzktUrl, (opts) => contractsGetByAddress(contract, {}, opts)))?.creator?.address;
    originator = anAddress(creator) ? creator : null;
  }
  return { admins: [...new Set(admins)], minters: [...new Set(minters)], originator };
}

/** What a wallet's right to feature a token rests on, and the creators the piece then keeps. */
export interface FeatureRight {
  readonly token: ImportedToken;
  /** The royalty receivers of the piece: the token's creators, or (a token without) the featuring wallet. */
  readonly creators: readonly string[];
}

/**
 * Checks that `wallet` may feature token `source` as its work: it must be one of the token's TZIP-21
 * `creators`, or — for a token that names none — its contract's admin or a minter (the originator when the storage
 * names neither). Read from the indexer, never from what a browser sent.
 * @throws HostError 403 `NOT_TOKEN_CREATOR` naming who may; the errors of readFa2Token.
 */
export async function checkFeatureRight(
  tzktUrl: string,
  wallet: string,
  source: { contract: string; tokenId: string },
): Promise<FeatureRight> {
  const token = await readFa2Token(tzktUrl, source.contract, source.tokenId);
  const what = `token ${token.tokenId} of ${token.contract}`;
  if (token.creators.length > 0) {
    if (token.creators.includes(wallet)) return { token, creators: token.creators };
    throw new StudioError(
      'NOT_TOKEN_CREATOR',
      `only the creators of ${what} may feature it: ${token.creators.join(', ')} (its TZIP-21 creators); you are signed in as ${wallet}`,
      {
        creators: [...token.creators],
      },
    );
  }
  const authority = await readContractAuthority(tzktUrl, token.contract);
  const allowed = [
    ...authority.admins.map((a) => `${a} (admin)`),
    ...authority.minters.filter((m) => !authority.admins.includes(m)).map((m) => `${m} (minter)`),
    ...(authority.originator ? [`${authority.originator} (originator)`] : []),
  ];
  if (authority.admins.includes(wallet) || authority.minters.includes(wallet) || authority.originator === wallet)
    return { token, creators: [wallet] };
  throw new StudioError(
    'NOT_TOKEN_CREATOR',
    `${what} names no creators, so only its contract's admin or minters may feature it: ${allowed.join(', ') || 'the indexer shows none'}; you are signed in as ${wallet}`,
    { creators: [], authority: allowed },
  );
}
