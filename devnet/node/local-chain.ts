/**
 * The local chain: the context, the blocks with their applied operations, and baking. It is the
 * `ChainView` the indexer reads.
 */
import { LocalForger, ProtocolsHash } from '@taquito/local-forging';
import { b58Encode, PrefixV2 } from '@taquito/utils';
import { blake2b256 } from '../michelson/crypto';
import { loadScript, type LoadedScript } from '../michelson/run';
import type { Expr } from '../michelson/micheline';
import { BOOTSTRAP_BALANCE, type BootstrapAccount } from './accounts';
import { applyGroup, operationHash, validateGroup, type ApplyEnv, type Content, type FlatResult, type Json } from './apply';
import type { AccountView, BigMapView, BlockView, ChainView, OperationContentView, OperationView } from './chain-view';
import { PROTOCOL, validationError } from './errors';
import { expandConstants } from './global-constants';
import { chainHost } from './host';
import { signatureFromB58, signatureToB58, signedOperationBytes, signedPartsCandidates, type SignedParts } from './signatures';
import { fork, adopt, withDefaults, type State, type BigMapState, type Account } from './state';

/** The protocol constant the RPC reports too (rpc.ts): the most bytes one operation may take. */
export const MAX_OPERATION_DATA_LENGTH = 32_768;

/**
 * Octez's default mempool filter (the protocol plugin's mempool.ml `default_config`; `GET mempool/filter` reports it):
 * a baker's node refuses an operation whose fees (all its contents') are below minimal_fees + minimal_nanotez_per_gas_unit
 * × its gas limits + minimal_nanotez_per_byte × its size in bytes (branch, contents and signature).
 */
export const MEMPOOL_FILTER = { minimalFeesMutez: 100n, minimalNanotezPerGasUnit: 100n, minimalNanotezPerByte: 1000n } as const;

/** The least fee (mutez, rounded up) the mempool filter lets through for `gasLimit` gas units and `bytes` bytes. */
export function minimalFeeMutez(gasLimit: bigint, bytes: number): bigint {
  const nanotez = MEMPOOL_FILTER.minimalFeesMutez * 1000n + MEMPOOL_FILTER.minimalNanotezPerGasUnit * gasLimit + MEMPOOL_FILTER.minimalNanotezPerByte * BigInt(bytes);
  return (nanotez + 999n) / 1000n;
}

export interface AppliedOperation {
  readonly hash: string;
  readonly branch: string;
  readonly contents: Json[];
  readonly signature: string;
  readonly flat: FlatResult[];
}

export interface Block {
  readonly level: number;
  readonly hash: string;
  readonly predecessor: string;
  /** Seconds since the epoch. */
  readonly timestamp: number;
  readonly operations: AppliedOperation[];
}

/** The state-reading half of ChainView, over one context. */
export type ContextView = Pick<ChainView, 'accounts' | 'account' | 'bigMap' | 'bigMaps'>;

export interface ChainSnapshot {
  readonly chainId: string;
  readonly state: State;
  readonly blocks: Block[];
}

const forger = new LocalForger(ProtocolsHash.PsUshuai9);
/** How many past blocks' contexts stay queryable (in memory; a restart keeps only the head's). */
const MAX_CONTEXTS = 4096;

/** The devnet's chain id: `NetX…` from a fixed seed, the same on every run. */
export const DEVNET_CHAIN_ID = b58Encode(blake2b256(new TextEncoder().encode('tezos-pole devnet')).subarray(0, 4), PrefixV2.ChainID);

export class Chain implements ChainView {
  readonly chainId: string;
  /** The context operations apply on: the head's, plus the operations waiting for the next block. */
  state: State;
  /** The context at the head block (what `head/context/…` and the indexer read). */
  private sealed: State;
  /** Contexts of recent blocks of this run, for `blocks/<level>/context/…`. */
  private readonly contexts = new Map<number, State>();
  readonly blocks: Block[];
  private pending: AppliedOperation[] = [];
  private readonly scripts = new Map<string, LoadedScript>();
  private readonly scriptObjects = new WeakMap<object, LoadedScript>();
  private readonly listeners = new Set<(b: BlockView) => void>();
  /** Called after each block is baked (persistence). */
  onBaked?: (c: Chain) => void;

  constructor(init: { accounts: readonly BootstrapAccount[]; now?: number } | { snapshot: ChainSnapshot }) {
    if ('snapshot' in init) {
      this.chainId = init.snapshot.chainId;
      this.state = withoutEmptiedAccounts(withDefaults(init.snapshot.state));
      this.blocks = init.snapshot.blocks;
      this.sealed = { ...this.state };
      this.contexts.set(this.headBlock().level, this.sealed);
      return;
    }
    this.chainId = DEVNET_CHAIN_ID;
    const accounts = new Map<string, Account>();
    for (const a of init.accounts) {
      // Bootstrap accounts are revealed and registered delegates, as on Octez's sandbox.
      accounts.set(a.address, { kind: 'implicit', address: a.address, balance: BOOTSTRAP_BALANCE, counter: 0n, publicKey: a.publicKey, delegate: a.address, firstLevel: 0 });
    }
    this.state = {
      accounts,
      bigMaps: new Map(),
      nextBigMapId: 0n,
      globalCounter: 0n,
      addressIndex: new Map([['00'.repeat(22), 0n]]),
      delegates: new Set(init.accounts.map((a) => a.address)),
      globalConstants: new Map(),
      ticketBalances: new Map(),
      ticketUsedBytes: 0n,
      ticketPaidBytes: 0n,
    };
    const timestamp = Math.floor((init.now ?? Date.now()) / 1000);
    const genesisHash = b58Encode(blake2b256(new TextEncoder().encode(`tezos-pole devnet genesis ${timestamp}`)), PrefixV2.BlockHash);
    this.blocks = [{ level: 0, hash: genesisHash, predecessor: genesisHash, timestamp, operations: [] }];
    this.sealed = { ...this.state };
    this.contexts.set(0, this.sealed);
  }

  /** The context after block `b` (older blocks than this run knows answer with the oldest it has). */
  contextAt(b: Block): State {
    const found = this.contexts.get(b.level);
    if (found) return found;
    let oldest: State = this.sealed;
    let oldestLevel = Infinity;
    for (const [level, s] of this.contexts) if (level < oldestLevel) [oldestLevel, oldest] = [level, s];
    return b.level > oldestLevel ? this.sealed : oldest;
  }

  snapshot(): ChainSnapshot {
    return { chainId: this.chainId, state: this.sealed, blocks: this.blocks };
  }

  headBlock(): Block {
    return this.blocks[this.blocks.length - 1]!;
  }

  /** `head`, `head~N`, `genesis`, a level or a block hash. */
  resolve(id: string): Block | undefined {
    const head = this.headBlock();
    if (id === 'head') return head;
    if (id === 'genesis') return this.blocks[0];
    const tilde = /^head~(\d+)$/.exec(id);
    // A young chain has fewer ancestors than clients' `head~2` branch assumes: answer genesis.
    if (tilde) return this.blocks[Math.max(0, head.level - Number(tilde[1]))];
    if (/^\d+$/.test(id)) return this.blocks[Number(id)];
    return this.blocks.find((b) => b.hash === id);
  }

  /**
   * Typechecked scripts, by the script object and by its text (simulated originations all land on one address), with
   * their global constants expanded first (from `constants`, by default the chain's: a stored script's are registered).
   */
  loaded = (_address: string, script: Expr[], constants: ReadonlyMap<string, Expr> = this.state.globalConstants): LoadedScript => {
    let l = this.scriptObjects.get(script);
    if (l) return l;
    const expanded = expandConstants(script, constants).expr as Expr[];
    const key = JSON.stringify(expanded);
    l = this.scripts.get(key);
    if (!l) {
      l = loadScript(expanded);
      this.scripts.set(key, l);
    }
    this.scriptObjects.set(script, l);
    return l;
  };

  private env(): ApplyEnv {
    const head = this.headBlock();
    return {
      level: head.level + 1,
      now: BigInt(this.nextTimestamp()),
      chainId: this.chainId,
      loaded: this.loaded,
      host: (s) => chainHost(s, (address, script) => this.loaded(address, script, s.globalConstants)),
    };
  }

  private nextTimestamp(): number {
    return Math.max(this.headBlock().timestamp + 1, Math.floor(Date.now() / 1000));
  }

  // -------------------------------------------------------------------------------------------
  // operations

  /** `helpers/scripts/simulate_operation`: applies without the signature check, on a throwaway copy. */
  simulate(op: { branch: string; contents: Content[] }): Json[] {
    const s = fork(this.state);
    const g = { branch: op.branch, contents: op.contents, hash: new Uint8Array(32) };
    validateGroup(s, g, { checkSignature: false, mempool: false });
    return applyGroup(s, g, this.env()).contents;
  }

  /** `helpers/preapply/operations`: checks the signature too, still on a copy. */
  async preapply(op: { branch: string; contents: Content[]; signature: string }): Promise<{ contents: Json[]; signature: string }> {
    const forged = await this.forge(op.branch, op.contents);
    const sig = signatureFromB58(op.signature);
    const s = fork(this.state);
    const g = { branch: op.branch, contents: op.contents, signed: { forged, signature: sig }, hash: operationHash(signedOperationBytes(forged, sig)).raw };
    validateGroup(s, g, { checkSignature: true, mempool: false });
    return { contents: applyGroup(s, g, this.env()).contents, signature: op.signature };
  }

  /**
   * `/injection/operation`: filters (fees, as a baker's mempool does), validates, applies and queues
   * the operation for the next block, or bakes it into its own block at once with `bake`; returns its hash.
   */
  async inject(hex: string, options: { bake?: boolean } = {}): Promise<string> {
    if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length < 128 + 64 + 2) throw validationError('permanent', 'operation.invalid_encoding');
    // As Octez: an operation (signature included) may not exceed the protocol's max_operation_data_length.
    if (hex.length / 2 > MAX_OPERATION_DATA_LENGTH) throw validationError('temporary', 'prevalidation.oversized_operation', { size: hex.length / 2, max_size: MAX_OPERATION_DATA_LENGTH });
    const signed = Buffer.from(hex, 'hex');
    const { parsed, unsigned: forged, signature: sig } = await parseSigned(signed);
    // As Octez's mempool, before validation: fees below the filter's minimum are refused (issue 16; fee 0 was applied).
    // Contents without a fee are no manager operations: validation refuses those.
    const managers = parsed.contents.filter((c) => c.fee !== undefined);
    const fees = managers.reduce((n, c) => n + BigInt(c.fee), 0n);
    const gasLimits = managers.reduce((n, c) => n + BigInt(c.gas_limit), 0n);
    if (managers.length > 0 && fees < minimalFeeMutez(gasLimits, hex.length / 2)) throw validationError('permanent', 'prefilter.fees_too_low');
    const { raw, b58 } = operationHash(signed);
    // A replay needs no check of its own: its counter is already used.
    const s = fork(this.state);
    const g = { branch: parsed.branch, contents: parsed.contents, signed: { forged, signature: sig }, hash: raw };
    validateGroup(s, g, { checkSignature: true, mempool: true });
    const r = applyGroup(s, g, this.env());
    adopt(this.state, s);
    this.pending.push({ hash: b58, branch: parsed.branch, contents: r.contents, signature: signatureToB58(sig), flat: r.flat });
    // Baking in the same synchronous step keeps one operation per block under concurrent injections.
    if (options.bake) this.bake();
    return b58;
  }

  private async forge(branch: string, contents: Content[]): Promise<Uint8Array> {
    try {
      return Buffer.from(await forger.forge({ branch, contents } as unknown as Parameters<LocalForger['forge']>[0]), 'hex');
    } catch (e) {
      throw validationError('permanent', 'operation.invalid_encoding', { message: (e as Error).message });
    }
  }

  hasPending(): boolean {
    return this.pending.length > 0;
  }

  /** Seals the pending operations into a new block. */
  bake(): Block {
    const head = this.headBlock();
    const level = head.level + 1;
    const timestamp = this.nextTimestamp();
    const operations = this.pending;
    this.pending = [];
    const seed = new TextEncoder().encode(JSON.stringify([this.chainId, level, head.hash, timestamp, operations.map((o) => o.hash)]));
    const block: Block = { level, hash: b58Encode(blake2b256(seed), PrefixV2.BlockHash), predecessor: head.hash, timestamp, operations };
    this.blocks.push(block);
    // Contexts are never mutated once adopted (applying works on forks), so a shallow copy is a snapshot.
    this.sealed = { ...this.state };
    this.contexts.set(level, this.sealed);
    this.contexts.delete(level - MAX_CONTEXTS);
    this.onBaked?.(this);
    const view = this.blockView(block);
    for (const l of this.listeners) l(view);
    return block;
  }

  // -------------------------------------------------------------------------------------------
  // ChainView

  head(): BlockView {
    return this.blockView(this.headBlock());
  }

  block(level: number): BlockView | undefined {
    const b = this.blocks[level];
    return b ? this.blockView(b) : undefined;
  }

  accounts(): Iterable<AccountView> {
    return this.contextView(this.sealed).accounts();
  }

  account(address: string): AccountView | undefined {
    return this.contextView(this.sealed).account(address);
  }

  bigMap(id: bigint): BigMapView | undefined {
    return this.contextView(this.sealed).bigMap(id);
  }

  bigMaps(): Iterable<BigMapView> {
    return this.contextView(this.sealed).bigMaps();
  }

  /** Accounts and big_maps as of block `level` (the context after it), for a view that trails the head (lagged-view.ts). */
  viewAt(level: number): ContextView {
    const b = this.blocks[level];
    return this.contextView(b ? this.contextAt(b) : this.sealed);
  }

  private contextView(s: State): ContextView {
    return {
      accounts: () => [...s.accounts.values()].map((a) => this.accountView(a)),
      account: (address) => {
        const a = s.accounts.get(address);
        return a ? this.accountView(a) : undefined;
      },
      bigMap: (id) => {
        const m = s.bigMaps.get(id);
        return m ? bigMapView(m) : undefined;
      },
      bigMaps: () => [...s.bigMaps.values()].map(bigMapView),
    };
  }

  onBlock(listener: (b: BlockView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private accountView(a: Account): AccountView {
    if (a.kind === 'implicit') {
      return { address: a.address, balance: a.balance, counter: a.counter, firstLevel: a.firstLevel, ...(a.publicKey ? { publicKey: a.publicKey } : {}), ...(a.delegate ? { delegate: a.delegate } : {}) };
    }
    const l = this.loaded(a.address, a.script);
    return {
      address: a.address,
      balance: a.balance,
      counter: 0n,
      firstLevel: a.firstLevel,
      ...(a.delegate ? { delegate: a.delegate } : {}),
      script: { code: a.script, parameter: l.typed.parameter, storageType: l.typed.storage },
      storage: a.storage,
    };
  }

  blockView(b: Block): BlockView {
    return {
      level: b.level,
      hash: b.hash,
      predecessor: b.predecessor,
      timestamp: isoSeconds(b.timestamp),
      operations: b.operations.map((o): OperationView => ({ hash: o.hash, contents: flatView(o.flat) })),
    };
  }
}

export const isoSeconds = (t: number): string => new Date(t * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

function bigMapView(m: BigMapState): BigMapView {
  return {
    id: m.id,
    keyType: m.keyType,
    valueType: m.valueType,
    ...(m.contract ? { contract: m.contract } : {}),
    ...(m.path ? { path: m.path } : {}),
    entries: () => [...m.entries.values()].map((e) => ({ keyHash: e.keyHash, key: e.key, value: e.value })),
  };
}

function flatView(flat: readonly FlatResult[]): OperationContentView[] {
  let position = -1;
  return flat.map((f): OperationContentView => {
    if (!f.internal) position++;
    const r = f.result;
    const j = f.json;
    const status = (r.status as 'applied' | 'failed' | 'backtracked' | 'skipped') ?? 'applied';
    const common = {
      internal: f.internal,
      source: j.source as string,
      status,
      ...(f.internal ? {} : { counter: BigInt(j.counter as string), fee: BigInt(j.fee as string), gasLimit: BigInt(j.gas_limit as string), storageLimit: BigInt(j.storage_limit as string) }),
      // In gas units, rounded up as Octez's `consumed_gas`.
      gasUsed: (BigInt((r.consumed_milligas as string | undefined) ?? '0') + 999n) / 1000n,
      storageUsed: BigInt((r.paid_storage_size_diff as string | undefined) ?? '0'),
      bigMapDiff: (r.big_map_diff as unknown[] | undefined) ?? [],
      nonce: f.internal ? (j.nonce as number) : position,
    };
    if (f.kind === 'transaction') {
      const params = j.parameters as { entrypoint: string; value: Expr } | undefined;
      return {
        kind: 'transaction',
        ...common,
        destination: j.destination as string,
        amount: BigInt((j.amount as string | undefined) ?? '0'),
        entrypoint: params?.entrypoint ?? 'default',
        ...(params ? { parameter: params.value } : {}),
      };
    }
    if (f.kind === 'origination') {
      return {
        kind: 'origination',
        ...common,
        originatedContract: ((r.originated_contracts as string[] | undefined) ?? [])[0] ?? ((j.originated_contract as string | undefined) ?? ''),
        balance: BigInt((j.balance as string | undefined) ?? '0'),
      };
    }
    return { kind: f.kind as 'reveal' | 'delegation' | 'event' | 'increase_paid_storage' | 'register_global_constant' | 'transfer_ticket', internal: f.internal, source: j.source as string, status };
  });
}

/**
 * Splits an injected operation into its contents and signature: a tz4's 96-byte signature comes as a
 * `signature_prefix` content before the 64-byte suffix (signatures.ts), which Taquito's parser does not read.
 */
async function parseSigned(signed: Uint8Array): Promise<SignedParts & { parsed: { branch: string; contents: Content[] } }> {
  let failure: unknown;
  for (const parts of signedPartsCandidates(signed)) {
    try {
      return { ...parts, parsed: await parseUnsigned(parts.unsigned) };
    } catch (e) {
      failure ??= e;
    }
  }
  throw validationError('permanent', 'operation.invalid_encoding', { message: (failure as Error).message });
}

/**
 * Data dirs written before issue 21 kept implicit accounts their last transfer emptied; Octez deletes those
 * (apply.ts `deallocateIfEmpty`), so they go on load as they would have gone then.
 */
function withoutEmptiedAccounts(state: State): State {
  const accounts = new Map([...state.accounts].filter(([, a]) => a.kind !== 'implicit' || a.balance > 0n || a.delegate !== undefined));
  return { ...state, accounts };
}

type Parsed = { branch: string; contents: Content[] };

const BRANCH_BYTES = 32;
const REVEAL_TAG = 0x6b;
/** Key bytes after a `public_key`'s curve tag (ed25519, secp256k1, p256, bls). */
const PUBLIC_KEY_BYTES = [32, 33, 33, 48];

/**
 * Taquito's parser reads a reveal's `proof` only when nothing follows it (its decoder takes the bytes left for the
 * proof's length), so a tz4's reveal-then-transfer would not parse: a first content that is a reveal with a proof
 * (a reveal can only come first) is cut out and parsed on its own.
 */
async function parseUnsigned(unsigned: Uint8Array): Promise<Parsed> {
  const parse = async (bytes: Uint8Array): Promise<Parsed> => (await forger.parse(Buffer.from(bytes).toString('hex'))) as unknown as Parsed;
  const end = revealWithProofEnd(unsigned);
  if (end === undefined || end === unsigned.length) return parse(unsigned);
  const branch = unsigned.subarray(0, BRANCH_BYTES);
  const reveal = await parse(unsigned.subarray(0, end));
  const rest = await parse(concat(branch, unsigned.subarray(end)));
  return { branch: reveal.branch, contents: [...reveal.contents, ...rest.contents] };
}

/** Where a first content that is a reveal carrying a proof ends (Octez's binary layout), or undefined. */
function revealWithProofEnd(b: Uint8Array): number | undefined {
  let at = BRANCH_BYTES;
  if (b[at] !== REVEAL_TAG) return undefined;
  at += 1 + 21; // tag, source (curve tag + 20-byte hash)
  for (let n = 0; n < 4; n++) {
    // fee, counter, gas_limit, storage_limit: zarith naturals, 7 bits a byte, the high bit set on all but the last.
    while (at < b.length && (b[at]! & 0x80) !== 0) at++;
    at++;
  }
  const keyBytes = PUBLIC_KEY_BYTES[b[at] ?? -1];
  if (keyBytes === undefined) return undefined;
  at += 1 + keyBytes;
  if (b[at] !== 0xff) return undefined;
  at += 1;
  const length = new DataView(b.buffer, b.byteOffset).getUint32(at);
  return at + 4 + length > b.length ? undefined : at + 4 + length;
}

const concat = (a: Uint8Array, b: Uint8Array): Uint8Array => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

export { PROTOCOL };
