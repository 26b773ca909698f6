/**
 * Settling big_maps at the end of a run, as Octez does: a big_map built during the run gets a
 * fresh id (alloc + its bindings), the first copy of a stored one keeps its id (its updates), any
 * further copy or one coming from elsewhere is copied to a fresh id, and stored ones that left the
 * storage are removed. The diff uses the RPC's `big_map_diff` shape, keys and values Optimized.
 */
import { unparseData } from './data';
import type { Host } from './host';
import { pairTypes, type Expr, type Prim } from './micheline';
import { scriptExprHash } from './pack';
import { BigMap, MMap, Or, Pair, SaplingState, Some, type Value } from './values';

export type BigMapDiff =
  | { readonly action: 'alloc'; readonly big_map: string; readonly key_type: Expr; readonly value_type: Expr }
  | {
      readonly action: 'update';
      readonly big_map: string;
      readonly key_hash: string;
      readonly key: Expr;
      readonly value?: Expr;
    }
  | { readonly action: 'copy'; readonly source_big_map: string; readonly destination_big_map: string }
  | { readonly action: 'remove'; readonly big_map: string };

/**
 * Applies `f` to every big_map inside `v` (of type `t`) and `g` to every Sapling state, rebuilding the
 * containers that changed.
 */
export function mapBigMaps(
  v: Value,
  t: Prim,
  f: (m: BigMap) => BigMap,
  g: (s: SaplingState) => SaplingState = (s) => s,
): Value {
  const walk = (x: Value, xt: Prim): Value => {
    switch (xt.prim) {
      case 'big_map':
        return f(x as BigMap);
      case 'sapling_state':
        return g(x as SaplingState);
      case 'pair': {
        const [lt, rt] = pairTypes(xt);
        const p = x as Pair;
        const a = walk(p.fst, lt);
        const b = walk(p.snd, rt);
        return a === p.fst && b === p.snd ? p : new Pair(a, b);
      }
      case 'or': {
        const o = x as Or;
        const inner = walk(o.value, xt.args![o.isLeft ? 0 : 1] as Prim);
        return inner === o.value ? o : new Or(o.isLeft, inner);
      }
      case 'option': {
        if (x === null) return x;
        const inner = walk((x as Some).value, xt.args![0] as Prim);
        return inner === (x as Some).value ? x : new Some(inner);
      }
      case 'list':
        return (x as readonly Value[]).map((y) => walk(y, xt.args![0] as Prim));
      case 'map': {
        // Octez's extraction walks a map's bindings from the greatest key down, which decides the
        // order fresh ids are handed out in.
        const m = x as MMap;
        const vals = [...m.vals];
        for (let i = vals.length - 1; i >= 0; i--) vals[i] = walk(vals[i]!, xt.args![1] as Prim);
        return new MMap(m.keys, vals);
      }
      default:
        return x;
    }
  };
  return walk(v, t);
}

/** Whether a type can hold a big_map or a Sapling state, Octez's lazy storage (so walks can skip the rest). */
export function holdsBigMap(t: Prim): boolean {
  if (t.prim === 'big_map' || t.prim === 'sapling_state') return true;
  if (t.prim === 'lambda' || t.prim === 'contract') return false;
  return (t.args as Prim[] | undefined)?.some((a) => 'prim' in a && holdsBigMap(a)) ?? false;
}

export function settleBigMaps(
  final: Value,
  storageType: Prim,
  initial: Value,
  host: Host,
): { value: Value; diff: BigMapDiff[]; saplingAllocs: SaplingState[] } {
  if (!holdsBigMap(storageType)) return { value: final, diff: [], saplingAllocs: [] };
  const before = new Set<bigint>();
  mapBigMaps(initial, storageType, (m) => {
    if (m.id !== null) before.add(m.id);
    return m;
  });
  // Octez prepends each big_map's diff to the list as it walks the storage and does not reverse
  // it, then prepends the removals (ascending ids, so they come out descending): the last big_map
  // walked comes first. Within one map, the updates are in key-hash order.
  const chunks: BigMapDiff[][] = [];
  const kept = new Set<bigint>();
  let next = host.nextBigMapId();
  // A new Sapling state takes the next lazy-storage id, from the counter big_maps use (lazy_storage_diff.ml).
  const saplingAllocs: SaplingState[] = [];
  const allocSapling = (st: SaplingState): SaplingState => {
    if (st.id !== null) return st;
    const allocated = new SaplingState(next++, st.memoSize);
    saplingAllocs.push(allocated);
    return allocated;
  };
  const value = mapBigMaps(
    final,
    storageType,
    (m) => {
      const chunk: BigMapDiff[] = [];
      let id: bigint;
      if (m.id !== null && before.has(m.id) && !kept.has(m.id)) {
        id = m.id;
        kept.add(id);
      } else {
        id = next++;
        if (m.id !== null)
          chunk.push({ action: 'copy', source_big_map: m.id.toString(), destination_big_map: id.toString() });
        else chunk.push({ action: 'alloc', big_map: id.toString(), key_type: m.keyType, value_type: m.valueType });
      }
      // Removals stay even in a new map (Octez lists `Unset` for a key the run removed or never had).
      const entries = [...m.overlay.values()]
        .map((e) => ({ ...e, hash: scriptExprHash(e.key, m.keyType) }))
        .sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
      for (const e of entries) {
        chunk.push({
          action: 'update',
          big_map: id.toString(),
          key_hash: e.hash,
          key: unparseData(e.key, m.keyType, 'optimized'),
          ...(e.value === undefined ? {} : { value: unparseData(e.value, m.valueType, 'optimized') }),
        });
      }
      chunks.push(chunk);
      return new BigMap(id, m.keyType, m.valueType, new Map());
    },
    allocSapling,
  );
  const removed = [...before].filter((id) => !kept.has(id)).sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
  const diff: BigMapDiff[] = [
    ...removed.map((id): BigMapDiff => ({ action: 'remove', big_map: id.toString() })),
    ...chunks.reverse().flat(),
  ];
  return { value, diff, saplingAllocs };
}
