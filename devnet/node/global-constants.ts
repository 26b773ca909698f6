/**
 * Global constants (Octez's global_constants_storage.ml): Micheline registered on chain under the
 * script-expr hash of its binary encoding, and `constant "expr…"` nodes in a script's code replaced
 * by what they name before the script is typechecked. Data (storage, parameters) is not expanded,
 * as in Octez, which expands only in parse_toplevel/parse_code.
 */
import { b58DecodeAndCheckPrefix, PrefixV2 } from '@taquito/utils';
import { packDataBytes, type MichelsonData } from '@taquito/michel-codec';
import { allocBytes, michelineSize, readAccess, serialization, writeAccess } from '../michelson/gas';
import type { Expr } from '../michelson/micheline';
import { scriptExprHashOfPacked } from '../michelson/pack';
import { ApplyError, tezosError } from './errors';

/** Octez's Constants_repr limits on an expanded expression (constants_repr.ml). */
const MAX_MICHELINE_NODE_COUNT = 50_000;
const MAX_MICHELINE_BYTES_LIMIT = 50_000;
const MAX_ALLOWED_GLOBAL_CONSTANT_DEPTH = 10_000;

/** The binary Micheline of `e` (Script.expr_encoding, without PACK's 0x05 tag). */
export function exprBinary(e: Expr): Uint8Array {
  return Buffer.from(packDataBytes(e as MichelsonData).bytes.slice(2), 'hex');
}

// Errors of global_constants_storage.ml, all `Branch`, with no fields.
const constantError = (id: string): ApplyError => new ApplyError([tezosError('branch', id)]);

function isExprHash(s: string): boolean {
  try {
    b58DecodeAndCheckPrefix(s, [PrefixV2.ScriptExpr]);
    return true;
  } catch {
    return false;
  }
}

const isConstant = (e: Expr): boolean => !Array.isArray(e) && 'prim' in e && e.prim === 'constant';

function hasConstant(e: Expr): boolean {
  if (Array.isArray(e)) return e.some(hasConstant);
  if (isConstant(e)) return true;
  return 'prim' in e && (e.args ?? []).some(hasConstant);
}

const nodeCount = (e: Expr): number => {
  if (Array.isArray(e)) return 1 + e.reduce((n: number, x) => n + nodeCount(x), 0);
  return 1 + ('prim' in e ? (e.args ?? []).reduce((n: number, x) => n + nodeCount(x), 0) : 0);
};

/** `cost_expand_no_constant_branch` (global_constants_costs_generated.ml), in milligas. */
function traversalMilligas(e: Expr): bigint {
  const nodes = BigInt(nodeCount(e));
  const w = BigInt((nodes + 1n).toString(2).length + 1) * nodes;
  return w * 4n + (w >> 1n) + (w >> 2n) + 100n;
}
/** `cost_expand_constant_branch 1`: validating one constant's hash. */
const CONSTANT_BRANCH_MILLIGAS = 4096n;

/** Segments of a constant's storage path: `global_constant`, the hash (one hex segment), `data` or `len`. */
const CONSTANT_PATH = 3;

/** `cost_expr_to_address_in_context` (global_constants_costs.ml): hashing the registered bytes. */
export const hashingMilligas = (bytes: number): bigint => 200n + BigInt(bytes) + BigInt(bytes >> 2);

/** `node_too_large`: Octez's limits on the expanded expression's nodes and literal bytes. */
function tooLarge(e: Expr): boolean {
  const size = michelineSize(e);
  return size.nodes > MAX_MICHELINE_NODE_COUNT || size.zBytes + size.stringBytes > MAX_MICHELINE_BYTES_LIMIT;
}

/**
 * `expand`: every `constant "expr…"` replaced, recursively, by the expression registered under it.
 * Returns `e` itself when it holds none (the same object, so callers' script caches still hit), and the gas.
 * @throws ApplyError `Badly_formed_constant_expression`, `Nonexistent_global`, `Expression_too_large`
 */
export function expandConstants(e: Expr, table: ReadonlyMap<string, Expr>): { expr: Expr; milligas: bigint } {
  let milligas = traversalMilligas(e);
  if (!hasConstant(e)) return { expr: e, milligas };
  const expanded = new Map<string, Expr>();
  const walk = (n: Expr): Expr => {
    if (Array.isArray(n)) return n.map(walk);
    if (!('prim' in n)) return n;
    if (n.prim !== 'constant') return n.args ? { ...n, args: n.args.map(walk) } : n;
    milligas += CONSTANT_BRANCH_MILLIGAS;
    const [hash] = n.args ?? [];
    if (
      n.args?.length !== 1 ||
      (n.annots?.length ?? 0) > 0 ||
      hash === undefined ||
      Array.isArray(hash) ||
      !('string' in hash) ||
      !isExprHash(hash.string)
    ) {
      throw constantError('Badly_formed_constant_expression');
    }
    let value = expanded.get(hash.string);
    if (value === undefined) {
      // `get` (Global_constants.Map.find, storage_functors.ml): a membership read, then the read of its bytes.
      milligas += BigInt(readAccess(CONSTANT_PATH, 0));
      const registered = table.get(hash.string);
      if (registered === undefined) throw constantError('Nonexistent_global');
      milligas += BigInt(readAccess(CONSTANT_PATH, exprBinary(registered).length));
      // A registered constant's own references were registered before it, so this ends.
      value = walk(registered);
      expanded.set(hash.string, value);
    }
    milligas += traversalMilligas(value);
    return value;
  };
  const expr = walk(e);
  if (tooLarge(expr)) throw constantError('Expression_too_large');
  return { expr, milligas };
}

function depth(e: Expr): number {
  let max = 0;
  const todo: [Expr, number][] = [[e, 1]];
  while (todo.length > 0) {
    const [n, d] = todo.pop()!;
    if (d > max) max = d;
    const children = Array.isArray(n) ? n : 'prim' in n ? (n.args ?? []) : [];
    for (const c of children) todo.push([c, d + 1]);
  }
  return max;
}

/**
 * `register`: the expression's address and stored size, after checking its expansion (every reference registered,
 * within the size and depth limits) and that it is new. The gas: the expansion, `expr_to_address_in_context` (encoding
 * the expression, `Script_repr.force_bytes_cost`, then hashing its bytes) and `Global_constants.Map.init`, which
 * allocates and writes the bytes (storage_functors.ml `consume_serialize_write_gas`).
 * @throws ApplyError with Octez's ids
 */
export function registerConstant(
  value: Expr,
  table: ReadonlyMap<string, Expr>,
): { hash: string; bytes: number; milligas: bigint } {
  const { expr, milligas } = expandConstants(value, table);
  if (depth(expr) > MAX_ALLOWED_GLOBAL_CONSTANT_DEPTH) throw constantError('Expression_too_deep');
  const binary = exprBinary(value);
  // A constant's address: `expr…` of blake2b-256 of its binary encoding (`expr_to_address_in_context`).
  const hash = scriptExprHashOfPacked(binary);
  if (table.has(hash)) {
    // Octez traces the storage's own error with this one.
    throw new ApplyError([
      tezosError('branch', 'Expression_already_registered'),
      tezosError('permanent', 'context.storage_error', { existing_key: ['global_constant', hash] }),
    ]);
  }
  const addressing = BigInt(serialization(michelineSize(value))) + hashingMilligas(binary.length);
  const init = BigInt(allocBytes(binary.length) + writeAccess(binary.length));
  return { hash, bytes: binary.length, milligas: milligas + addressing + init };
}
