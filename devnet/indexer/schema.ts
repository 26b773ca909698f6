/**
 * TzKT's JSON form of Micheline data ("humanized" storage, big_map keys and values, parameters),
 * as its Netezos schemas write it:
 * - a pair is an object whose fields are the leaves of its unannotated right/left sub-pairs, named
 *   by field (else type) annotation, else by the type's name; repeated names get `_0`, `_1`, …;
 *   an annotated inner pair is a nested object under its name;
 * - nat/int/mutez as decimal strings, bytes as hex, bool as true/false, unit as `{}`,
 *   timestamps `yyyy-MM-ddTHH:mm:ssZ`, addresses/keys/signatures/chain ids in base58;
 * - option: null or the value; or: `{ name: value }` with the branch's annotation (else its
 *   `L`/`R` path); lists and sets as arrays; maps as objects when the key is a scalar (key
 *   flattened to a string), else `[{key, value}]`; a stored big_map as its id (a number);
 *   a lambda as its Micheline JSON text.
 */
import { parseData, PRINTING_CONTEXT, unparseData } from '../michelson/data';
import { isInt, isPrim, isSeq, isString, type Expr, type Prim } from '../michelson/micheline';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Types whose values flatten to a string (Netezos' IFlat): usable as object keys. */
const FLAT = new Set([
  'address',
  'bool',
  'bytes',
  'chain_id',
  'contract',
  'int',
  'key',
  'key_hash',
  'mutez',
  'nat',
  'signature',
  'string',
  'timestamp',
  'bls12_381_fr',
  'bls12_381_g1',
  'bls12_381_g2',
  'chest',
  'chest_key',
  'sapling_transaction',
  'sapling_transaction_deprecated',
]);

const alnum = (s: string): string => s.replace(/[^A-Za-z0-9_]/g, '_');

/** The annotation a schema is named by: field annotation, else type annotation (Netezos' `Annot`). */
function annot(t: Prim): string | undefined {
  const field = t.annots?.find((a) => a.startsWith('%') && a.length > 1);
  const type = t.annots?.find((a) => a.startsWith(':') && a.length > 1);
  const a = field ?? type;
  return a === undefined ? undefined : alnum(a.slice(1));
}

/** `pair a b c` read as `pair a (pair b c)`. */
function binaryPair(t: Prim): [Prim, Prim] {
  const args = (t.args ?? []) as Prim[];
  if (args.length === 2) return [args[0]!, args[1]!];
  return [args[0]!, { prim: 'pair', args: args.slice(1) }];
}

/** `Pair a b c` / `{a; b; c}` read as `Pair a (Pair b c)`. */
function binaryValue(v: Expr): [Expr, Expr] {
  const args = isSeq(v) ? v : isPrim(v) && v.prim === 'Pair' ? (v.args ?? []) : null;
  if (!args || args.length < 2) throw new Error(`expected a pair, got ${JSON.stringify(v)}`);
  if (args.length === 2) return [args[0]!, args[1]!];
  return [args[0]!, { prim: 'Pair', args: args.slice(1) }];
}

/** Default name of a leaf (Netezos' `Name` before suffixing). */
function baseName(t: Prim): string | undefined {
  const a = annot(t);
  switch (t.prim) {
    case 'pair':
      return a;
    case 'option':
      return a ?? baseName(t.args![0] as Prim) ?? (t.args![0] as Prim).prim;
    case 'map':
    case 'big_map':
      return a ?? annot(t.args![1] as Prim) ?? t.prim;
    default:
      return a ?? t.prim;
  }
}

interface Field {
  readonly type: Prim;
  name: string;
}

/** The fields of a pair object: leaves through unannotated inner pairs, with Netezos' de-duplication. */
function pairFields(t: Prim): Field[] {
  const out: Field[] = [];
  const walk = (x: Prim, top: boolean): void => {
    if (x.prim === 'pair' && (top || annot(x) === undefined)) {
      const [l, r] = binaryPair(x);
      walk(l, false);
      walk(r, false);
    } else out.push({ type: x, name: baseName(x) ?? x.prim });
  };
  walk(t, true);
  dedupe(out);
  return out;
}

function dedupe(fields: Field[]): void {
  const counts = new Map<string, number>();
  for (const f of fields) counts.set(f.name, (counts.get(f.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  for (const f of fields) {
    if ((counts.get(f.name) ?? 0) < 2) continue;
    const i = seen.get(f.name) ?? 0;
    seen.set(f.name, i + 1);
    f.name = `${f.name}_${i}`;
  }
}

/** The values of a pair's fields, in `pairFields` order. */
function pairValues(t: Prim, v: Expr): Expr[] {
  const out: Expr[] = [];
  const walk = (x: Prim, e: Expr, top: boolean): void => {
    if (x.prim === 'pair' && (top || annot(x) === undefined)) {
      const [tl, tr] = binaryPair(x);
      const [l, r] = binaryValue(e);
      walk(tl, l, false);
      walk(tr, r, false);
    } else out.push(e);
  };
  walk(t, v, true);
  return out;
}

/** Branches of an `or` tree with their names (annotation, else `L`/`R` path). */
function orBranches(t: Prim): { path: string; type: Prim; name: string }[] {
  const out: { path: string; type: Prim; name: string }[] = [];
  const walk = (x: Prim, path: string): void => {
    if (x.prim === 'or') {
      const [l, r] = x.args as [Prim, Prim];
      walk(l, `${path}L`);
      walk(r, `${path}R`);
      return;
    }
    out.push({ path, type: x, name: baseName(x) ?? path });
  };
  walk(t, '');
  const named = out.filter((b) => annot(b.type) !== undefined);
  dedupe(named);
  for (const b of out) if (annot(b.type) === undefined) b.name = b.path;
  return out;
}

/** A scalar value as the string Netezos flattens it to. */
function flatten(t: Prim, v: Expr): string {
  switch (t.prim) {
    case 'int':
    case 'nat':
    case 'mutez':
      if (isInt(v)) return v.int;
      break;
    case 'string':
      if (isString(v)) return v.string;
      break;
    case 'bool':
      return isPrim(v) && v.prim === 'True' ? 'true' : 'false';
    case 'timestamp': {
      const n = isInt(v) ? BigInt(v.int) : isString(v) && /^-?\d+$/.test(v.string) ? BigInt(v.string) : null;
      if (n !== null) {
        if (n > 253_402_300_800n || n < -62_135_596_800n) return n.toString();
        return new Date(Number(n) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
      }
      if (isString(v)) return new Date(v.string).toISOString().replace(/\.\d{3}Z$/, 'Z');
      break;
    }
    default: {
      if (isString(v)) return v.string;
      if (!isSeq(v) && 'bytes' in v) {
        if (
          ['bytes', 'bls12_381_fr', 'bls12_381_g1', 'bls12_381_g2', 'chest', 'chest_key'].includes(t.prim) ||
          t.prim.startsWith('sapling')
        )
          return v.bytes.toLowerCase();
        // Domain values in optimized form: re-read them and print them readable (base58).
        const r = unparseData(parseData(v, t, PRINTING_CONTEXT), t, 'readable');
        if (isString(r)) return r.string;
        return v.bytes;
      }
    }
  }
  throw new Error(`cannot read ${JSON.stringify(v)} as ${t.prim}`);
}

/** TzKT's JSON for a Micheline value `v` of type `t` (Optimized or Readable). */
export function humanize(t: Prim, v: Expr): Json {
  switch (t.prim) {
    case 'unit':
      return {};
    case 'bool':
      return isPrim(v) && v.prim === 'True';
    case 'pair': {
      const fields = pairFields(t);
      const values = pairValues(t, v);
      const o: Record<string, Json> = {};
      fields.forEach((f, i) => {
        o[f.name] = humanize(f.type, values[i]!);
      });
      return o;
    }
    case 'option':
      return isPrim(v) && v.prim === 'Some' ? humanize(t.args![0] as Prim, v.args![0]!) : null;
    case 'or': {
      let x: Prim = t;
      let e: Expr = v;
      let path = '';
      while (x.prim === 'or') {
        if (!isPrim(e) || (e.prim !== 'Left' && e.prim !== 'Right')) throw new Error('expected Left or Right');
        const left = e.prim === 'Left';
        path += left ? 'L' : 'R';
        x = x.args![left ? 0 : 1] as Prim;
        e = e.args![0]!;
      }
      const branch = orBranches(t).find((b) => b.path === path);
      return { [branch?.name ?? path]: humanize(x, e) };
    }
    case 'list':
    case 'set':
      return isSeq(v) ? v.map((x) => humanize(t.args![0] as Prim, x)) : [];
    case 'map':
    case 'big_map': {
      if (isInt(v)) return Number(v.int);
      const [kt, vt] = t.args as [Prim, Prim];
      const items = (isSeq(v) ? v : []).filter(isPrim).map((elt) => [elt.args![0]!, elt.args![1]!] as const);
      if (FLAT.has(kt.prim)) {
        const o: Record<string, Json> = {};
        for (const [k, x] of items) o[flatten(kt, k)] = humanize(vt, x);
        return o;
      }
      return items.map(([k, x]) => ({ key: humanize(kt, k), value: humanize(vt, x) }));
    }
    case 'lambda':
      return JSON.stringify(v);
    case 'ticket': {
      const opened: Prim = {
        prim: 'pair',
        args: [
          { prim: 'address', annots: ['%address'] },
          { ...(t.args![0] as Prim), annots: ['%data'] },
          { prim: 'nat', annots: ['%amount'] },
        ],
      };
      return humanize(opened, v);
    }
    case 'operation':
    case 'never':
    case 'sapling_state':
      return JSON.stringify(v);
    default:
      return flatten(t, v);
  }
}

/** The big_map ids in a storage value, with their path (`ledger`, `assets.ledger`, …) and type. */
export function findBigMaps(t: Prim, v: Expr, prefix = ''): { id: bigint; path: string; type: Prim }[] {
  const out: { id: bigint; path: string; type: Prim }[] = [];
  const at = (name: string): string => (prefix ? `${prefix}.${name}` : name);
  switch (t.prim) {
    case 'big_map':
      if (isInt(v)) out.push({ id: BigInt(v.int), path: prefix, type: t });
      break;
    case 'pair': {
      const fields = pairFields(t);
      const values = pairValues(t, v);
      fields.forEach((f, i) => out.push(...findBigMaps(f.type, values[i]!, at(f.name))));
      break;
    }
    case 'option':
      if (isPrim(v) && v.prim === 'Some') out.push(...findBigMaps(t.args![0] as Prim, v.args![0]!, prefix));
      break;
    case 'or':
      if (isPrim(v) && (v.prim === 'Left' || v.prim === 'Right')) {
        const left = v.prim === 'Left';
        out.push(...findBigMaps(t.args![left ? 0 : 1] as Prim, v.args![0]!, prefix));
      }
      break;
    default:
      break;
  }
  return out;
}
