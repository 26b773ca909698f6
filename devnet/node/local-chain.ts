/**
 * The local chain: the context, the blocks with their applied operations, and baking. It is the
 * `ChainView` the indexer reads.
 */
import { LocalForger, ProtocolsHash } from '@taquito/local-forging';
import { b58DecodeAndCheckPrefix, b58Encode, PrefixV2 } from '@taquito/utils';
import { blake2b256 } from '../michelson/crypto';
import { concatBytes } from '../michelson/encoding';
import { loadScript, type LoadedScript } from '../michelson/run';
import type { Expr } from '../michelson/micheline';
import { BOOTSTRAP_BALANCE, type BootstrapAccount } from './accounts';
import {
  applyGroup,
  operationHash,
  validateGroup,
  type ApplyEnv,
  type Content,
  type FlatResult,
  type GroupInput,
  type Json,
} from './apply';
import type { AccountView, BigMapView, BlockView, ChainView, OperationContentView, OperationView } from './chain-view';
import { NodeError, PROTOCOL, validationError } from './errors';
import { expandConstants } from './global-constants';
import { checkContentsLimits } from './micheline-limits';
import { chainHost } from './host';
import {
  signatureFromB58,
  signatureToB58,
  signedOperationBytes,
  signedPartsCandidates,
  type SignedParts,
} from './signatures';
import { fork, adopt, withDefaults, type State, type BigMapState, type Account } from './state';

/** The protocol constant the RPC reports too (rpc.ts): the most bytes one operation may take. */
export const MAX_OPERATION_DATA_LENGTH = 32_768;

/**
 * Octez's default mempool filter (the protocol plugin's mempool.ml `default_config`; `GET mempool/filter` reports it):
 * a baker's node refuses an operation whose fees (all its contents') are below minimal_fees + minimal_nanotez_per_gas_unit
 * × its gas limits + minimal_nanotez_per_byte × its size in bytes (branch, contents and signature).
 */
export const MEMPOOL_FILTER = {
  minimalFeesMutez: 100n,
  minimalNanotezPerGasUnit: 100n,
  minimalNanotezPerByte: 1000n,
} as const;

/** The least fee (mutez, rounded up) the mempool filter lets through for `gasLimit` gas units and `bytes` bytes. */
export function minimalFeeMutez(gasLimit: bigint, bytes: number): bigint {
  const nanotez =
    MEMPOOL_FILTER.minimalFeesMutez * 1000n +
    MEMPOOL_FILTER.minimalNanotezPerGasUnit * gasLimit +
    MEMPOOL_FILTER.minimalNanotezPerByte * BigInt(bytes);
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

/** The `minimal_block_delay` the devnet reports at block time 0 (rpc.ts), which sets how often clients poll. */
export const MINIMAL_BLOCK_DELAY_S = 1;
/** Empty blocks a polling client can make at block time 0 before an operation comes (enough for any usual wait). */
export const MAX_EMPTY_BLOCKS_IN_A_ROW = 10;

const forger = new LocalForger(ProtocolsHash.PsUshuai9);
/** How many past blocks' contexts stay queryable (in memory; a restart keeps only the head's). */
const MAX_CONTEXTS = 4096;

/** The devnet's chain id: `NetX…` from a fixed seed, the same on every run. */
export const DEVNET_CHAIN_ID = b58Encode(
  blake2b256(new TextEncoder().encode('tezos-pole devnet')).subarray(0, 4),
  PrefixV2.ChainID,
);

/** A parsed block id: an alias, a level or a hash, and how many blocks before it (negative: after it). */
export type BlockRef = (
  { alias: 'head' | 'genesis' | 'checkpoint' | 'savepoint' | 'caboose' } | { level: number } | { hash: string }
) & { offset: number };

/** Octez's block_services.ml `parse_block`, on the devnet's ids; null where Octez answers "Cannot parse block identifier". */
export function parseBlockId(id: string): BlockRef | null {
  const delimiters = [...id].filter((ch) => ch === '~' || ch === '-' || ch === '+');
  if (delimiters.length > 1) return null;
  const delimiter = delimiters[0];
  const [base = '', n] = delimiter === undefined ? [id] : id.split(delimiter).filter((p) => p !== '');
  if (delimiter !== undefined && n === undefined && base === '') return null;
  const count = n === undefined ? 0 : /^\d+$/.test(n) ? Number(n) : NaN;
  if (Number.isNaN(count)) return null;
  const offset = delimiter === '+' ? -count : count;
  if (base === 'genesis') return delimiter === undefined || delimiter === '+' ? { level: count, offset: 0 } : null;
  if (base === 'head') return delimiter === '+' ? null : { alias: 'head', offset };
  if (base === 'checkpoint' || base === 'savepoint' || base === 'caboose') return { alias: base, offset };
  if (/^B[1-9A-HJ-NP-Za-km-z]{50}$/.test(base)) {
    try {
      b58DecodePrefix(base, PrefixV2.BlockHash);
      return { hash: base, offset };
    } catch {
      return null;
    }
  }
  // Octez's quirk: level 0 is genesis whatever the offset.
  if (/^\d+$/.test(base)) return Number(base) === 0 ? { level: 0, offset: 0 } : { level: Number(base), offset };
  return null;
}

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
  /** When this run baked the head (ms since the epoch; 0 for a head loaded from disk). */
  private bakedAt = 0;
  /** How often the head has been read as a full block (what a waiting client polls) since it was baked. */
  private headPolls = 0;
  /** Empty blocks baked in a row at a client's poll. */
  private emptyInARow = 0;
  /** Called after each block is baked (persistence). */
  onBaked?: (c: Chain) => void;
  /** The time the chain reads (ms since the epoch): block timestamps and the poller's empty blocks. Tests move it. */
  now: () => number = () => Date.now();

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
      accounts.set(a.address, {
        kind: 'implicit',
        address: a.address,
        balance: BOOTSTRAP_BALANCE,
        counter: 0n,
        publicKey: a.publicKey,
        delegate: a.address,
        firstLevel: 0,
      });
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
    const genesisHash = b58Encode(
      blake2b256(new TextEncoder().encode(`tezos-pole devnet genesis ${timestamp}`)),
      PrefixV2.BlockHash,
    );
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

  /**
   * A block id in Octez's grammar (block_services.ml `parse_block`): `head`, `genesis`, `checkpoint`, `savepoint`,
   * `caboose`, a level or a hash, each with at most one `~N`/`-N` (N blocks before) or `+N` (after; not on `head`).
   * `null` when the id does not parse (the RPC answers 400), undefined when no such block exists (404).
   */
  resolve(id: string): Block | undefined | null {
    const ref = parseBlockId(id);
    if (ref === null) return null;
    if ('level' in ref) {
      const target = ref.level - ref.offset;
      return target >= 0 ? this.blocks[target] : undefined;
    }
    const head = this.headBlock();
    const level =
      'hash' in ref
        ? this.blocks.find((b) => b.hash === ref.hash)?.level
        : ref.alias === 'head'
          ? head.level
          : // One baker: a block is final with two on top (Tenderbake), and the node keeps everything from genesis.
            ref.alias === 'checkpoint'
            ? Math.max(0, head.level - 2)
            : 0;
    if (level === undefined) return undefined;
    // From a block (head, a hash, an alias) Octez walks back through the store's predecessors, genesis being its own
    // (block_directory.ml `get_block`, block_store.ml `get_hash`): a young chain has fewer ancestors than clients'
    // `head~2` branch assumes, and `~N` answers genesis.
    return this.blocks[Math.max(0, level - ref.offset)];
  }

  /**
   * Typechecked scripts, by the script object and by its text (simulated originations all land on one address), with
   * their global constants expanded first (from `constants`, by default the chain's: a stored script's are registered).
   */
  loaded = (
    _address: string,
    script: Expr[],
    constants: ReadonlyMap<string, Expr> = this.state.globalConstants,
  ): LoadedScript => {
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
    return Math.max(this.headBlock().timestamp + 1, Math.floor(this.now() / 1000));
  }

  // -------------------------------------------------------------------------------------------
  // operations

  /**
   * The context `helpers/…` on block `block` check an operation against: that block's, as Octez's block RPCs use (an
   * operation waiting in the mempool is not in it). At block time 0 (`bakesAtOnce`), an operation built on the same
   * counter as its manager's operation in the head block is checked against the context before that block — the head
   * Octez would still have while the first waits in its mempool — so it reaches injection and conflicts there.
   */
  contextFor(block: Block, contents: readonly Content[], bakesAtOnce: boolean): State {
    const head = this.headBlock();
    if (block !== head) return this.contextAt(block);
    const before = bakesAtOnce ? this.contexts.get(head.level - 1) : undefined;
    const first = contents[0];
    const stale =
      first !== undefined &&
      head.operations.some((o) => o.contents[0]?.source === first.source && o.contents[0]?.counter === first.counter);
    return before && stale ? before : this.sealed;
  }

  /** `helpers/scripts/simulate_operation`: applies without the signature check, on a throwaway copy of `base`. */
  simulate(op: { branch: string; contents: Content[] }, base: State = this.sealed): Json[] {
    const s = fork(base);
    const g = { branch: op.branch, contents: op.contents, hash: new Uint8Array(32) };
    validateGroup(s, g, { checkSignature: false, mempool: false });
    return applyGroup(s, g, this.env()).contents;
  }

  /** `helpers/preapply/operations`: checks the signature too, still on a copy. */
  async preapply(
    op: { branch: string; contents: Content[]; signature: string },
    base: State = this.sealed,
  ): Promise<{ contents: Json[]; signature: string }> {
    const forged = await this.forge(op.branch, op.contents);
    const sig = signatureFromB58(op.signature);
    const s = fork(base);
    const g = {
      branch: op.branch,
      contents: op.contents,
      signed: { forged, signature: sig },
      hash: operationHash(signedOperationBytes(forged, sig)).raw,
    };
    validateGroup(s, g, { checkSignature: true, mempool: false });
    return { contents: applyGroup(s, g, this.env()).contents, signature: op.signature };
  }

  /**
   * `/injection/operation`: filters (fees, as a baker's mempool does), validates, applies and queues
   * the operation for the next block, or bakes it into its own block at once with `bake`; returns its hash.
   */
  async inject(hex: string, options: { bake?: boolean } = {}): Promise<string> {
    if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length < 128 + 64 + 2)
      throw validationError('permanent', 'operation.invalid_encoding');
    // As Octez: an operation (signature included) may not exceed the protocol's max_operation_data_length.
    if (hex.length / 2 > MAX_OPERATION_DATA_LENGTH)
      throw validationError('temporary', 'prevalidation.oversized_operation', {
        size: hex.length / 2,
        max_size: MAX_OPERATION_DATA_LENGTH,
      });
    const signed = Buffer.from(hex, 'hex');
    const { parsed, unsigned: forged, signature: sig } = await parseSigned(signed);
    checkContentsLimits(parsed.contents);
    // As Octez's mempool, before validation: fees below the filter's minimum (0 among them) are refused.
    // Contents without a fee are no manager operations: validation refuses those.
    const managers = parsed.contents.filter((c) => c.fee !== undefined);
    const fees = managers.reduce((n, c) => n + BigInt(c.fee), 0n);
    const gasLimits = managers.reduce((n, c) => n + BigInt(c.gas_limit), 0n);
    if (managers.length > 0 && fees < minimalFeeMutez(gasLimits, hex.length / 2))
      throw validationError('permanent', 'prefilter.fees_too_low');
    const { raw, b58 } = operationHash(signed);
    const g = { branch: parsed.branch, contents: parsed.contents, signed: { forged, signature: sig }, hash: raw };
    this.refuseSecondManagerOperation(g, b58, options.bake === true);
    // A replay needs no check of its own: its counter is already used.
    const s = fork(this.state);
    validateGroup(s, g, { checkSignature: true, mempool: true });
    const r = applyGroup(s, g, this.env());
    adopt(this.state, s);
    this.pending.push({
      hash: b58,
      branch: parsed.branch,
      contents: r.contents,
      signature: signatureToB58(sig),
      flat: r.flat,
    });
    // Baking in the same synchronous step keeps one operation per block under concurrent injections.
    if (options.bake) this.bake();
    return b58;
  }

  /**
   * One manager operation per manager in a block, as Octez's mempool keeps it (validate.ml's manager restriction, then
   * prevalidation.ml): an operation whose manager already has one waiting is validated against the head's context as
   * Octez does (a wrong counter, signature… keeps its own error), then refused with `prevalidation.operation_conflict`.
   * Replace-by-fee is not done: the error names the fee that would replace the first (mempool.ml
   * `fee_needed_to_replace_by_fee`), but the first stays. At block time 0 the first is already in the head block, so
   * the head's operations count as the mempool for an operation built before them (the same counter): two unawaited
   * sends from one manager behave as on Octez, where the second reaches a mempool that still holds the first.
   */
  private refuseSecondManagerOperation(g: GroupInput, hash: string, bakesAtOnce: boolean): void {
    const source = g.contents[0]?.source;
    if (source === undefined || g.contents[0]?.fee === undefined) return;
    const head = this.headBlock();
    const counter = g.contents[0]?.counter;
    const rivals = bakesAtOnce ? head.operations : this.pending;
    const rival = rivals.find(
      (o) =>
        o.hash !== hash && o.contents[0]?.source === source && (!bakesAtOnce || o.contents[0]?.counter === counter),
    );
    const base = bakesAtOnce ? this.contexts.get(head.level - 1) : this.sealed;
    if (!rival || !base) return;
    validateGroup(fork(base), g, { checkSignature: true, mempool: true });
    throw new NodeError([
      {
        kind: 'temporary',
        id: 'prevalidation.operation_conflict',
        new_hash: hash,
        needed_fee_in_mutez: feeToReplace(rival.contents, g.contents).toString(),
      },
    ]);
  }

  private async forge(branch: string, contents: Content[]): Promise<Uint8Array> {
    try {
      return Buffer.from(
        await forger.forge({ branch, contents } as unknown as Parameters<LocalForger['forge']>[0]),
        'hex',
      );
    } catch (e) {
      throw validationError('permanent', 'operation.invalid_encoding', { message: (e as Error).message });
    }
  }

  hasPending(): boolean {
    return this.pending.length > 0;
  }

  /**
   * The head, for a client reading it as a full block at block time 0 — how Taquito waits for confirmations, polling
   * `blocks/head` (at most every 0.7 s). Nothing would bake without an injection, so a client waiting for a block
   * beyond the head would wait forever: once the head has been polled twice and is MINIMAL_BLOCK_DELAY_S old (the
   * constant the devnet reports), an empty block is baked first. So blocks come at most one a second, only while a
   * client keeps polling, and at most MAX_EMPTY_BLOCKS_IN_A_ROW of them before the next operation.
   */
  headForPoller(now = this.now()): Block {
    const head = this.headBlock();
    const waited = this.headPolls >= 2 && now - this.bakedAt >= MINIMAL_BLOCK_DELAY_S * 1000;
    if (waited && this.pending.length === 0 && this.emptyInARow < MAX_EMPTY_BLOCKS_IN_A_ROW) return this.bake();
    this.headPolls++;
    return head;
  }

  /** Seals the pending operations into a new block. */
  bake(): Block {
    const head = this.headBlock();
    const level = head.level + 1;
    const timestamp = this.nextTimestamp();
    const operations = this.pending;
    this.pending = [];
    const seed = new TextEncoder().encode(
      JSON.stringify([this.chainId, level, head.hash, timestamp, operations.map((o) => o.hash)]),
    );
    const block: Block = {
      level,
      hash: b58Encode(blake2b256(seed), PrefixV2.BlockHash),
      predecessor: head.hash,
      timestamp,
      operations,
    };
    this.blocks.push(block);
    this.bakedAt = this.now();
    this.headPolls = 0;
    this.emptyInARow = operations.length === 0 ? this.emptyInARow + 1 : 0;
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
      return {
        address: a.address,
        balance: a.balance,
        counter: a.counter,
        firstLevel: a.firstLevel,
        ...(a.publicKey ? { publicKey: a.publicKey } : {}),
        ...(a.delegate ? { delegate: a.delegate } : {}),
      };
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
      ...(f.internal
        ? {}
        : {
            counter: BigInt(j.counter as string),
            fee: BigInt(j.fee as string),
            gasLimit: BigInt(j.gas_limit as string),
            storageLimit: BigInt(j.storage_limit as string),
          }),
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
        originatedContract:
          ((r.originated_contracts as string[] | undefined) ?? [])[0] ??
          (j.originated_contract as string | undefined) ??
          '',
        balance: BigInt((j.balance as string | undefined) ?? '0'),
      };
    }
    return {
      kind: f.kind as
        'reveal' | 'delegation' | 'event' | 'increase_paid_storage' | 'register_global_constant' | 'transfer_ticket',
      internal: f.internal,
      source: j.source as string,
      status,
    };
  });
}

/**
 * Splits an injected operation into its contents and signature: a tz4's 96-byte signature comes as a
 * `signature_prefix` content before the 64-byte suffix (signatures.ts), which Taquito's parser does not read.
 */
async function parseSigned(
  signed: Uint8Array,
): Promise<SignedParts & { parsed: { branch: string; contents: Content[] } }> {
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

/** Sum of a group's fees and of its gas limits (manager contents only). */
function feeAndGas(contents: readonly Json[]): { fee: bigint; gas: bigint } {
  let fee = 0n;
  let gas = 0n;
  for (const c of contents) {
    fee += BigInt((c.fee as string | undefined) ?? '0');
    gas += BigInt((c.gas_limit as string | undefined) ?? '0');
  }
  return { fee, gas };
}

/**
 * The least fee that would let `candidate` replace `existing` (Octez's plugin mempool.ml): both its fee and its fee per
 * gas unit at least the existing one's times the default replace_by_fee_factor, 21/20, rounded up.
 */
function feeToReplace(existing: readonly Json[], candidate: readonly Json[]): bigint {
  const old = feeAndGas(existing);
  const { gas } = feeAndGas(candidate);
  const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;
  const forFee = ceilDiv(old.fee * 21n, 20n);
  const forRatio = old.gas === 0n ? 0n : ceilDiv(old.fee * 21n * gas, 20n * old.gas);
  return forFee > forRatio ? forFee : forRatio;
}

function b58DecodePrefix(s: string, p: PrefixV2): Uint8Array {
  const [raw] = b58DecodeAndCheckPrefix(s, [p]);
  return raw;
}

/**
 * Older data dirs kept implicit accounts their last transfer emptied; Octez deletes those
 * (apply.ts `deallocateIfEmpty`), so they go on load as they would have gone then.
 */
function withoutEmptiedAccounts(state: State): State {
  const accounts = new Map(
    [...state.accounts].filter(([, a]) => a.kind !== 'implicit' || a.balance > 0n || a.delegate !== undefined),
  );
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
  const parse = async (bytes: Uint8Array): Promise<Parsed> =>
    (await forger.parse(Buffer.from(bytes).toString('hex'))) as unknown as Parsed;
  const end = revealWithProofEnd(unsigned);
  if (end === undefined || end === unsigned.length) return parse(unsigned);
  const branch = unsigned.subarray(0, BRANCH_BYTES);
  const reveal = await parse(unsigned.subarray(0, end));
  const rest = await parse(concatBytes(branch, unsigned.subarray(end)));
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

export { PROTOCOL };
