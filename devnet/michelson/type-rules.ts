/**
 * Octez's typing rules (protocol Ushuaia, script_ir_translator.ml and script_ir_annot.ml), written
 * out for the parts michel-codec gets wrong or lacks. michel-codec's typechecker only walks the
 * control flow (sequences, branches, loops, DIP, lambdas); every other instruction is typed here,
 * from its input stack: parse_instr's cases in its order, with its annotation rules, type
 * positions (which types PUSH, storage, views… accept), packable/dupable/comparable checks and
 * error wording. Types given back carry no annotations: since Jakarta, Octez's types have none and
 * compare without them.
 */
import type { OctezTraceBuilder } from './errors';
import { isPrim, stripAnnots, type Expr, type Prim } from './micheline';
import { namespaceOf, type Namespace } from './primitives';

/** A typing error as Octez reports it; `node` locates it in the source. */
export class OctezTypeError extends Error {
  constructor(
    readonly node: unknown,
    message: string,
    /** The precise Octez errors under the toplevel `ill_typed_contract`, when there are any. */
    readonly octez?: OctezTraceBuilder,
  ) {
    super(message);
    this.name = 'OctezTypeError';
  }
}

const fail = (node: unknown, message: string): never => {
  throw new OctezTypeError(node, message);
};

/** A deprecated instruction or type in new code: Octez's `Deprecated_instruction prim` (script_tc_errors.ml). */
const deprecated = (node: Prim): never => {
  throw new OctezTypeError(node, `Use of deprecated instruction: ${node.prim}`, () => [
    { kind: 'permanent', id: 'michelson_v1.deprecated_instruction', prim: node.prim },
  ]);
};

// ---------------------------------------------------------------------------------------------
// Printing, as octez-client prints types and stacks in errors

/** A type as Octez prints it: annotations dropped, right combs flattened (`pair a b c`). */
export function showType(t: Expr, wrap = false): string {
  if (Array.isArray(t)) return `{ ${t.map((x) => showType(x)).join(' ; ')} }`;
  if (!isPrim(t)) return 'int' in t ? t.int : 'string' in t ? JSON.stringify(t.string) : `0x${t.bytes}`;
  let args = t.args ?? [];
  if (t.prim === 'pair' && args.length === 2) {
    const r = args[1]!;
    if (isPrim(r) && r.prim === 'pair' && (r.args?.length ?? 0) >= 2) args = [args[0]!, ...(flatten(r) as Expr[])];
  }
  if (args.length === 0) return t.prim;
  const s = `${t.prim} ${args.map((a) => showType(a, true)).join(' ')}`;
  return wrap ? `(${s})` : s;
}

function flatten(t: Prim): Prim[] {
  const args = t.args as Prim[];
  if (args.length > 2) return args;
  const r = args[1]!;
  return r.prim === 'pair' && (r.args?.length ?? 0) >= 2 ? [args[0]!, ...flatten(r)] : args;
}

/** A stack as Octez prints it, `depth` elements shown then `...`. */
export function showStack(s: readonly Prim[], depth = Infinity): string {
  if (s.length === 0) return '[]';
  const shown = s.slice(0, depth).map((t) => showType(t));
  return `[ ${shown.join(' : ')}${s.length > depth ? ' : ...' : ''} ]`;
}

// ---------------------------------------------------------------------------------------------
// Type constructors and equality

const T = (prim: string, ...args: Prim[]): Prim => (args.length > 0 ? { prim, args } : { prim });
const NAT = T('nat');
const INT = T('int');
const BOOL = T('bool');
const BYTES = T('bytes');
const MUTEZ = T('mutez');
const UNIT = T('unit');
const OPERATION = T('operation');
const ADDRESS = T('address');
const option = (t: Prim): Prim => T('option', t);
export const pairOf = (a: Prim, b: Prim): Prim => T('pair', a, b);

/** The two halves of a pair type, `pair a b c …` read as the right comb `pair a (pair b c …)`. */
function halves(t: Prim): [Prim, Prim] {
  const args = t.args as Prim[];
  return [args[0]!, args.length === 2 ? args[1]! : T('pair', ...args.slice(1))];
}

/** Octez's ty_eq: structural, annotations ignored, n-ary pairs equal to their right combs. */
export function typesEqual(a: Prim, b: Prim): boolean {
  if (a.prim !== b.prim) return false;
  if (a.prim === 'pair') {
    const [al, ar] = halves(a);
    const [bl, br] = halves(b);
    return typesEqual(al, bl) && typesEqual(ar, br);
  }
  const xa = a.args ?? [];
  const xb = b.args ?? [];
  if (xa.length !== xb.length) return false;
  return xa.every((x, i) => {
    const y = xb[i]!;
    if (isPrim(x) && isPrim(y)) return typesEqual(x, y);
    // sapling memo sizes
    return !isPrim(x) && !isPrim(y) && 'int' in x && 'int' in y && BigInt(x.int) === BigInt(y.int);
  });
}

const inconsistent = (a: Prim, b: Prim): string => `Type ${showType(a)} is not compatible with type ${showType(b)}.`;

/** Octez's check_item_ty: stack item `got` must be `exp`, else Bad_stack with the mismatch. */
function checkItem(node: unknown, stack: readonly Prim[], exp: Prim, got: Prim, name: string, depth: number): void {
  if (!typesEqual(exp, got)) fail(node, `${badStack(name, depth, stack)}\n${inconsistent(exp, got)}`);
}

const badStack = (name: string, depth: number, stack: readonly Prim[]): string =>
  `wrong stack type for instruction ${name}: ${showStack(stack, depth)}.`;

// ---------------------------------------------------------------------------------------------
// Type classes

const COMPARABLE_LEAVES = new Set([
  'unit',
  'never',
  'bool',
  'int',
  'nat',
  'string',
  'bytes',
  'mutez',
  'key_hash',
  'key',
  'signature',
  'timestamp',
  'address',
  'chain_id',
]);

function isComparable(t: Prim): boolean {
  if (COMPARABLE_LEAVES.has(t.prim)) return true;
  if (t.prim === 'option' || t.prim === 'or' || t.prim === 'pair')
    return ((t.args ?? []) as Prim[]).every(isComparable);
  return false;
}

function checkComparable(node: unknown, t: Prim): void {
  if (!isComparable(t)) fail(node, `comparable type expected.Type ${showType(t)} is not comparable.`);
}

const LAZY = 'big_map or sapling_state type not expected here';
const OPERATION_FORBIDDEN = 'operation type forbidden in parameter, storage and constants';
const CONTRACT_FORBIDDEN = 'contract type forbidden in storage and constants';
const TICKET_FORBIDDEN = 'Ticket in unauthorized position (type error).';

/** Octez's check_packable: no lazy storage, operation or ticket (nor contract unless allowed); lambdas are opaque. */
function checkPackable(node: unknown, t: Prim, allowContract: boolean): void {
  switch (t.prim) {
    case 'big_map':
    case 'sapling_state':
      fail(node, LAZY);
      break;
    case 'operation':
      fail(node, OPERATION_FORBIDDEN);
      break;
    case 'ticket':
      fail(node, TICKET_FORBIDDEN);
      break;
    case 'contract':
      if (!allowContract) fail(node, CONTRACT_FORBIDDEN);
      break;
    case 'pair':
    case 'or':
    case 'option':
    case 'list':
      for (const a of t.args as Prim[]) checkPackable(node, a, allowContract);
      break;
    case 'map':
      checkPackable(node, (t.args as Prim[])[1]!, allowContract);
      break;
  }
}

/** Octez's check_dupable_ty: tickets anywhere except under a lambda, a set or a map/big_map key. */
function isDupable(t: Prim): boolean {
  switch (t.prim) {
    case 'ticket':
      return false;
    case 'pair':
    case 'or':
    case 'option':
    case 'list':
      return (t.args as Prim[]).every(isDupable);
    case 'map':
    case 'big_map':
      return isDupable((t.args as Prim[])[1]!);
    default:
      return true;
  }
}

function checkDupable(node: unknown, t: Prim): void {
  if (!isDupable(t))
    fail(
      node,
      `type ${showType(t)} cannot be used here because it is not duplicable. Only duplicable types can be used with the DUP instruction and as view inputs and outputs.`,
    );
}

// ---------------------------------------------------------------------------------------------
// Annotations (script_ir_annot.ml)

const UNEXPECTED_ANNOT = 'unexpected annotation.';

/** An annotation refused (script_ir_annot.ml), with Octez's error under the toplevel one, located at its node. */
const badAnnot = (node: unknown, message: string, id: string): never => {
  throw new OctezTypeError(node, message, (locate) => [{ kind: 'permanent', id, location: locate(node as Expr) }]);
};
const unexpectedAnnot = (node: unknown): never =>
  badAnnot(node, UNEXPECTED_ANNOT, 'michelson_v1.unexpected_annotation');
type AnnotClass = { v: string[]; t: string[]; f: string[] };

const annotRest = /^[a-zA-Z_0-9][a-zA-Z_.%@0-9]*$/;

/** parse_annots + classify_annot: each annotation well-formed, those of a kind grouped. */
function classify(
  node: unknown,
  annots: readonly string[] | undefined,
  special: { v?: boolean; f?: boolean } = {},
): AnnotClass {
  const out: AnnotClass = { v: [], t: [], f: [] };
  let current: keyof AnnotClass | null = null;
  for (const a of annots ?? []) {
    let kind: keyof AnnotClass;
    if (special.v && (a === '@%' || a === '@%%')) kind = 'v';
    else if (special.f && a === '%@') kind = 'f';
    else {
      if (a.length === 0 || a.length > 255) unexpectedAnnot(node);
      const k = ({ ':': 't', '@': 'v', '%': 'f' } as const)[a[0] as ':' | '@' | '%'];
      if (k === undefined) unexpectedAnnot(node);
      kind = k!;
      const rest = a.slice(1);
      if (rest !== '' && !annotRest.test(rest)) unexpectedAnnot(node);
    }
    if (current !== kind && out[kind].length > 0)
      badAnnot(node, 'Annotations of the same kind must be grouped.', 'michelson_v1.ungrouped_annotations');
    current = kind;
    out[kind].push(a);
  }
  return out;
}

/** Allowed counts of var, type and field annotations. */
function annotCounts(
  node: unknown,
  annots: readonly string[] | undefined,
  v: number,
  t: number,
  f: number,
  special: { v?: boolean; f?: boolean } = {},
): AnnotClass {
  const c = classify(node, annots, special);
  if (c.v.length > v || c.t.length > t || c.f.length > f) unexpectedAnnot(node);
  return c;
}

type AnnotRule = 'none' | 'var' | 'var_type' | 'constr' | 'destr' | 'unpair' | 'two_var' | 'free';

function checkAnnots(p: Prim, rule: AnnotRule): void {
  const a = p.annots;
  switch (rule) {
    case 'none':
      if (a && a.length > 0) unexpectedAnnot(p);
      break;
    case 'var':
      annotCounts(p, a, 1, 0, 0);
      break;
    case 'var_type':
      annotCounts(p, a, 1, 1, 0);
      break;
    case 'constr':
      annotCounts(p, a, 1, 1, 2, { f: true });
      break;
    case 'destr':
      annotCounts(p, a, 1, 0, 1, { v: true });
      break;
    case 'unpair':
      annotCounts(p, a, 2, 0, 2, { v: true });
      break;
    case 'two_var':
      annotCounts(p, a, 2, 0, 0);
      break;
    case 'free':
      break;
  }
}

/** parse_entrypoint_annot: at most one field annotation (the entrypoint), one var annotation, no type one. */
function entrypointAnnot(p: Prim, strict: boolean): string {
  const c = annotCounts(p, p.annots, 1, 0, 1);
  const f = c.f[0];
  if (f === undefined || f === '%') return 'default';
  const name = f.slice(1);
  if (name.length > 31)
    fail(p, `Entrypoint name too long (type error): ${name} exceeds the maximum length of 31 characters.`);
  if (name === 'default' && strict)
    fail(
      p,
      "unexpected_default_entrypoint: the annotation 'default' was encountered where an entrypoint is expected (write no annotation instead).",
    );
  return name;
}

// ---------------------------------------------------------------------------------------------
// Node kinds

type Kind = 'int' | 'string' | 'byte sequence' | 'sequence' | 'primitive';
function kindOf(e: Expr): Kind {
  if (Array.isArray(e)) return 'sequence';
  if (isPrim(e)) return 'primitive';
  return 'int' in e ? 'int' : 'string' in e ? 'string' : 'byte sequence';
}
const article = (k: Kind): string => (k === 'int' ? 'an int' : `a ${k}`);

/** print_enumeration: `a, b or c`. */
const enumerate = (xs: readonly string[]): string =>
  xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} or ${xs.at(-1)}`;

export function invalidKind(node: Expr, expected: readonly Kind[]): never {
  return fail(node, `unexpected ${kindOf(node)}, only ${enumerate(expected.map(article))} can be used here.`);
}

function checkKind(node: Expr, expected: readonly Kind[]): void {
  if (!expected.includes(kindOf(node))) invalidKind(node, expected);
}

export const invalidArity = (node: Prim, expected: number): never =>
  fail(
    node,
    `primitive ${node.prim} expects ${expected} argument${expected === 1 ? '' : 's'} but is given ${node.args?.length ?? 0}.`,
  );

/** Octez's `unexpected`: a node that is not of the expected namespace or primitive set. */
export function unexpectedNode(node: Expr, kinds: readonly Kind[], ns: Namespace, prims: readonly string[]): never {
  if (!isPrim(node)) return invalidKind(node, ['primitive', ...kinds]);
  const got = namespaceOf(node.prim);
  if (got === null) return fail(node, `Invalid primitive name ${node.prim}.`);
  if (got === 'constant hash')
    return fail(node, `unregistered global constant: ${showConstant(node)} (this VM has no global constants table).`);
  if (got === ns) return fail(node, `invalid primitive ${node.prim}, only ${enumerate(prims)} can be used here.`);
  return fail(
    node,
    `unexpected ${got} ${node.prim}, only ${ns === 'instruction' ? 'an' : 'a'} ${ns} can be used here.`,
  );
}

const showConstant = (p: Prim): string => {
  const a = p.args?.[0];
  return a && !isPrim(a) && !Array.isArray(a) && 'string' in a ? a.string : showType(p);
};

/** parse_uint10 / parse_uint11. */
function uint(node: Expr | undefined, bits: number, owner: Prim): number {
  const max = (1 << bits) - 1;
  if (node && !Array.isArray(node) && !isPrim(node) && 'int' in node) {
    const n = BigInt(node.int);
    if (n >= 0n && n <= BigInt(max)) return Number(n);
  }
  return fail(
    node ?? owner,
    `value ${node ? showType(node) : ''} is invalid, expected a positive ${bits}-bit integer (between 0 and ${max})`,
  );
}

// ---------------------------------------------------------------------------------------------
// Types (parse_ty)

/** Which types a position accepts (parse_ty's allow_* flags). */
export interface TypeFlags {
  readonly lazy: boolean;
  readonly operation: boolean;
  readonly contract: boolean;
  readonly ticket: boolean;
}
export const ANY: TypeFlags = { lazy: true, operation: true, contract: true, ticket: true };
export const PASSABLE: TypeFlags = { lazy: true, operation: false, contract: true, ticket: true };
export const STORAGE: TypeFlags = { lazy: true, operation: false, contract: false, ticket: true };
export const PACKABLE: TypeFlags = { lazy: false, operation: false, contract: false, ticket: false };
export const VIEW_IO: TypeFlags = { lazy: false, operation: false, contract: true, ticket: false };
const BIG_MAP_VALUE: TypeFlags = { lazy: false, operation: false, contract: false, ticket: true };
const COMPARABLE_FLAGS: TypeFlags = { lazy: false, operation: false, contract: false, ticket: false };

/** Where a parameter's entrypoints are: a name at this node, and the branches of an `or`. */
export interface EntrypointNode {
  readonly name: string | null;
  readonly type: Prim;
  readonly left?: EntrypointNode;
  readonly right?: EntrypointNode;
}

/** extract_field_annot: the first field annotation that names something (not the `%` wildcard). */
function extractField(p: Prim): { node: Prim; field: string | null } {
  const annots = p.annots ?? [];
  for (let i = 0; i < annots.length; i++) {
    const a = annots[i]!;
    if (!a.startsWith('%')) continue;
    classify(p, [a]);
    if (a === '%') continue;
    const rest = [...annots.slice(0, i), ...annots.slice(i + 1)];
    return { node: { ...p, annots: rest }, field: a.slice(1) };
  }
  return { node: p, field: null };
}

function checkTypeAnnot(p: Prim): void {
  annotCounts(p, p.annots, 0, 1, 0);
}

const memoSize = (node: Expr | undefined, owner: Prim): Expr => {
  if (!node || kindOf(node) !== 'int') return invalidKind(node ?? owner, ['int']);
  const n = BigInt((node as { int: string }).int);
  if (n < 0n || n > 65535n)
    fail(node, `value ${showType(node)} is invalid, expected a positive 16-bit integer (between 0 and 65535)`);
  return { int: n.toString() };
};

const TYPE_PRIMS_LISTED = [
  'bls12_381_fr',
  'bls12_381_g1',
  'bls12_381_g2',
  'bool',
  'bytes',
  'chain_id',
  'contract',
  'int',
  'key',
  'key_hash',
  'lambda',
  'list',
  'map',
  'mutez',
  'nat',
  'never',
  'operation',
  'option',
  'or',
  'pair',
  'set',
  'signature',
  'string',
  'ticket',
  'timestamp',
  'unit',
];
const NULLARY = new Set([
  'unit',
  'int',
  'nat',
  'string',
  'bytes',
  'mutez',
  'bool',
  'key',
  'key_hash',
  'chest_key',
  'chest',
  'timestamp',
  'address',
  'signature',
  'operation',
  'chain_id',
  'never',
  'bls12_381_g1',
  'bls12_381_g2',
  'bls12_381_fr',
]);

/**
 * Octez's parse_ty: checks a type written in a script for the position `flags` describes and
 * gives it back without annotations. With `entrypoints`, field annotations on the `or` tree name
 * entrypoints (parse_parameter_ty) and are collected in `ep`.
 */
export function parseType(node: Expr, flags: TypeFlags, entrypoints?: { ep?: EntrypointNode }): Prim {
  if (!isPrim(node)) return unexpectedNode(node, [], 'type name', TYPE_PRIMS_LISTED);
  let p = node;
  let name: string | null = null;
  if (entrypoints) {
    const x = extractField(p);
    p = x.node;
    // of_annot_lax_opt: names over 31 characters name no entrypoint
    name = x.field !== null && x.field.length <= 31 ? x.field : null;
  }
  const args = p.args ?? [];
  const sub = (e: Expr, f: TypeFlags): Prim => parseType(e, f);
  const withField = (e: Expr, f: TypeFlags): Prim => (isPrim(e) ? parseType(extractField(e).node, f) : parseType(e, f));
  let out: Prim;
  let ep: EntrypointNode | undefined;
  if (NULLARY.has(p.prim) && args.length === 0) {
    if (p.prim === 'operation' && !flags.operation) fail(p, OPERATION_FORBIDDEN);
    checkTypeAnnot(p);
    out = T(p.prim);
  } else {
    switch (p.prim) {
      case 'contract':
        if (args.length !== 1) return invalidArity(p, 1);
        if (!flags.contract) fail(p, CONTRACT_FORBIDDEN);
        checkTypeAnnot(p);
        out = T('contract', sub(args[0]!, PASSABLE));
        break;
      case 'pair': {
        if (args.length < 2) return invalidArity(p, 2);
        checkTypeAnnot(p);
        const l = withField(args[0]!, flags);
        const r = args.length === 2 ? withField(args[1]!, flags) : sub({ prim: 'pair', args: args.slice(1) }, flags);
        out = T('pair', l, r);
        break;
      }
      case 'or': {
        if (args.length !== 2) return invalidArity(p, 2);
        checkTypeAnnot(p);
        if (entrypoints) {
          const l: { ep?: EntrypointNode } = {};
          const r: { ep?: EntrypointNode } = {};
          out = T('or', parseType(args[0]!, flags, l), parseType(args[1]!, flags, r));
          ep = { name, type: out, left: l.ep!, right: r.ep! };
        } else out = T('or', withField(args[0]!, flags), withField(args[1]!, flags));
        break;
      }
      case 'lambda':
        if (args.length !== 2) return invalidArity(p, 2);
        checkTypeAnnot(p);
        out = T('lambda', sub(args[0]!, ANY), sub(args[1]!, ANY));
        break;
      case 'option':
      case 'list':
        if (args.length !== 1) return invalidArity(p, 1);
        checkTypeAnnot(p);
        out = T(p.prim, sub(args[0]!, flags));
        break;
      case 'ticket':
        if (args.length !== 1) return invalidArity(p, 1);
        if (!flags.ticket) fail(p, TICKET_FORBIDDEN);
        checkTypeAnnot(p);
        out = T('ticket', comparable(args[0]!));
        break;
      case 'set':
        if (args.length !== 1) return invalidArity(p, 1);
        checkTypeAnnot(p);
        out = T('set', comparable(args[0]!));
        break;
      case 'map':
        if (args.length !== 2) return invalidArity(p, 2);
        checkTypeAnnot(p);
        out = T('map', comparable(args[0]!), sub(args[1]!, flags));
        break;
      case 'sapling_transaction':
        if (args.length !== 1) return invalidArity(p, 1);
        checkTypeAnnot(p);
        out = { prim: p.prim, args: [memoSize(args[0], p)] };
        break;
      case 'big_map':
        if (!flags.lazy) fail(p, LAZY);
        if (args.length !== 2) return invalidArity(p, 2);
        checkTypeAnnot(p);
        out = T('big_map', comparable(args[0]!), sub(args[1]!, BIG_MAP_VALUE));
        break;
      case 'sapling_state':
        if (!flags.lazy) fail(p, LAZY);
        if (args.length !== 1) return invalidArity(p, 1);
        checkTypeAnnot(p);
        out = { prim: p.prim, args: [memoSize(args[0], p)] };
        break;
      case 'sapling_transaction_deprecated':
      case 'tx_rollup_l2_address':
        return deprecated(p);
      default:
        if (NULLARY.has(p.prim)) return invalidArity(p, 0);
        return unexpectedNode(p, [], 'type name', TYPE_PRIMS_LISTED);
    }
  }
  if (entrypoints) entrypoints.ep = ep ?? { name, type: out };
  return out;
}

/** parse_comparable_ty. */
function comparable(node: Expr): Prim {
  const t = parseType(node, COMPARABLE_FLAGS);
  if (!isComparable(t)) fail(node, `comparable type expected.Type ${showType(stripAnnots(node))} is not comparable.`);
  return t;
}

/** The parameter type with its entrypoints, checked as parse_parameter_ty_and_entrypoints does. */
export function parseParameter(node: Expr): { type: Prim; entrypoints: EntrypointNode } {
  const holder: { ep?: EntrypointNode } = {};
  const type = parseType(node, PASSABLE, holder);
  const root = holder.ep!;
  checkEntrypoints(root);
  return { type, entrypoints: root };
}

/** well_formed_entrypoints: no two entrypoints of a name; with a %default, every leaf reachable. */
function checkEntrypoints(root: EntrypointNode): void {
  const all = new Set<string>();
  let firstUnreachable: string[] | null = null;
  if (root.name !== null) all.add(root.name);
  const merge = (path: string[], n: EntrypointNode, reachable: boolean): boolean => {
    if (n.name === null) {
      if (!reachable && n.type.prim !== 'or' && firstUnreachable === null) firstUnreachable = path;
      return reachable;
    }
    if (all.has(n.name)) fail(n.type, `Contract has two entrypoints named ${n.name}`);
    all.add(n.name);
    return true;
  };
  const check = (n: EntrypointNode, path: string[], reachable: boolean): void => {
    if (!n.left || !n.right) return;
    const lr = merge([...path, 'Left'], n.left, reachable);
    const rr = merge([...path, 'Right'], n.right, reachable);
    check(n.left, [...path, 'Left'], lr);
    check(n.right, [...path, 'Right'], rr);
  };
  check(root, [], root.name !== null);
  if (all.has('default') && firstUnreachable !== null)
    fail(root.type, `Entrypoint at path ${(firstUnreachable as string[]).join('/')} is not reachable`);
}

/** find_entrypoint: the type SELF %name refers to. */
export function entrypointType(root: EntrypointNode, name: string): Prim | null {
  const find = (n: EntrypointNode): Prim | null => {
    if (n.name === name) return n.type;
    if (n.left && n.right) return find(n.left) ?? find(n.right);
    return null;
  };
  return find(root) ?? (name === 'default' ? root.type : null);
}

/** parse_view_name: a string of at most 31 characters from [a-zA-Z0-9_.%@]. */
export function checkViewName(node: Expr): string {
  if (kindOf(node) !== 'string') return invalidKind(node, ['string']);
  const v = (node as { string: string }).string;
  if (v.length > 31) fail(node, ` A view name, "${v}", exceeds the maximum length of 31 characters.`);
  if (!/^[a-zA-Z0-9_.%@]*$/.test(v))
    fail(
      node,
      `value ${JSON.stringify(v)} is invalid, expected string [a-zA-Z0-9_.%@] and the maximum string length of 31 characters\nthe name of view should be of type string`,
    );
  return v;
}

// ---------------------------------------------------------------------------------------------
// Control instructions: left to michel-codec, their shape checked here first

/** The instructions michel-codec types (it walks their bodies); all others are typed by `typeInstruction`. */
export const CONTROL = new Set([
  'IF',
  'IF_NONE',
  'IF_LEFT',
  'IF_CONS',
  'LOOP',
  'LOOP_LEFT',
  'ITER',
  'MAP',
  'DIP',
  'LAMBDA',
  'LAMBDA_REC',
]);

/** Checks a control instruction's arity, argument kinds, annotations and types; gives back its types, stripped. */
export function checkControl(p: Prim): Prim[] {
  const args = p.args ?? [];
  switch (p.prim) {
    case 'IF':
    case 'IF_NONE':
    case 'IF_LEFT':
    case 'IF_CONS':
      if (args.length !== 2) return invalidArity(p, 2);
      checkKind(args[0]!, ['sequence']);
      checkKind(args[1]!, ['sequence']);
      checkAnnots(p, 'none');
      return [];
    case 'LOOP':
    case 'ITER':
    case 'LOOP_LEFT':
    case 'MAP':
      if (args.length !== 1) return invalidArity(p, 1);
      checkKind(args[0]!, ['sequence']);
      checkAnnots(p, p.prim === 'MAP' ? 'var_type' : p.prim === 'LOOP_LEFT' ? 'var' : 'none');
      return [];
    case 'DIP':
      if (args.length === 1) {
        checkAnnots(p, 'none');
        checkKind(args[0]!, ['sequence']);
      } else if (args.length === 2) {
        uint(args[0], 10, p);
        checkAnnots(p, 'none');
      } else return invalidArity(p, 2);
      return [];
    default: {
      // LAMBDA, LAMBDA_REC
      if (args.length !== 3) return invalidArity(p, 3);
      const types = [parseType(args[0]!, ANY), parseType(args[1]!, ANY)];
      checkKind(args[2]!, ['sequence']);
      checkAnnots(p, 'var');
      return types;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Every other instruction (parse_instr)

/** What typing an instruction needs from around it. */
export interface InstrEnv {
  /** Where the code is: the contract's code, a view, or a lambda in data; and whether inside a LAMBDA. */
  readonly callsite: 'toplevel' | 'view' | 'data';
  readonly inLambda: boolean;
  /** The contract's entrypoints, for SELF (toplevel code only). */
  readonly self?: EntrypointNode;
  /** Typechecks the datum of a PUSH (lambdas included) against its type. */
  pushData(data: Expr, type: Prim, owner: Prim): void;
  /** Typechecks the script of a CREATE_CONTRACT; gives back its storage type. */
  createContract(script: Expr[], owner: Prim): Prim;
}

/** The instructions Octez lists when an instruction meets a stack no case of it matches. */
const LISTED = [
  'ABS',
  'ADD',
  'AMOUNT',
  'AND',
  'BALANCE',
  'BLAKE2B',
  'CAR',
  'CDR',
  'CHECK_SIGNATURE',
  'COMPARE',
  'CONCAT',
  'CONS',
  'CREATE_CONTRACT',
  'DIG',
  'DIP',
  'DROP',
  'DUG',
  'DUP',
  'EDIV',
  'EMPTY_BIG_MAP',
  'EMPTY_MAP',
  'EMPTY_SET',
  'EQ',
  'EXEC',
  'FAILWITH',
  'GE',
  'GET',
  'GET_AND_UPDATE',
  'GT',
  'HASH_KEY',
  'IF',
  'IF_CONS',
  'IF_LEFT',
  'IF_NONE',
  'IMPLICIT_ACCOUNT',
  'INT',
  'ITER',
  'JOIN_TICKETS',
  'KECCAK',
  'LAMBDA',
  'LE',
  'LEFT',
  'LEVEL',
  'LOOP',
  'LSL',
  'LSR',
  'LT',
  'MAP',
  'MEM',
  'MIN_BLOCK_TIME',
  'MUL',
  'NEG',
  'NEQ',
  'NEVER',
  'NIL',
  'NONE',
  'NOT',
  'NOW',
  'OPEN_CHEST',
  'OR',
  'PAIR',
  'PAIRING_CHECK',
  'PUSH',
  'READ_TICKET',
  'RIGHT',
  'SAPLING_EMPTY_STATE',
  'SAPLING_VERIFY_UPDATE',
  'SELF',
  'SELF_ADDRESS',
  'SENDER',
  'SHA256',
  'SHA3',
  'SHA512',
  'SIZE',
  'SOME',
  'SOURCE',
  'SPLIT_TICKET',
  'SUB',
  'SUB_MUTEZ',
  'SWAP',
  'TICKET',
  'TOTAL_VOTING_POWER',
  'TRANSFER_TOKENS',
  'UNIT',
  'UNPAIR',
  'UPDATE',
  'VIEW',
  'VOTING_POWER',
  'XOR',
  'INDEX_ADDRESS',
];

/** The arithmetic and bitwise instructions on two operands. */
const ARITHMETIC = ['ADD', 'SUB', 'SUB_MUTEZ', 'MUL', 'EDIV', 'AND', 'OR', 'XOR', 'LSL', 'LSR'];
/** The comparisons of a COMPARE result with zero. */
const COMPARISONS = ['EQ', 'NEQ', 'LT', 'GT', 'LE', 'GE'];

// The "primitive parsing errors" and "stack errors" groups at the end of parse_instr.
const ARITY0 = new Set([
  'DUP',
  'SWAP',
  'SOME',
  'UNIT',
  'PAIR',
  'UNPAIR',
  'CAR',
  'CDR',
  'CONS',
  'CONCAT',
  'SLICE',
  'MEM',
  'UPDATE',
  'GET',
  'EXEC',
  'FAILWITH',
  'SIZE',
  ...ARITHMETIC,
  'NOT',
  'ABS',
  'NEG',
  'COMPARE',
  ...COMPARISONS,
  'TRANSFER_TOKENS',
  'SET_DELEGATE',
  'NOW',
  'MIN_BLOCK_TIME',
  'IMPLICIT_ACCOUNT',
  'AMOUNT',
  'BALANCE',
  'LEVEL',
  'CHECK_SIGNATURE',
  'HASH_KEY',
  'SOURCE',
  'SENDER',
  'BLAKE2B',
  'SHA256',
  'SHA512',
  'ADDRESS',
  'RENAME',
  'PACK',
  'ISNAT',
  'INT',
  'SELF',
  'CHAIN_ID',
  'NEVER',
  'VOTING_POWER',
  'TOTAL_VOTING_POWER',
  'KECCAK',
  'SHA3',
  'PAIRING_CHECK',
  'TICKET',
  'READ_TICKET',
  'SPLIT_TICKET',
  'JOIN_TICKETS',
  'OPEN_CHEST',
  // not in Octez's list, but of no argument all the same
  'APPLY',
  'SELF_ADDRESS',
  'IS_IMPLICIT_ACCOUNT',
  'INDEX_ADDRESS',
  'GET_ADDRESS_INDEX',
  'GET_AND_UPDATE',
  'BYTES',
  'NAT',
  'SAPLING_VERIFY_UPDATE',
]);
const ARITY1 = new Set([
  'NONE',
  'LEFT',
  'RIGHT',
  'NIL',
  'EMPTY_SET',
  'CONTRACT',
  'CAST',
  'UNPACK',
  'CREATE_CONTRACT',
  'EMIT',
  'SAPLING_EMPTY_STATE',
]);
const ARITY2 = new Set(['PUSH', 'VIEW', 'EMPTY_MAP', 'EMPTY_BIG_MAP']);
const BINOPS = new Set([...ARITHMETIC, 'CONCAT', 'PAIRING_CHECK']);
const UNOPS = new Set(['NEG', 'ABS', 'NOT', 'SIZE', ...COMPARISONS, 'CONCAT']);
const DEPTH3 = new Set(['UPDATE', 'SLICE', 'OPEN_CHEST']);
const DEPTH1 = new Set([
  'DROP',
  'DUP',
  'CAR',
  'CDR',
  'UNPAIR',
  'SOME',
  'BLAKE2B',
  'SHA256',
  'SHA512',
  'DIP',
  'IF_NONE',
  'LEFT',
  'RIGHT',
  'IF_LEFT',
  'IF',
  'LOOP',
  'IF_CONS',
  'IMPLICIT_ACCOUNT',
  'NEG',
  'ABS',
  'INT',
  'NOT',
  'HASH_KEY',
  ...COMPARISONS,
  'SIZE',
  'FAILWITH',
  'RENAME',
  'PACK',
  'ISNAT',
  'ADDRESS',
  'SET_DELEGATE',
  'CAST',
  'MAP',
  'ITER',
  'LOOP_LEFT',
  'UNPACK',
  'CONTRACT',
  'NEVER',
  'KECCAK',
  'SHA3',
  'READ_TICKET',
  'JOIN_TICKETS',
]);
const DEPTH2 = new Set([
  'SWAP',
  'PAIR',
  'CONS',
  'GET',
  'MEM',
  'EXEC',
  'CHECK_SIGNATURE',
  ...ARITHMETIC,
  'COMPARE',
  'PAIRING_CHECK',
  'TICKET',
  'SPLIT_TICKET',
]);

/** The error for an instruction whose arguments or stack match none of its cases. */
function noMatch(p: Prim, s: readonly Prim[]): never {
  const n = p.args?.length ?? 0;
  if (ARITY0.has(p.prim) && n > 0) return invalidArity(p, 0);
  if (ARITY1.has(p.prim) && n !== 1) return invalidArity(p, 1);
  if (ARITY2.has(p.prim) && n !== 2) return invalidArity(p, 2);
  if (BINOPS.has(p.prim) && s.length >= 2)
    return fail(p, `operator ${p.prim} is undefined between ${showType(s[0]!)} and ${showType(s[1]!)}.`);
  if (UNOPS.has(p.prim) && s.length >= 1) return fail(p, `operator ${p.prim} is undefined on ${showType(s[0]!)}.`);
  if (DEPTH3.has(p.prim)) return fail(p, badStack(p.prim, 3, s));
  if (p.prim === 'CREATE_CONTRACT') return fail(p, badStack(p.prim, 7, s));
  if (p.prim === 'TRANSFER_TOKENS') return fail(p, badStack(p.prim, 4, s));
  if (DEPTH1.has(p.prim)) return fail(p, badStack(p.prim, 1, s));
  if (DEPTH2.has(p.prim)) return fail(p, badStack(p.prim, 2, s));
  return unexpectedNode(p, ['sequence'], 'instruction', LISTED);
}

const DEPRECATED = new Set(['CREATE_ACCOUNT', 'STEPS_TO_QUOTA', 'TICKET_DEPRECATED']);

const is = (t: Prim | undefined, ...prims: string[]): t is Prim => t !== undefined && prims.includes(t.prim);
const arg = (t: Prim, i: number): Prim => (t.args as Prim[])[i]!;

/** Results of the arithmetic and bitwise instructions on their two operands (parse_instr's cases). */
const BINARY: Record<string, Record<string, string>> = {
  ADD: {
    'timestamp int': 'timestamp',
    'int timestamp': 'timestamp',
    'mutez mutez': 'mutez',
    'int int': 'int',
    'int nat': 'int',
    'nat int': 'int',
    'nat nat': 'nat',
    'bls12_381_g1 bls12_381_g1': 'bls12_381_g1',
    'bls12_381_g2 bls12_381_g2': 'bls12_381_g2',
    'bls12_381_fr bls12_381_fr': 'bls12_381_fr',
  },
  SUB: {
    'timestamp int': 'timestamp',
    'timestamp timestamp': 'int',
    'int int': 'int',
    'int nat': 'int',
    'nat int': 'int',
    'nat nat': 'int',
  },
  MUL: {
    'mutez nat': 'mutez',
    'nat mutez': 'mutez',
    'int int': 'int',
    'int nat': 'int',
    'nat int': 'int',
    'nat nat': 'nat',
    'bls12_381_g1 bls12_381_fr': 'bls12_381_g1',
    'bls12_381_g2 bls12_381_fr': 'bls12_381_g2',
    'bls12_381_fr bls12_381_fr': 'bls12_381_fr',
    'nat bls12_381_fr': 'bls12_381_fr',
    'int bls12_381_fr': 'bls12_381_fr',
    'bls12_381_fr int': 'bls12_381_fr',
    'bls12_381_fr nat': 'bls12_381_fr',
  },
  OR: { 'bool bool': 'bool', 'nat nat': 'nat', 'bytes bytes': 'bytes' },
  AND: { 'bool bool': 'bool', 'nat nat': 'nat', 'int nat': 'nat', 'bytes bytes': 'bytes' },
  XOR: { 'bool bool': 'bool', 'nat nat': 'nat', 'bytes bytes': 'bytes' },
  LSL: { 'nat nat': 'nat', 'bytes nat': 'bytes' },
  LSR: { 'nat nat': 'nat', 'bytes nat': 'bytes' },
};
const EDIV: Record<string, [string, string]> = {
  'mutez nat': ['mutez', 'mutez'],
  'mutez mutez': ['nat', 'mutez'],
  'int int': ['int', 'nat'],
  'int nat': ['int', 'nat'],
  'nat int': ['int', 'nat'],
  'nat nat': ['nat', 'nat'],
};
const UNARY: Record<string, Record<string, string>> = {
  NOT: { bool: 'bool', int: 'int', nat: 'int', bytes: 'bytes' },
  NEG: {
    int: 'int',
    nat: 'int',
    bls12_381_g1: 'bls12_381_g1',
    bls12_381_g2: 'bls12_381_g2',
    bls12_381_fr: 'bls12_381_fr',
  },
  ABS: { int: 'nat' },
  ISNAT: { int: 'option nat' },
  INT: { nat: 'int', bytes: 'int', bls12_381_fr: 'int' },
  BYTES: { nat: 'bytes', int: 'bytes' },
  NAT: { bytes: 'nat' },
  ...Object.fromEntries(COMPARISONS.map((c) => [c, { int: 'bool' }])),
  HASH_KEY: { key: 'key_hash' },
  BLAKE2B: { bytes: 'bytes' },
  SHA256: { bytes: 'bytes' },
  SHA512: { bytes: 'bytes' },
  KECCAK: { bytes: 'bytes' },
  SHA3: { bytes: 'bytes' },
  IMPLICIT_ACCOUNT: { key_hash: 'contract unit' },
  IS_IMPLICIT_ACCOUNT: { address: 'option key_hash' },
  VOTING_POWER: { key_hash: 'nat' },
  GET_ADDRESS_INDEX: { address: 'option nat' },
  INDEX_ADDRESS: { address: 'nat' },
};
const NULLARY_INSTR: Record<string, Prim> = {
  NOW: T('timestamp'),
  AMOUNT: MUTEZ,
  BALANCE: MUTEZ,
  LEVEL: NAT,
  CHAIN_ID: T('chain_id'),
  SOURCE: ADDRESS,
  SENDER: ADDRESS,
  SELF_ADDRESS: ADDRESS,
  TOTAL_VOTING_POWER: NAT,
  MIN_BLOCK_TIME: NAT,
};
const typeOfName = (s: string): Prim => {
  const [a, b, c] = s.split(' ');
  return b === undefined ? T(a!) : T(a!, c === undefined ? T(b) : T(b, T(c)));
};
/** Instructions refused in a view outside a lambda (check_not_in_view): they would change the chain. */
const NOT_IN_VIEW = new Set(['TRANSFER_TOKENS', 'SET_DELEGATE', 'INDEX_ADDRESS', 'CREATE_CONTRACT']);

/**
 * Types a non-control instruction on `s` (top first) as Octez does; gives the stack after it, or
 * 'failed' for FAILWITH and NEVER. Throws `OctezTypeError` with Octez's message.
 */
export function typeInstruction(p: Prim, s: readonly Prim[], env: InstrEnv): Prim[] | 'failed' {
  const args = p.args ?? [];
  const n = args.length;
  const [a, b, c] = s;
  const rest = (k: number): Prim[] => s.slice(k);
  const key2 = a && b ? `${a.prim} ${b.prim}` : '';
  if (DEPRECATED.has(p.prim)) return deprecated(p);
  if (NOT_IN_VIEW.has(p.prim) && env.callsite === 'view' && !env.inLambda)
    return fail(p, `The ${p.prim} instruction cannot appear in a view.`);
  switch (p.prim) {
    case 'DROP': {
      if (n === 0 && a) {
        checkAnnots(p, 'none');
        return rest(1);
      }
      if (n === 1) {
        const k = uint(args[0], 10, p);
        checkAnnots(p, 'none');
        if (s.length < k) fail(p, badStack('DROP', k, s));
        return rest(k);
      }
      if (n >= 2) return invalidArity(p, 1);
      break;
    }
    case 'DUP': {
      if (n === 0 && a) {
        checkAnnots(p, 'var');
        checkDupable(p, a);
        return [a, ...s];
      }
      if (n === 1 && a) {
        checkAnnots(p, 'var');
        const k = uint(args[0], 10, p);
        if (k === 0) fail(p, 'DUP n expects an argument of at least 1 (passed 0).');
        const t = s[k - 1];
        if (!t) return fail(p, badStack('DUP', 1, s));
        checkDupable(p, t);
        return [t, ...s];
      }
      break;
    }
    case 'DIG': {
      if (n !== 1) return invalidArity(p, 1);
      const k = uint(args[0], 10, p);
      checkAnnots(p, 'none');
      if (s.length <= k) fail(p, badStack('DIG', 3, s));
      return [s[k]!, ...s.slice(0, k), ...s.slice(k + 1)];
    }
    case 'DUG': {
      if (n !== 1) return invalidArity(p, 1);
      if (!a) {
        checkAnnots(p, 'none');
        return fail(p, badStack('DUG', 1, s));
      }
      const k = uint(args[0], 10, p);
      checkAnnots(p, 'none');
      const below = rest(1);
      if (below.length < k) fail(p, badStack('DUG', k, below));
      return [...below.slice(0, k), a, ...below.slice(k)];
    }
    case 'SWAP':
      if (n === 0 && a && b) {
        checkAnnots(p, 'none');
        return [b, a, ...rest(2)];
      }
      break;
    case 'PUSH': {
      if (n !== 2) break;
      checkAnnots(p, 'var');
      const t = parseType(args[0]!, PACKABLE);
      env.pushData(args[1]!, t, p);
      return [t, ...s];
    }
    case 'UNIT':
      if (n === 0) {
        checkAnnots(p, 'var_type');
        return [UNIT, ...s];
      }
      break;
    case 'SOME':
      if (n === 0 && a) {
        checkAnnots(p, 'var_type');
        return [option(a), ...rest(1)];
      }
      break;
    case 'NONE':
      if (n === 1) {
        const t = parseType(args[0]!, ANY);
        checkAnnots(p, 'var_type');
        return [option(t), ...s];
      }
      break;
    case 'PAIR':
      if (n === 0 && a && b) {
        checkAnnots(p, 'constr');
        return [pairOf(a, b), ...rest(2)];
      }
      if (n === 1 && a) {
        checkAnnots(p, 'var');
        const k = uint(args[0], 10, p);
        if (k < 2) fail(p, 'PAIR expects an argument of at least 2.');
        if (s.length < k) fail(p, badStack('PAIR', 1, s));
        let t = s[k - 1]!;
        for (let i = k - 2; i >= 0; i--) t = pairOf(s[i]!, t);
        return [t, ...rest(k)];
      }
      break;
    case 'UNPAIR':
      if (n === 1 && a) {
        checkAnnots(p, 'none');
        const k = uint(args[0], 10, p);
        if (k < 2) fail(p, 'UNPAIR expects an argument of at least 2.');
        const fields: Prim[] = [];
        let t = a;
        for (let i = 1; i < k; i++) {
          if (t.prim !== 'pair') fail(p, badStack('UNPAIR', 1, s));
          const [l, r] = halves(t);
          fields.push(l);
          t = r;
        }
        return [...fields, t, ...rest(1)];
      }
      if (n === 0 && is(a, 'pair')) {
        checkAnnots(p, 'unpair');
        const [l, r] = halves(a);
        return [l, r, ...rest(1)];
      }
      break;
    case 'GET':
      if (n === 1 && a) {
        checkAnnots(p, 'var');
        let k = uint(args[0], 11, p);
        let t = a;
        while (k > 0) {
          if (t.prim !== 'pair') fail(p, badStack('GET', 1, s));
          const [l, r] = halves(t);
          if (k === 1) {
            t = l;
            k = 0;
          } else {
            t = r;
            k -= 2;
          }
        }
        return [t, ...rest(1)];
      }
      if (n === 0 && a && is(b, 'map', 'big_map')) {
        checkItem(p, s, a, arg(b, 0), 'GET', 2);
        checkAnnots(p, 'var');
        return [option(arg(b, 1)), ...rest(2)];
      }
      break;
    case 'UPDATE':
      if (n === 1 && a && b) {
        checkAnnots(p, 'var');
        const k = uint(args[0], 11, p);
        const set = (t: Prim, i: number): Prim => {
          if (i === 0) return a;
          if (t.prim !== 'pair') return fail(p, badStack('UPDATE', 2, s));
          const [l, r] = halves(t);
          return i === 1 ? pairOf(a, r) : pairOf(l, set(r, i - 2));
        };
        return [set(b, k), ...rest(2)];
      }
      if (n === 0 && a && is(b, 'bool') && is(c, 'set')) {
        checkItem(p, s, arg(c, 0), a, 'UPDATE', 3);
        checkAnnots(p, 'var');
        return rest(2);
      }
      if (n === 0 && a && is(b, 'option') && is(c, 'map', 'big_map')) {
        checkItem(p, s, a, arg(c, 0), 'UPDATE', 3);
        checkItem(p, s, arg(b, 0), arg(c, 1), 'UPDATE', 3);
        checkAnnots(p, 'var');
        return rest(2);
      }
      break;
    case 'GET_AND_UPDATE':
      if (n === 0 && a && is(b, 'option') && is(c, 'map', 'big_map')) {
        checkItem(p, s, a, arg(c, 0), 'GET_AND_UPDATE', 3);
        checkItem(p, s, arg(b, 0), arg(c, 1), 'GET_AND_UPDATE', 3);
        checkAnnots(p, 'var');
        return rest(1);
      }
      break;
    case 'CAR':
    case 'CDR':
      if (n === 0 && is(a, 'pair')) {
        checkAnnots(p, 'destr');
        return [halves(a)[p.prim === 'CAR' ? 0 : 1], ...rest(1)];
      }
      break;
    case 'LEFT':
    case 'RIGHT':
      if (n === 1 && a) {
        const t = parseType(args[0]!, ANY);
        checkAnnots(p, 'constr');
        return [p.prim === 'LEFT' ? T('or', a, t) : T('or', t, a), ...rest(1)];
      }
      break;
    case 'NIL':
      if (n === 1) {
        const t = parseType(args[0]!, ANY);
        checkAnnots(p, 'var_type');
        return [T('list', t), ...s];
      }
      break;
    case 'CONS':
      if (n === 0 && a && is(b, 'list')) {
        checkItem(p, s, a, arg(b, 0), 'CONS', 2);
        checkAnnots(p, 'var');
        return rest(1);
      }
      break;
    case 'SIZE':
      if (n === 0 && is(a, 'list', 'set', 'map', 'string', 'bytes')) {
        checkAnnots(p, a.prim === 'list' ? 'var_type' : 'var');
        return [NAT, ...rest(1)];
      }
      break;
    case 'EMPTY_SET':
      if (n === 1) {
        const t = comparable(args[0]!);
        checkAnnots(p, 'var_type');
        return [T('set', t), ...s];
      }
      break;
    case 'EMPTY_MAP':
    case 'EMPTY_BIG_MAP':
      if (n === 2) {
        const k = comparable(args[0]!);
        const v = parseType(args[1]!, p.prim === 'EMPTY_MAP' ? ANY : BIG_MAP_VALUE);
        checkAnnots(p, 'var_type');
        return [T(p.prim === 'EMPTY_MAP' ? 'map' : 'big_map', k, v), ...s];
      }
      break;
    case 'MEM':
      if (n === 0 && a && is(b, 'set', 'map', 'big_map')) {
        if (b.prim === 'set') {
          checkAnnots(p, 'var_type');
          checkItem(p, s, arg(b, 0), a, 'MEM', 2);
        } else {
          checkItem(p, s, a, arg(b, 0), 'MEM', 2);
          checkAnnots(p, 'var');
        }
        return [BOOL, ...rest(2)];
      }
      break;
    case 'SAPLING_EMPTY_STATE':
      if (n === 1) {
        const m = memoSize(args[0], p);
        checkAnnots(p, 'var');
        return [{ prim: 'sapling_state', args: [m] }, ...s];
      }
      break;
    case 'SAPLING_VERIFY_UPDATE':
      if (n === 0 && is(a, 'sapling_transaction') && is(b, 'sapling_state')) {
        const ma = (a.args?.[0] as { int: string }).int;
        const mb = (b.args?.[0] as { int: string }).int;
        if (BigInt(ma) !== BigInt(mb)) fail(p, `Inconsistent memo sizes: ${mb} and ${ma}.`);
        return [option(pairOf(BYTES, pairOf(INT, b))), ...rest(2)];
      }
      break;
    case 'EXEC':
      if (n === 0 && a && is(b, 'lambda')) {
        checkItem(p, s, a, arg(b, 0), 'EXEC', 2);
        checkAnnots(p, 'var');
        return [arg(b, 1), ...rest(2)];
      }
      break;
    case 'APPLY':
      if (n === 0 && a && is(b, 'lambda') && arg(b, 0).prim === 'pair') {
        const [captured, argT] = halves(arg(b, 0));
        checkPackable(p, captured, false);
        checkItem(p, s, a, captured, 'APPLY', 2);
        checkAnnots(p, 'var');
        return [T('lambda', argT, arg(b, 1)), ...rest(2)];
      }
      break;
    case 'FAILWITH':
      if (n === 0 && a) {
        checkAnnots(p, 'none');
        checkPackable(p, a, false);
        return 'failed';
      }
      break;
    case 'NEVER':
      if (n === 0 && is(a, 'never')) {
        checkAnnots(p, 'none');
        return 'failed';
      }
      break;
    case 'ADD':
    case 'SUB':
    case 'MUL':
    case 'OR':
    case 'AND':
    case 'XOR':
    case 'LSL':
    case 'LSR': {
      if (n !== 0) break;
      if (p.prim === 'SUB' && key2 === 'mutez mutez') return deprecated(p);
      const r = BINARY[p.prim]![key2];
      if (r === undefined) break;
      checkAnnots(p, 'var');
      return [T(r), ...rest(2)];
    }
    case 'EDIV': {
      const r = n === 0 ? EDIV[key2] : undefined;
      if (r === undefined) break;
      checkAnnots(p, 'var');
      return [option(pairOf(T(r[0]), T(r[1]))), ...rest(2)];
    }
    case 'SUB_MUTEZ':
      if (n === 0 && key2 === 'mutez mutez') {
        checkAnnots(p, 'var');
        return [option(MUTEZ), ...rest(2)];
      }
      break;
    case 'CONCAT':
      if (n !== 0) break;
      if ((key2 === 'string string' || key2 === 'bytes bytes') && a) {
        checkAnnots(p, 'var');
        return [a, ...rest(2)];
      }
      if (is(a, 'list') && is(arg(a, 0), 'string', 'bytes')) {
        checkAnnots(p, 'var');
        return [arg(a, 0), ...rest(1)];
      }
      break;
    case 'SLICE':
      if (n === 0 && is(a, 'nat') && is(b, 'nat') && is(c, 'string', 'bytes')) {
        checkAnnots(p, 'var');
        return [option(c), ...rest(3)];
      }
      break;
    case 'COMPARE':
      if (n === 0 && a && b) {
        checkItem(p, s, a, b, 'COMPARE', 2);
        checkComparable(p, a);
        checkAnnots(p, 'var');
        return [INT, ...rest(2)];
      }
      break;
    case 'CAST':
      if (n === 1 && a) {
        checkAnnots(p, 'var');
        const t = parseType(args[0]!, ANY);
        if (!typesEqual(t, a)) fail(p, inconsistent(t, a));
        return [...s];
      }
      break;
    case 'RENAME':
      if (n === 0 && a) {
        checkAnnots(p, 'var');
        return [...s];
      }
      break;
    case 'PACK':
      if (n === 0 && a) {
        checkPackable(p, a, true);
        checkAnnots(p, 'var');
        return [BYTES, ...rest(1)];
      }
      break;
    case 'UNPACK':
      if (n === 1 && is(a, 'bytes')) {
        const t = parseType(args[0]!, PACKABLE);
        checkAnnots(p, 'var_type');
        return [option(t), ...rest(1)];
      }
      break;
    case 'ADDRESS':
      if (n === 0 && is(a, 'contract')) {
        checkAnnots(p, 'var');
        return [ADDRESS, ...rest(1)];
      }
      break;
    case 'CONTRACT':
      if (n === 1 && is(a, 'address')) {
        const t = parseType(args[0]!, PASSABLE);
        entrypointAnnot(p, true);
        return [option(T('contract', t)), ...rest(1)];
      }
      break;
    case 'VIEW':
      if (n === 2 && b && is(b, 'address') && a) {
        checkViewName(args[0]!);
        const t = parseType(args[1]!, VIEW_IO);
        checkAnnots(p, 'var');
        return [option(t), ...rest(2)];
      }
      break;
    case 'TRANSFER_TOKENS':
      if (n === 0 && a && is(b, 'mutez') && is(c, 'contract')) {
        checkItem(p, s, a, arg(c, 0), 'TRANSFER_TOKENS', 4);
        checkAnnots(p, 'var');
        return [OPERATION, ...rest(3)];
      }
      break;
    case 'SET_DELEGATE':
      if (n === 0 && is(a, 'option') && is(arg(a, 0), 'key_hash')) {
        checkAnnots(p, 'var');
        return [OPERATION, ...rest(1)];
      }
      break;
    case 'CREATE_CONTRACT':
      if (n === 1 && Array.isArray(args[0]) && is(a, 'option') && is(arg(a, 0), 'key_hash') && is(b, 'mutez') && c) {
        checkAnnots(p, 'two_var');
        const storage = env.createContract(args[0], p);
        if (!typesEqual(storage, c)) fail(p, inconsistent(storage, c));
        return [OPERATION, ADDRESS, ...rest(3)];
      }
      break;
    case 'SELF':
      if (n === 0) {
        const name = entrypointAnnot(p, false);
        if (env.inLambda || env.callsite === 'data') return fail(p, 'The SELF instruction cannot appear in a lambda.');
        if (env.callsite === 'view' || !env.self) return fail(p, 'The SELF instruction cannot appear in a view.');
        const t = entrypointType(env.self, name);
        if (t === null) return fail(p, `Contract has no entrypoint named ${name}`);
        return [T('contract', t), ...s];
      }
      break;
    case 'CHECK_SIGNATURE':
      if (n === 0 && is(a, 'key') && is(b, 'signature') && is(c, 'bytes')) {
        checkAnnots(p, 'var');
        return [BOOL, ...rest(3)];
      }
      break;
    case 'PAIRING_CHECK':
      if (n === 0 && is(a, 'list') && is(arg(a, 0), 'pair')) {
        const [g1, g2] = halves(arg(a, 0));
        if (g1.prim === 'bls12_381_g1' && g2.prim === 'bls12_381_g2') {
          checkAnnots(p, 'var');
          return [BOOL, ...rest(1)];
        }
      }
      break;
    case 'TICKET':
      if (n === 0 && a && is(b, 'nat')) {
        checkComparable(p, a);
        checkAnnots(p, 'var');
        return [option(T('ticket', a)), ...rest(2)];
      }
      break;
    case 'READ_TICKET':
      if (n === 0 && is(a, 'ticket')) {
        checkAnnots(p, 'var');
        return [{ prim: 'pair', args: [ADDRESS, arg(a, 0), NAT] }, ...s]; // Octez writes the comb flat
      }
      break;
    case 'SPLIT_TICKET':
      if (n === 0 && is(a, 'ticket') && is(b, 'pair')) {
        const [x, y] = halves(b);
        if (x.prim === 'nat' && y.prim === 'nat') {
          checkAnnots(p, 'var');
          return [option(pairOf(a, a)), ...rest(2)];
        }
      }
      break;
    case 'JOIN_TICKETS':
      if (n === 0 && is(a, 'pair')) {
        const [x, y] = halves(a);
        if (x.prim === 'ticket' && y.prim === 'ticket') {
          if (!typesEqual(arg(x, 0), arg(y, 0))) fail(p, inconsistent(arg(x, 0), arg(y, 0)));
          checkAnnots(p, 'var');
          return [option(x), ...rest(1)];
        }
      }
      break;
    case 'OPEN_CHEST':
      if (n === 0 && is(a, 'chest_key') && is(b, 'chest') && is(c, 'nat')) return [option(BYTES), ...rest(3)];
      break;
    case 'EMIT':
      if (n === 0 && a) {
        checkPackable(p, a, false);
        entrypointAnnot(p, true);
        return [OPERATION, ...rest(1)];
      }
      if (n === 1 && a) {
        const t = parseType(args[0]!, PACKABLE);
        checkItem(p, s, t, a, 'EMIT', 2);
        entrypointAnnot(p, true);
        return [OPERATION, ...rest(1)];
      }
      break;
    default: {
      const nullary = NULLARY_INSTR[p.prim];
      if (nullary && n === 0) {
        if (p.prim !== 'MIN_BLOCK_TIME') checkAnnots(p, 'var');
        return [nullary, ...s];
      }
      const r = n === 0 && a ? UNARY[p.prim]?.[a.prim] : undefined;
      if (r !== undefined) {
        checkAnnots(p, 'var');
        return [typeOfName(r), ...rest(1)];
      }
    }
  }
  return noMatch(p, s);
}

/** Whether an instruction of this name is typed by `typeInstruction` (else: unknown, or control). */
export const isInstruction = (prim: string): boolean => namespaceOf(prim) === 'instruction' && !CONTROL.has(prim);

/** Whether a primitive may stand where an instruction is expected. */
export const instructionNamespace = (prim: string): Namespace | null => namespaceOf(prim);
