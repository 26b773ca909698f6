/**
 * Typed Michelson values as the interpreter holds them.
 *
 * Every Michelson type maps to one JS representation, and each domain type that shares a JS
 * primitive with another gets its own class, so comparison (`compareValues`) and printing can
 * dispatch on the value alone. Values are immutable: DUP pushes the same reference, and every
 * update builds a new value.
 *
 *   int, nat, mutez, timestamp      bigint (timestamp: seconds since the epoch)
 *   string                          string
 *   bytes                           Uint8Array
 *   bool                            boolean
 *   unit                            UNIT
 *   pair a b                        Pair
 *   or a b                          Or
 *   option a                        Some | null (None)
 *   list a                          readonly Value[] (head first)
 *   set a                           MSet (sorted, no duplicates)
 *   map k v                         MMap (sorted by key)
 *   big_map k v                     BigMap (id of the stored map + pending overlay)
 *   address                         Address
 *   key_hash / key / signature      KeyHash / PublicKey / Signature (binary forms)
 *   chain_id                        ChainId
 *   contract a                      ContractRef
 *   lambda a b                      Lambda
 *   operation                       Operation
 *   ticket a                        Ticket
 *   bls12_381_fr / g1 / g2          Fr / G1 / G2
 */
import type { Expr, Prim } from './micheline';

export type Value =
  | bigint
  | string
  | boolean
  | Uint8Array
  | Unit
  | Pair
  | Or
  | Some
  | null
  | readonly Value[]
  | MSet
  | MMap
  | BigMap
  | SaplingState
  | Address
  | KeyHash
  | PublicKey
  | Signature
  | ChainId
  | ContractRef
  | Lambda
  | Operation
  | Ticket
  | Fr
  | G1
  | G2;

export class Unit {
  private readonly unit = true;
}
export const UNIT = new Unit();

export class Pair {
  constructor(
    readonly fst: Value,
    readonly snd: Value,
  ) {}
}

export class Or {
  constructor(
    readonly isLeft: boolean,
    readonly value: Value,
  ) {}
}

export class Some {
  constructor(readonly value: Value) {}
}

/** A set: `items` sorted by `compareValues`, without duplicates. */
export class MSet {
  constructor(readonly items: readonly Value[]) {}
  static readonly EMPTY = new MSet([]);
}

/** A map: `keys` sorted by `compareValues`, `vals[i]` bound to `keys[i]`. */
export class MMap {
  constructor(
    readonly keys: readonly Value[],
    readonly vals: readonly Value[],
  ) {}
  static readonly EMPTY = new MMap([], []);
}

/**
 * A big_map: `id` names a map held by the chain (null for one built during this run), `overlay`
 * holds this run's updates keyed by the hex of the packed key (undefined value = removed; null is a binding to None).
 * Reads go overlay first, then the chain's copy through the host.
 */
export class BigMap {
  constructor(
    readonly id: bigint | null,
    readonly keyType: Prim,
    readonly valueType: Prim,
    readonly overlay: ReadonlyMap<string, { readonly key: Value; readonly value: Value | undefined }>,
  ) {}
}

/**
 * A Sapling state: the empty one a `{}` literal gives (id null until the run settles it to a fresh
 * lazy-storage id, as a new big_map) or a stored one by id. Its transactions are not supported.
 */
export class SaplingState {
  constructor(
    readonly id: bigint | null,
    readonly memoSize: number,
  ) {}
}

/** Binary forms follow the protocol's encodings, so byte order is Octez's comparison order. */
export class Address {
  /** `raw`: 22-byte contract/destination encoding; `entrypoint`: '' for the default. */
  constructor(
    readonly raw: Uint8Array,
    readonly entrypoint: string,
  ) {}
}

/** 21 bytes: curve tag + 20-byte hash. */
export class KeyHash {
  constructor(readonly raw: Uint8Array) {}
}

/** Curve tag + key bytes. */
export class PublicKey {
  constructor(readonly raw: Uint8Array) {}
}

/** `raw`: signature bytes; `curve` is known when written with a curve prefix (edsig…), else 'generic'. */
export class Signature {
  constructor(
    readonly raw: Uint8Array,
    readonly curve: 'ed25519' | 'secp256k1' | 'p256' | 'bls' | 'generic',
  ) {}
}

export class ChainId {
  constructor(readonly raw: Uint8Array) {}
}

export class ContractRef {
  /** `address.entrypoint` is the entrypoint the reference targets. */
  constructor(
    readonly address: Address,
    readonly paramType: Prim,
  ) {}
}

/**
 * A lambda: its Micheline body (kept for PACK and printing) and the compiled body.
 * `recursive` lambdas (LAMBDA_REC) get themselves pushed under their argument when called.
 */
export class Lambda {
  constructor(
    readonly argType: Prim,
    readonly retType: Prim,
    readonly body: Expr,
    readonly code: CompiledCode,
    readonly recursive: boolean,
  ) {}
}

/** What a compiled lambda body is to the value layer (the interpreter defines it). */
export interface CompiledCode {
  run(stack: Value[], ctx: unknown): void;
}

export type OperationKind =
  | {
      readonly kind: 'transaction';
      readonly amount: bigint;
      readonly destination: Address;
      readonly parameter: Value;
      readonly parameterType: Prim;
    }
  | {
      readonly kind: 'origination';
      readonly delegate: KeyHash | null;
      readonly balance: bigint;
      readonly address: Address;
      readonly script: { readonly code: Expr; readonly storageType: Prim; readonly parameterType: Prim };
      readonly storage: Value;
    }
  | { readonly kind: 'delegation'; readonly delegate: KeyHash | null }
  | {
      readonly kind: 'event';
      readonly tag: string;
      readonly payloadType: Prim;
      readonly payload: Value;
    };

/** An internal operation: what TRANSFER_TOKENS, CREATE_CONTRACT, SET_DELEGATE and EMIT return. */
export class Operation {
  constructor(
    readonly op: OperationKind,
    readonly source: Address,
    readonly nonce: number,
  ) {}
}

export class Ticket {
  constructor(
    readonly ticketer: Address,
    readonly contentsType: Prim,
    readonly contents: Value,
    readonly amount: bigint,
  ) {}
}

/** BLS12-381 scalar, reduced modulo the group order. */
export class Fr {
  constructor(readonly n: bigint) {}
}

/** BLS12-381 points; `point` is a @noble/curves projective point. */
export class G1 {
  constructor(readonly point: unknown) {}
}
export class G2 {
  constructor(readonly point: unknown) {}
}
