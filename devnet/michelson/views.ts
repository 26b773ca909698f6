/**
 * On-chain views (the VIEW instruction): run another contract's named view on its current storage,
 * read-only, as Octez does — the callee sees itself as SELF, the caller as SENDER, no amount.
 */
import { packDataBytes, type MichelsonData } from '@taquito/michel-codec';
import { add, cost, missingScriptLookup, readAccess, scriptLoading } from './gas';
import { Compiler, sameType, type Instr, type RunContext } from './interpreter';
import type { Expr, Prim } from './micheline';
import { typecheckScript, type TypedScript } from './typecheck';
import { dataTypecheckingCost, scriptTypecheckingCost, typedTypeNodes, viewTypecheckingCost } from './typecheck-gas';
import { Pair, Some, type Address, type Value } from './values';

const MAX_VIEW_DEPTH = 100;

/**
 * What a view that returns costs on top of its code (script_interpreter.ml `iview`, then `step`/`next`): the HALT that
 * closes the view's code (`cost_N_IHalt` 15), then the continuations `iview` set up, each charged by `next`'s
 * `consume_control`: KView_exit giving the caller back its step constants (`cost_N_KView_exit` 20), KReturn giving it
 * back its stack (`cost_N_KReturn` 10) and KCons resuming it (`cost_N_KCons` 10), whose first instruction is the
 * ICons_some that wraps the result (`cost_N_ICons_some` 10). The paths that push None step on directly: none of these.
 */
const VIEW_RETURN = add(add(add(cost.halt(), cost.kViewExit()), add(cost.kReturn(), cost.kCons())), cost.consSome());

interface CompiledViews {
  readonly typed: TypedScript;
  readonly compiler: Compiler;
  readonly views: Map<string, Instr>;
  /** `parse_code`'s cost on the script. */
  readonly parsingCost: number;
  /** Bytes of the script's binary encoding. */
  readonly codeBytes: number;
}

const cache = new WeakMap<object, CompiledViews>();

function viewsOf(script: object): CompiledViews {
  let found = cache.get(script);
  if (!found) {
    const typed = typecheckScript(script as TypedScript['script']);
    found = {
      typed,
      compiler: new Compiler(typed.trace, typed.script),
      views: new Map(),
      parsingCost: scriptTypecheckingCost(typed),
      codeBytes: binaryLength(script as Expr[]),
    };
    cache.set(script, found);
  }
  return found;
}

/** Bytes of `e`'s binary encoding (`Script_repr.expr_encoding`, PACK's without its 0x05 tag). */
const binaryLength = (e: Expr): number => packDataBytes(e as MichelsonData).bytes.length / 2 - 1;

/** `ty_eq` (script_ir_translator.ml): 35 + 22 per node of the smaller type. */
const tyEq = (a: Prim, b: Prim): number => cost.tyEq(typedTypeNodes(a), typedTypeNodes(b));

/**
 * Result of `VIEW name` on `addr`: Some of the view's result (which may itself be None), or null (None) when there
 * is no such contract, view, or matching types. Its gas, as script_interpreter.ml `iview` charges it: the callee's
 * script read (`Contract.get_script`, no script cache) and parsed (`parse_script`), the view looked up (`view_get`)
 * and typechecked (`parse_view`), its output and input types compared with the instruction's (`ty_eq`, the second
 * only when the first holds), the callee's balance read (`Contract.get_balance_carbonated`), then the view's code and
 * `VIEW_RETURN`.
 */
export function callView(
  x: RunContext,
  addr: Address,
  name: string,
  input: Prim,
  output: Prim,
  arg: Value,
): Some | null {
  if (addr.raw[0] !== 1 || addr.entrypoint !== '' || x.viewDepth >= MAX_VIEW_DEPTH) return null;
  const info = x.host.contract(addr);
  if (!info) {
    x.gas.consume(missingScriptLookup());
    return null;
  }
  const compiled = viewsOf(info.script);
  const { typed } = compiled;
  const load = scriptLoading(compiled.codeBytes, binaryLength(info.storage));
  const parse = add(compiled.parsingCost, dataTypecheckingCost(info.storage, typed.storage, typed.trace));
  x.gas.consume(add(add(load, parse), cost.mapGet(new TextEncoder().encode(name).length, typed.views.size)));
  const view = typed.views.get(name);
  if (!view) return null;
  x.gas.consume(add(viewTypecheckingCost(typed, view), tyEq(view.output, output)));
  if (!sameType(view.output, output)) return null;
  x.gas.consume(tyEq(input, view.input));
  if (!sameType(view.input, input)) return null;
  x.gas.consume(readAccess(4, 8));
  let code = compiled.views.get(name);
  if (!code) {
    code = compiled.compiler.compile(view.code);
    compiled.views.set(name, code);
  }
  const storage = compiled.compiler.data(info.storage, compiled.typed.storage);
  const inner: RunContext = {
    ...x,
    compiler: compiled.compiler,
    viewDepth: x.viewDepth + 1,
    env: { ...x.env, self: addr, sender: x.env.self, amount: 0n, balance: info.balance },
  };
  const stack: Value[] = [new Pair(arg, storage)];
  code(stack, inner);
  x.gas.consume(VIEW_RETURN);
  return new Some(stack[0] as Value);
}
