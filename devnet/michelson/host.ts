/**
 * What a run needs from the chain around it. The local node implements this over its context;
 * the CLI uses `standaloneHost`, which knows only the contract being run (like octez-client's
 * `run script` without a node).
 */
import type { Expr, Prim } from './micheline';
import type { Address, ChainId, KeyHash } from './values';

export interface ContractInfo {
  /** The full parameter type, with its entrypoint annotations. */
  readonly parameter: Prim;
  readonly storageType: Prim;
  /** Current storage, Micheline (Optimized or Readable). */
  readonly storage: Expr;
  readonly balance: bigint;
  /** The parsed script, for on-chain views. */
  readonly script: Expr[];
}

export interface Host {
  /** Script of an originated contract (KT1…), or null when there is none at that address. */
  contract(address: Address): ContractInfo | null;
  /** Value bound to a key in a stored big_map (key: hex of the packed key), or null if absent. */
  bigMapGet(id: bigint, packedKeyHex: string): Expr | null;
  /** Key and value types of a stored big_map, or null if no such map. */
  bigMapTypes(id: bigint): { keyType: Prim; valueType: Prim } | null;
  /** Every binding of a stored big_map, for copies (keys as Micheline). */
  bigMapEntries(id: bigint): Iterable<{ key: Expr; value: Expr }>;
  /** First id free for a new big_map. */
  nextBigMapId(): bigint;
  votingPower(k: KeyHash): bigint;
  totalVotingPower(): bigint;
  /** INDEX_ADDRESS / GET_ADDRESS_INDEX: the address registry (`create` adds the address when missing). */
  addressIndex(a: Address, create: boolean): bigint | null;
}

/** Block and transaction facts a script can read. */
export interface Env {
  readonly self: Address;
  readonly sender: Address;
  readonly source: Address;
  readonly amount: bigint;
  readonly balance: bigint;
  readonly level: bigint;
  /** Seconds since the epoch. */
  readonly now: bigint;
  readonly chainId: ChainId;
  readonly minBlockTime: bigint;
  /** 32-byte hash of the operation being applied: the seed of originated addresses. */
  readonly operationHash: Uint8Array;
}

/** A host with no chain around it: only the running contract exists; big_maps come from literals. */
export function standaloneHost(self?: { address: Address; info: ContractInfo }): Host {
  const registry = new Map<string, bigint>();
  return {
    contract: (a) => (self && sameDestination(a, self.address) ? self.info : null),
    bigMapGet: () => null,
    bigMapTypes: () => null,
    bigMapEntries: () => [],
    // octez-client's mockup chain (what `run script` runs on) already holds big_maps 0–3.
    nextBigMapId: () => 4n,
    votingPower: () => 0n,
    totalVotingPower: () => 0n,
    addressIndex: (a, create) => {
      const k = Buffer.from(a.raw).toString('hex');
      const found = registry.get(k);
      if (found !== undefined || !create) return found ?? null;
      const id = BigInt(registry.size);
      registry.set(k, id);
      return id;
    },
  };
}

export function sameDestination(a: Address, b: Address): boolean {
  if (a.raw.length !== b.raw.length) return false;
  for (let i = 0; i < a.raw.length; i++) if (a.raw[i] !== b.raw[i]) return false;
  return true;
}
