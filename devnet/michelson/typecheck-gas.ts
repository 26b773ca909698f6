/**
 * What Octez charges to typecheck a script or a datum (protocol Ushuaia, script_ir_translator.ml), computed
 * from the devnet's own typechecker trace (the input stack of every instruction). Octez charges as it goes:
 * `parse_instr_cycle` on every call of `parse_instr` (each instruction, and each sequence and sequence tail),
 * `parse_type_cycle` per type node, `parse_data_cycle` per datum node, plus what each case checks: type
 * equalities (`ty_eq`, on the smaller type's size), DUP-ability walks, proof arguments of DIG/DUG/DROP n…,
 * branch merges, the per-literal decoding costs, and for map and big_map literals the sortedness comparisons,
 * the inserts and (big_map) the key hashing. Costs are milligas.
 */
import { parseData, unparseData } from './data';
import type { BigMapDiff } from './big-map-diff';
import {
  COLLECT_TICKETS_STEP,
  add,
  carbonatedMapFold,
  compareCost,
  comparableSize,
  cost,
  futureSerialization,
  log2,
  michelineSize,
  mul,
  readBytes,
  stripLocations,
  typeHasTickets,
  typedSizeNodes,
} from './gas';
import { pack } from './pack';
import { pairTypes, type Expr, type Prim } from './micheline';
import { typecheckCode, type Trace, type TypedScript, type TypedView } from './typecheck';
import type { BigMap, MMap, Operation, Or, Pair, SaplingState, Some, Value } from './values';

/** michelson_v1_gas_costs.ml `cost_TYPECHECKING_CODE`, `cost_PARSE_TYPE 1`, `cost_TYPECHECKING_DATA`. */
const PARSE_INSTR_CYCLE = cost.parseInstrCycle();
const PARSE_TYPE_CYCLE = cost.parseTypeCycle();
const PARSE_DATA_CYCLE = cost.parseDataCycle();

const isPrimNode = (e: Expr): e is Prim => !Array.isArray(e) && 'prim' in e;
const utf8 = new TextEncoder();

/** `Script_typed_ir.ty_size`: one per type constructor (memo sizes and annotations do not count). */
export function typeSize(t: Expr): number {
  if (!isPrimNode(t)) return 0;
  let n = 1;
  for (const a of t.args ?? []) n += typeSize(a);
  return n;
}

/** `Typecheck_costs.ty_eq`: 35 + 22 per node of the smaller type. */
const tyEq = (a: Expr, b: Expr): number => cost.tyEq(typeSize(a), typeSize(b));
const stackEq = (s: readonly Prim[]): number => s.reduce((n, t) => add(n, tyEq(t, t)), 0);

/**
 * `parse_ty`: a cycle per node; `big_map` pays a second one (parse_big_map_ty), and a comb `pair a b c` is
 * parsed as `pair a (pair b c)`, a cycle per nesting.
 */
export function typeParsingCost(t: Expr): number {
  if (!isPrimNode(t)) return 0;
  const args = t.args ?? [];
  if (t.prim === 'pair' && args.length > 2) {
    return add(
      add(PARSE_TYPE_CYCLE, typeParsingCost(args[0]!)),
      typeParsingCost({ prim: 'pair', args: args.slice(1) }),
    );
  }
  let n = t.prim === 'big_map' ? 2 * PARSE_TYPE_CYCLE : PARSE_TYPE_CYCLE;
  for (const a of args) if (isPrimNode(a)) n = add(n, typeParsingCost(a));
  return n;
}

/** `check_dupable_ty`: a cycle per node visited (a set's or map's key type is not walked). */
function dupableCost(t: Prim): number {
  let n = cost.checkDupableCycle();
  const args = (t.args ?? []).filter(isPrimNode);
  switch (t.prim) {
    case 'pair':
    case 'or':
      for (const a of t.prim === 'pair' ? pairTypes(t) : args) n = add(n, dupableCost(a));
      return n;
    case 'option':
    case 'list':
      return add(n, dupableCost(args[0]!));
    case 'map':
    case 'big_map':
      return add(n, dupableCost(args[1]!));
    default:
      return n;
  }
}

const intArg = (p: Prim): number => {
  const a = p.args?.[0];
  return a !== undefined && !Array.isArray(a) && 'int' in a ? Number(a.int) : 0;
};

const NUMERIC_ARG = new Set(['DIG', 'DUG', 'DROP', 'DIP', 'PAIR', 'UNPAIR', 'GET', 'UPDATE', 'DUP']);
const TYPE_ARGS = new Set([
  'NIL',
  'NONE',
  'LEFT',
  'RIGHT',
  'EMPTY_SET',
  'EMPTY_MAP',
  'EMPTY_BIG_MAP',
  'UNPACK',
  'CONTRACT',
  'CAST',
  'SAPLING_EMPTY_STATE',
]);
const BRANCHES = new Set(['IF', 'IF_NONE', 'IF_LEFT', 'IF_CONS']);

interface Judged {
  readonly milligas: number;
  /** The code ends in FAILWITH or NEVER on every path (Octez's `Failed` judgement). */
  readonly failed: boolean;
}

/** Typechecking costs of code, walked with the devnet's trace. */
class InstrCosts {
  constructor(private readonly trace: Trace) {}

  /** `after`: the stack the code leaves, when known (for the merges of its last branching instruction). */
  code(e: Expr, after: readonly Prim[] | undefined): Judged {
    if (!Array.isArray(e)) return this.instr(e, after);
    // Seq [] and Seq [x] are one cycle; Seq (x :: rest) is one cycle, x, then the Seq rest.
    if (e.length === 0) return { milligas: PARSE_INSTR_CYCLE, failed: false };
    let milligas = 0;
    let failed = false;
    for (const [i, x] of e.entries()) {
      const next = e[i + 1];
      const j = this.instr(x, next === undefined ? after : (this.trace.get(next) ?? undefined));
      milligas = add(milligas, add(PARSE_INSTR_CYCLE, j.milligas));
      failed = j.failed;
    }
    return { milligas, failed };
  }

  private instr(e: Expr, after: readonly Prim[] | undefined): Judged {
    if (Array.isArray(e)) return this.code(e, after);
    if (!isPrimNode(e)) return { milligas: PARSE_INSTR_CYCLE, failed: false };
    const s = this.trace.get(e) ?? [];
    const args = e.args ?? [];
    let n = PARSE_INSTR_CYCLE;
    const typed = (m: number): Judged => ({ milligas: add(n, m), failed: false });
    if (NUMERIC_ARG.has(e.prim) && args.length > 0 && !Array.isArray(args[0]) && 'int' in (args[0] as object)) {
      n = add(n, cost.proofArgument(intArg(e)));
    }
    switch (e.prim) {
      case 'FAILWITH':
      case 'NEVER':
        return { milligas: n, failed: true };
      case 'DUP': {
        const depth = args.length > 0 ? intArg(e) : 1;
        return typed(s[depth - 1] ? dupableCost(s[depth - 1]!) : 0);
      }
      case 'COMPARE':
        return typed(s[0] && s[1] ? tyEq(s[0], s[1]) : 0);
      case 'CONS':
        return typed(s[0] && s[1] ? tyEq(s[0], s[1].args![0]!) : 0);
      case 'MEM':
      case 'GET':
        if (args.length > 0 || !s[1]) return typed(0);
        return typed(tyEq(s[0]!, s[1].args![0]!));
      case 'UPDATE':
      case 'GET_AND_UPDATE': {
        if (args.length > 0 || !s[2]) return typed(0);
        const container = s[2];
        const key = tyEq(s[0]!, container.args![0]!);
        if (container.prim === 'set') return typed(key);
        return typed(add(key, tyEq((s[1]!.args ?? [s[1]!])[0]!, container.args![1]!)));
      }
      case 'EXEC':
        return typed(s[1] ? tyEq(s[0]!, s[1].args![0]!) : 0);
      case 'APPLY':
        return typed(s[1] ? tyEq(s[0]!, pairTypes(s[1].args![0] as Prim)[0]) : 0);
      case 'TRANSFER_TOKENS':
        return typed(s[2] ? tyEq(s[0]!, s[2].args![0]!) : 0);
      case 'SELF':
        return typed(cost.findEntrypointCycle());
      case 'VIEW': {
        // The name checked as parse_view_name does (`check_printable`), then the output type parsed.
        const name = args[0];
        const len =
          name !== undefined && !Array.isArray(name) && 'string' in name ? utf8.encode(name.string).length : 0;
        return typed(add(cost.checkPrintable(len), typeParsingCost(args[1]!)));
      }
      case 'PUSH':
        return typed(add(typeParsingCost(args[0]!), dataTypecheckingCost(args[1]!, args[0] as Prim, this.trace)));
      case 'LAMBDA':
      case 'LAMBDA_REC': {
        const [arg, ret, body] = args as [Prim, Prim, Expr];
        const j = this.code(body, [ret]);
        return typed(
          add(add(typeParsingCost(arg), typeParsingCost(ret)), add(j.milligas, j.failed ? 0 : tyEq(ret, ret))),
        );
      }
      case 'DIP':
        return typed(this.code(args[args.length - 1]!, undefined).milligas);
      case 'LOOP':
      case 'LOOP_LEFT':
        return typed(add(this.code(args[0]!, undefined).milligas, stackEq(s)));
      case 'ITER':
        return typed(add(this.code(args[0]!, s.slice(1)).milligas, stackEq(s.slice(1))));
      case 'MAP':
        return typed(add(this.code(args[0]!, undefined).milligas, stackEq(s.slice(1))));
      case 'CREATE_CONTRACT':
        return typed(
          s[2] ? add(scriptTypecheckingCostOf(args[0] as unknown as Expr[], this.trace), tyEq(s[2], s[2])) : 0,
        );
      default:
        break;
    }
    if (TYPE_ARGS.has(e.prim)) {
      let m = 0;
      for (const a of args) m = add(m, typeParsingCost(a));
      if (e.prim === 'CAST' && s[0]) m = add(m, tyEq(s[0], s[0]));
      return typed(m);
    }
    if (BRANCHES.has(e.prim)) {
      const [bt, bf] = args as [Expr, Expr];
      const jt = this.code(bt, after);
      const jf = this.code(bf, after);
      const merge = !jt.failed && !jf.failed && after !== undefined ? stackEq(after) : 0;
      return { milligas: add(add(n, add(jt.milligas, jf.milligas)), merge), failed: jt.failed && jf.failed };
    }
    return typed(0);
  }
}

const section = (script: Expr[], name: string): Expr | undefined => {
  for (const s of script) if (isPrimNode(s) && s.prim === name) return s.args?.[0];
  return undefined;
};

/** Micheline nodes as `Script_repr.micheline_nodes` counts them (annotations are not nodes). */
function michelineNodes(e: Expr): number {
  if (Array.isArray(e)) return e.reduce((n: number, x) => n + michelineNodes(x), 1);
  if (isPrimNode(e)) return (e.args ?? []).reduce((n: number, x) => n + michelineNodes(x), 1);
  return 1;
}

/** `Global_constants_costs.expand_no_constants_branch_cost`: walking the code for `constant`s. */
export function constantsExpansionCost(script: Expr): number {
  const nodes = michelineNodes(script);
  const w3 = mul(log2(nodes + 1), nodes);
  return add(mul(w3, 4) + Math.floor(w3 / 2) + Math.floor(w3 / 4), 100);
}

/**
 * `parse_toplevel`: each view's name is checked (`parse_view_name`, `check_printable`) and added to the map of the views
 * before it (`view_update`, a map update keyed by the name).
 */
export function viewNamesCost(script: Expr[]): number {
  let milligas = 0;
  let views = 0;
  for (const field of script) {
    if (!isPrimNode(field) || field.prim !== 'view') continue;
    const name = field.args?.[0];
    if (name === undefined || Array.isArray(name) || !('string' in name)) continue;
    const len = utf8.encode(name.string).length;
    milligas = add(milligas, add(cost.checkPrintable(len), cost.mapUpdate(len, views++)));
  }
  return milligas;
}

function scriptTypecheckingCostOf(script: Expr[], trace: Trace): number {
  const parameter = section(script, 'parameter') as Prim;
  const storage = section(script, 'storage') as Prim;
  const code = section(script, 'code')!;
  const ret: Prim = { prim: 'pair', args: [{ prim: 'list', args: [{ prim: 'operation' }] }, storage] };
  const j = new InstrCosts(trace).code(code, [ret]);
  // parse_kdescr: the code's result type is checked against (pair (list operation) storage).
  const typecheck = add(j.milligas, j.failed ? 0 : tyEq(ret, ret));
  return add(add(viewNamesCost(script), add(typeParsingCost(parameter), typeParsingCost(storage))), typecheck);
}

/**
 * `Script_ir_translator.parse_code` on a stored or originated script: looking for global constants, parsing the
 * parameter and storage types, typechecking the code, then `code_size` (45 milligas per node of the typed code). Views are typechecked only at origination (`viewsCost`).
 */
export function scriptTypecheckingCost(typed: TypedScript): number {
  const typecheck = add(constantsExpansionCost(typed.script), scriptTypecheckingCostOf(typed.script, typed.trace));
  return add(typecheck, typedSizeNodes(codeSizeNodes(typed)));
}

/** `parse_view`: the view's input and output types parsed, its code typechecked, its result type checked. */
export function viewTypecheckingCost(typed: TypedScript, view: TypedView): number {
  const ret = view.output;
  const j = new InstrCosts(typed.trace).code(view.code, [ret]);
  const types = add(typeParsingCost(view.input), typeParsingCost(view.output));
  return add(types, add(j.milligas, j.failed ? 0 : tyEq(ret, ret)));
}

/**
 * `parse_views` at origination: each view is looked up by name (`view_update` on the map of all the views), then
 * typechecked.
 */
export function viewsTypecheckingCost(typed: TypedScript): number {
  let n = 0;
  for (const [name, v] of typed.views)
    n = add(n, add(cost.mapUpdate(utf8.encode(name).length, typed.views.size), viewTypecheckingCost(typed, v)));
  return n;
}

const noLambdas = {
  compileLambda: (): never => {
    throw new Error('no lambda in a comparable value');
  },
};

/** A comparable literal as a value, for the comparison and insertion costs of map literals. */
function keyValue(e: Expr, t: Prim): Value | undefined {
  try {
    return parseData(e, t, noLambdas);
  } catch {
    return undefined;
  }
}

/** The decoding cost of a literal leaf (`parse_data`'s cases), by type and form. */
function leafCost(e: Expr, t: Prim): number {
  const readable = !Array.isArray(e) && 'string' in e;
  switch (t.prim) {
    case 'string':
      return readable ? cost.checkPrintable(utf8.encode((e as { string: string }).string).length) : 0;
    case 'timestamp':
      return readable ? cost.timestampReadable((e as { string: string }).string.length) : 0;
    case 'key':
      return readable ? cost.publicKeyReadable() : cost.publicKeyOptimized();
    case 'key_hash':
      return readable ? cost.keyHashReadable() : cost.keyHashOptimized();
    case 'signature':
      return readable ? cost.signatureReadable() : cost.signatureOptimized();
    case 'chain_id':
      return readable ? cost.chainIdReadable() : cost.chainIdOptimized();
    case 'address':
      return readable ? cost.contractReadable() : cost.addressOptimized();
    case 'contract':
      return add(readable ? cost.contractReadable() : cost.contractOptimized(), cost.contractExists());
    case 'bls12_381_g1':
      return cost.bls12381G1();
    case 'bls12_381_g2':
      return cost.bls12381G2();
    case 'bls12_381_fr':
      return cost.bls12381Fr();
    default:
      return 0;
  }
}

/**
 * `parse_data` on a literal of type `t`: a cycle per call, the literal's decoding, and for sets, maps and
 * big_maps the sortedness comparison with the previous key and the insertion; a big_map key is also packed
 * and hashed (`hash_comparable_data`). Lambdas are walked as code (the trace has them once compiled).
 */
export function dataTypecheckingCost(e: Expr, t: Prim, trace?: Trace): number {
  let n = PARSE_DATA_CYCLE;
  const args = (t.args ?? []) as Prim[];
  switch (t.prim) {
    case 'pair': {
      const [l, r] = pairTypes(t);
      const items = Array.isArray(e) ? e : isPrimNode(e) && e.prim === 'Pair' ? (e.args ?? []) : [];
      if (items.length < 2) return n;
      const rest: Expr = items.length > 2 ? { prim: 'Pair', args: items.slice(1) } : items[1]!;
      return add(n, add(dataTypecheckingCost(items[0]!, l, trace), dataTypecheckingCost(rest, r, trace)));
    }
    case 'or':
    case 'option': {
      const inner = isPrimNode(e) ? e.args?.[0] : undefined;
      if (inner === undefined) return n;
      const ty = t.prim === 'option' ? args[0]! : (e as Prim).prim === 'Left' ? args[0]! : args[1]!;
      return add(n, dataTypecheckingCost(inner, ty, trace));
    }
    case 'list':
      for (const x of Array.isArray(e) ? e : []) n = add(n, dataTypecheckingCost(x, args[0]!, trace));
      return n;
    case 'set': {
      let previous: Value | undefined;
      let size = 0;
      for (const x of Array.isArray(e) ? e : []) {
        n = add(n, dataTypecheckingCost(x, args[0]!, trace));
        const v = keyValue(x, args[0]!);
        if (v === undefined) continue;
        if (previous !== undefined) n = add(n, compareCost(previous, v));
        n = add(n, cost.setUpdate(comparableSize(v, args[0]), size++));
        previous = v;
      }
      return n;
    }
    case 'map':
      return Array.isArray(e) ? add(n, mapLiteralCost(e, t, trace)) : n;
    case 'lambda':
      return add(n, lambdaParsingCost(e, t, trace));
    case 'big_map':
      if (!Array.isArray(e)) return add(n, storedBigMapCost(args[0]!, args[1]!));
      return add(n, mapLiteralCost(e, t, trace));
    default:
      return add(n, leafCost(e, t));
  }
}

/**
 * A lambda literal's costs once per node. Octez charges a nested `PUSH (lambda …) { … PUSH (lambda …) … }` again at
 * every level — parsing the body walks the inner lambda, and unparsing it (`normalized_lam`) parses the inner one
 * again — so the gas grows exponentially with the nesting and a 2 KB script costs more than any block allows. Octez
 * stops at the gas limit as it goes; the devnet adds the same figures up, so each lambda's figure is computed once
 * and reused (a node's cost depends only on the node and its type), keeping the work linear in the script's size.
 */
const lambdaCosts = new WeakMap<Expr, { readonly type: Prim; readonly milligas: number }>();
const unparsingCosts = new WeakMap<Expr, number>();

function lambdaParsingCost(e: Expr, t: Prim, trace: Trace | undefined): number {
  const known = lambdaCosts.get(e);
  if (known?.type === t) return known.milligas;
  // parse_kdescr (or parse_lam_rec): the body typechecked, its result type checked; then `normalized_lam`
  // unparses the body again (`unparse_code_rec`).
  const [arg, ret] = t.args as [Prim, Prim];
  const body = lambdaBody(e);
  const bodyTrace = lambdaTrace(body, body === e ? [arg] : [arg, t], trace);
  const j = new InstrCosts(bodyTrace).code(body, [ret]);
  const typecheck = add(j.milligas, j.failed ? 0 : tyEq(ret, ret));
  const milligas = add(typecheck, codeUnparsingCost(body, bodyTrace));
  lambdaCosts.set(e, { type: t, milligas });
  return milligas;
}

/** The items of a map or big_map literal: each key and value parsed, sorted keys compared, each insert. */
function mapLiteralCost(e: Expr[], t: Prim, trace: Trace | undefined): number {
  const [kt, vt] = t.args as [Prim, Prim];
  let n = 0;
  let previous: Value | undefined;
  let size = 0;
  for (const elt of e) {
    if (!isPrimNode(elt) || elt.prim !== 'Elt') continue;
    const [k, v] = elt.args as [Expr, Expr];
    n = add(n, dataTypecheckingCost(k, kt, trace));
    const key = keyValue(k, kt);
    if (t.prim === 'big_map' && key !== undefined) n = add(n, keyHashing(key, kt));
    n = add(n, dataTypecheckingCost(v, vt, trace));
    if (key === undefined) continue;
    if (previous !== undefined) n = add(n, compareCost(previous, key));
    n = add(n, t.prim === 'big_map' ? cost.bigMapUpdate(size) : cost.mapUpdate(comparableSize(key, kt), size));
    size++;
    previous = key;
  }
  return n;
}

/**
 * A big_map given by its id (a stored contract's storage): `Big_map.exists` (`read_bytes_cost 0`), then the stored key
 * and value types parsed (`parse_comparable_ty`, `parse_big_map_value_ty`) and each checked equal to the expected one
 * (`ty_eq`).
 */
function storedBigMapCost(kt: Prim, vt: Prim): number {
  const types = add(typeParsingCost(kt), typeParsingCost(vt));
  const eq = add(cost.tyEq(typedTypeNodes(kt), typedTypeNodes(kt)), cost.tyEq(typedTypeNodes(vt), typedTypeNodes(vt)));
  return add(readBytes(0), add(types, eq));
}

const lambdaBody = (e: Expr): Expr => (isPrimNode(e) && e.prim === 'Lambda_rec' ? (e.args?.[0] ?? []) : e);

/**
 * A trace holding the input stack of every instruction of a lambda's body: `trace` when it has them, else the body
 * typechecked on its input stack (a datum's lambda is typechecked only when compiled).
 */
function lambdaTrace(body: Expr, input: readonly Prim[], trace: Trace | undefined): Trace {
  if (trace?.has(body)) return trace;
  const own: Trace = new WeakMap();
  try {
    typecheckCode(body, input, own);
  } catch {
    // An ill-typed body fails its parse, which the caller reports; what was typed is in `own`.
  }
  return own;
}

/**
 * `unparse_code_rec` (script_ir_unparser.ml): an `unparse_instr_cycle` per node of the code, annotations not counted; a
 * PUSH's type and datum are not walked as code: the type is parsed again (`parse_packable_ty`), the datum parsed
 * (`parse_data`) and unparsed (`unparse_data_rec`).
 */
export function codeUnparsingCost(e: Expr, trace?: Trace): number {
  const known = unparsingCosts.get(e);
  if (known !== undefined) return known;
  const milligas = codeUnparsingWalk(e, trace);
  unparsingCosts.set(e, milligas);
  return milligas;
}

function codeUnparsingWalk(e: Expr, trace: Trace | undefined): number {
  let n = cost.unparseInstrCycle();
  if (Array.isArray(e)) {
    for (const x of e) n = add(n, codeUnparsingWalk(x, trace));
    return n;
  }
  if (!isPrimNode(e)) return n;
  const args = e.args ?? [];
  if (e.prim === 'PUSH' && args.length === 2 && isPrimNode(args[0]!)) {
    const [ty, data] = args as [Prim, Expr];
    const parse = add(typeParsingCost(ty), dataTypecheckingCost(data, ty, trace));
    return add(n, add(parse, dataUnparsingRec(data, ty, trace)));
  }
  for (const a of args) n = add(n, codeUnparsingWalk(a, trace));
  return n;
}

/** The items of a pair literal, however it is written (`Pair a b …` or a sequence). */
const combItems = (e: Expr): Expr[] =>
  Array.isArray(e) ? e : isPrimNode(e) && e.prim === 'Pair' ? (e.args ?? []) : [];

/** A ticket's contents, from its `Pair ticketer contents amount` form. */
function ticketContents(e: Expr): Expr | undefined {
  const items = combItems(e);
  return items.length > 2 ? items[1] : items.length === 2 ? combItems(items[1]!)[0] : undefined;
}

/** What unparsing a leaf costs after its cycle, in Optimized mode (`unparse_key`, `unparse_address`, …). */
function leafUnparsingCost(t: Prim): number {
  switch (t.prim) {
    case 'key':
      return cost.unparsePublicKeyOptimized();
    case 'key_hash':
      return cost.unparseKeyHashOptimized();
    case 'signature':
      return cost.unparseSignatureOptimized();
    case 'chain_id':
      return cost.unparseChainIdOptimized();
    case 'address':
      return cost.unparseAddressOptimized();
    case 'contract':
      return cost.unparseContractOptimized();
    case 'bls12_381_g1':
      return cost.unparseBls12381G1();
    case 'bls12_381_g2':
      return cost.unparseBls12381G2();
    case 'bls12_381_fr':
      return cost.unparseBls12381Fr();
    case 'chest_key':
      return cost.unparseChestKey();
    default:
      return 0;
  }
}

/**
 * `unparse_data_rec` (script_ir_unparser.ml) in Optimized mode on a datum of type `t`: an `unparse_data_cycle` per
 * value — a comb is nested pairs however it is written, a map's `Elt`s are not values, a ticket is its ticketer, contents
 * and amount — plus each leaf's encoding, and a lambda's body unparsed as code.
 */
export function dataUnparsingRec(e: Expr, t: Prim, trace?: Trace): number {
  const n = cost.unparseDataCycle();
  const args = (t.args ?? []) as Prim[];
  switch (t.prim) {
    case 'pair': {
      const [l, r] = pairTypes(t);
      const items = combItems(e);
      if (items.length < 2) return n;
      const rest: Expr = items.length > 2 ? { prim: 'Pair', args: items.slice(1) } : items[1]!;
      return add(n, add(dataUnparsingRec(items[0]!, l, trace), dataUnparsingRec(rest, r, trace)));
    }
    case 'or':
    case 'option': {
      const inner = isPrimNode(e) ? e.args?.[0] : undefined;
      if (inner === undefined) return n;
      const ty = t.prim === 'option' ? args[0]! : (e as Prim).prim === 'Left' ? args[0]! : args[1]!;
      return add(n, dataUnparsingRec(inner, ty, trace));
    }
    case 'list':
    case 'set':
      return (Array.isArray(e) ? e : []).reduce((m: number, x) => add(m, dataUnparsingRec(x, args[0]!, trace)), n);
    case 'map':
    case 'big_map': {
      let m = n;
      for (const elt of Array.isArray(e) ? e : []) {
        if (!isPrimNode(elt) || elt.prim !== 'Elt') continue;
        const [k, v] = elt.args as [Expr, Expr];
        m = add(m, add(dataUnparsingRec(k, args[0]!, trace), dataUnparsingRec(v, args[1]!, trace)));
      }
      return m;
    }
    case 'lambda':
      return add(n, codeUnparsingCost(lambdaBody(e), trace));
    case 'ticket': {
      // The ticket, then `pair address (pair contents nat)`: two pairs, the ticketer, the contents, the amount.
      const contents = ticketContents(e);
      const ticketer = add(n, cost.unparseAddressOptimized());
      const rest = add(mul(4, n), ticketer);
      return contents === undefined ? rest : add(rest, dataUnparsingRec(contents, args[0]!, trace));
    }
    default:
      return add(n, leafUnparsingCost(t));
  }
}

/**
 * `hash_comparable_data`: unparsing the key (Optimized_legacy, whose leaves cost as Optimized ones), packing it and
 * hashing the bytes.
 */
export function keyHashing(key: Value, t: Prim): number {
  return add(dataUnparsingCost(unparseData(key, t, 'optimized_legacy'), t), cost.blake2b(pack(key, t).length));
}

/**
 * `fold_lazy_storage` (`collect_lazy_storage`, `ids`) or `extract_lazy_storage_updates` over a value of type `t`: a
 * `parse_instr_cycle` per step, a type without big_maps or sapling states being one step; a pair walks both sides, an
 * `or` the side it holds, an option its value, a list its elements, a map its values; folding, a big_map or sapling
 * state with an id takes a second step.
 */
export function lazyStorageSteps(t: Prim, v: Value, ids: boolean): number {
  const cycle = PARSE_INSTR_CYCLE;
  if (!hasLazyStorage(t)) return cycle;
  const args = t.args as Prim[];
  switch (t.prim) {
    case 'big_map':
    case 'sapling_state':
      return ids && (v as BigMap | SaplingState).id !== null ? add(cycle, cycle) : cycle;
    case 'pair': {
      const [l, r] = pairTypes(t);
      const p = v as Pair;
      return add(cycle, add(lazyStorageSteps(l, p.fst, ids), lazyStorageSteps(r, p.snd, ids)));
    }
    case 'or': {
      const o = v as Or;
      return add(cycle, lazyStorageSteps(args[o.isLeft ? 0 : 1]!, o.value, ids));
    }
    case 'option':
      return v === null ? cycle : add(cycle, lazyStorageSteps(args[0]!, (v as Some).value, ids));
    case 'list':
      return (v as readonly Value[]).reduce((n: number, x) => add(n, lazyStorageSteps(args[0]!, x, ids)), cycle);
    case 'map':
      return (v as MMap).vals.reduce((n: number, x) => add(n, lazyStorageSteps(args[1]!, x, ids)), cycle);
    default:
      return cycle;
  }
}

const hasLazyStorage = (t: Prim): boolean =>
  t.prim === 'big_map' || t.prim === 'sapling_state' || (t.args ?? []).some((a) => 'prim' in a && hasLazyStorage(a));

/**
 * Unparsing a datum (script_ir_unparser.ml `unparse_data`): with its type, `unparse_data_rec`'s cost; without, a cycle
 * per node; then its future serialization.
 */
export const dataUnparsingCost = (e: Expr, t?: Prim, trace?: Trace): number =>
  add(
    t === undefined ? mul(michelineSize(e).nodes, cost.unparseDataCycle()) : dataUnparsingRec(e, t, trace),
    futureSerialization(e),
  );

/**
 * script_ir_translator.ml `diff_of_big_map`, as `extract_lazy_storage_diff` builds the diff: a new big_map unparses
 * its key and value types (and strips their locations); each pending entry pays a cycle and the unparsing of its key
 * and value.
 */
export function bigMapDiffCost(diff: readonly BigMapDiff[]): number {
  let milligas = 0;
  for (const d of diff) {
    if (d.action === 'alloc') {
      // The key type is unparsed uncarbonated, the value type by `unparse_ty`; both have their locations stripped.
      const strip = add(
        stripLocations(michelineSize(d.key_type).nodes),
        stripLocations(michelineSize(d.value_type).nodes),
      );
      milligas = add(milligas, add(strip, cost.unparseType(typedTypeNodes(d.value_type))));
    } else if (d.action === 'update') {
      milligas = add(milligas, add(PARSE_INSTR_CYCLE, dataUnparsingCost(d.key)));
      if (d.value !== undefined) milligas = add(milligas, dataUnparsingCost(d.value));
    }
  }
  return milligas;
}

/**
 * `find_entrypoint` (script_ir_translator.ml): a `find_entrypoint_cycle` per node of the parameter type visited,
 * depth first and left first, into `or`s only, until a node annotated with the name; looking for `default` where no
 * node has it visits them all before falling back to the root.
 */
export function entrypointSearchCost(parameter: Prim, entrypoint: string): number {
  const name = entrypoint === '' ? 'default' : entrypoint;
  let steps = 0;
  const visit = (t: Prim): boolean => {
    steps++;
    if (t.annots?.includes(`%${name}`)) return true;
    return t.prim === 'or' && (t.args as Prim[]).some((a) => visit(a));
  };
  visit(parameter);
  return mul(steps, cost.findEntrypointCycle());
}

// ---------------------------------------------------------------------------------------------
// In-memory size nodes (script_typed_ir_size.ml), charged at 45 milligas a node (`nodes_cost`)

/** `ty_size`'s node count: one per constructor of the typed type, where a comb `pair a b c` is `pair a (pair b c)`. */
export function typedTypeNodes(t: Expr): number {
  if (!isPrimNode(t)) return 0;
  const args = (t.args ?? []).filter(isPrimNode);
  if (t.prim === 'pair' && args.length > 2)
    return 1 + typedTypeNodes(args[0]!) + typedTypeNodes({ prim: 'pair', args: args.slice(1) });
  return args.reduce((n, a) => n + typedTypeNodes(a), 1);
}

/** `stack_ty_size`: a node per item (plus the item's type) and one for the bottom. */
const stackNodes = (s: readonly Prim[]): number => s.reduce((n, t) => n + 1 + typedTypeNodes(t), 1);

/** `Script_typed_ir_size.node_size`: every Micheline node, and a node per annotation. */
function micheline(e: Expr): number {
  if (Array.isArray(e)) return e.reduce((n: number, x) => n + micheline(x), 1);
  if (isPrimNode(e)) return (e.args ?? []).reduce((n: number, x) => n + micheline(x), 1 + (e.annots?.length ?? 0));
  return 1;
}

/** Instructions whose typed form holds their first argument's type (`ty_size` of it, kinstr_size). */
const HOLDS_ARG_TYPE = new Set(['NONE', 'LEFT', 'RIGHT', 'NIL', 'EMPTY_SET', 'EMPTY_MAP', 'UNPACK', 'CONTRACT']);
/** … and those holding the type on top of their input stack. */
const HOLDS_TOP_TYPE = new Set(['COMPARE', 'FAILWITH', 'PACK', 'APPLY', 'JOIN_TICKETS']);
/** Instructions with a stack-prefix witness (`stack_prefix_preservation_witness_size`): a node and a type per item. */
const PREFIX_WITNESS = new Set(['DIG', 'DUG', 'DIP', 'DROP']);

/**
 * `kinstr_size`'s node count over the typed instructions of `e`: a node per instruction, plus the types and pushed
 * values it holds, and an `IHalt` closing every block that does not fail (each branch, loop body and lambda, and the
 * code itself). The devnet's trace gives each instruction's input stack.
 */
class IrNodes {
  constructor(private readonly trace: Trace) {}

  /** Nodes of a block and whether it ends in FAILWITH/NEVER on every path. */
  block(e: Expr): { nodes: number; failed: boolean } {
    const items = Array.isArray(e) ? e : [e];
    let nodes = 0;
    for (const x of items) {
      const r = Array.isArray(x) ? this.block(x) : this.instr(x);
      nodes += r.nodes;
      if (r.failed) return { nodes, failed: true };
    }
    return { nodes, failed: false };
  }

  /** A nested block as its own continuation chain, closed by an `IHalt` unless it fails. */
  closed(e: Expr): number {
    const r = this.block(e);
    return r.nodes + (r.failed ? 0 : 1);
  }

  private instr(e: Expr): { nodes: number; failed: boolean } {
    if (!isPrimNode(e)) return { nodes: 0, failed: false };
    const s = this.trace.get(e) ?? [];
    const args = e.args ?? [];
    const n = (extra: number): { nodes: number; failed: boolean } => ({ nodes: 1 + extra, failed: false });
    const numeric = args.length > 0 && !Array.isArray(args[0]) && 'int' in (args[0] as object) ? intArg(e) : undefined;
    switch (e.prim) {
      case 'FAILWITH':
        return { nodes: 1 + (s[0] ? typedTypeNodes(s[0]) : 0), failed: true };
      case 'NEVER':
        return { nodes: 1, failed: true };
      case 'PUSH':
        return n(typedTypeNodes(args[0]!) + valueNodes(args[1]!, args[0] as Prim, this.trace, false));
      case 'EMPTY_BIG_MAP':
        return n(typedTypeNodes(args[0]!) + typedTypeNodes(args[1]!));
      case 'IF':
      case 'IF_NONE':
      case 'IF_LEFT':
      case 'IF_CONS': {
        const bt = this.block(args[0]!);
        const bf = this.block(args[1]!);
        return {
          nodes: 1 + bt.nodes + (bt.failed ? 0 : 1) + bf.nodes + (bf.failed ? 0 : 1),
          failed: bt.failed && bf.failed,
        };
      }
      case 'LOOP':
      case 'LOOP_LEFT':
      case 'ITER':
      case 'MAP':
        return n(this.closed(args[0]!));
      case 'DIP': {
        const depth = numeric ?? 0;
        return n(this.closed(args[args.length - 1]!) + this.prefix(s, depth));
      }
      case 'LAMBDA':
      case 'LAMBDA_REC': {
        // A lambda's kdescr: its input and output stacks, then its body (its Micheline is counted with the code's).
        const [arg, ret, body] = args as [Prim, Prim, Expr];
        const input = e.prim === 'LAMBDA_REC' ? [arg, { prim: 'lambda', args: [arg, ret] } as Prim] : [arg];
        return n(stackNodes(input) + stackNodes([ret]) + this.closed(body));
      }
      case 'CREATE_CONTRACT': {
        const script = args[0] as unknown as Expr[];
        const storage = section(script, 'storage');
        return n((storage ? typedTypeNodes(storage) : 0) + micheline(script));
      }
      case 'EMIT':
        return n(s[0] ? 2 * typedTypeNodes(s[0]) : 0);
      case 'SELF':
        return n(0);
      case 'VIEW':
        // IView's `view_signature_size`: the input type (the stack's top) and the output type.
        return n((s[0] ? typedTypeNodes(s[0]) : 0) + typedTypeNodes(args[1]!));
      default:
        break;
    }
    if (HOLDS_ARG_TYPE.has(e.prim)) return n(args[0] ? typedTypeNodes(args[0]) : 0);
    if (HOLDS_TOP_TYPE.has(e.prim))
      return n(
        s[0]
          ? typedTypeNodes(e.prim === 'JOIN_TICKETS' ? ((s[0].args?.[0] as Prim | undefined)?.args?.[0] ?? s[0]) : s[0])
          : 0,
      );
    if (PREFIX_WITNESS.has(e.prim) && numeric !== undefined)
      return n(this.prefix(e.prim === 'DUG' ? s.slice(1) : s, numeric));
    return n(0);
  }

  /** A prefix witness over the stack's first `depth` items. */
  private prefix(s: readonly Prim[], depth: number): number {
    let nodes = 0;
    for (let i = 0; i < depth && i < s.length; i++) nodes += 1 + typedTypeNodes(s[i]!);
    return nodes;
  }
}

/**
 * `value_size`'s node count of a datum of type `t` (its Micheline form): one per value, pairs and options and
 * collections included; a big_map counts its key and value types and, per pending entry, a node for the entry and
 * one for its value; a ticket its contents; a lambda (`lambda_size`) its typed body with its stacks and, unless it
 * sits in code (`count_lambda_nodes`), its Micheline.
 */
export function valueNodes(e: Expr, t: Prim, trace?: Trace, countLambdaNodes = true): number {
  const args = (t.args ?? []) as Prim[];
  const nodes = (x: Expr, xt: Prim): number => valueNodes(x, xt, trace, countLambdaNodes);
  switch (t.prim) {
    case 'pair': {
      const [l, r] = pairTypes(t);
      const items = combItems(e);
      if (items.length < 2) return 1;
      const rest: Expr = items.length > 2 ? { prim: 'Pair', args: items.slice(1) } : items[1]!;
      return 1 + nodes(items[0]!, l) + nodes(rest, r);
    }
    case 'option':
    case 'or': {
      const inner = isPrimNode(e) ? e.args?.[0] : undefined;
      if (inner === undefined) return 1;
      return 1 + nodes(inner, t.prim === 'option' ? args[0]! : (e as Prim).prim === 'Left' ? args[0]! : args[1]!);
    }
    case 'list':
    case 'set':
      return (Array.isArray(e) ? e : []).reduce((n: number, x) => n + nodes(x, args[0]!), 1);
    case 'map':
    case 'big_map': {
      let n = 1 + (t.prim === 'big_map' ? typedTypeNodes(args[0]!) + typedTypeNodes(args[1]!) : 0);
      for (const elt of Array.isArray(e) ? e : []) {
        if (!isPrimNode(elt) || elt.prim !== 'Elt') continue;
        const [k, v] = elt.args as [Expr, Expr];
        n += nodes(k, args[0]!) + nodes(v, args[1]!) + (t.prim === 'big_map' ? 2 : 0);
      }
      return n;
    }
    case 'lambda': {
      const [arg, ret] = args as [Prim, Prim];
      const body = lambdaBody(e);
      const input = body === e ? [arg] : [arg, t];
      const kdescr = stackNodes(input) + stackNodes([ret]) + new IrNodes(lambdaTrace(body, input, trace)).closed(body);
      return 1 + (countLambdaNodes ? micheline(e) : 0) + kdescr;
    }
    case 'ticket': {
      const contents = ticketContents(e);
      return 1 + (contents === undefined ? 1 : nodes(contents, args[0]!));
    }
    default:
      return 1;
  }
}

/**
 * `code_size`'s nodes (script_ir_translator.ml), which `parse_code` charges: the code's Micheline, the toplevel
 * lambda's input `pair parameter storage` and output `pair (list operation) storage` stacks, its typed instructions,
 * and each view's code and types as Micheline.
 */
export function codeSizeNodes(typed: TypedScript): number {
  const input: Prim = { prim: 'pair', args: [typed.parameter, typed.storage] };
  const output: Prim = { prim: 'pair', args: [{ prim: 'list', args: [{ prim: 'operation' }] }, typed.storage] };
  const code = section(typed.script, 'code')!;
  let nodes =
    micheline(code) + stackNodes([input]) + stackNodes([output]) + new IrNodes(typed.trace).block(code).nodes + 1;
  for (const v of typed.views.values()) nodes += micheline(v.code) + micheline(v.input) + micheline(v.output);
  return nodes;
}

// ---------------------------------------------------------------------------------------------
// Ticket accounting (ticket_accounting.ml), as it goes when no ticket moves

/**
 * `ticket_diffs`, which `execute` runs after the code: the argument, the old storage and the new storage are scanned
 * (`tickets_of_value`, a step each when their types hold no ticket), then the empty ticket-token maps are folded six
 * times (`add`'s merge, each `sub`'s `map_e` and merge, twice, and `to_ticket_receipt`).
 */
export const TICKET_DIFFS = add(mul(3, COLLECT_TICKETS_STEP), mul(6, carbonatedMapFold(0)));

/**
 * `update_ticket_balances` after a contract's run (apply.ml `update_script_storage_and_ticket_balances`): the
 * operations it emits are scanned (ticket_operations_diff.ml `tickets_of_operation`: a transaction to a contract
 * checks its parameter type for tickets, an origination its storage type, each then scanned a step), the empty token
 * map folded (`ticket_diffs_of_operations`) and listed (`to_list`: two folds).
 */
export function ticketBalancesUpdateCost(ops: readonly Operation[]): number {
  let milligas = mul(3, carbonatedMapFold(0));
  for (const { op } of ops) {
    const scanned =
      op.kind === 'origination'
        ? op.script.storageType
        : op.kind === 'transaction' && op.destination.raw[0] === 1
          ? op.parameterType
          : undefined;
    if (scanned !== undefined)
      milligas = add(milligas, add(typeHasTickets(typedTypeNodes(scanned)), COLLECT_TICKETS_STEP));
  }
  return milligas;
}
