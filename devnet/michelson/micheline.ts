/** Micheline expressions are michel-codec's AST; this module names the shapes the VM uses. */
import type { Expr, Prim } from '@taquito/michel-codec';

export type { Expr, Prim };

export const isPrim = (e: Expr): e is Prim => !Array.isArray(e) && 'prim' in e;
export const isInt = (e: Expr): e is { int: string } => !Array.isArray(e) && 'int' in e;
export const isString = (e: Expr): e is { string: string } => !Array.isArray(e) && 'string' in e;
export const isBytes = (e: Expr): e is { bytes: string } => !Array.isArray(e) && 'bytes' in e;
export const isSeq = (e: Expr): e is Expr[] => Array.isArray(e);

/** Argument `i` of a primitive node whose arity the typechecker has already checked. */
export function arg(p: Prim, i: number): Expr {
  const a = p.args?.[i];
  if (a === undefined) throw new Error(`${p.prim}: missing argument ${i}`);
  return a;
}

/** Type argument `i` (types are always primitives). */
export function targ(t: Prim, i: number): Prim {
  return arg(t, i) as Prim;
}

/** A type node without annotations, as Octez prints and compares types. */
export function stripAnnots(t: Expr): Expr {
  if (Array.isArray(t)) return t.map(stripAnnots);
  if (!isPrim(t)) return t;
  return t.args ? { prim: t.prim, args: t.args.map(stripAnnots) } : { prim: t.prim };
}

/** The two halves of a `pair` type, reading `pair a b c …` as the right comb `pair a (pair b c …)`. */
export function pairTypes(t: Prim): [Prim, Prim] {
  const args = (t.args ?? []) as Prim[];
  if (args.length < 2) throw new Error('pair: needs two type arguments');
  if (args.length === 2) return [args[0]!, args[1]!];
  return [args[0]!, { prim: 'pair', args: args.slice(1) }];
}

/**
 * Octez's location of `node` inside `root`: its index in a preorder walk, the numbering Micheline's
 * `strip_locations` gives (annotations are not nodes). Undefined when `node` is not in `root`.
 */
export function locationOf(root: Expr, node: Expr): number | undefined {
  let next = 0;
  const walk = (e: Expr): number | undefined => {
    const here = next++;
    if (e === node) return here;
    const children = Array.isArray(e) ? e : isPrim(e) ? (e.args ?? []) : [];
    for (const c of children) {
      const found = walk(c);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(root);
}

/** A locator for errors in `root`; a node not found there (a copy made by macro expansion) is put at the root. */
export const locatorIn =
  (root: Expr) =>
  (node: Expr): number =>
    locationOf(root, node) ?? 0;
