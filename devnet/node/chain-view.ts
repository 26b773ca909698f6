/**
 * What the indexer (devnet/indexer) reads from the local chain: blocks with their applied
 * operations, accounts and contracts, and big_map contents. The node's chain state implements it;
 * the indexer only reads, so TzKT's view is always the chain's own.
 */
import type { Expr, Prim } from '../michelson/micheline';

export interface BlockView {
  readonly level: number;
  readonly hash: string;
  readonly predecessor: string;
  /** ISO 8601, seconds precision (`2026-11-30T06:00:00Z`). */
  readonly timestamp: string;
  readonly operations: readonly OperationView[];
}

/** One applied manager operation group, as included in a block. */
export interface OperationView {
  readonly hash: string;
  readonly contents: readonly OperationContentView[];
}

/** What a transaction's and an origination's result both say. */
interface ManagerResultView {
  readonly internal: boolean;
  readonly source: string;
  readonly status: 'applied' | 'failed' | 'backtracked' | 'skipped';
  readonly counter?: bigint;
  readonly fee?: bigint;
  /** The content's own gas_limit and storage_limit (absent on internal operations, which have none). */
  readonly gasLimit?: bigint;
  readonly storageLimit?: bigint;
  readonly gasUsed: bigint;
  readonly storageUsed: bigint;
  /** Big_map changes made by this content (RPC legacy `big_map_diff` shape). */
  readonly bigMapDiff: readonly unknown[];
  /** 0-based position of the content in its group, and of the internal operation under it. */
  readonly nonce?: number;
}

/** A content (or one of its internal operations) with its result, flattened in Octez's order. */
export type OperationContentView =
  | (ManagerResultView & {
      readonly kind: 'transaction';
      readonly destination: string;
      readonly amount: bigint;
      readonly entrypoint: string;
      /** Parameter value (Micheline, Optimized as the RPC shows it), absent for plain tez transfers. */
      readonly parameter?: Expr;
    })
  | (ManagerResultView & {
      readonly kind: 'origination';
      readonly originatedContract: string;
      readonly balance: bigint;
    })
  | {
      readonly kind:
        'reveal' | 'delegation' | 'event' | 'increase_paid_storage' | 'register_global_constant' | 'transfer_ticket';
      readonly internal: boolean;
      readonly source: string;
      readonly status: string;
    };

export interface AccountView {
  readonly address: string;
  readonly balance: bigint;
  readonly counter: bigint;
  /** Public key once revealed (implicit accounts). */
  readonly publicKey?: string;
  readonly delegate?: string;
  /** Originated contracts only. */
  readonly script?: { readonly code: Expr[]; readonly parameter: Prim; readonly storageType: Prim };
  /** Current storage, Micheline (Optimized, big_maps as ids). */
  readonly storage?: Expr;
  /** Level at which the account first appeared. */
  readonly firstLevel: number;
}

export interface BigMapView {
  readonly id: bigint;
  readonly keyType: Prim;
  readonly valueType: Prim;
  /** The contract whose storage holds it, and its path (field annotation, e.g. 'ledger'). */
  readonly contract?: string;
  readonly path?: string;
  /** Live bindings (Micheline, Optimized), with the key's script-expression hash. */
  entries(): Iterable<{ readonly keyHash: string; readonly key: Expr; readonly value: Expr }>;
}

export interface ChainView {
  readonly chainId: string;
  head(): BlockView;
  block(level: number): BlockView | undefined;
  accounts(): Iterable<AccountView>;
  account(address: string): AccountView | undefined;
  bigMap(id: bigint): BigMapView | undefined;
  bigMaps(): Iterable<BigMapView>;
  /** Called after each new block is applied (the indexer indexes synchronously with baking). */
  onBlock(listener: (b: BlockView) => void): () => void;
}
