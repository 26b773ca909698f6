/**
 * What a run needs from the chain around it. The local node implements this over its context;
 * the CLI uses `standaloneHost`, which knows only the contract being run (like octez-client's
 * `run script` without a node).
 */
import { keyHashFromString } from './encoding';
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

/**
 * octez-client's mockup chain bakes with the five bootstrap accounts (bootstrap1…5), each staking
 * 4,000,000 ꜩ, which is the voting power VOTING_POWER sees (key hashes as 21 bytes: tag 00 + hash).
 */
const MOCKUP_BAKERS = new Set(
  [
    'tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx',
    'tz1gjaF81ZRRvdzjobyfVNsAeSC6PScjfQwN',
    'tz1faswCTDciRzE4oJ9jn2Vm2dvjeyA9fUzU',
    'tz1b7tUupMgCNw2cCLpKTkSD1NZzB5TkP2sv',
    'tz1ddb9NMYHZi5UzPdzTZMYQQZoMub195zgv',
  ].map((s) => Buffer.from(keyHashFromString(s).raw).toString('hex')),
);
const MOCKUP_BAKER_POWER = 4_000_000_000_000n;

/**
 * A host with no chain around it, standing for octez-client's fresh mockup chain: only the running
 * contract exists, big_maps come from literals, the bootstrap bakers hold the voting power.
 */
export function standaloneHost(self?: { address: Address; info: ContractInfo }): Host {
  // The protocol's init registers the zero implicit account (tz1Ke2h7…) first, so it is index 0.
  const registry = new Map<string, bigint>([['00'.repeat(22), 0n]]);
  return {
    contract: (a) => (self && sameDestination(a, self.address) ? self.info : null),
    bigMapGet: () => null,
    bigMapTypes: () => null,
    bigMapEntries: () => [],
    // octez-client's mockup chain (what `run script` runs on) already holds big_maps 0–3.
    nextBigMapId: () => 4n,
    votingPower: (k) => (MOCKUP_BAKERS.has(Buffer.from(k.raw).toString('hex')) ? MOCKUP_BAKER_POWER : 0n),
    totalVotingPower: () => MOCKUP_BAKER_POWER * BigInt(MOCKUP_BAKERS.size),
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
