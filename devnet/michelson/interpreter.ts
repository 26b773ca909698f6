/**
 * The compiler from typechecked Micheline to closures, and the control-flow and stack
 * instructions. Each instruction node becomes one `Instr` that works on a JS array stack (top at
 * the end) in place; its implementation is chosen once, from the input stack types michel-codec's
 * typechecker recorded for that node, so the run loop does no type dispatch.
 */
import { MichelsonFailure, illTyped, rejected, unsupported } from './errors';
import { cost, futureSerialization, michelineSize, type GasMeter } from './gas';
import type { Env, Host } from './host';
import { compileArith } from './instr-arith';
import { compileChain } from './instr-chain';
import { compileData } from './instr-data';
import { arg, isInt, isPrim, locatorIn, type Expr, type Prim } from './micheline';
import { parseData, unparseData, type DataContext } from './data';
import { isMichelsonDataError } from './encoding';
import { printExpr, typecheckCode, type Trace } from './typecheck';
import { Lambda, Pair, Some, type CompiledCode, type Value } from './values';

export type Stack = Value[];

/*
 * Costs charged around blocks, as Octez's continuations do: a branch or body ends with `halt` and
 * the continuation that resumes the caller (kCons, kUndip, kLoopIn, kIter…).
 */
const BLOCK_END = cost.halt() + cost.kCons();
const BRANCH_COST = cost.if() + BLOCK_END;
// DIP { … }: IDip, then the body's HALT, KUndip putting the top back and KCons resuming (Octez's dign.tz trace closes
// the body with 0.035 = 15 + 10 + 10).
const DIP_COST = cost.dip() + BLOCK_END + cost.kUndip();
const LOOP_COST = cost.loop() + cost.halt() + cost.kLoopIn();
const ITER_STEP = cost.kIter() + cost.halt();
const MAP_STEP = cost.kListEnterBody(1, 1) + cost.kListExitBody() + cost.halt();
const LAMBDA_COST = cost.lambda();
const EXEC_COST = cost.exec() + cost.halt() + cost.kReturn();
export type Instr = (s: Stack, ctx: RunContext) => void;

/** Everything an instruction can reach while it runs. */
export interface RunContext {
  readonly env: Env;
  readonly host: Host;
  readonly gas: GasMeter;
  /** Internal operation counter, shared by nested view calls, as Octez's origination nonce. */
  readonly counter: { nonce: number; originations: number };
  readonly compiler: Compiler;
  /** Nesting depth of on-chain view calls. */
  readonly viewDepth: number;
}

/** Pops the top of the stack; the typechecker guarantees it is there. */
export const pop = (s: Stack): Value => s.pop() as Value;

/** An instruction of constant cost `g` that pushes `v`. */
export const pushes =
  (g: number, v: Value): Instr =>
  (s, c) => {
    c.gas.consume(g);
    s.push(v);
  };

/** An instruction of constant cost `g` that replaces the top of the stack with `f` of it. */
export const replacesTop =
  (g: number, f: (v: Value) => Value): Instr =>
  (s, c) => {
    c.gas.consume(g);
    s.push(f(pop(s)));
  };

/**
 * Compiles typechecked code. One compiler serves a contract run: `contract` is the script being run
 * (SELF and views typecheck against it), `trace` holds the types of every node typechecked so far.
 */
export class Compiler implements DataContext {
  readonly allowTicketLiterals: boolean;
  constructor(
    readonly trace: Trace,
    readonly contract?: Expr[],
    options: { allowTicketLiterals?: boolean } = {},
  ) {
    this.allowTicketLiterals = options.allowTicketLiterals ?? false;
  }

  /** Typechecks (if needed) and compiles a lambda body: `arg → ret`, with itself under its argument when recursive. */
  compileLambda(argType: Prim, retType: Prim, body: Expr, recursive: boolean): Lambda {
    const self: Prim = { prim: 'lambda', args: [argType, retType] };
    if (!this.trace.has(body)) {
      const out = typecheckCode(body, recursive ? [argType, self] : [argType], this.trace);
      if (out !== 'failed' && (out.length !== 1 || !sameType(out[0]!, retType)))
        throw illTyped(
          `ill-typed lambda: body returns [ ${out.map(printExpr).join(' : ')} ] instead of ${printExpr(retType)}`,
        );
    }
    const code = this.compile(body);
    return new Lambda(argType, retType, body, closure(code), recursive);
  }

  /**
   * Parses a data literal of type `t`, compiling any lambda in it. The data parser is Octez's data
   * typechecker (michel-codec's refuses big_map ids, which Octez accepts in storage).
   */
  data(e: Expr, t: Prim, resolveContract?: DataContext['resolveContract']): Value {
    try {
      return parseData(
        e,
        t,
        resolveContract
          ? {
              compileLambda: (a, r, b, rec) => this.compileLambda(a, r, b, rec),
              allowTicketLiterals: this.allowTicketLiterals,
              resolveContract,
            }
          : this,
      );
    } catch (err) {
      if (isMichelsonDataError(err)) throw illTyped(`ill-typed data: ${err.message}`, err.octez?.(locatorIn(e)) ?? []);
      throw err;
    }
  }

  compile(node: Expr): Instr {
    if (Array.isArray(node)) return sequence(node.map((n) => this.compile(n)));
    if (!isPrim(node)) throw illTyped(`ill-typed script: ${printExpr(node)} is not an instruction`);
    const types = this.trace.get(node);
    if (!types) throw illTyped(`ill-typed script: instruction ${node.prim} was not typechecked`);
    const instr =
      this.compileControl(node, types) ??
      compileData(node, types) ??
      compileArith(node, types) ??
      compileChain(node, types, this);
    if (!instr) throw unsupported(node.prim, 'not an instruction of protocol Ushuaia');
    return instr;
  }

  private compileControl(p: Prim, t: readonly Prim[]): Instr | undefined {
    const n = (i: number): number => Number((arg(p, i) as { int: string }).int);
    const hasN = p.args !== undefined && p.args.length > 0 && isInt(p.args[0]!);
    switch (p.prim) {
      case 'DROP': {
        const k = hasN ? n(0) : 1;
        const g = hasN ? cost.dropN(k) : cost.drop();
        return (s, c) => {
          c.gas.consume(g);
          s.length -= k;
        };
      }
      case 'DUP': {
        const k = hasN ? n(0) : 1;
        const g = hasN ? cost.dupN(k) : cost.dup();
        return (s, c) => {
          c.gas.consume(g);
          s.push(s[s.length - k] as Value);
        };
      }
      case 'SWAP':
        return (s, c) => {
          c.gas.consume(cost.swap());
          const top = s.length - 1;
          const x = s[top] as Value;
          s[top] = s[top - 1] as Value;
          s[top - 1] = x;
        };
      case 'DIG': {
        const k = n(0);
        const g = cost.dig(k);
        return (s, c) => {
          c.gas.consume(g);
          if (k > 0) s.push(s.splice(s.length - 1 - k, 1)[0] as Value);
        };
      }
      case 'DUG': {
        const k = n(0);
        const g = cost.dug(k);
        return (s, c) => {
          c.gas.consume(g);
          if (k > 0) s.splice(s.length - 1 - k, 0, pop(s));
        };
      }
      case 'PUSH':
        return pushes(cost.push(), this.data(arg(p, 1), arg(p, 0) as Prim));
      case 'DIP': {
        const k = hasN ? n(0) : 1;
        const body = this.compile(arg(p, hasN ? 1 : 0));
        if (k === 1)
          return (s, c) => {
            c.gas.consume(DIP_COST);
            const x = pop(s);
            body(s, c);
            s.push(x);
          };
        const g = cost.dipN(k) + BLOCK_END + k * cost.kUndip();
        return (s, c) => {
          c.gas.consume(g);
          const saved = s.splice(s.length - k, k);
          body(s, c);
          for (const x of saved) s.push(x);
        };
      }
      case 'FAILWITH': {
        const ty = t[0]!;
        return (s) => {
          const v = unparseData(pop(s), ty, 'optimized');
          throw rejected(v, printExpr(v));
        };
      }
      case 'NEVER':
        return () => {
          throw new MichelsonFailure('script_rejected', 'NEVER reached: a value of type never cannot exist');
        };
      case 'IF': {
        const yes = this.compile(arg(p, 0));
        const no = this.compile(arg(p, 1));
        return (s, c) => {
          c.gas.consume(BRANCH_COST);
          (s.pop() ? yes : no)(s, c);
        };
      }
      case 'IF_NONE': {
        const none = this.compile(arg(p, 0));
        const some = this.compile(arg(p, 1));
        return (s, c) => {
          c.gas.consume(BRANCH_COST);
          const o = pop(s) as { value: Value } | null;
          if (o === null) none(s, c);
          else {
            s.push(o.value);
            some(s, c);
          }
        };
      }
      case 'IF_LEFT': {
        const left = this.compile(arg(p, 0));
        const right = this.compile(arg(p, 1));
        return (s, c) => {
          c.gas.consume(BRANCH_COST);
          const o = pop(s) as { isLeft: boolean; value: Value };
          s.push(o.value);
          (o.isLeft ? left : right)(s, c);
        };
      }
      case 'IF_CONS': {
        const cons = this.compile(arg(p, 0));
        const nil = this.compile(arg(p, 1));
        return (s, c) => {
          c.gas.consume(BRANCH_COST);
          const l = pop(s) as readonly Value[];
          if (l.length === 0) nil(s, c);
          else {
            s.push(l.slice(1));
            s.push(l[0] as Value);
            cons(s, c);
          }
        };
      }
      case 'LOOP': {
        const body = this.compile(arg(p, 0));
        return (s, c) => {
          for (;;) {
            c.gas.consume(LOOP_COST);
            if (!s.pop()) return;
            body(s, c);
          }
        };
      }
      case 'LOOP_LEFT': {
        const body = this.compile(arg(p, 0));
        return (s, c) => {
          for (;;) {
            c.gas.consume(LOOP_COST);
            const o = pop(s) as { isLeft: boolean; value: Value };
            s.push(o.value);
            if (!o.isLeft) return;
            body(s, c);
          }
        };
      }
      case 'ITER': {
        const body = this.compile(arg(p, 0));
        const kind = t[0]!.prim;
        return (s, c) => {
          const coll = pop(s);
          if (kind === 'list') {
            c.gas.consume(cost.listIter());
            for (const x of coll as readonly Value[]) iterStep(s, c, body, x);
          } else if (kind === 'set') {
            const items = (coll as { items: readonly Value[] }).items;
            c.gas.consume(cost.setIter(items.length));
            for (const x of items) iterStep(s, c, body, x);
          } else {
            const m = coll as { keys: readonly Value[]; vals: readonly Value[] };
            c.gas.consume(cost.mapIter(m.keys.length));
            for (let i = 0; i < m.keys.length; i++) iterStep(s, c, body, new Pair(m.keys[i]!, m.vals[i]!));
          }
        };
      }
      case 'MAP':
        return compileMap(this.compile(arg(p, 0)), t[0]!.prim);
      case 'LAMBDA':
      case 'LAMBDA_REC':
        return pushes(
          LAMBDA_COST,
          this.compileLambda(arg(p, 0) as Prim, arg(p, 1) as Prim, arg(p, 2), p.prim === 'LAMBDA_REC'),
        );
      case 'EXEC':
        return (s, c) => {
          c.gas.consume(EXEC_COST);
          const x = pop(s);
          const f = pop(s) as Lambda;
          s.push(callLambda(f, x, c));
        };
      case 'APPLY': {
        const captured = (t[1]!.args![0] as Prim).args![0] as Prim;
        return (s, c) => {
          c.gas.consume(cost.apply((s[s.length - 2] as Lambda).recursive));
          const x = pop(s);
          const f = pop(s) as Lambda;
          s.push(applyLambda(f, x, captured, c));
        };
      }
      case 'CAST':
      case 'RENAME':
        return () => {};
      default:
        return undefined;
    }
  }
}

function iterStep(s: Stack, c: RunContext, body: Instr, x: Value): void {
  c.gas.consume(ITER_STEP);
  s.push(x);
  body(s, c);
}

function compileMap(body: Instr, kind: string): Instr {
  return (s, c) => {
    const coll = pop(s);
    if (kind === 'option') {
      c.gas.consume(cost.optMap());
      if (coll === null) s.push(null);
      else {
        s.push((coll as { value: Value }).value);
        body(s, c);
        s.push(new Some(pop(s)));
      }
      return;
    }
    if (kind === 'list') {
      const out: Value[] = [];
      const l = coll as readonly Value[];
      c.gas.consume(cost.listMap());
      for (const x of l) {
        c.gas.consume(MAP_STEP);
        s.push(x);
        body(s, c);
        out.push(pop(s));
      }
      s.push(out);
      return;
    }
    const m = coll as { keys: readonly Value[]; vals: readonly Value[] };
    const vals: Value[] = [];
    c.gas.consume(cost.mapMap(m.keys.length));
    for (let i = 0; i < m.keys.length; i++) {
      c.gas.consume(MAP_STEP);
      s.push(new Pair(m.keys[i]!, m.vals[i]!));
      body(s, c);
      vals.push(pop(s));
    }
    s.push(new (m.constructor as new (k: readonly Value[], v: readonly Value[]) => Value)(m.keys, vals));
  };
}

export function sequence(instrs: Instr[]): Instr {
  const [a, b] = instrs;
  if (instrs.length === 0) return () => {};
  if (instrs.length === 1) return a!;
  if (instrs.length === 2)
    return (s, c) => {
      a!(s, c);
      b!(s, c);
    };
  return (s, c) => {
    for (let i = 0; i < instrs.length; i++) instrs[i]!(s, c);
  };
}

function closure(code: Instr): CompiledCode {
  return { run: (stack, ctx) => code(stack, ctx as RunContext) };
}

/** Runs a lambda on one argument (EXEC and VIEW bodies); a recursive lambda finds itself under its argument. */
export function callLambda(f: Lambda, x: Value, c: RunContext): Value {
  const stack: Stack = f.recursive ? [f, x] : [x];
  f.code.run(stack, c);
  return stack[0] as Value;
}

/** APPLY: partial application, whose body (for PACK and printing) is Octez's `{ PUSH ty v ; PAIR ; code }`. */
function applyLambda(f: Lambda, x: Value, capturedType: Prim, ctx: RunContext): Lambda {
  const rest =
    (f.argType.args as Prim[]).length > 2
      ? ({ prim: 'pair', args: (f.argType.args as Prim[]).slice(1) } as Prim)
      : (f.argType.args![1] as Prim);
  const pushed = unparseData(x, capturedType, 'optimized');
  // Octez unparses the captured type and value (Optimized) to build the code: that unparsing's gas,
  // per node, then the future serialization of the value (APPLY of a nat costs 0.401 gas in all).
  ctx.gas.consume(
    cost.unparseType(michelineSize(capturedType).nodes) +
      cost.unparseDataCycle() * michelineSize(pushed).nodes +
      futureSerialization(pushed),
  );
  // Octez's code for the result (seen in PACK and printed lambdas): the types as its unparse_ty
  // gives them, and the original body kept whole as the third instruction, not spliced in.
  const push: Expr = { prim: 'PUSH', args: [unparsedType(capturedType), pushed] };
  const body: Expr = f.recursive
    ? [
        push,
        { prim: 'PAIR' },
        { prim: 'LAMBDA_REC', args: [unparsedType(f.argType), unparsedType(f.retType), f.body] },
        { prim: 'SWAP' },
        { prim: 'EXEC' },
      ]
    : [push, { prim: 'PAIR' }, f.body];
  const code: CompiledCode = {
    run: (stack, ctx) => {
      const y = stack.pop() as Value;
      stack.push(callLambda(f, new Pair(x, y), ctx as RunContext));
    },
  };
  return new Lambda(rest, f.retType, body, code, false);
}

/** A type as Octez's unparse_ty writes it: no annotations, right combs folded (`pair a b c`). */
function unparsedType(t: Prim): Prim {
  const args = (t.args as Prim[] | undefined)?.map(unparsedType);
  if (!args) return { prim: t.prim };
  const last = args[args.length - 1]!;
  if (t.prim === 'pair' && last.prim === 'pair')
    return { prim: 'pair', args: [...args.slice(0, -1), ...(last.args as Prim[])] };
  return { prim: t.prim, args };
}

/** Type equality ignoring annotations, with n-ary pairs read as right combs. */
export function sameType(a: Prim, b: Prim): boolean {
  const na = normalize(a);
  const nb = normalize(b);
  if (na.prim !== nb.prim) return false;
  const xa = (na.args ?? []) as Prim[];
  const xb = (nb.args ?? []) as Prim[];
  if (xa.length !== xb.length) return false;
  for (let i = 0; i < xa.length; i++) if (!sameType(xa[i]!, xb[i]!)) return false;
  return true;
}

function normalize(t: Prim): Prim {
  const args = t.args as Prim[] | undefined;
  if (t.prim === 'pair' && args && args.length > 2)
    return { prim: 'pair', args: [args[0]!, { prim: 'pair', args: args.slice(1) }] };
  return t;
}
