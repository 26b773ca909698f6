/**
 * Why a collector or explorer page could not be read from the TzKT API: a bad address, contract, token id, hash
 * or level in the URL (nothing was asked), something the indexer does not know, or the indexer itself failing.
 * Pages branch on `code` and show `message`, a sentence, never a stack trace.
 */

export type TzktReadErrorCode =
  | 'BAD_URL'
  | 'BAD_ADDRESS'
  | 'BAD_CONTRACT'
  | 'BAD_TOKEN_ID'
  | 'BAD_OPERATION_HASH'
  | 'BAD_LEVEL'
  | 'NOT_FOUND'
  /** Connection refused, DNS failure, reset: the indexer did not answer at all. */
  | 'INDEXER_UNREACHABLE'
  /** The indexer did not answer within the time a page can wait. */
  | 'INDEXER_TIMEOUT'
  /** The indexer answered with an error status or something that is not TzKT's JSON. */
  | 'INDEXER_HTTP';

export class TzktReadError extends Error {
  override readonly name = 'TzktReadError';
  constructor(
    readonly code: TzktReadErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const isTzktReadError = (e: unknown): e is TzktReadError => e instanceof TzktReadError;
