/**
 * Octez's typing rules that michel-codec's typechecker does not enforce (checked against the
 * Ushuaia sources), applied around it: where each kind of type may appear (comparable keys, what
 * storage, PUSH, UNPACK, PACK, FAILWITH, EMIT and views accept), unique entrypoint names, and the
 * result types of the bytes variants of NOT/LSL/LSR, which michel-codec gets wrong.
 */
import { illTyped } from './errors';
import { isPrim, type Expr, type Prim } from './micheline';
import { printType } from './typecheck';

const COMPARABLE_LEAVES = new Set([
  'unit', 'never', 'bool', 'int', 'nat', 'string', 'bytes', 'mutez', 'key_hash', 'key', 'signature',
  'timestamp', 'address', 'chain_id',
]);

export function isComparable(t: Prim): boolean {
  if (COMPARABLE_LEAVES.has(t.prim)) return true;
  if (t.prim === 'option' || t.prim === 'or' || t.prim === 'pair') return ((t.args ?? []) as Prim[]).every(isComparable);
  return false;
}

const fail = (t: Prim, why: string): never => {
  throw illTyped(`ill-typed script: ${why} in type ${printType(t)}`);
};

/** Well-formedness of any type: comparable set elements, map keys and ticket contents; flat big_map values. */
export function checkTypeWellFormed(t: Prim): void {
  const args = (t.args ?? []) as Prim[];
  switch (t.prim) {
    case 'set':
      if (!isComparable(args[0]!)) fail(t, 'comparable type expected for set elements');
      break;
    case 'map':
      if (!isComparable(args[0]!)) fail(t, 'comparable type expected for map keys');
      break;
    case 'big_map':
      if (!isComparable(args[0]!)) fail(t, 'comparable type expected for big_map keys');
      forbid(args[1]!, ['big_map', 'sapling_state', 'operation', 'contract'], 'big_map values');
      break;
    case 'ticket':
      if (!isComparable(args[0]!)) fail(t, 'comparable type expected for ticket contents');
      break;
  }
  for (const a of args) if (isPrim(a)) checkTypeWellFormed(a);
}

/** Refuses the listed types anywhere inside `t` (not looking into lambdas, whose types are free). */
function forbid(t: Prim, prims: readonly string[], where: string): void {
  if (prims.includes(t.prim)) fail(t, `type ${t.prim} is not allowed in ${where}`);
  if (t.prim === 'lambda') return;
  for (const a of (t.args ?? []) as Prim[]) if (isPrim(a)) forbid(a, prims, where);
}

/** What each position accepts (Octez's parse_*_ty flags for a non-legacy script). */
const NOT_PACKABLE = ['big_map', 'sapling_state', 'operation', 'ticket'];
export const checkStorageType = (t: Prim): void => forbid(t, ['operation', 'contract'], 'storage');
export const checkParameterType = (t: Prim): void => forbid(t, ['operation'], 'parameter');
const checkPushable = (t: Prim, where: string): void => forbid(t, [...NOT_PACKABLE, 'contract'], where);
const checkPackable = (t: Prim, where: string): void => forbid(t, NOT_PACKABLE, where);

/** Entrypoint names must be unique and at most 31 bytes. */
export function checkEntrypointNames(parameter: Prim): void {
  const seen = new Set<string>();
  const walk = (t: Prim): void => {
    const name = t.annots?.find((a) => a.startsWith('%'))?.slice(1);
    if (name !== undefined && name !== '') {
      if (seen.has(name)) fail(parameter, `duplicate entrypoint %${name}`);
      if (Buffer.byteLength(name) > 31) fail(parameter, `entrypoint name %${name} is longer than 31 bytes`);
      seen.add(name);
    }
    if (t.prim === 'or') for (const b of t.args as Prim[]) walk(b);
  };
  walk(parameter);
}

/** Checks every type written in a script: its sections and every instruction's type arguments. */
export function checkScriptTypes(script: readonly Expr[]): void {
  for (const section of script) {
    if (!isPrim(section)) continue;
    const [a0, a1, a2, a3] = (section.args ?? []) as Expr[];
    if (section.prim === 'parameter' && a0 && isPrim(a0)) {
      checkTypeWellFormed(a0);
      checkParameterType(a0);
      checkEntrypointNames(a0);
    } else if (section.prim === 'storage' && a0 && isPrim(a0)) {
      checkTypeWellFormed(a0);
      checkStorageType(a0);
    } else if (section.prim === 'code' && a0 !== undefined) checkCodeTypes(a0);
    else if (section.prim === 'view') {
      for (const t of [a1, a2]) if (t && isPrim(t)) {
        checkTypeWellFormed(t);
        forbid(t, NOT_PACKABLE, 'view input and output');
      }
      if (a3 !== undefined) checkCodeTypes(a3);
    }
  }
}

/** Type arguments of instructions inside code. */
export function checkCodeTypes(code: Expr): void {
  if (Array.isArray(code)) {
    for (const c of code) checkCodeTypes(c);
    return;
  }
  if (!isPrim(code)) return;
  const args = (code.args ?? []) as Expr[];
  const types = args.filter((a): a is Prim => isPrim(a) && /^[a-z_0-9]+$/.test(a.prim));
  for (const t of types) checkTypeWellFormed(t);
  switch (code.prim) {
    case 'PUSH':
      checkPushable(types[0]!, 'PUSH');
      break;
    case 'UNPACK':
      checkPushable(types[0]!, 'UNPACK');
      break;
    case 'EMIT':
      if (types[0]) checkPushable(types[0], 'EMIT');
      break;
    case 'CONTRACT':
      if (code.annots?.includes('%default')) throw illTyped('ill-typed script: unexpected annotation %default on CONTRACT: name the default entrypoint by omitting it');
      forbid(types[0]!, ['operation'], 'CONTRACT');
      break;
    case 'VIEW':
      forbid(types[0]!, NOT_PACKABLE, 'view output');
      break;
    case 'CREATE_CONTRACT':
      checkScriptTypes(args[0] as Expr[]);
      return;
  }
  for (const a of args) if (Array.isArray(a) || (isPrim(a) && /^[A-Z_0-9]+$/.test(a.prim))) checkCodeTypes(a);
}

/**
 * Run from the typechecker's trace callback on every instruction: fixes the output types michel-codec
 * gets wrong (in place: its returned stack is this array) and checks the stack types it does not.
 */
export function correctInstruction(op: Prim, input: readonly Prim[], output: Prim[] | { failed: unknown }): void {
  const top = input[0];
  if (!top) return;
  switch (op.prim) {
    case 'NOT':
      if (top.prim === 'bytes' && Array.isArray(output)) output[0] = { prim: 'bytes' };
      break;
    case 'LSL':
    case 'LSR':
      if (input[1]?.prim !== 'nat') fail(input[1] ?? top, `${op.prim} shifts by a nat`);
      if (Array.isArray(output)) output[0] = { prim: top.prim === 'bytes' ? 'bytes' : 'nat' };
      break;
    case 'PACK':
      checkPackable(top, 'PACK');
      break;
    case 'FAILWITH':
      checkPushable(top, 'FAILWITH');
      break;
    case 'EMIT':
      if (!op.args?.length) checkPushable(top, 'EMIT');
      break;
  }
}
