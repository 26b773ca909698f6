/**
 * Entrypoints of a parameter type, by Octez's rules: each `%name` field annotation on a branch of
 * the parameter's tree of `or`s names an entrypoint, a root annotation names the whole type, and
 * `default` is the `%default` branch when there is one, else the whole parameter.
 */
import type { Prim } from './micheline';
import { Or, type Value } from './values';

export interface Entrypoint {
  readonly type: Prim;
  /** Left/right turns from the root to the entrypoint's branch. */
  readonly path: readonly boolean[];
}

/** A branch's entrypoint name: its field annotation, unless longer than 31 bytes (Octez then names no entrypoint). */
const fieldName = (t: Prim): string | undefined => {
  const name = t.annots?.find((a) => a.startsWith('%'))?.slice(1);
  return name !== undefined && Buffer.byteLength(name) <= 31 ? name : undefined;
};

/** The entrypoint named `name` ('' or 'default' for the default), or null when the type has none of that name. */
export function findEntrypoint(parameter: Prim, name: string): Entrypoint | null {
  const wanted = name === '' ? 'default' : name;
  const found = search(parameter, wanted, []);
  if (found) return found;
  if (fieldName(parameter) === wanted) return { type: parameter, path: [] };
  return wanted === 'default' ? { type: parameter, path: [] } : null;
}

function search(t: Prim, name: string, path: boolean[]): Entrypoint | null {
  if (t.prim !== 'or') return null;
  const [l, r] = t.args as [Prim, Prim];
  for (const [branch, isLeft] of [
    [l, true],
    [r, false],
  ] as const) {
    const here = [...path, isLeft];
    if (fieldName(branch) === name) return { type: branch, path: here };
    const deeper = search(branch, name, here);
    if (deeper) return deeper;
  }
  return null;
}

/** Every named entrypoint with its type, plus `default`, as the RPC's `entrypoints` lists them. */
export function listEntrypoints(parameter: Prim): Map<string, Prim> {
  const out = new Map<string, Prim>();
  const walk = (t: Prim): void => {
    const n = fieldName(t);
    if (n !== undefined && !out.has(n)) out.set(n, t);
    if (t.prim === 'or') for (const b of t.args as Prim[]) walk(b);
  };
  walk(parameter);
  return out;
}

/** Wraps an entrypoint's argument into the full parameter value (Left/Right along the path). */
export function wrapParameter(e: Entrypoint, v: Value): Value {
  let out = v;
  for (let i = e.path.length - 1; i >= 0; i--) out = new Or(e.path[i]!, out);
  return out;
}
