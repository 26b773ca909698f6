/**
 * The chain layer's error tree (as in ARCHITECTURE.md): ChainError → NetworkConfigError (a network
 * setting is unusable) | MetadataError (token metadata does not encode or decode) | IndexerError (the TzKT API
 * cannot answer, not in time, or knows no such thing) | Fa2Error (the editions contract failed with one of its strings). Every leaf
 * carries a stable `code`; callers branch on it, never on the text.
 */
import type { Fa2Error as Fa2Failwith } from '../contracts';

export abstract class ChainError extends Error {
  abstract readonly code: string;
}

export type NetworkConfigErrorCode = 'NETWORK_UNKNOWN' | 'NETWORK_BAD_URL' | 'NETWORK_MISSING_URL';

/** A network name or URL given as configuration is unusable; `field` names the setting. */
export class NetworkConfigError extends ChainError {
  override readonly name = 'NetworkConfigError';
  constructor(
    readonly code: NetworkConfigErrorCode,
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

export type MetadataErrorCode = 'METADATA_INVALID' | 'METADATA_BAD_BYTES';

/** Token metadata that is not TZIP-21 as this app writes it; `issues` names each bad field. */
export class MetadataError extends ChainError {
  override readonly name = 'MetadataError';
  constructor(
    readonly code: MetadataErrorCode,
    message: string,
    readonly issues: readonly string[] = [],
  ) {
    super(issues.length ? `${message}: ${issues.join('; ')}` : message);
  }
}

export type IndexerErrorCode =
  /** Connection refused, DNS failure, reset: the indexer did not answer at all. */
  | 'INDEXER_UNREACHABLE'
  /** No answer in time, or the indexer still behind the level a read needs. */
  | 'INDEXER_TIMEOUT'
  /** An error status, or an answer that is not TzKT's JSON. */
  | 'INDEXER_HTTP'
  /** A reader's own setting or query is unusable (nothing was asked). */
  | 'INDEXER_BAD_INPUT'
  /** What a page asks for, from its URL, is not what it must be (nothing was asked). */
  | 'BAD_URL'
  | 'BAD_ADDRESS'
  | 'BAD_CONTRACT'
  | 'BAD_TOKEN_ID'
  | 'BAD_OPERATION_HASH'
  | 'BAD_LEVEL'
  /** The indexer knows no such token, operation, block or account. */
  | 'NOT_FOUND';

/**
 * The indexer (TzKT API) could not be read, answered with an error, did not reach a level in time, or was asked
 * for something that is not (or does not exist). Pages branch on `code` and show `message`, a sentence.
 */
export class IndexerError extends ChainError {
  override readonly name = 'IndexerError';
  constructor(
    readonly code: IndexerErrorCode,
    message: string,
    readonly detail: Readonly<{ url?: string; status?: number; level?: number; minLevel?: number }> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type BoardErrorCode =
  'BAD_BOARD_REQUEST' | 'UNKNOWN_PIECE' | 'DUPLICATE_PIECE' | 'UNVERIFIED_PIECE' | 'BAD_BOARD';

/**
 * A studio board that cannot be composed (chain/studio/compose.ts): its request is malformed, a slot names no
 * featured piece or one already on the board, a piece was featured before its creators were checked, or the engine
 * refuses the board. The same verdict in the browser's builder and on the server, which answers it as a refusal.
 */
export class BoardError extends ChainError {
  override readonly name = 'BoardError';
  constructor(
    readonly code: BoardErrorCode,
    message: string,
    readonly detail: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

export const isChainError = (e: unknown): e is ChainError => e instanceof ChainError;
export const isBoardError = (e: unknown): e is BoardError => e instanceof BoardError;
export const isNetworkConfigError = (e: unknown): e is NetworkConfigError => e instanceof NetworkConfigError;
export const isMetadataError = (e: unknown): e is MetadataError => e instanceof MetadataError;
export const isIndexerError = (e: unknown): e is IndexerError => e instanceof IndexerError;

/**
 * Codes of Fa2Error: the editions contract's FAILWITH strings as they are (FA2_ERRORS in contracts/), so the
 * code is also what explorers show; plus `FA2_BAD_INPUT` for arguments the client refuses before sending.
 */
export type Fa2ErrorCode = Fa2Failwith | 'FA2_BAD_INPUT';

/** The editions contract rejected a call or view (`failwith` is its string), or the client refused an argument. */
export class Fa2Error extends ChainError {
  override readonly name = 'Fa2Error';
  constructor(
    readonly code: Fa2ErrorCode,
    message: string,
    readonly detail: Readonly<{ contract?: string; entrypoint?: string; view?: string; failwith?: string }> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const isFa2Error = (e: unknown): e is Fa2Error => e instanceof Fa2Error;
