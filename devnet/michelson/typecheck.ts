/**
 * Parsing and typechecking, as Octez (protocol Ushuaia) does them. Taquito's michel-codec parses
 * (with macro expansion) and walks the control flow — sequences, branches, loops, DIP, lambdas —
 * while every other instruction is typed by Octez's rules in type-rules.ts. michel-codec runs on a
 * shadow of the code: control instructions copied without annotations, every other instruction
 * replaced by a stand-in (`UNIT`, or `{ UNIT ; FAILWITH }` for FAILWITH and NEVER) whose output
 * stack the trace callback rewrites in place to what Octez gives. So michel-codec's own typing
 * rules, which differ from Octez's (annotations compared, lambdas looked into, outdated data
 * formats), never apply; its trace still records the input stack of every instruction, which the
 * compiler reads to pick each instruction's typed implementation. Errors are worded as
 * octez-client words them (`At line L characters A to B, ill-typed script: <Octez's message>`).
 */
import {
  Parser,
  emitMicheline,
  functionType,
  isMichelsonError,
  sourceReference,
  type InstructionTrace,
  type MichelsonCode,
  type MichelsonType,
} from '@taquito/michel-codec';
import { parseData } from './data';
import { isMichelsonDataError } from './encoding';
import { MichelsonFailure, badInput, illTyped, type OctezTraceBuilder } from './errors';
import { isPrim, locatorIn, stripAnnots, type Expr, type Prim } from './micheline';
import {
  CONTROL,
  OctezTypeError,
  STORAGE,
  VIEW_IO,
  checkControl,
  checkViewName,
  instructionNamespace,
  invalidArity,
  invalidKind,
  isInstruction,
  pairOf,
  parseParameter,
  parseType,
  showStack,
  typeInstruction,
  typesEqual,
  unexpectedNode,
  type EntrypointNode,
  type InstrEnv,
} from './type-rules';
import { Lambda, type CompiledCode } from './values';

/** Input stack types of every typechecked instruction node, top of stack first. */
export type Trace = WeakMap<object, readonly Prim[]>;

export interface TypedScript {
  readonly parameter: Prim;
  readonly storage: Prim;
  readonly code: Expr;
  readonly views: ReadonlyMap<string, TypedView>;
  /** The script as parsed (macros expanded), for origination and printing. */
  readonly script: Expr[];
  readonly trace: Trace;
}

export interface TypedView {
  readonly name: string;
  readonly input: Prim;
  readonly output: Prim;
  readonly code: Expr;
}

const parser = new Parser({ expandMacros: true });

/** Parses Michelson concrete syntax or Micheline JSON text; `what` names the input in errors. */
export function parseExpression(src: string, what: string): Expr {
  const text = src.trim();
  try {
    // Micheline JSON when it parses as JSON (`{""}` is a Michelson list of one empty string).
    // A bare application (`Pair 1 2`) needs parseList; literals and sequences parse as expressions.
    const json = text.startsWith('{"') || text.startsWith('[') ? jsonOrUndefined(text) : undefined;
    const e =
      json !== undefined
        ? parser.parseJSON(json as object)
        : /^[A-Za-z_]/.test(text)
          ? parser.parseList(text)
          : parser.parseMichelineExpression(text);
    if (e === null) throw badInput(`${what}: empty expression`);
    return json !== undefined ? e : octezMacroShapes(e);
  } catch (e) {
    if (e instanceof MichelsonFailure) throw e;
    throw badInput(`${what}: cannot parse ${JSON.stringify(abbreviate(text))}: ${(e as Error).message}`);
  }
}

function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Parses a script (concrete syntax or Micheline JSON). Syntax errors are `typecheck` failures, as
 * octez-client reports ill-formed scripts. Concrete syntax must also be laid out as octez-client
 * requires (see `checkLayout`) unless `layout: false`.
 */
export function parseScript(src: string, options: { readonly layout?: boolean } = {}): Expr[] {
  const text = src.trim();
  const json = text.startsWith('[');
  let e: Expr | null;
  try {
    // Concrete syntax is parsed untrimmed so that node offsets are those of `src` (error locations).
    e = json ? parser.parseJSON(JSON.parse(text) as object) : parser.parseScript(src);
  } catch (err) {
    throw illTyped(`Ill-formed script: ${(err as Error).message}`);
  }
  if (e === null || !Array.isArray(e))
    throw illTyped('Ill-formed script: expected a sequence of parameter, storage and code sections');
  if (!json && options.layout !== false) checkLayout(src);
  return json ? e : (octezMacroShapes(e) as Expr[]);
}

/**
 * Where michel-codec's macro expansion differs from Octez's in shape: Octez expands `CAR k` and
 * `CDR k` to a sequence `{ GET n }`, michel-codec to a bare `GET n`. The shape is visible in PACK
 * of lambdas and in printed code, so it is put back.
 */
function octezMacroShapes(e: Expr): Expr {
  if (Array.isArray(e)) {
    for (let i = 0; i < e.length; i++) e[i] = octezMacroShapes(e[i]!);
    return e;
  }
  if (!isPrim(e)) return e;
  if (e.args) for (let i = 0; i < e.args.length; i++) e.args[i] = octezMacroShapes(e.args[i]!);
  const macro = (e as { [sourceReference]?: { macro?: Expr } })[sourceReference]?.macro;
  if (macro && isPrim(macro) && (macro.prim === 'CAR' || macro.prim === 'CDR') && macro.args?.length) return [e];
  return e;
}

// ---------------------------------------------------------------------------------------------
// octez-client's Micheline parser also checks the layout of concrete syntax (micheline_parser.ml):
// only spaces and newlines between tokens, and the items of a sequence or the arguments of a
// primitive aligned unless on one line. michel-codec does not, so it is done here.

interface Point {
  readonly line: number;
  readonly column: number;
}
interface Loc {
  readonly start: Point;
  readonly stop: Point;
}
type Token = { readonly kind: 'ident' | 'annot' | 'literal' | '{' | '}' | '(' | ')' | ';'; readonly loc: Loc };
/** A node as Octez locates it; `items` are a sequence's elements or a primitive's arguments (null: a leaf). */
type Node = { readonly loc: Loc; readonly items: Node[] | null; readonly seq?: boolean };

const where = (l: Loc): string =>
  l.start.line === l.stop.line
    ? `At line ${l.start.line} characters ${l.start.column} to ${l.stop.column}`
    : `From line ${l.start.line} character ${l.start.column} to line ${l.stop.line} character ${l.stop.column}`;
const syntaxError = (loc: Loc, what: string): MichelsonFailure =>
  illTyped(`${where(loc)}, syntax error in program: ${what}`);

/** Micheline tokens with octez-client's positions (line from 1, column from 0, in characters). */
function tokenize(src: string): Token[] {
  const chars = [...src];
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let column = 0;
  const here = (): Point => ({ line, column });
  const advance = (): void => {
    if (chars[i] === '\n') {
      line++;
      column = 0;
    } else column++;
    i++;
  };
  const run = (ok: (c: string) => boolean): void => {
    while (i < chars.length && ok(chars[i]!)) advance();
  };
  while (i < chars.length) {
    const c = chars[i]!;
    const start = here();
    const push = (kind: Token['kind']): void => void tokens.push({ kind, loc: { start, stop: here() } });
    if (c === ' ' || c === '\n') advance();
    else if (c === '#') run((x) => x !== '\n');
    else if (c === '/' && chars[i + 1] === '*') {
      // comments nest
      let depth = 0;
      do {
        if (chars[i] === '/' && chars[i + 1] === '*') {
          depth++;
          advance();
        } else if (chars[i] === '*' && chars[i + 1] === '/') {
          depth--;
          advance();
        }
        advance();
      } while (i < chars.length && depth > 0);
    } else if ('{}();'.includes(c)) {
      advance();
      push(c as Token['kind']);
    } else if (/[a-zA-Z_]/.test(c)) {
      run((x) => /[a-zA-Z_0-9]/.test(x));
      push('ident');
    } else if ('@:$&%!?'.includes(c)) {
      advance();
      run((x) => /[a-zA-Z_0-9.%@]/.test(x));
      push('annot');
    } else if (/[-0-9]/.test(c)) {
      advance();
      run((x) => /[0-9a-fA-Fx]/.test(x));
      push('literal');
    } else if (c === '"') {
      advance();
      while (i < chars.length && chars[i] !== '"') {
        if (chars[i] === '\\') advance();
        advance();
      }
      advance();
      push('literal');
    } else
      throw syntaxError({ start, stop: { line, column: column + 1 } }, `unexpected character ${JSON.stringify(c)}`);
  }
  return tokens;
}

/** Octez's do_check: the items of a sequence or the arguments of a primitive are aligned, unless on one line. */
function checkAligned(node: Node, toplevel = false): void {
  if (node.items === null) return;
  const { start, stop } = node.loc;
  const misaligned = (n: Node): never => {
    throw syntaxError(n.loc, 'misaligned expression');
  };
  const [head, ...tail] = node.items;
  if (head === undefined) {
    if (node.seq && start.column >= stop.column) misaligned(node);
    return;
  }
  const first = head.loc.start;
  if (start.column >= stop.column || (!toplevel && start.column >= first.column)) misaligned(node);
  let prevLine = first.line;
  for (const item of tail) {
    if (item.loc.stop.line !== prevLine && item.loc.start.column !== first.column) misaligned(item);
    prevLine = item.loc.start.line;
  }
}

/** Rebuilds the layout of a script michel-codec has parsed and checks it as octez-client does. */
function checkLayout(src: string): void {
  const tokens = tokenize(src);
  let i = 0;
  const peek = (): Token | undefined => tokens[i];
  const done = (node: Node): Node => {
    checkAligned(node);
    return node;
  };
  const sequence = (): Node => {
    const open = tokens[i++]!;
    const items: Node[] = [];
    while (peek() && peek()!.kind !== '}') {
      if (peek()!.kind === ';') i++;
      else items.push(item());
    }
    const close = tokens[i++] ?? open;
    return done({ loc: { start: open.loc.start, stop: close.loc.stop }, items, seq: true });
  };
  // `name annots args…`; Octez locates it from the name (or the parenthesis) to its last argument.
  const application = (from: Loc): Node => {
    i++;
    while (peek()?.kind === 'annot') i++;
    const args: Node[] = [];
    while (peek() && !['}', ';', ')'].includes(peek()!.kind)) args.push(argument());
    return done({ loc: { start: from.start, stop: args.at(-1)?.loc.stop ?? from.stop }, items: args });
  };
  const argument = (): Node => {
    const t = peek()!;
    if (t.kind === '{') return sequence();
    if (t.kind === 'annot') throw syntaxError(t.loc, 'unexpected annotation');
    if (t.kind === '(') {
      i++;
      const node = peek()?.kind === 'ident' ? application(t.loc) : { loc: t.loc, items: null };
      if (peek()?.kind === ')') i++;
      return node;
    }
    i++;
    return { loc: t.loc, items: null };
  };
  const item = (): Node => (peek()!.kind === 'ident' ? application(peek()!.loc) : argument());
  const top: Node[] = [];
  while (peek()) {
    if (peek()!.kind === ';') i++;
    else top.push(item());
  }
  // A script written as one `{ … }` is checked as that sequence; otherwise its fields as a top-level one.
  if (top.length === 1 && top[0]!.seq) return;
  if (top.length > 0) checkAligned({ loc: { start: top[0]!.loc.start, stop: top.at(-1)!.loc.stop }, items: top }, true);
}

// ---------------------------------------------------------------------------------------------

/** Typechecks a whole script (code and views) and returns its sections with the type trace. */
export function typecheckScript(script: Expr[], src?: string): TypedScript {
  const trace: Trace = new WeakMap();
  const checker = new Checker(trace);
  let top: Toplevel;
  try {
    top = checker.checkScript(script);
  } catch (e) {
    throw checker.translate(e, src, script);
  }
  const views = new Map<string, TypedView>();
  for (const v of top.views) views.set(v.name, { name: v.name, input: v.input, output: v.output, code: v.code });
  return { parameter: top.parameter, storage: top.storage, code: top.code, views, script, trace };
}

/** Typechecks code run on a given stack (a lambda body), adding to `trace`; returns the output stack, or 'failed'. */
export function typecheckCode(code: Expr, stack: readonly Prim[], trace: Trace): readonly Prim[] | 'failed' {
  const checker = new Checker(trace);
  try {
    // A lambda pushed as data (Octez's Data callsite): SELF is refused in it.
    return checker.run(
      code,
      stack.map((t) => stripAnnots(t) as Prim),
      { callsite: 'data', inLambda: true },
    );
  } catch (e) {
    throw checker.translate(e);
  }
}

export const printExpr = (e: Expr): string => emitMicheline(e);
export const printType = (t: Expr): string => emitMicheline(stripAnnots(t));

function abbreviate(s: string): string {
  return s.length > 120 ? `${s.slice(0, 117)}...` : s;
}

// ---------------------------------------------------------------------------------------------

/** Where code is typechecked (Octez's tc_context): for SELF and the instructions views refuse. */
interface Ctx {
  readonly callsite: 'toplevel' | 'view' | 'data';
  readonly inLambda: boolean;
  readonly self?: EntrypointNode;
}

/** A stand-in for a non-control instruction: its original and where it is. */
interface Stub {
  readonly orig: Prim;
  readonly ctx: Ctx;
  readonly fails: boolean;
}

interface Toplevel {
  readonly parameter: Prim;
  readonly storage: Prim;
  readonly code: Expr;
  readonly storageType: Prim;
  readonly views: { name: string; input: Prim; output: Prim; code: Expr }[];
}

type Out = Prim[] | { failed: unknown; level?: number };

/** Lambda values built while checking PUSH data are only typechecked, never run. */
const NOT_COMPILED: CompiledCode = {
  run() {
    throw new Error('a lambda checked by the typechecker cannot run');
  },
};

const LIST_OPERATION: Prim = { prim: 'list', args: [{ prim: 'operation' }] };

class Checker {
  /** Shadow node → the script's node it stands for (sequences, control instructions, stand-ins). */
  private readonly origOf = new WeakMap<object, object>();
  private readonly stubs = new WeakMap<object, Stub>();
  /** Stand-ins for malformed nodes: the error to raise when typechecking reaches them. */
  private readonly deferred = new WeakMap<object, unknown>();
  /** What each shadow node gave, for the stacks in branch and body errors. */
  private readonly outs = new WeakMap<object, Out>();
  /** Nearest node with a source location (macro expansions have none of their own). */
  private readonly located = new WeakMap<object, object>();
  private lastOp: object | null = null;
  private current: object | null = null;

  constructor(private readonly trace: Trace) {}

  /** Octez's parse_toplevel, then the parameter, storage, code and views, in Octez's order. */
  checkScript(script: Expr | Expr[]): Toplevel {
    const top = toplevel(script);
    const { type: paramType, entrypoints } = parseParameter(top.parameter);
    const storageType = parseType(top.storage, STORAGE);
    const ctx: Ctx = { callsite: 'toplevel', inLambda: false, self: entrypoints };
    const out = this.run(top.code, [pairOf(paramType, storageType)], ctx);
    const ret = pairOf(LIST_OPERATION, storageType);
    if (out !== 'failed' && (out.length !== 1 || !typesEqual(out[0]!, ret)))
      throw new OctezTypeError(top.code, badReturn(out, ret));
    const views = [];
    for (const v of [...top.views].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0))) {
      const input = parseType(v.input, VIEW_IO);
      const output = parseType(v.output, VIEW_IO);
      const o = this.run(v.code, [pairOf(input, storageType)], { callsite: 'view', inLambda: false });
      if (o !== 'failed' && (o.length !== 1 || !typesEqual(o[0]!, output)))
        throw new OctezTypeError(
          v.code,
          `the return of a view block did not match the expected type.\n- resulted view stack type: ${showStack(o)},\n- expected view stack type: ${showStack([output])}.`,
        );
      views.push({ name: v.name, input: v.input as Prim, output: v.output as Prim, code: v.code });
    }
    return { parameter: top.parameter as Prim, storage: top.storage as Prim, code: top.code, storageType, views };
  }

  /** Typechecks `code` on `stack` with michel-codec walking its control flow. */
  run(code: Expr, stack: readonly Prim[], ctx: Ctx): Prim[] | 'failed' {
    const shadow = this.shadow(code, ctx, null);
    const out = functionType(shadow as MichelsonCode, stack as MichelsonType[], { traceCallback: this.record });
    return 'failed' in out ? 'failed' : Array.from(out as ArrayLike<Prim>, (t) => stripAnnots(t) as Prim);
  }

  /** A lambda body (LAMBDA's are walked by michel-codec; this is for lambdas in PUSH data). */
  private checkLambda(arg: Prim, ret: Prim, body: Expr, recursive: boolean): void {
    const stack = recursive ? [arg, { prim: 'lambda', args: [arg, ret] }] : [arg];
    const out = this.run(body, stack, { callsite: 'data', inLambda: true });
    if (out !== 'failed' && (out.length !== 1 || !typesEqual(out[0]!, ret)))
      throw new OctezTypeError(body, badReturn(out, ret));
  }

  /** The shadow of `node` michel-codec typechecks (see the module comment). */
  private shadow(node: Expr, ctx: Ctx, near: object | null): Expr {
    const here = ref(node) ? (node as object) : near;
    if (here && typeof node === 'object') this.located.set(node, here);
    if (Array.isArray(node)) {
      const sh = node.map((n) => this.shadow(n, ctx, here));
      this.origOf.set(sh, node);
      return sh;
    }
    if (!isPrim(node)) return this.defer(node, () => unexpectedNode(node, ['sequence'], 'instruction', []));
    if (CONTROL.has(node.prim)) {
      let types: Prim[];
      try {
        types = checkControl(node);
      } catch (e) {
        return this.defer(node, () => {
          throw e;
        });
      }
      const args = node.args as Expr[];
      let shArgs: Expr[];
      if (node.prim === 'LAMBDA' || node.prim === 'LAMBDA_REC')
        shArgs = [types[0]!, types[1]!, this.shadow(args[2]!, { ...ctx, inLambda: true }, here)];
      else if (node.prim === 'DIP' && args.length === 2)
        shArgs = [{ int: (args[0] as { int: string }).int }, this.shadow(args[1]!, ctx, here)];
      else shArgs = args.map((a) => this.shadow(a, ctx, here));
      const sh: Prim = { prim: node.prim, args: shArgs };
      this.origOf.set(sh, node);
      return sh;
    }
    if (!isInstruction(node.prim)) return this.defer(node, () => unexpectedNode(node, ['sequence'], 'instruction', []));
    const fails = node.prim === 'FAILWITH' || node.prim === 'NEVER';
    const sh: Expr = fails ? [{ prim: 'UNIT' }, { prim: 'FAILWITH' }] : { prim: 'UNIT' };
    this.origOf.set(sh, node);
    this.stubs.set(sh, { orig: node, ctx, fails });
    return sh;
  }

  private defer(node: Expr, raise: () => never): Expr {
    const sh: Prim = { prim: 'UNIT' };
    try {
      raise();
    } catch (e) {
      this.deferred.set(sh, e);
    }
    this.origOf.set(sh, node);
    return sh;
  }

  /** michel-codec's trace callback, run after each shadow node is typed (see the module comment). */
  private readonly record = (t: InstructionTrace): void => {
    const op = t.op as object;
    const orig = this.origOf.get(op);
    if (orig === undefined) return; // inside a FAILWITH stand-in
    if (this.deferred.has(op)) throw this.deferred.get(op);
    const input = Array.from(t.in as ArrayLike<Prim>, (x) => stripAnnots(x) as Prim);
    const out = t.out as Out;
    const stub = this.stubs.get(op);
    if (stub) {
      this.current = orig;
      const r = typeInstruction(stub.orig, input, this.env(stub.ctx));
      if (r !== 'failed' && Array.isArray(out)) {
        out.length = 0;
        out.push(...r);
      }
    } else if (Array.isArray(op)) {
      // Octez: in a sequence, only the last instruction may fail (FAILWITH, NEVER, branches that all fail).
      if ('failed' in out && op.length > 0 && this.lastOp !== op[op.length - 1])
        throw new OctezTypeError(
          this.origOf.get(this.lastOp as object) ?? orig,
          'The FAIL instruction must appear in a tail position.',
        );
    } else this.control(orig as Prim, op as Prim, input, out);
    this.trace.set(orig, input);
    this.outs.set(op, out);
    this.lastOp = op;
  };

  /** Octez's outcome of a control instruction whose body fails, where michel-codec differs. */
  private control(orig: Prim, sh: Prim, input: Prim[], out: Out): void {
    if ('failed' in out) {
      switch (orig.prim) {
        case 'ITER':
        case 'LOOP':
          becomeStack(out, input.slice(1));
          break;
        case 'LOOP_LEFT':
          becomeStack(out, [(input[0]!.args as Prim[])[1]!, ...input.slice(1)]);
          break;
        case 'LAMBDA':
        case 'LAMBDA_REC':
          becomeStack(out, [{ prim: 'lambda', args: [sh.args![0]!, sh.args![1]!] }, ...input]);
          break;
        case 'DIP':
          throw new OctezTypeError(orig, 'The FAIL instruction must appear in a tail position.');
      }
    } else for (let i = 0; i < out.length; i++) out[i] = stripAnnots(out[i]!) as Prim;
  }

  private env(ctx: Ctx): InstrEnv {
    return {
      callsite: ctx.callsite,
      inLambda: ctx.inLambda,
      ...(ctx.self ? { self: ctx.self } : {}),
      pushData: (data, type) => this.pushData(data, type),
      createContract: (script) => this.checkScript(script).storageType,
    };
  }

  /** PUSH's datum, by Octez's data rules (data.ts): no big_map ids, no forged tickets; lambdas typechecked. */
  private pushData(data: Expr, type: Prim): void {
    try {
      parseData(data, type, {
        compileLambda: (arg, ret, body, recursive) => {
          this.checkLambda(arg, ret, body, recursive);
          return new Lambda(arg, ret, body, NOT_COMPILED, recursive);
        },
        allowBigMapIds: false,
        allowTicketLiterals: false,
      });
    } catch (e) {
      if (isMichelsonDataError(e)) throw new OctezTypeError(data, e.message, e.octez);
      throw e;
    }
  }

  /** Any failure while typechecking, as a `typecheck` MichelsonFailure worded like octez-client. */
  translate(e: unknown, src?: string, root?: Expr): MichelsonFailure {
    if (e instanceof MichelsonFailure) return e;
    // Octez locates nodes in the whole script; code checked on its own (a lambda) has no such root.
    const trace = (build?: OctezTraceBuilder) => (build ? build(root ? locatorIn(root) : () => 0) : []);
    if (e instanceof OctezTypeError)
      return illTyped(`${this.locate(e.node, src)}ill-typed script: ${e.message}`, trace(e.octez));
    if (isMichelsonDataError(e)) return illTyped(`ill-typed script: ${e.message}`, trace(e.octez));
    if (isMichelsonError(e)) {
      const err = e as Error & { val?: unknown; stackState?: unknown };
      const sh = err.val as object | undefined;
      const orig = sh ? this.origOf.get(sh) : undefined;
      const stack = Array.isArray(err.stackState) ? (err.stackState as Expr[]).map((t) => stripAnnots(t) as Prim) : [];
      const message =
        orig && isPrim(orig as Expr) && sh && isPrim(sh as Expr)
          ? this.controlError(orig as Prim, sh as Prim, err.message, stack)
          : err.message;
      return illTyped(`${this.locate(orig, src)}ill-typed script: ${message}`);
    }
    return illTyped(`ill-typed script: ${(e as Error).message ?? String(e)}`);
  }

  /** michel-codec's error on a control instruction, as Octez words it. */
  private controlError(orig: Prim, sh: Prim, message: string, stack: Prim[]): string {
    const outOf = (i: number): string => {
      const o = this.outs.get(sh.args![i] as object);
      return o === undefined || 'failed' in o ? '[]' : showStack(Array.from(o, (t) => stripAnnots(t) as Prim));
    };
    if (/stack must have at least|stack type mismatch/.test(message))
      return `wrong stack type for instruction ${orig.prim}: ${showStack(stack, 1)}.`;
    switch (orig.prim) {
      case 'IF':
      case 'IF_NONE':
      case 'IF_LEFT':
      case 'IF_CONS':
        return `two branches don't end with the same stack type:\n- first stack type: ${outOf(0)},\n- other stack type: ${outOf(1)}.`;
      case 'LOOP':
      case 'LOOP_LEFT':
        return `two branches don't end with the same stack type:\n- first stack type: ${outOf(0)},\n- other stack type: ${showStack(stack)}.`;
      case 'ITER':
        return `The body of an ITER instruction must result in the same stack type as before the ITER.\n- before: ${showStack(stack.slice(1))},\n- after: ${outOf(0)}.`;
      case 'MAP':
        if (/FAIL is not allowed/.test(message))
          return 'FAIL cannot be the only instruction in the body. The proper type of the return list cannot be inferred.';
        return `The body of a map block did not match the expected type: ${outOf(0)}.`;
      case 'LAMBDA':
      case 'LAMBDA_REC':
        return `wrong stack type at end of body:\n- expected return stack type: ${showStack([sh.args![1] as Prim])},\n- actual stack type: ${outOf(2)}.`;
    }
    return message;
  }

  /** `At line L characters A to B, ` (or `From line … to line …, `) for a node, as octez-client prints locations. */
  private locate(node: unknown, src?: string): string {
    if (!src || !node || typeof node !== 'object') return '';
    const at = ref(node) ? node : (this.located.get(node) ?? (this.current && this.located.get(this.current)));
    const r = at ? ref(at) : undefined;
    if (!r) return '';
    const pos = (offset: number): [number, number] => {
      const before = src.slice(0, offset);
      return [before.split('\n').length, offset - before.lastIndexOf('\n') - 1];
    };
    const [l1, c1] = pos(r.first);
    const [l2, c2] = pos(r.last);
    return l1 === l2
      ? `At line ${l1} characters ${c1} to ${c2}, `
      : `From line ${l1} character ${c1} to line ${l2} character ${c2}, `;
  }
}

const ref = (node: unknown): { first: number; last: number } | undefined =>
  node && typeof node === 'object'
    ? (node as { [sourceReference]?: { first: number; last: number } })[sourceReference]
    : undefined;

/**
 * Turns michel-codec's `{ failed }` result into the stack Octez gives (ITER/LOOP/LOOP_LEFT/LAMBDA
 * whose body fails are well typed). michel-codec goes on with the object it passed to the trace
 * callback, so it is changed in place into an array-like stack.
 */
function becomeStack(out: object, stack: Prim[]): void {
  const o = out as Record<string, unknown>;
  delete o.failed;
  delete o.level;
  Object.setPrototypeOf(out, Array.prototype);
  stack.forEach((t, i) => (o[i] = t));
  Object.defineProperty(out, 'length', { value: stack.length, writable: true, configurable: true, enumerable: false });
}

const badReturn = (out: readonly Prim[], ret: Prim): string =>
  `wrong stack type at end of body:\n- expected return stack type: ${showStack([ret])},\n- actual stack type: ${showStack(out)}.`;

/** Octez's parse_toplevel: the sections, each once, views uniquely named. */
function toplevel(script: Expr | Expr[]): {
  parameter: Expr;
  storage: Expr;
  code: Expr;
  views: { name: string; input: Expr; output: Expr; code: Expr }[];
} {
  if (!Array.isArray(script)) return invalidKind(script, ['sequence']);
  const found = new Map<string, Prim>();
  const views: { name: string; input: Expr; output: Expr; code: Expr }[] = [];
  for (const field of script) {
    if (!isPrim(field)) return invalidKind(field, ['primitive']);
    const args = field.args ?? [];
    switch (field.prim) {
      case 'parameter':
      case 'storage':
      case 'code':
        if (args.length !== 1) return invalidArity(field, 1);
        if (found.has(field.prim)) throw new OctezTypeError(field, `duplicate contract field: ${field.prim}`);
        found.set(field.prim, field);
        break;
      case 'view': {
        if (args.length !== 4) return invalidArity(field, 4);
        const name = checkViewName(args[0]!);
        if (views.some((v) => v.name === name))
          throw new OctezTypeError(field, 'the name of view in toplevel should be unique');
        views.push({ name, input: args[1]!, output: args[2]!, code: args[3]! });
        break;
      }
      default:
        if (instructionNamespace(field.prim) === null)
          throw new OctezTypeError(field, `Invalid primitive name ${field.prim}.`);
        throw new OctezTypeError(
          field,
          `invalid primitive ${field.prim}, only parameter, storage, code or view can be used here.`,
        );
    }
  }
  for (const name of ['parameter', 'storage', 'code'])
    if (!found.has(name)) throw new OctezTypeError(undefined, `Missing contract field: ${name}`);
  for (const name of ['parameter', 'code', 'storage'])
    if (found.get(name)!.annots?.length) throw new OctezTypeError(found.get(name), 'unexpected annotation.');
  const arg0 = (name: string): Expr => found.get(name)!.args![0]!;
  return { parameter: arg0('parameter'), storage: arg0('storage'), code: arg0('code'), views };
}
