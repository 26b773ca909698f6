/**
 * The index behind the TzKT routes, kept in step with the chain: every block the node applies is
 * indexed before `onBlock` returns, so `head.level` is always what clients can query.
 *
 * Operations get TzKT-style sequential ids (one per content and per internal operation). Token
 * transfers are derived as TzKT derives them for FA2: from the balance changes that each
 * operation makes to the contract's `%ledger` big_map — decreases matched with increases as
 * transfers, an unmatched increase a mint (no `from`), an unmatched decrease a burn (no `to`).
 */
import { findEntrypoint } from '../michelson/entrypoints';
import type { Expr, Prim } from '../michelson/micheline';
import type { AccountView, BlockView, ChainView, OperationContentView } from '../node/chain-view';
import {
  isFa2,
  isTokenMetadataType,
  ledgerLayout,
  readLedger,
  readTokenMetadata,
  readTransferParam,
  type LedgerLayout,
} from './fa2';
import { findBigMaps, humanize, type Json } from './schema';

export type Row = { [k: string]: Json };

/** Fetches the off-chain metadata a token's `""` URI names (offchain-metadata.ts); undefined when it cannot. */
export type MetadataResolver = (uri: string) => Promise<Row | undefined>;

interface KeyState {
  readonly id: number;
  readonly hash: string;
  key: Expr;
  value: Expr | undefined;
  /** Last value kept after removal, as TzKT shows removed keys. */
  lastValue: Expr;
  active: boolean;
  readonly firstLevel: number;
  lastLevel: number;
  updates: number;
}

interface BigMapState {
  readonly ptr: bigint;
  readonly keyType: Prim;
  readonly valueType: Prim;
  contract?: string;
  path?: string;
  active: boolean;
  readonly firstLevel: number;
  lastLevel: number;
  readonly keys: Map<string, KeyState>;
}

interface ContractState {
  readonly address: string;
  readonly creator?: string;
  readonly fa2: boolean;
  ledger?: { readonly ptr: bigint; readonly layout: LedgerLayout };
  tokenMetadata?: bigint;
}

interface TokenState {
  readonly id: number;
  readonly contract: string;
  readonly tokenId: bigint;
  readonly firstMinter: string;
  readonly firstLevel: number;
  lastLevel: number;
  transfersCount: number;
  totalMinted: bigint;
  totalBurned: bigint;
  balancesCount: number;
  holdersCount: number;
}

interface BalanceState {
  readonly id: number;
  readonly token: TokenState;
  readonly owner: string;
  balance: bigint;
  transfersCount: number;
  readonly firstLevel: number;
  lastLevel: number;
}

interface TransferState {
  readonly id: number;
  readonly level: number;
  readonly token: TokenState;
  readonly from?: string;
  readonly to?: string;
  readonly amount: bigint;
  readonly transactionId?: number;
  readonly originationId?: number;
}

interface ActivityState {
  firstActivity: number;
  lastActivity: number;
  numTransactions: number;
  numOriginations: number;
  numReveals: number;
  numDelegations: number;
  numContracts: number;
  tokenTransfersCount: number;
  /** The last counter an implicit account used: TzKT still shows it once the node has deleted the emptied account. */
  counter?: bigint;
}

/** Protocol the devnet runs (ChainView does not carry it). */
export const PROTOCOL = 'PsUshuai9QapM5TGj1JpuVGkdxz5GykdnEvS6Rh8SUVrARvZLCY';

/** The entry of `map` at `key`, made by `make` and stored there the first time it is asked for. */
function entryOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let entry = map.get(key);
  if (entry === undefined) map.set(key, (entry = make()));
  return entry;
}

const alias = (address: string | undefined): Json | undefined => (address === undefined ? undefined : { address });

/** Drops `undefined` fields (TzKT omits null fields). */
function compact(o: { [k: string]: Json | undefined }): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out;
}

/** A stable 32-bit hash, standing in for TzKT's type and code hashes. */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** TzKT's check that a `transfer` call's moves account exactly for the ledger's balance changes. */
function movesExplain(
  moves: readonly { from: string; to: string; amount: bigint }[],
  changes: readonly { owner: string; diff: bigint }[],
): boolean {
  const net = new Map<string, bigint>();
  for (const m of moves) {
    net.set(m.from, (net.get(m.from) ?? 0n) - m.amount);
    net.set(m.to, (net.get(m.to) ?? 0n) + m.amount);
  }
  for (const c of changes) {
    const n = net.get(c.owner);
    if (n === undefined) return false;
    net.set(c.owner, n - c.diff);
  }
  return [...net.values()].every((v) => v === 0n);
}

export class TzktIndex {
  level = -1;
  hash = '';
  /** Contents the index could not read (it skips them rather than stop the chain). */
  readonly errors: string[] = [];
  timestamp = '1970-01-01T00:00:00Z';
  private readonly times = new Map<number, string>();
  /** Block hashes and levels, both ways, for `blocks/{hash|level}`. */
  private readonly blockHashes = new Map<number, string>();
  private readonly blockLevels = new Map<string, number>();
  private nextOpId = 1;
  private nextKeyId = 1;
  private readonly bigMaps = new Map<bigint, BigMapState>();
  private readonly contracts = new Map<string, ContractState>();
  private readonly ledgers = new Map<bigint, ContractState>();
  private readonly metadataMaps = new Map<bigint, ContractState>();
  private readonly metadata = new Map<string, { [k: string]: Json }>();
  /** Tokens' off-chain metadata URIs (their `""` key), and what was fetched for them. */
  private readonly metadataUris = new Map<string, string>();
  private readonly offchainMetadata = new Map<string, { readonly uri: string; readonly metadata: Row }>();
  private metadataResolver: MetadataResolver | undefined;
  private readonly tokens = new Map<string, TokenState>();
  private readonly balances = new Map<string, BalanceState>();
  private readonly transfers: TransferState[] = [];
  private readonly transactions: Row[] = [];
  private readonly originations: Row[] = [];
  private readonly activity = new Map<string, ActivityState>();
  private readonly storages = new Map<string, { level: number; storage: Expr }[]>();
  private readonly accountIds = new Map<string, number>();
  private readonly indexedListeners = new Set<(level: number) => void>();
  private readonly unsubscribe: () => void;

  constructor(readonly view: ChainView) {
    this.unsubscribe = view.onBlock((b) => this.onBlock(b));
    this.catchUp(view.head().level);
  }

  close(): void {
    this.unsubscribe();
  }

  private catchUp(to: number): void {
    for (let l = this.level + 1; l <= to; l++) {
      const b = this.view.block(l);
      if (b) this.indexBlock(b);
    }
  }

  private onBlock(b: BlockView): void {
    if (b.level <= this.level) return;
    this.catchUp(b.level - 1);
    this.indexBlock(b);
    for (const l of this.indexedListeners) l(b.level);
  }

  /**
   * Calls `listener` with the new head level after each block is indexed, when the REST routes already answer with
   * it (the real-time hub sends its messages then, as TzKT does once a block is in its database).
   */
  onIndexed(listener: (level: number) => void): () => void {
    this.indexedListeners.add(listener);
    return () => this.indexedListeners.delete(listener);
  }

  timeAt(level: number): string {
    return this.times.get(level) ?? this.timestamp;
  }

  // -------------------------------------------------------------------------------------------
  // Indexing

  private indexBlock(b: BlockView): void {
    this.times.set(b.level, b.timestamp);
    this.blockHashes.set(b.level, b.hash);
    this.blockLevels.set(b.hash, b.level);
    this.level = b.level;
    this.hash = b.hash;
    this.timestamp = b.timestamp;
    const live = b.level === this.view.head().level;
    for (const group of b.operations) {
      if (live) for (const c of group.contents) if (c.status === 'applied') this.noteStorage(c, b.level);
      let initiator: string | undefined;
      let counter: bigint | undefined;
      let parent: Row | undefined;
      for (const c of group.contents) {
        if (!c.internal) {
          initiator = c.source;
          if ('counter' in c && c.counter !== undefined) counter = c.counter;
        } else if (parent?.type === 'transaction') parent.hasInternals = true;
        let row: Row | undefined;
        try {
          row = this.indexContent(b, group.hash, c, c.internal ? initiator : undefined, counter);
        } catch (e) {
          // Indexing must never stop the node from baking: keep going, and keep the reason.
          this.errors.push(`level ${b.level}, ${group.hash}: ${(e as Error).message}`);
        }
        if (!c.internal) parent = row;
      }
    }
  }

  /** TzKT's account ids: in order of first appearance. */
  private accountId(address: string): number {
    let id = this.accountIds.get(address);
    if (id === undefined) this.accountIds.set(address, (id = this.accountIds.size + 1));
    return id;
  }

  private touch(address: string | undefined, level: number, f?: (a: ActivityState) => void): void {
    if (address === undefined) return;
    this.accountId(address);
    const a = entryOf(this.activity, address, () => ({
      firstActivity: level,
      lastActivity: level,
      numTransactions: 0,
      numOriginations: 0,
      numReveals: 0,
      numDelegations: 0,
      numContracts: 0,
      tokenTransfersCount: 0,
    }));
    a.lastActivity = level;
    f?.(a);
  }

  private indexContent(
    b: BlockView,
    opHash: string,
    c: OperationContentView,
    initiator: string | undefined,
    counter: bigint | undefined,
  ): Row | undefined {
    const id = this.nextOpId++;
    const level = b.level;
    if (!c.internal && counter !== undefined) this.touch(c.source, level, (a) => (a.counter = counter));
    if (c.kind !== 'transaction' && c.kind !== 'origination') {
      // The counters TzKT keeps per kind; the other manager kinds have none here.
      if (c.kind === 'reveal' || c.kind === 'delegation')
        this.touch(c.source, level, (a) => (c.kind === 'reveal' ? a.numReveals++ : a.numDelegations++));
      return undefined;
    }
    const applied = c.status === 'applied';
    const common = {
      id,
      level,
      timestamp: b.timestamp,
      block: b.hash,
      hash: opHash,
      counter: counter === undefined ? undefined : Number(counter),
      initiator: alias(initiator),
      sender: alias(c.source),
      nonce: c.internal ? (c.nonce ?? 0) : undefined,
      // As TzKT: the content's limits; an internal operation has none (0).
      gasLimit: Number(c.gasLimit ?? 0n),
      gasUsed: Number(c.gasUsed),
      storageLimit: Number(c.storageLimit ?? 0n),
      storageUsed: Number(c.storageUsed),
      bakerFee: Number(c.fee ?? 0n),
      storageFee: 0,
      allocationFee: 0,
    };
    if (c.kind === 'origination') {
      const contract = c.originatedContract;
      this.touch(c.source, level, (a) => {
        a.numOriginations++;
        a.numContracts++;
      });
      this.touch(initiator, level);
      let fa2 = false;
      // The diff first (it allocates the big_maps), then the contract, whose storage names them.
      const diffs = applied ? this.applyDiffs(c.bigMapDiff, level, undefined) : [];
      if (applied) {
        const st = this.registerContract(contract, c.source);
        fa2 = st?.fa2 ?? false;
        this.touch(contract, level, (a) => a.numOriginations++);
        this.renderPaths(diffs);
      }
      const transfers = applied ? this.applyLedger(diffs, level, initiator ?? c.source, { originationId: id }) : 0;
      const acc = this.view.account(contract);
      const script = acc?.script;
      const live = level === this.view.head().level;
      const row = compact({
        type: 'origination',
        ...common,
        contractBalance: Number(c.balance),
        // ChainView has no storage per level: the current one is the origination's only while indexing live.
        storage:
          applied && live && acc?.storage !== undefined && script
            ? this.tryHumanize(script.storageType, acc.storage)
            : undefined,
        diffs: diffs.length ? diffs.map((d) => d.json) : undefined,
        status: c.status,
        originatedContract: applied
          ? compact({
              kind: fa2 ? 'asset' : 'smart_contract',
              address: contract,
              typeHash: script ? hash32(JSON.stringify([script.parameter, script.storageType])) : undefined,
              codeHash: script ? hash32(JSON.stringify(script.code)) : undefined,
              tzips: fa2 ? ['fa2'] : undefined,
            })
          : undefined,
        tokenTransfersCount: transfers || undefined,
      });
      this.originations.push(row);
      return row;
    }
    // transaction
    this.touch(c.source, level, (a) => a.numTransactions++);
    if (c.destination !== c.source) this.touch(c.destination, level, (a) => a.numTransactions++);
    if (initiator !== undefined && initiator !== c.source && initiator !== c.destination) this.touch(initiator, level);
    const target = this.view.account(c.destination);
    if (target?.script) this.registerContract(c.destination, undefined);
    const diffs = applied ? this.applyDiffs(c.bigMapDiff, level, target?.script ? c.destination : undefined) : [];
    const transferCall =
      c.entrypoint === 'transfer' && c.parameter !== undefined
        ? { contract: c.destination, value: c.parameter }
        : undefined;
    const transfers = applied
      ? this.applyLedger(diffs, level, initiator ?? c.source, { transactionId: id }, transferCall)
      : 0;
    let parameter: Json | undefined;
    if (c.parameter !== undefined) {
      const ep = c.entrypoint === '' ? 'default' : c.entrypoint;
      const type = target?.script ? findEntrypoint(target.script.parameter, ep)?.type : undefined;
      parameter = {
        entrypoint: ep,
        value: type ? this.tryHumanize(type, c.parameter) : (c.parameter as unknown as Json),
      };
    }
    const row = compact({
      type: 'transaction',
      ...common,
      target: alias(c.destination),
      amount: Number(c.amount),
      parameter,
      diffs: diffs.length ? diffs.map((d) => d.json) : undefined,
      status: c.status,
      hasInternals: false,
      tokenTransfersCount: transfers || undefined,
    });
    this.transactions.push(row);
    return row;
  }

  private tryHumanize(t: Prim, v: Expr): Json {
    try {
      return humanize(t, v);
    } catch {
      return v as unknown as Json;
    }
  }

  /** Records a contract the first time it is seen: FA2 or not, its ledger and token_metadata big_maps. */
  private registerContract(address: string, creator: string | undefined): ContractState | undefined {
    const known = this.contracts.get(address);
    if (known) return known;
    const acc = this.view.account(address);
    if (!acc?.script) return undefined;
    const st: ContractState = { address, creator, fa2: isFa2(acc.script.parameter) };
    this.contracts.set(address, st);
    for (const m of this.storageBigMaps(acc)) this.placeBigMap(m.id, address, m.path, m.type, acc.firstLevel);
    return st;
  }

  private storageBigMaps(acc: AccountView): { id: bigint; path: string; type: Prim }[] {
    if (!acc.script || acc.storage === undefined) return [];
    try {
      return findBigMaps(acc.script.storageType, acc.storage);
    } catch {
      return [];
    }
  }

  /** Notes which contract and storage path a big_map belongs to, and whether it is a ledger or token metadata. */
  private placeBigMap(ptr: bigint, contract: string, path: string, type: Prim, level: number): void {
    const st = this.contracts.get(contract);
    let m = this.bigMaps.get(ptr);
    if (!m) {
      m = this.newBigMap(ptr, type.args![0] as Prim, type.args![1] as Prim, level);
      // A big_map that existed before the index saw it (e.g. a bootstrap contract): take its bindings as they are.
      for (const e of this.view.bigMap(ptr)?.entries() ?? [])
        m.keys.set(e.keyHash, this.newKey(e.keyHash, e.key, e.value, level));
    }
    m.contract = contract;
    m.path = path;
    if (!st?.fa2) return;
    // TzKT goes by the big_map's own field annotation, wherever it sits in the storage.
    const name = type.annots?.find((a) => a.startsWith('%') && a.length > 1)?.slice(1);
    const [kt, vt] = [m.keyType, m.valueType];
    if (name === 'ledger' && !st.ledger) {
      const layout = ledgerLayout(kt, vt);
      if (layout) {
        st.ledger = { ptr, layout };
        this.ledgers.set(ptr, st);
      }
    } else if (name === 'token_metadata' && st.tokenMetadata === undefined && isTokenMetadataType(kt, vt)) {
      st.tokenMetadata = ptr;
      this.metadataMaps.set(ptr, st);
      for (const k of m.keys.values()) if (k.value !== undefined) this.noteMetadata(st, k.value);
    }
  }

  private newBigMap(ptr: bigint, keyType: Prim, valueType: Prim, level: number): BigMapState {
    const m: BigMapState = {
      ptr,
      keyType,
      valueType,
      active: true,
      firstLevel: level,
      lastLevel: level,
      keys: new Map(),
    };
    this.bigMaps.set(ptr, m);
    return m;
  }

  private newKey(hash: string, key: Expr, value: Expr | undefined, level: number): KeyState {
    return {
      id: this.nextKeyId++,
      hash,
      key,
      value,
      lastValue: value ?? { prim: 'Unit' },
      active: value !== undefined,
      firstLevel: level,
      lastLevel: level,
      updates: 1,
    };
  }

  /** Applies a content's big_map diff to the mirror; returns the key changes in TzKT's `diffs` shape. */
  private applyDiffs(
    raw: readonly unknown[],
    level: number,
    owner: string | undefined,
  ): { ptr: bigint; key?: Expr; before?: Expr; after?: Expr; json: Json }[] {
    const out: { ptr: bigint; key?: Expr; before?: Expr; after?: Expr; json: Json }[] = [];
    for (const d of raw as Record<string, unknown>[]) {
      const action = d.action;
      const ptr = BigInt((d.big_map ?? d.destination_big_map ?? d.id ?? '0') as string | number);
      if (ptr < 0n) continue; // temporary big_maps live only during the run
      if (action === 'alloc' || action === 'copy') {
        const v = this.view.bigMap(ptr);
        const kt = (d.key_type as Prim | undefined) ?? v?.keyType;
        const vt = (d.value_type as Prim | undefined) ?? v?.valueType;
        let m = this.bigMaps.get(ptr);
        if (!m && kt && vt) m = this.newBigMap(ptr, kt, vt, level);
        if (m && action === 'copy') {
          const src = this.bigMaps.get(BigInt(String(d.source_big_map)));
          for (const k of src?.keys.values() ?? [])
            if (k.value !== undefined) m.keys.set(k.hash, this.newKey(k.hash, k.key, k.value, level));
        }
        if (m) out.push({ ptr, json: compact({ bigmap: Number(ptr), path: m.path, action: 'allocate' }) });
      } else if (action === 'update') {
        let m = this.bigMaps.get(ptr);
        if (!m) {
          const v = this.view.bigMap(ptr);
          if (!v) continue;
          m = this.newBigMap(ptr, v.keyType, v.valueType, level);
        }
        m.lastLevel = level;
        const hash = String(d.key_hash);
        const key = d.key as Expr;
        const value = d.value as Expr | undefined;
        const k = m.keys.get(hash);
        const before = k?.value;
        let act: string;
        if (!k) {
          if (value === undefined) continue;
          m.keys.set(hash, this.newKey(hash, key, value, level));
          act = 'add_key';
        } else {
          if (value === undefined && !k.active) continue;
          act = value === undefined ? 'remove_key' : k.active ? 'update_key' : 'add_key';
          k.value = value;
          if (value !== undefined) k.lastValue = value;
          k.active = value !== undefined;
          k.lastLevel = level;
          k.updates++;
        }
        out.push({
          ptr,
          key,
          before,
          after: value,
          json: compact({
            bigmap: Number(ptr),
            path: m.path,
            action: act,
            content: {
              hash,
              key: this.tryHumanize(m.keyType, key),
              value: this.tryHumanize(m.valueType, value ?? before ?? { prim: 'Unit' }),
            },
          }),
        });
      } else if (action === 'remove') {
        const m = this.bigMaps.get(ptr);
        if (m) {
          m.active = false;
          m.lastLevel = level;
          out.push({ ptr, json: compact({ bigmap: Number(ptr), path: m.path, action: 'remove' }) });
        }
      }
    }
    // Big_maps the content's contract now holds: learn their place in its storage.
    if (owner !== undefined) {
      const acc = this.view.account(owner);
      if (acc)
        for (const m of this.storageBigMaps(acc))
          if (this.bigMaps.get(m.id)?.contract === undefined) this.placeBigMap(m.id, owner, m.path, m.type, level);
    }
    this.renderPaths(out);
    return out;
  }

  /** Fills in the storage paths learnt after a diff was applied, and reads token metadata updates. */
  private renderPaths(diffs: readonly { ptr: bigint; after?: Expr; json: Json }[]): void {
    for (const d of diffs) {
      const m = this.bigMaps.get(d.ptr);
      if (m?.path !== undefined && d.json && typeof d.json === 'object' && !Array.isArray(d.json)) d.json.path = m.path;
      const st = this.metadataMaps.get(d.ptr);
      if (st && d.after !== undefined) this.noteMetadata(st, d.after);
    }
  }

  private noteMetadata(st: ContractState, value: Expr): void {
    const m = readTokenMetadata(value);
    if (!m) return;
    const key = `${st.address}:${m.tokenId}`;
    this.metadata.set(key, m.metadata);
    if (m.uri === undefined) this.metadataUris.delete(key);
    else {
      this.metadataUris.set(key, m.uri);
      this.resolveOffchain(key, m.uri);
    }
  }

  /**
   * Resolves tokens' off-chain metadata with `resolver` from now on, those already indexed included (undefined:
   * no longer). As on TzKT, it shows some time after the block, under the on-chain keys.
   */
  resolveMetadataWith(resolver: MetadataResolver | undefined): void {
    this.metadataResolver = resolver;
    if (resolver) for (const [key, uri] of this.metadataUris) this.resolveOffchain(key, uri);
  }

  /** Fetches a token's off-chain metadata in the background; block processing never waits for it. */
  private resolveOffchain(key: string, uri: string): void {
    const resolver = this.metadataResolver;
    if (!resolver || this.offchainMetadata.get(key)?.uri === uri) return;
    resolver(uri).then(
      (metadata) => {
        // The token may name another URI by now: what was fetched for the old one is not its metadata.
        if (metadata && this.metadataUris.get(key) === uri) this.offchainMetadata.set(key, { uri, metadata });
      },
      () => undefined,
    );
  }

  /** A token's `metadata`: the on-chain keys over the fetched off-chain JSON, as TzKT merges them. */
  private tokenMetadata(t: TokenState): Row | undefined {
    const key = `${t.contract}:${t.tokenId}`;
    const onChain = this.metadata.get(key);
    const offchain = this.offchainMetadata.get(key);
    if (!offchain || offchain.uri !== this.metadataUris.get(key)) return onChain;
    return { ...offchain.metadata, ...onChain };
  }

  /**
   * Turns a content's ledger changes into balance updates and transfers, as TzKT does; returns
   * the number of transfers. For a `transfer` call, the moves its parameter asks for are taken as
   * they are when they account exactly for the ledger's changes (zero amounts and self-transfers
   * included). Otherwise the balance changes are matched: one decrease with the increases (or one
   * increase with the decreases) gives transfers; anything else is mints and burns.
   */
  private applyLedger(
    diffs: readonly { ptr: bigint; key?: Expr; before?: Expr; after?: Expr }[],
    level: number,
    minter: string,
    op: { transactionId?: number; originationId?: number },
    transferCall?: { contract: string; value: Expr },
  ): number {
    interface Move {
      readonly from: string;
      readonly to: string;
      readonly amount: bigint;
    }
    const groups = new Map<
      string,
      { contract: string; tokenId: bigint; moves: Move[]; balances: Map<string, bigint> }
    >();
    const group = (contract: string, tokenId: bigint) => {
      const k = `${contract}:${tokenId}`;
      let g = groups.get(k);
      if (!g) groups.set(k, (g = { contract, tokenId, moves: [], balances: new Map() }));
      return g;
    };
    if (transferCall && this.contracts.get(transferCall.contract)?.ledger) {
      try {
        for (const m of readTransferParam(transferCall.value)) group(transferCall.contract, m.tokenId).moves.push(m);
      } catch {
        // Not a TZIP-12 transfer after all: the ledger changes alone tell what happened.
      }
    }
    for (const d of diffs) {
      const st = this.ledgers.get(d.ptr);
      const m = this.bigMaps.get(d.ptr);
      if (!st?.ledger || !m || d.key === undefined) continue;
      const layout = st.ledger.layout;
      try {
        if (d.after !== undefined) {
          const b = readLedger(layout, m.valueType, d.key, d.after);
          if (layout === 'nft' && d.before !== undefined) {
            // The previous owner of an NFT holds none of it now.
            const prev = readLedger(layout, m.valueType, d.key, d.before);
            if (prev.owner !== b.owner) group(st.address, b.tokenId).balances.set(prev.owner, 0n);
          }
          group(st.address, b.tokenId).balances.set(b.owner, b.amount);
        } else if (d.before !== undefined) {
          const b = readLedger(layout, m.valueType, d.key, d.before, true);
          group(st.address, b.tokenId).balances.set(b.owner, 0n);
        }
      } catch {
        // A binding TzKT could not read either: no balance change.
      }
    }
    let count = 0;
    for (const { contract, tokenId, moves, balances } of groups.values()) {
      const prev = (owner: string): bigint => this.balances.get(`${contract}:${tokenId}:${owner}`)?.balance ?? 0n;
      const changes = [...balances]
        .map(([owner, amount]) => ({ owner, diff: amount - prev(owner) }))
        .filter((c) => c.diff !== 0n);
      const emit = (from: string | undefined, to: string | undefined, amount: bigint): void => {
        this.transfer(this.token(contract, tokenId, minter, level), from, to, amount, level, op);
        count++;
      };
      if (moves.length > 0 && movesExplain(moves, changes)) {
        for (const m of moves) emit(m.from, m.to, m.amount);
        continue;
      }
      if (changes.length === 0) continue;
      const sum = changes.reduce((a, c) => a + c.diff, 0n);
      const senders = changes.filter((c) => c.diff < 0n);
      const receivers = changes.filter((c) => c.diff > 0n);
      if (changes.length > 1 && sum === 0n && senders.length === 1) {
        for (const r of receivers) emit(senders[0]!.owner, r.owner, r.diff);
      } else if (changes.length > 1 && sum === 0n && receivers.length === 1) {
        for (const x of senders) emit(x.owner, receivers[0]!.owner, -x.diff);
      } else {
        for (const c of changes) {
          if (c.diff > 0n) emit(undefined, c.owner, c.diff);
          else emit(c.owner, undefined, -c.diff);
        }
      }
    }
    return count;
  }

  private token(contract: string, tokenId: bigint, minter: string, level: number): TokenState {
    return entryOf(this.tokens, `${contract}:${tokenId}`, () => ({
      id: this.tokens.size + 1,
      contract,
      tokenId,
      firstMinter: minter,
      firstLevel: level,
      lastLevel: level,
      transfersCount: 0,
      totalMinted: 0n,
      totalBurned: 0n,
      balancesCount: 0,
      holdersCount: 0,
    }));
  }

  private balance(token: TokenState, owner: string, level: number): BalanceState {
    return entryOf(this.balances, `${token.contract}:${token.tokenId}:${owner}`, () => {
      token.balancesCount++;
      return {
        id: this.balances.size + 1,
        token,
        owner,
        balance: 0n,
        transfersCount: 0,
        firstLevel: level,
        lastLevel: level,
      };
    });
  }

  private transfer(
    token: TokenState,
    from: string | undefined,
    to: string | undefined,
    amount: bigint,
    level: number,
    op: { transactionId?: number; originationId?: number },
  ): void {
    token.transfersCount++;
    token.lastLevel = level;
    if (from === undefined) token.totalMinted += amount;
    if (to === undefined) token.totalBurned += amount;
    const touched = from === to ? [from] : [from, to];
    for (const who of touched) {
      if (who === undefined) continue;
      const b = this.balance(token, who, level);
      const was = b.balance;
      b.balance += (who === to ? amount : 0n) - (who === from ? amount : 0n);
      if (was <= 0n && b.balance > 0n) token.holdersCount++;
      if (was > 0n && b.balance <= 0n) token.holdersCount--;
      b.transfersCount++;
      b.lastLevel = level;
      this.touch(who, level, (a) => a.tokenTransfersCount++);
    }
    this.transfers.push({ id: this.transfers.length + 1, level, token, from, to, amount, ...op });
  }

  // -------------------------------------------------------------------------------------------
  // Rows in TzKT's JSON shapes

  private tokenInfo(t: TokenState): Row {
    return compact({
      id: t.id,
      contract: { address: t.contract },
      tokenId: t.tokenId.toString(),
      standard: 'fa2',
      totalSupply: (t.totalMinted - t.totalBurned).toString(),
      metadata: this.tokenMetadata(t),
    });
  }

  tokenRows(): Row[] {
    return [...this.tokens.values()].map((t) =>
      compact({
        id: t.id,
        contract: { address: t.contract },
        tokenId: t.tokenId.toString(),
        standard: 'fa2',
        firstMinter: { address: t.firstMinter },
        firstLevel: t.firstLevel,
        firstTime: this.timeAt(t.firstLevel),
        lastLevel: t.lastLevel,
        lastTime: this.timeAt(t.lastLevel),
        transfersCount: t.transfersCount,
        balancesCount: t.balancesCount,
        holdersCount: t.holdersCount,
        totalMinted: t.totalMinted.toString(),
        totalBurned: t.totalBurned.toString(),
        totalSupply: (t.totalMinted - t.totalBurned).toString(),
        metadata: this.tokenMetadata(t),
      }),
    );
  }

  balanceRows(): Row[] {
    return [...this.balances.values()].map((b) => ({
      id: b.id,
      account: { address: b.owner },
      token: this.tokenInfo(b.token),
      balance: b.balance.toString(),
      transfersCount: b.transfersCount,
      firstLevel: b.firstLevel,
      firstTime: this.timeAt(b.firstLevel),
      lastLevel: b.lastLevel,
      lastTime: this.timeAt(b.lastLevel),
    }));
  }

  transferRows(): Row[] {
    return this.transfers.map((t) =>
      compact({
        id: t.id,
        level: t.level,
        timestamp: this.timeAt(t.level),
        token: this.tokenInfo(t.token),
        from: alias(t.from),
        to: alias(t.to),
        amount: t.amount.toString(),
        transactionId: t.transactionId,
        originationId: t.originationId,
      }),
    );
  }

  transactionRows(): Row[] {
    return this.transactions;
  }

  originationRows(): Row[] {
    return this.originations;
  }

  /**
   * `operations/{hash}`: every transaction and origination of the group (internal ones included), in
   * order of id, as TzKT lists an operation group; empty when no indexed block holds the hash.
   */
  operationRows(hash: string): Row[] {
    return [...this.transactions, ...this.originations]
      .filter((r) => r.hash === hash)
      .sort((a, b) => (a.id as number) - (b.id as number));
  }

  /**
   * `blocks/{level}` or `blocks/{hash}` in TzKT's shape, or undefined for a block the index has not seen.
   * The devnet bakes alone, without consensus, rewards or deposits: those fields are zero. With
   * `operations`, the block's transactions and originations are included (TzKT's `?operations=true`).
   */
  blockRow(ref: number | string, operations: boolean): Row | undefined {
    const level = typeof ref === 'number' ? ref : this.blockLevels.get(ref);
    if (level === undefined) return undefined;
    const hash = this.blockHashes.get(level);
    if (hash === undefined) return undefined;
    const atLevel = (rows: readonly Row[]): Row[] => rows.filter((r) => r.level === level);
    const transactions = atLevel(this.transactions);
    const originations = atLevel(this.originations);
    // Fees are paid by the group's contents, never by internal operations (which carry no fee).
    const fees = [...transactions, ...originations].reduce(
      (sum, r) => sum + (r.nonce === undefined ? (r.bakerFee as number) : 0),
      0,
    );
    return {
      cycle: 0,
      level,
      hash,
      timestamp: this.timeAt(level),
      proto: 1,
      payloadRound: 0,
      blockRound: 0,
      validations: 0,
      deposit: 0,
      rewardDelegated: 0,
      rewardStakedOwn: 0,
      rewardStakedEdge: 0,
      rewardStakedShared: 0,
      bonusDelegated: 0,
      bonusStakedOwn: 0,
      bonusStakedEdge: 0,
      bonusStakedShared: 0,
      fees,
      nonceRevealed: false,
      lbToggleEma: 0,
      aiToggleEma: 0,
      ...(operations ? { originations, transactions } : {}),
    };
  }

  /** The big_map at storage path `path` (TzKT's big_map "name", e.g. `minters` or `assets.ledger`) of `contract`. */
  bigMapPtr(contract: string, path: string): bigint | undefined {
    for (const m of this.bigMaps.values()) if (m.contract === contract && m.path === path && m.active) return m.ptr;
    return undefined;
  }

  /** `bigmaps/{id}/keys` rows, keys and values in the given `micheline` format. */
  bigMapKeyRows(ptr: bigint, format: 'json' | 'jsonString' | 'raw' | 'rawString'): Row[] | undefined {
    const m = this.bigMaps.get(ptr);
    if (!m) return undefined;
    const render = (t: Prim, v: Expr): Json => {
      switch (format) {
        case 'json':
          return this.tryHumanize(t, v);
        case 'jsonString':
          return JSON.stringify(this.tryHumanize(t, v));
        case 'raw':
          return v as unknown as Json;
        case 'rawString':
          return JSON.stringify(v);
      }
    };
    return [...m.keys.values()].map((k) => ({
      id: k.id,
      active: k.active,
      hash: k.hash,
      key: render(m.keyType, k.key),
      value: render(m.valueType, k.value ?? k.lastValue),
      firstLevel: k.firstLevel,
      lastLevel: k.lastLevel,
      updates: k.updates,
    }));
  }

  headRow(): Row {
    return {
      chain: 'devnet',
      chainId: this.view.chainId,
      cycle: 0,
      level: this.level,
      hash: this.hash,
      protocol: PROTOCOL,
      nextProtocol: PROTOCOL,
      timestamp: this.timestamp,
      votingEpoch: 0,
      votingPeriod: 0,
      knownLevel: this.level,
      lastSync: this.timestamp,
      synced: true,
      quoteLevel: 0,
      quoteBtc: 0,
      quoteEur: 0,
      quoteUsd: 0,
      quoteCny: 0,
      quoteJpy: 0,
      quoteKrw: 0,
      quoteEth: 0,
      quoteGbp: 0,
    };
  }

  /** Accounts whose last activity is in the levels (after, upTo], in order of TzKT id (the `accounts` channel's). */
  activeAccounts(after: number, upTo: number): string[] {
    return [...this.activity.entries()]
      .filter(([, a]) => a.lastActivity > after && a.lastActivity <= upTo)
      .map(([address]) => address)
      .sort((a, b) => this.accountId(a) - this.accountId(b));
  }

  private tokenStats(address: string): Row {
    const mine = [...this.balances.values()].filter((b) => b.owner === address);
    return {
      activeTokensCount: mine.filter((b) => b.balance > 0n).length,
      tokenBalancesCount: mine.length,
      tokenTransfersCount: this.activity.get(address)?.tokenTransfersCount ?? 0,
    };
  }

  /** The operations an account row counts (a user's and a contract's alike). */
  private operationCounts(a: ActivityState | undefined): Row {
    return {
      numDelegations: a?.numDelegations ?? 0,
      numOriginations: a?.numOriginations ?? 0,
      numTransactions: a?.numTransactions ?? 0,
    };
  }

  /** An account row's first and last activity, levels and times; an account never active was created at `firstLevel`. */
  private activitySpan(a: ActivityState | undefined, firstLevel: number): Row {
    const first = a?.firstActivity ?? firstLevel;
    const last = a?.lastActivity ?? firstLevel;
    return {
      firstActivity: first,
      firstActivityTime: this.timeAt(first),
      lastActivity: last,
      lastActivityTime: this.timeAt(last),
    };
  }

  /** `accounts/{address}`: a user, a contract, or TzKT's `empty` account. */
  accountRow(address: string): Row {
    const a = this.activity.get(address);
    // Octez deletes an emptied implicit account; TzKT keeps its row, unrevealed with balance 0.
    const acc =
      this.view.account(address) ??
      (a && address.startsWith('tz')
        ? { address, balance: 0n, counter: a.counter ?? 0n, firstLevel: a.firstActivity }
        : undefined);
    if (!acc) return { type: 'empty', address, counter: 0 };
    if (acc.script) return this.contractRow(address)!;
    const tokens = this.tokenStats(address);
    return compact({
      id: this.accountId(address),
      type: 'user',
      address,
      publicKey: acc.publicKey,
      revealed: acc.publicKey !== undefined,
      balance: Number(acc.balance),
      rollupBonds: 0,
      smartRollupBonds: 0,
      stakedBalance: 0,
      unstakedBalance: 0,
      counter: Number(acc.counter),
      delegate: acc.delegate === undefined ? undefined : { address: acc.delegate, active: true },
      numContracts: a?.numContracts ?? 0,
      rollupsCount: 0,
      smartRollupsCount: 0,
      ...tokens,
      activeTicketsCount: 0,
      ticketBalancesCount: 0,
      ticketTransfersCount: 0,
      numActivations: 0,
      ...this.operationCounts(a),
      numReveals: a?.numReveals ?? 0,
      numRegisterConstants: 0,
      numSetDepositsLimits: 0,
      numMigrations: 0,
      transferTicketCount: 0,
      increasePaidStorageCount: 0,
      drainDelegateCount: 0,
      stakingOpsCount: 0,
      ...this.activitySpan(a, acc.firstLevel),
    });
  }

  /** `contracts/{address}`, or undefined when the address holds no contract. */
  contractRow(address: string): Row | undefined {
    const acc = this.view.account(address);
    if (!acc?.script) return undefined;
    const st = this.registerContract(address, undefined);
    const a = this.activity.get(address);
    const script = acc.script;
    const tokens = this.tokenStats(address);
    return compact({
      id: this.accountId(address),
      type: 'contract',
      address,
      kind: st?.fa2 ? 'asset' : 'smart_contract',
      tzips: st?.fa2 ? ['fa2'] : undefined,
      balance: Number(acc.balance),
      creator: alias(st?.creator),
      delegate: acc.delegate === undefined ? undefined : { address: acc.delegate, active: true },
      numContracts: a?.numContracts ?? 0,
      tokensCount: [...this.tokens.values()].filter((t) => t.contract === address).length,
      ...tokens,
      ticketsCount: 0,
      activeTicketsCount: 0,
      ticketBalancesCount: 0,
      ticketTransfersCount: 0,
      ...this.operationCounts(a),
      numReveals: 0,
      numMigrations: 0,
      transferTicketCount: 0,
      increasePaidStorageCount: 0,
      eventsCount: 0,
      ...this.activitySpan(a, acc.firstLevel),
      typeHash: hash32(JSON.stringify([script.parameter, script.storageType])),
      codeHash: hash32(JSON.stringify(script.code)),
    });
  }

  /** `contracts/{address}/storage` in TzKT's JSON form, or undefined when there is no contract. */
  storageJson(address: string, level?: number): Json | undefined {
    const acc = this.view.account(address);
    if (!acc?.script || acc.storage === undefined) return undefined;
    if (level === undefined || level >= this.level) return this.tryHumanize(acc.script.storageType, acc.storage);
    // Past storage is known from the blocks indexed live (ChainView keeps only the current one).
    const history = this.storages.get(address) ?? [];
    let found: Expr | undefined;
    for (const h of history) if (h.level <= level) found = h.storage;
    return found === undefined ? undefined : this.tryHumanize(acc.script.storageType, found);
  }

  /** The storage a contract has after a block indexed as it was baked. */
  private noteStorage(c: OperationContentView, level: number): void {
    const address =
      c.kind === 'transaction' ? c.destination : c.kind === 'origination' ? c.originatedContract : undefined;
    if (address === undefined) return;
    const storage = this.view.account(address)?.storage;
    if (storage === undefined) return;
    const h = entryOf(this.storages, address, () => []);
    const last = h[h.length - 1];
    if (last?.level === level) last.storage = storage;
    else h.push({ level, storage });
  }
}
