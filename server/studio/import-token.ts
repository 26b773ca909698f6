/**
 * Reads an existing FA2 token's TZIP-21 metadata from the indexer (TzKT API `/v1/tokens`), so an artist can feature
 * a piece they already minted: the form is prefilled with its title, description and image.
 */
import { tokensGetTokens, type Token } from '@tzkt/sdk-api';
import { validateAddress, ValidationResult } from '@taquito/utils';
import { z } from 'zod';
import { HostError } from '../errors';
import { pieceSourceSchema } from './schema';

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
  formats: z.array(z.object({ uri: z.unknown(), mimeType: z.unknown() }).partial()).optional().catch(undefined),
});

const isAddress = (a: unknown): a is string => typeof a === 'string' && validateAddress(a) === ValidationResult.VALID;

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The metadata of token `tokenId` of FA2 contract `contract`, read through the TzKT API at `tzktUrl`.
 * @throws HostError 400 `BAD_CONTRACT_ADDRESS` | `BAD_TOKEN_ID`, 404 `TOKEN_NOT_FOUND` (the indexer knows no such
 *   token: wrong contract, wrong id, or never minted), 503 `INDEXER_UNAVAILABLE` (unreachable, slow, or failing).
 */
export async function readFa2Token(tzktUrl: string, contract: string, tokenId: string | number): Promise<ImportedToken> {
  const source = pieceSourceSchema.safeParse({ contract, tokenId });
  if (!source.success) {
    const field = source.error.issues[0]?.path[0];
    if (field === 'tokenId') throw new HostError(400, 'BAD_TOKEN_ID', `token id must be a whole number ≥ 0, not ${JSON.stringify(tokenId)}`);
    throw new HostError(400, 'BAD_CONTRACT_ADDRESS', `not a KT1 contract address: ${JSON.stringify(contract)}`);
  }
  if (!isAddress(source.data.contract)) throw new HostError(400, 'BAD_CONTRACT_ADDRESS', `bad checksum in contract address ${source.data.contract}`);
  const id = source.data.tokenId;
  let tokens: Token[];
  try {
    tokens = await tokensGetTokens(
      { contract: { eq: source.data.contract }, tokenId: { eq: id }, limit: 1 },
      { baseUrl: tzktUrl, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) },
    );
  } catch (e) {
    const status = (e as { status?: unknown } | null)?.status;
    const why = typeof status === 'number' ? `answered HTTP ${status}` : e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError') ? 'did not answer in time' : 'is unreachable';
    throw new HostError(503, 'INDEXER_UNAVAILABLE', `the token indexer (TzKT API at ${tzktUrl}) ${why}; try again in a moment`);
  }
  const token = tokens[0];
  if (!token) throw new HostError(404, 'TOKEN_NOT_FOUND', `the indexer knows no token ${id} of ${source.data.contract} (never minted, or another contract)`);
  const meta = metadataSchema.parse(typeof token.metadata === 'object' && token.metadata !== null ? token.metadata : {});
  const imageUri = meta.displayUri ?? meta.artifactUri ?? meta.thumbnailUri;
  const format = imageUri === undefined ? undefined : meta.formats?.find((f) => f.uri === imageUri);
  const mimeType = typeof format?.mimeType === 'string' && /^image\//.test(format.mimeType) ? format.mimeType : undefined;
  return {
    contract: source.data.contract,
    tokenId: id,
    ...(meta.name ? { title: meta.name } : {}),
    ...(meta.description ? { description: meta.description } : {}),
    ...(imageUri ? { imageUri } : {}),
    ...(mimeType ? { imageMimeType: mimeType } : {}),
    creators: (meta.creators ?? []).filter(isAddress),
    ...(token.totalSupply !== undefined && token.totalSupply !== null ? { totalSupply: String(token.totalSupply) } : {}),
  };
}
