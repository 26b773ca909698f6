/**
 * Parsing and typechecking, delegated to Taquito's michel-codec (parser, macro expansion and the
 * Ushuaia typechecker). Its trace callback records the input stack type of every instruction; the
 * compiler reads those types to pick each instruction's typed implementation, so there is one
 * source of truth for typing. michel-codec's errors are re-worded the way octez-client words them,
 * with the line and characters of the offending node.
 */
import {
  Parser,
  assertContractValid,
  emitMicheline,
  functionType,
  isMichelsonError,
  sourceReference,
  type InstructionTrace,
  type MichelsonCode,
  type MichelsonContract,
  type MichelsonType,
} from '@taquito/michel-codec';
import { MichelsonFailure, badInput, illTyped } from './errors';
import { isPrim, stripAnnots, type Expr, type Prim } from './micheline';
import { checkCodeTypes, checkScriptTypes, correctInstruction } from './type-rules';

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
    // A bare application (`Pair 1 2`) needs parseList; literals and sequences parse as expressions.
    const e =
      text.startsWith('{"') || text.startsWith('[')
        ? parser.parseJSON(JSON.parse(text))
        : /^[A-Za-z_]/.test(text)
          ? parser.parseList(text)
          : parser.parseMichelineExpression(text);
    if (e === null) throw badInput(`${what}: empty expression`);
    return e;
  } catch (e) {
    if (e instanceof MichelsonFailure) throw e;
    throw badInput(`${what}: cannot parse ${JSON.stringify(abbreviate(text))}: ${(e as Error).message}`);
  }
}

/** Parses a script (concrete syntax or Micheline JSON). Syntax errors are `typecheck` failures, as octez-client reports ill-formed scripts. */
export function parseScript(src: string): Expr[] {
  const text = src.trim();
  try {
    const e = text.startsWith('[') ? parser.parseJSON(JSON.parse(text)) : parser.parseScript(text);
    if (e === null || !Array.isArray(e)) throw illTyped('Ill-formed script: expected a sequence of parameter, storage and code sections');
    return e;
  } catch (e) {
    if (e instanceof MichelsonFailure) throw e;
    throw illTyped(`Ill-formed script: ${(e as Error).message}`);
  }
}

/** Typechecks a whole script (code and views) and returns its sections with the type trace. */
export function typecheckScript(script: Expr[], src?: string): TypedScript {
  const trace: Trace = new WeakMap();
  try {
    checkScriptTypes(script);
    assertContractValid(script as MichelsonContract, { traceCallback: recorder(trace) });
  } catch (e) {
    throw translate(e, src);
  }
  let parameter: Prim | undefined;
  let storage: Prim | undefined;
  let code: Expr | undefined;
  const views = new Map<string, TypedView>();
  for (const section of script) {
    if (!isPrim(section)) continue;
    const a = section.args ?? [];
    if (section.prim === 'parameter') parameter = a[0] as Prim;
    else if (section.prim === 'storage') storage = a[0] as Prim;
    else if (section.prim === 'code') code = a[0];
    else if (section.prim === 'view') {
      const name = (a[0] as { string: string }).string;
      views.set(name, { name, input: a[1] as Prim, output: a[2] as Prim, code: a[3]! });
    }
  }
  if (!parameter || !storage || code === undefined) throw illTyped('Ill-formed script: missing parameter, storage or code section');
  return { parameter, storage, code, views, script, trace };
}

/** Typechecks code run on a given stack (a lambda body or view), adding to `trace`; returns the output stack, or 'failed'. */
export function typecheckCode(code: Expr, stack: readonly Prim[], trace: Trace, contract?: Expr[]): readonly Prim[] | 'failed' {
  try {
    checkCodeTypes(code);
    const out = functionType(code as MichelsonCode, stack as MichelsonType[], {
      contract: contract as MichelsonContract | undefined,
      traceCallback: recorder(trace),
    });
    return 'failed' in out ? 'failed' : (out as Prim[]);
  } catch (e) {
    throw translate(e);
  }
}

/** Records each instruction's input stack, after correcting michel-codec where Octez differs. */
function recorder(trace: Trace): (t: InstructionTrace) => void {
  return (t) => {
    if (!Array.isArray(t.op)) correctInstruction(t.op as Prim, t.in as Prim[], t.out as Prim[] | { failed: unknown });
    trace.set(t.op as object, t.in as Prim[]);
  };
}

export const printExpr = (e: Expr): string => emitMicheline(e);
export const printType = (t: Expr): string => emitMicheline(stripAnnots(t));

function abbreviate(s: string): string {
  return s.length > 120 ? `${s.slice(0, 117)}...` : s;
}

/** Line/column location of a node, as octez-client prints it. */
function locate(node: unknown, src?: string): string {
  if (!node || typeof node !== 'object' || !src) return '';
  const ref = (node as { [sourceReference]?: { first: number; last: number } })[sourceReference];
  if (!ref) return '';
  const before = src.slice(0, ref.first);
  const line = before.split('\n').length;
  const col = ref.first - before.lastIndexOf('\n') - 1;
  return `At line ${line} characters ${col} to ${col + (ref.last - ref.first)}, `;
}

function translate(e: unknown, src?: string): MichelsonFailure {
  if (e instanceof MichelsonFailure) return e;
  if (isMichelsonError(e)) {
    const err = e as Error & { val?: unknown; stackState?: unknown };
    const where = locate(Array.isArray(err.val) ? err.val[0] : err.val, src);
    const node = err.val && typeof err.val === 'object' ? ` in ${abbreviate(safeEmit(err.val as Expr))}` : '';
    const stack =
      Array.isArray(err.stackState) && err.stackState.length > 0
        ? `; stack: [ ${(err.stackState as Expr[]).map((t) => printType(t)).join(' : ')} ]`
        : '';
    return illTyped(`${where}ill-typed script: ${err.message}${node}${stack}`);
  }
  return illTyped(`ill-typed script: ${(e as Error).message ?? String(e)}`);
}

function safeEmit(e: Expr): string {
  try {
    return emitMicheline(e);
  } catch {
    return JSON.stringify(e);
  }
}
