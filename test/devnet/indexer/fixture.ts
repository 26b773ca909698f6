/**
 * A small chain implementing ChainView for the indexer's tests, whose contracts really run on the
 * devnet's Michelson VM (`runScript`): storages, big_map diffs and internal operations are the VM's
 * own, so the indexer sees what the node will hand it.
 */
import { parseData } from '../../../devnet/michelson/data';
import { addressFromString, addressToString, originatedAddress } from '../../../devnet/michelson/encoding';
import { loadScript, parseExpression, runScript, standaloneHost, type Host } from '../../../devnet/michelson/index';
import type { BigMapDiff } from '../../../devnet/michelson/big-map-diff';
import { settleBigMaps } from '../../../devnet/michelson/big-map-diff';
import { unparseData } from '../../../devnet/michelson/data';
import type { Expr, Prim } from '../../../devnet/michelson/micheline';
import { packKeyHex } from '../../../devnet/michelson/pack';
import type { LoadedScript } from '../../../devnet/michelson/run';
import type {
  AccountView,
  BigMapView,
  BlockView,
  ChainView,
  OperationContentView,
  OperationView,
} from '../../../devnet/node/chain-view';

export const ALICE = 'tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx';
export const BOB = 'tz1gjaF81ZRRvdzjobyfVNsAeSC6PScjfQwN';
export const CAROL = 'tz1faswCTDciRzE4oJ9jn2Vm2dvjeyA9fUzU';

interface Contract {
  loaded: LoadedScript;
  storage: Expr;
  balance: bigint;
  firstLevel: number;
}

interface MapState {
  keyType: Prim;
  valueType: Prim;
  entries: Map<string, { keyHash: string; key: Expr; value: Expr }>;
}

const KEY_CONTEXT = {
  compileLambda: () => {
    throw new Error('no lambdas in keys');
  },
};

type Content = Extract<OperationContentView, { kind: 'transaction' | 'origination' }>;

export class FixtureChain implements ChainView {
  readonly chainId = 'NetXynUjJNZm7wi';
  private readonly blocks: BlockView[] = [];
  private readonly listeners = new Set<(b: BlockView) => void>();
  private readonly contracts = new Map<string, Contract>();
  private readonly implicit = new Map<string, { balance: bigint; counter: bigint; firstLevel: number }>();
  private readonly maps = new Map<bigint, MapState>();
  private nextMap = 0n;
  private originated = 0;
  private pending: OperationView[] = [];

  constructor() {
    this.blocks.push(this.makeBlock(0, []));
    for (const a of [ALICE, BOB, CAROL])
      this.implicit.set(a, { balance: 100_000_000_000n, counter: 0n, firstLevel: 0 });
  }

  private makeBlock(level: number, operations: OperationView[]): BlockView {
    const h = (n: number) => `BL${String(n).padStart(49, '0')}`;
    return {
      level,
      hash: h(level),
      predecessor: h(Math.max(0, level - 1)),
      timestamp: new Date(Date.UTC(2026, 10, 30, 6, 0, level)).toISOString().replace('.000Z', 'Z'),
      operations,
    };
  }

  // --- ChainView ---------------------------------------------------------------------------

  head(): BlockView {
    return this.blocks[this.blocks.length - 1]!;
  }
  block(level: number): BlockView | undefined {
    return this.blocks[level];
  }
  *accounts(): Iterable<AccountView> {
    for (const a of [...this.implicit.keys(), ...this.contracts.keys()]) yield this.account(a)!;
  }
  account(address: string): AccountView | undefined {
    const c = this.contracts.get(address);
    if (c) {
      const t = c.loaded.typed;
      return {
        address,
        balance: c.balance,
        counter: 0n,
        script: { code: t.script, parameter: t.parameter, storageType: t.storage },
        storage: c.storage,
        firstLevel: c.firstLevel,
      };
    }
    const i = this.implicit.get(address);
    return i && { address, balance: i.balance, counter: i.counter, firstLevel: i.firstLevel };
  }
  bigMap(id: bigint): BigMapView | undefined {
    const m = this.maps.get(id);
    return m && { id, keyType: m.keyType, valueType: m.valueType, entries: () => m.entries.values() };
  }
  *bigMaps(): Iterable<BigMapView> {
    for (const id of this.maps.keys()) yield this.bigMap(id)!;
  }
  onBlock(listener: (b: BlockView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // --- Building the chain ------------------------------------------------------------------

  private host(): Host {
    const base = standaloneHost();
    return {
      ...base,
      contract: (a) => {
        const c = this.contracts.get(addressToString(a));
        if (!c) return null;
        const t = c.loaded.typed;
        return {
          parameter: t.parameter,
          storageType: t.storage,
          storage: c.storage,
          balance: c.balance,
          script: t.script,
        };
      },
      bigMapGet: (id, hex) => {
        const m = this.maps.get(id);
        if (!m) return null;
        for (const e of m.entries.values())
          if (packKeyHex(parseData(e.key, m.keyType, KEY_CONTEXT), m.keyType) === hex) return e.value;
        return null;
      },
      bigMapTypes: (id) => {
        const m = this.maps.get(id);
        return m ? { keyType: m.keyType, valueType: m.valueType } : null;
      },
      bigMapEntries: (id) => [...(this.maps.get(id)?.entries.values() ?? [])],
      nextBigMapId: () => this.nextMap,
    };
  }

  private applyDiff(diff: readonly BigMapDiff[]): void {
    for (const d of diff) {
      if (d.action === 'alloc')
        this.maps.set(BigInt(d.big_map), {
          keyType: d.key_type as Prim,
          valueType: d.value_type as Prim,
          entries: new Map(),
        });
      else if (d.action === 'copy') {
        const src = this.maps.get(BigInt(d.source_big_map))!;
        this.maps.set(BigInt(d.destination_big_map), { ...src, entries: new Map(src.entries) });
      } else if (d.action === 'remove') this.maps.delete(BigInt(d.big_map));
      else {
        const m = this.maps.get(BigInt(d.big_map))!;
        if (d.value === undefined) m.entries.delete(d.key_hash);
        else m.entries.set(d.key_hash, { keyHash: d.key_hash, key: d.key, value: d.value });
      }
      const id = d.action === 'copy' ? BigInt(d.destination_big_map) : BigInt(d.big_map);
      if (id >= this.nextMap) this.nextMap = id + 1n;
    }
  }

  /** Originates a script with a storage literal (big_map literals get fresh ids, as the node does). */
  originate(source: string, script: string, storage: string): string {
    const loaded = loadScript(script);
    const type = loaded.typed.storage;
    const value = loaded.compiler.data(parseExpression(storage, 'storage'), type);
    const settled = settleBigMaps(value, type, value, this.host());
    this.applyDiff(settled.diff);
    const hash = new Uint8Array(20);
    hash[0] = ++this.originated;
    const address = addressToString(originatedAddress(hash));
    const level = this.blocks.length;
    this.contracts.set(address, {
      loaded,
      storage: unparseData(settled.value, type, 'optimized'),
      balance: 0n,
      firstLevel: level,
    });
    this.push([
      {
        kind: 'origination',
        internal: false,
        source,
        originatedContract: address,
        balance: 0n,
        status: 'applied',
        counter: this.bump(source),
        fee: 1000n,
        gasUsed: 1000n,
        storageUsed: 500n,
        bigMapDiff: settled.diff,
      },
    ]);
    return address;
  }

  private bump(source: string): bigint {
    const i = this.implicit.get(source);
    if (!i) return 0n;
    i.counter += 1n;
    return i.counter;
  }

  /** Calls a contract; internal calls to contracts of the fixture run after it (Octez's order for one level). */
  call(source: string, destination: string, entrypoint: string, input: string, options: { fail?: boolean } = {}): void {
    const contents: Content[] = [];
    this.run(
      source,
      source,
      destination,
      entrypoint,
      parseExpression(input, 'input'),
      contents,
      false,
      options.fail ?? false,
    );
    this.push(contents);
  }

  /** A plain tez transfer between implicit accounts. */
  transfer(source: string, destination: string, amount: bigint): void {
    this.push([
      {
        kind: 'transaction',
        internal: false,
        source,
        destination,
        amount,
        entrypoint: 'default',
        status: 'applied',
        counter: this.bump(source),
        fee: 500n,
        gasUsed: 100n,
        storageUsed: 0n,
        bigMapDiff: [],
      },
    ]);
  }

  private run(
    origin: string,
    sender: string,
    destination: string,
    entrypoint: string,
    input: Expr,
    out: Content[],
    internal: boolean,
    fail: boolean,
  ): void {
    const c = this.contracts.get(destination)!;
    const base = {
      kind: 'transaction' as const,
      internal,
      source: sender,
      destination,
      amount: 0n,
      entrypoint,
      parameter: input,
      counter: internal ? undefined : this.bump(sender),
      fee: internal ? undefined : 1000n,
      gasLimit: internal ? undefined : 10_000n,
      storageLimit: internal ? undefined : 300n,
      storageUsed: 0n,
      nonce: internal ? out.length : undefined,
    };
    if (fail) {
      out.push({ ...base, status: 'failed', gasUsed: 0n, bigMapDiff: [] });
      return;
    }
    const r = runScript({
      script: c.loaded,
      storage: c.storage,
      input,
      entrypoint,
      self: destination,
      sender,
      source: origin,
      host: this.host(),
      level: BigInt(this.blocks.length),
    });
    this.applyDiff(r.bigMapDiff);
    c.storage = unparseData(r.storageValue, c.loaded.typed.storage, 'optimized');
    out.push({ ...base, status: 'applied', gasUsed: r.consumedMilligas / 1000n, bigMapDiff: r.bigMapDiff });
    for (const op of r.operations) {
      if (op.kind !== 'transaction') continue;
      const dest = String(op.destination);
      const params = op.parameters as { entrypoint: string; value: Expr } | undefined;
      if (this.contracts.has(dest))
        this.run(
          origin,
          destination,
          dest,
          params?.entrypoint ?? 'default',
          params?.value ?? { prim: 'Unit' },
          out,
          true,
          false,
        );
      else
        out.push({
          ...base,
          internal: true,
          source: destination,
          destination: dest,
          parameter: undefined,
          status: 'applied',
          gasUsed: 0n,
          bigMapDiff: [],
          nonce: out.length,
        });
    }
  }

  private push(contents: Content[]): void {
    this.pending.push({ hash: `oo${String(this.blocks.length).padStart(49, '0')}`, contents });
    this.bake();
  }

  /** Bakes the pending operations into a block (one per operation, as `--block-time 0`). */
  bake(): BlockView {
    const b = this.makeBlock(this.blocks.length, this.pending);
    this.pending = [];
    this.blocks.push(b);
    for (const l of this.listeners) l(b);
    return b;
  }
}

/** Checks an address string (so tests fail clearly on a typo). */
export const addr = (s: string): string => addressToString(addressFromString(s));
