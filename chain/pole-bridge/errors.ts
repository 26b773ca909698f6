/**
 * The chain bridge's errors: a leaf of the chain layer's tree (ChainError → BridgeError), with a stable `code`.
 * Whatever the code, a bridge call that throws has changed nothing the caller must undo: no engine state was
 * touched, and the bank's operation either never reached the chain or failed as a whole (see `BRIDGE_UNCONFIRMED`
 * for the one case where the chain may still include it later).
 */
import { ChainError } from '../errors';

export type BridgeErrorCode =
  /** An argument is unusable (bad address, unknown seat, seats sharing an address, a plan that does not fit…). */
  | 'BRIDGE_BAD_INPUT'
  /** The bank's secret key is not a Tezos secret key (the key itself is never in the message). */
  | 'BRIDGE_BAD_KEY'
  /** The plan has no token ids yet: call `createGameTokens` first. */
  | 'BRIDGE_NOT_CREATED'
  /** The game's tokens were already created; creating them again would make a second set. */
  | 'BRIDGE_ALREADY_CREATED'
  /** This engine step (`seq`) was already sent to the chain: sending it again would mint or burn twice. */
  | 'BRIDGE_ALREADY_APPLIED'
  /** A mint would exceed the copies the game still has in play (copies retired by forfeit, P7). */
  | 'BRIDGE_SUPPLY_RETIRED'
  /** The node could not be reached or refused the request before the operation was injected. */
  | 'BRIDGE_RPC'
  /** The editions contract rejected a call with one of its FAILWITH strings (`detail.failwith`). */
  | 'BRIDGE_REJECTED'
  /** The node rejected the operation for another reason (simulation failure, fees, counters…), or it failed on-chain. */
  | 'BRIDGE_FAILED'
  /** The operation was injected (`detail.opHash`) but its inclusion could not be confirmed. */
  | 'BRIDGE_UNCONFIRMED'
  /** The indexer (TzKT API) could not be read in time (`cause` is the IndexerError). */
  | 'BRIDGE_INDEXER';

export interface BridgeErrorDetail {
  readonly tile?: number;
  readonly seat?: number;
  readonly opHash?: string;
  readonly failwith?: string;
  readonly entrypoint?: string;
  readonly seq?: number;
}

export class BridgeError extends ChainError {
  override readonly name = 'BridgeError';
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
    readonly detail: BridgeErrorDetail = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const isBridgeError = (e: unknown): e is BridgeError => e instanceof BridgeError;
