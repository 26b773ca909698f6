/**
 * Instructions on structured data: pairs, options, ors, lists, sets, maps, big_maps, strings and
 * bytes, and comparison. Sets and maps are sorted arrays searched by bisection with Octez's order;
 * big_maps read through their overlay to the host's stored copy.
 */
import { compareValues } from './data';
import { comparableSize, compareCost, cost } from './gas';
import type { Instr, RunContext } from './interpreter';
import { pop, pushes, replacesTop } from './interpreter';
import { arg, isInt, type Prim } from './micheline';
import { packKeyHex } from './pack';
import { BigMap, MMap, MSet, Or, Pair, Some, UNIT, type Value } from './values';

const num = (p: Prim, i: number): number => Number((arg(p, i) as { int: string }).int);

export function compileData(p: Prim, t: readonly Prim[]): Instr | undefined {
  const hasN = p.args !== undefined && p.args.length > 0 && isInt(p.args[0]!);
  switch (p.prim) {
    case 'UNIT':
      return pushes(cost.unit(), UNIT);
    case 'PAIR': {
      const k = hasN ? num(p, 0) : 2;
      const g = hasN ? cost.comb(k) : cost.consPair();
      return (s, x) => {
        x.gas.consume(g);
        let v = pop(s);
        // PAIR n folds the top n values into a right comb: the top ends up leftmost.
        const items = [v];
        for (let i = 1; i < k; i++) items.push(pop(s));
        v = items[k - 1]!;
        for (let i = k - 2; i >= 0; i--) v = new Pair(items[i]!, v);
        s.push(v);
      };
    }
    case 'UNPAIR': {
      const k = hasN ? num(p, 0) : 2;
      const g = hasN ? cost.uncomb(k) : cost.unpair();
      return (s, x) => {
        x.gas.consume(g);
        let v = pop(s);
        const items: Value[] = [];
        for (let i = 0; i < k - 1; i++) {
          const pr = v as Pair;
          items.push(pr.fst);
          v = pr.snd;
        }
        items.push(v);
        for (let i = items.length - 1; i >= 0; i--) s.push(items[i]!);
      };
    }
    case 'CAR':
      return replacesTop(cost.car(), (v) => (v as Pair).fst);
    case 'CDR':
      return replacesTop(cost.cdr(), (v) => (v as Pair).snd);
    case 'GET':
      if (hasN) {
        const k = num(p, 0);
        return replacesTop(cost.combGet(k), (v) => combGet(v, k));
      }
      return compileGet(t);
    case 'UPDATE':
      if (hasN) {
        const k = num(p, 0);
        const g = cost.combSet(k);
        return (s, x) => {
          x.gas.consume(g);
          const v = pop(s);
          s.push(combSet(pop(s), k, v));
        };
      }
      return compileUpdate(t);
    case 'GET_AND_UPDATE':
      return compileGetAndUpdate(t);
    case 'SOME':
      return replacesTop(cost.consSome(), (v) => new Some(v));
    case 'NONE':
      return pushes(cost.consNone(), null);
    case 'LEFT':
      return replacesTop(cost.left(), (v) => new Or(true, v));
    case 'RIGHT':
      return replacesTop(cost.right(), (v) => new Or(false, v));
    case 'NIL':
      // Lists are never changed in place: every NIL may push the same empty one.
      return pushes(cost.nil(), []);
    case 'CONS':
      return (s, x) => {
        x.gas.consume(cost.consList());
        const h = pop(s);
        s.push([h, ...(pop(s) as readonly Value[])]);
      };
    case 'EMPTY_SET':
      return pushes(cost.emptySet(), MSet.EMPTY);
    case 'EMPTY_MAP':
      return pushes(cost.emptyMap(), MMap.EMPTY);
    case 'EMPTY_BIG_MAP':
      return pushes(cost.emptyBigMap(), new BigMap(null, arg(p, 0) as Prim, arg(p, 1) as Prim, new Map()));
    case 'MEM':
      return compileMem(t);
    case 'SIZE':
      return compileSize(t[0]!.prim);
    case 'CONCAT':
      return compileConcat(t);
    case 'SLICE':
      return compileSlice(t[2]!.prim);
    case 'COMPARE':
      return (s, x) => {
        const a = pop(s);
        const b = pop(s);
        x.gas.consume(compareCost(a, b));
        s.push(BigInt(compareValues(a, b)));
      };
    case 'EQ':
      return comparison(cost.eq(), (r) => r === 0n);
    case 'NEQ':
      return comparison(cost.neq(), (r) => r !== 0n);
    case 'LT':
      return comparison(cost.lt(), (r) => r < 0n);
    case 'GT':
      return comparison(cost.gt(), (r) => r > 0n);
    case 'LE':
      return comparison(cost.le(), (r) => r <= 0n);
    case 'GE':
      return comparison(cost.ge(), (r) => r >= 0n);
    default:
      return undefined;
  }
}

function comparison(g: number, test: (r: bigint) => boolean): Instr {
  return replacesTop(g, (r) => test(r as bigint));
}

/** GET k on a right comb: 0 is the whole value, odd k the left of the (k-1)/2-th right child, even k that child. */
function combGet(v: Value, k: number): Value {
  while (k >= 2) {
    v = (v as Pair).snd;
    k -= 2;
  }
  return k === 1 ? (v as Pair).fst : v;
}

function combSet(v: Value, k: number, x: Value): Value {
  if (k === 0) return x;
  const p = v as Pair;
  if (k === 1) return new Pair(x, p.snd);
  return new Pair(p.fst, combSet(p.snd, k - 2, x));
}

/** Index of `k` in sorted `keys`, or `-(insertion point) - 1` when absent. */
export function bisect(keys: readonly Value[], k: Value): number {
  let lo = 0;
  let hi = keys.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const r = compareValues(keys[mid]!, k);
    if (r === 0) return mid;
    if (r < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return -lo - 1;
}

/**
 * Value bound to `k` in a big_map: this run's overlay first, then the chain's copy; undefined when unbound (a key may
 * be bound to None, null, in a `big_map k (option v)`).
 */
export function bigMapGet(m: BigMap, k: Value, x: RunContext): Value | undefined {
  const hex = packKeyHex(k, m.keyType);
  const pending = m.overlay.get(hex);
  if (pending) return pending.value;
  if (m.id === null) return undefined;
  const stored = x.host.bigMapGet(m.id, hex);
  return stored === null ? undefined : x.compiler.data(stored, m.valueType);
}

function bigMapSet(m: BigMap, k: Value, v: Value | undefined): BigMap {
  const overlay = new Map(m.overlay);
  overlay.set(packKeyHex(k, m.keyType), { key: k, value: v });
  return new BigMap(m.id, m.keyType, m.valueType, overlay);
}

function mapGet(m: MMap, k: Value): Value | undefined {
  const i = bisect(m.keys, k);
  return i >= 0 ? m.vals[i]! : undefined;
}

/** Binds `k` to `v`, or unbinds it when `v` is undefined. */
function mapSet(m: MMap, k: Value, v: Value | undefined): MMap {
  const i = bisect(m.keys, k);
  if (i >= 0) {
    const keys = m.keys.slice();
    const vals = m.vals.slice();
    if (v === undefined) {
      keys.splice(i, 1);
      vals.splice(i, 1);
    } else vals[i] = v;
    return new MMap(keys, vals);
  }
  if (v === undefined) return m;
  const at = -i - 1;
  const keys = m.keys.slice();
  const vals = m.vals.slice();
  keys.splice(at, 0, k);
  vals.splice(at, 0, v);
  return new MMap(keys, vals);
}

function setUpdate(m: MSet, k: Value, present: boolean): MSet {
  const i = bisect(m.items, k);
  if (i >= 0 === present) return m;
  const items = m.items.slice();
  if (present) items.splice(-i - 1, 0, k);
  else items.splice(i, 1);
  return new MSet(items);
}

function compileMem(t: readonly Prim[]): Instr {
  const kind = t[1]!.prim;
  const keyType = t[0]!;
  return (s, x) => {
    const k = pop(s);
    const coll = pop(s);
    if (kind === 'set') {
      const items = (coll as MSet).items;
      x.gas.consume(cost.setMem(comparableSize(k, keyType), items.length));
      s.push(bisect(items, k) >= 0);
    } else if (kind === 'map') {
      const m = coll as MMap;
      x.gas.consume(cost.mapMem(comparableSize(k, keyType), m.keys.length));
      s.push(bisect(m.keys, k) >= 0);
    } else {
      const m = coll as BigMap;
      x.gas.consume(cost.bigMapMem(m.overlay.size));
      s.push(bigMapGet(m, k, x) !== undefined);
    }
  };
}

/**
 * A map's or a big_map's reads and writes by key (undefined: unbound, as a value may be None, null), and what the
 * instruction at hand costs on it.
 */
interface Keyed {
  charge(coll: Value, k: Value): number;
  get(coll: Value, k: Value, x: RunContext): Value | undefined;
  set(coll: Value, k: Value, v: Value | undefined): Value;
}

/** The `Keyed` of a collection of kind `kind` (map or big_map), the instruction costing `onMap` or `onBigMap`. */
function keyed(
  kind: string,
  keyType: Prim,
  onMap: (keySize: number, mapSize: number) => number,
  onBigMap: (overlaySize: number) => number,
): Keyed {
  if (kind === 'map')
    return {
      charge: (m, k) => onMap(comparableSize(k, keyType), (m as MMap).keys.length),
      get: (m, k) => mapGet(m as MMap, k),
      set: (m, k, v) => mapSet(m as MMap, k, v),
    };
  return {
    charge: (m) => onBigMap((m as BigMap).overlay.size),
    get: (m, k, x) => bigMapGet(m as BigMap, k, x),
    set: (m, k, v) => bigMapSet(m as BigMap, k, v),
  };
}

/** GET's answer: None for an unbound key, else Some of the value (`Some None` for a key bound to None). */
const optional = (v: Value | undefined): Value => (v === undefined ? null : new Some(v));

/** UPDATE's argument: None unbinds the key, `Some v` binds it to v. */
const binding = (v: Value): Value | undefined => (v === null ? undefined : (v as Some).value);

function compileGet(t: readonly Prim[]): Instr {
  const on = keyed(t[1]!.prim, t[0]!, cost.mapGet, cost.bigMapGet);
  return (s, x) => {
    const k = pop(s);
    const coll = pop(s);
    x.gas.consume(on.charge(coll, k));
    s.push(optional(on.get(coll, k, x)));
  };
}

function compileUpdate(t: readonly Prim[]): Instr {
  const kind = t[2]!.prim;
  const keyType = t[0]!;
  if (kind === 'set')
    return (s, x) => {
      const k = pop(s);
      const present = pop(s) as boolean;
      const m = pop(s) as MSet;
      x.gas.consume(cost.setUpdate(comparableSize(k, keyType), m.items.length));
      s.push(setUpdate(m, k, present));
    };
  const on = keyed(kind, keyType, cost.mapUpdate, cost.bigMapUpdate);
  return (s, x) => {
    const k = pop(s);
    const v = pop(s);
    const coll = pop(s);
    x.gas.consume(on.charge(coll, k));
    s.push(on.set(coll, k, binding(v)));
  };
}

function compileGetAndUpdate(t: readonly Prim[]): Instr {
  const on = keyed(t[2]!.prim, t[0]!, cost.mapGetAndUpdate, cost.bigMapGetAndUpdate);
  return (s, x) => {
    const k = pop(s);
    const v = pop(s);
    const coll = pop(s);
    x.gas.consume(on.charge(coll, k));
    const old = on.get(coll, k, x);
    s.push(on.set(coll, k, binding(v)));
    s.push(optional(old));
  };
}

function compileSize(kind: string): Instr {
  const g =
    kind === 'string'
      ? cost.stringSize()
      : kind === 'bytes'
        ? cost.bytesSize()
        : kind === 'list'
          ? cost.listSize()
          : kind === 'set'
            ? cost.setSize()
            : cost.mapSize();
  return (s, x) => {
    x.gas.consume(g);
    const v = pop(s);
    let n: number;
    if (kind === 'string') n = (v as string).length;
    else if (kind === 'bytes') n = (v as Uint8Array).length;
    else if (kind === 'list') n = (v as readonly Value[]).length;
    else if (kind === 'set') n = (v as MSet).items.length;
    else n = (v as MMap).keys.length;
    s.push(BigInt(n));
  };
}

function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let len = 0;
  for (const p of parts) len += p.length;
  const out = new Uint8Array(len);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function compileConcat(t: readonly Prim[]): Instr {
  const top = t[0]!;
  if (top.prim === 'list') {
    const strings = (top.args![0] as Prim).prim === 'string';
    return (s, x) => {
      const l = pop(s) as readonly (string | Uint8Array)[];
      let total = 0;
      for (const e of l) total += e.length;
      x.gas.consume(
        cost.concatStringPrecheck(l.length) + (strings ? cost.concatString(total) : cost.concatBytes(total)),
      );
      s.push(strings ? (l as string[]).join('') : concatBytes(l as Uint8Array[]));
    };
  }
  const strings = top.prim === 'string';
  return (s, x) => {
    const a = pop(s) as string | Uint8Array;
    const b = pop(s) as string | Uint8Array;
    x.gas.consume(strings ? cost.concatStringPair(a.length, b.length) : cost.concatBytesPair(a.length, b.length));
    s.push(strings ? (a as string) + (b as string) : concatBytes([a as Uint8Array, b as Uint8Array]));
  };
}

function compileSlice(kind: string): Instr {
  return (s, x) => {
    const offset = pop(s) as bigint;
    const length = pop(s) as bigint;
    const v = pop(s) as string | Uint8Array;
    x.gas.consume(kind === 'string' ? cost.sliceString(v.length) : cost.sliceBytes(v.length));
    // Octez: None unless the offset is inside the value (even for an empty slice) and the slice ends in it.
    if (offset >= BigInt(v.length) || offset + length > BigInt(v.length)) {
      s.push(null);
      return;
    }
    const from = Number(offset);
    const to = from + Number(length);
    s.push(new Some(kind === 'string' ? (v as string).slice(from, to) : (v as Uint8Array).slice(from, to)));
  };
}
