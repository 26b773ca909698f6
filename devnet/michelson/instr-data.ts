/**
 * Instructions on structured data: pairs, options, ors, lists, sets, maps, big_maps, strings and
 * bytes, and comparison. Sets and maps are sorted arrays searched by bisection with Octez's order;
 * big_maps read through their overlay to the host's stored copy.
 */
import { compareValues } from './data';
import { comparableSize, compareCost, cost } from './gas';
import type { Instr, RunContext } from './interpreter';
import { pop } from './interpreter';
import { arg, isInt, type Prim } from './micheline';
import { packKeyHex } from './pack';
import { BigMap, MMap, MSet, Or, Pair, Some, UNIT, type Value } from './values';

const num = (p: Prim, i: number): number => Number((arg(p, i) as { int: string }).int);

export function compileData(p: Prim, t: readonly Prim[]): Instr | undefined {
  const hasN = p.args !== undefined && p.args.length > 0 && isInt(p.args[0]!);
  switch (p.prim) {
    case 'UNIT':
      return (s, x) => {
        x.gas.consume(cost.unit());
        s.push(UNIT);
      };
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
      return (s, x) => {
        x.gas.consume(cost.car());
        s.push((pop(s) as Pair).fst);
      };
    case 'CDR':
      return (s, x) => {
        x.gas.consume(cost.cdr());
        s.push((pop(s) as Pair).snd);
      };
    case 'GET':
      if (hasN) {
        const k = num(p, 0);
        const g = cost.combGet(k);
        return (s, x) => {
          x.gas.consume(g);
          s.push(combGet(pop(s), k));
        };
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
      return (s, x) => {
        x.gas.consume(cost.consSome());
        s.push(new Some(pop(s)));
      };
    case 'NONE':
      return (s, x) => {
        x.gas.consume(cost.consNone());
        s.push(null);
      };
    case 'LEFT':
    case 'RIGHT': {
      const left = p.prim === 'LEFT';
      const g = left ? cost.left() : cost.right();
      return (s, x) => {
        x.gas.consume(g);
        s.push(new Or(left, pop(s)));
      };
    }
    case 'NIL':
      return (s, x) => {
        x.gas.consume(cost.nil());
        s.push([]);
      };
    case 'CONS':
      return (s, x) => {
        x.gas.consume(cost.consList());
        const h = pop(s);
        s.push([h, ...(pop(s) as readonly Value[])]);
      };
    case 'EMPTY_SET':
      return (s, x) => {
        x.gas.consume(cost.emptySet());
        s.push(MSet.EMPTY);
      };
    case 'EMPTY_MAP':
      return (s, x) => {
        x.gas.consume(cost.emptyMap());
        s.push(MMap.EMPTY);
      };
    case 'EMPTY_BIG_MAP': {
      const kt = arg(p, 0) as Prim;
      const vt = arg(p, 1) as Prim;
      const empty = new BigMap(null, kt, vt, new Map());
      return (s, x) => {
        x.gas.consume(cost.emptyBigMap());
        s.push(empty);
      };
    }
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
  return (s, x) => {
    x.gas.consume(g);
    s.push(test(pop(s) as bigint));
  };
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

/** Value bound to `k` in a big_map: this run's overlay first, then the chain's copy. */
export function bigMapGet(m: BigMap, k: Value, x: RunContext): Value | null {
  const hex = packKeyHex(k, m.keyType);
  const pending = m.overlay.get(hex);
  if (pending) return pending.value;
  if (m.id === null) return null;
  const stored = x.host.bigMapGet(m.id, hex);
  return stored === null ? null : x.compiler.data(stored, m.valueType);
}

function bigMapSet(m: BigMap, k: Value, v: Value | null): BigMap {
  const overlay = new Map(m.overlay);
  overlay.set(packKeyHex(k, m.keyType), { key: k, value: v });
  return new BigMap(m.id, m.keyType, m.valueType, overlay);
}

function mapGet(m: MMap, k: Value): Value | null {
  const i = bisect(m.keys, k);
  return i >= 0 ? m.vals[i]! : null;
}

function mapSet(m: MMap, k: Value, v: Value | null): MMap {
  const i = bisect(m.keys, k);
  if (i >= 0) {
    const keys = m.keys.slice();
    const vals = m.vals.slice();
    if (v === null) {
      keys.splice(i, 1);
      vals.splice(i, 1);
    } else vals[i] = v;
    return new MMap(keys, vals);
  }
  if (v === null) return m;
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
      s.push(bigMapGet(m, k, x) !== null);
    }
  };
}

function compileGet(t: readonly Prim[]): Instr {
  const kind = t[1]!.prim;
  const keyType = t[0]!;
  return (s, x) => {
    const k = pop(s);
    const coll = pop(s);
    let v: Value | null;
    if (kind === 'map') {
      const m = coll as MMap;
      x.gas.consume(cost.mapGet(comparableSize(k, keyType), m.keys.length));
      v = mapGet(m, k);
    } else {
      const m = coll as BigMap;
      x.gas.consume(cost.bigMapGet(m.overlay.size));
      v = bigMapGet(m, k, x);
    }
    s.push(v === null ? null : new Some(v));
  };
}

function compileUpdate(t: readonly Prim[]): Instr {
  const kind = t[2]!.prim;
  const keyType = t[0]!;
  return (s, x) => {
    const k = pop(s);
    const v = pop(s);
    const coll = pop(s);
    if (kind === 'set') {
      const m = coll as MSet;
      x.gas.consume(cost.setUpdate(comparableSize(k, keyType), m.items.length));
      s.push(setUpdate(m, k, v as boolean));
    } else if (kind === 'map') {
      const m = coll as MMap;
      x.gas.consume(cost.mapUpdate(comparableSize(k, keyType), m.keys.length));
      s.push(mapSet(m, k, v === null ? null : (v as Some).value));
    } else {
      const m = coll as BigMap;
      x.gas.consume(cost.bigMapUpdate(m.overlay.size));
      s.push(bigMapSet(m, k, v === null ? null : (v as Some).value));
    }
  };
}

function compileGetAndUpdate(t: readonly Prim[]): Instr {
  const kind = t[2]!.prim;
  const keyType = t[0]!;
  return (s, x) => {
    const k = pop(s);
    const v = pop(s);
    const coll = pop(s);
    const nv = v === null ? null : (v as Some).value;
    let old: Value | null;
    if (kind === 'map') {
      const m = coll as MMap;
      x.gas.consume(cost.mapGetAndUpdate(comparableSize(k, keyType), m.keys.length));
      old = mapGet(m, k);
      s.push(mapSet(m, k, nv));
    } else {
      const m = coll as BigMap;
      x.gas.consume(cost.bigMapGetAndUpdate(m.overlay.size));
      old = bigMapGet(m, k, x);
      s.push(bigMapSet(m, k, nv));
    }
    s.push(old === null ? null : new Some(old));
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
