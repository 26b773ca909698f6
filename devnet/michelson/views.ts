/**
 * On-chain views (the VIEW instruction): run another contract's named view on its current storage,
 * read-only, as Octez does — the callee sees itself as SELF, the caller as SENDER, no amount.
 */
import { Compiler, sameType, type Instr, type RunContext } from './interpreter';
import type { Prim } from './micheline';
import { typecheckScript, type TypedScript } from './typecheck';
import { Pair, type Address, type Value } from './values';

const MAX_VIEW_DEPTH = 100;

interface CompiledViews {
  readonly typed: TypedScript;
  readonly compiler: Compiler;
  readonly views: Map<string, Instr>;
}

const cache = new WeakMap<object, CompiledViews>();

function viewsOf(script: object): CompiledViews {
  let found = cache.get(script);
  if (!found) {
    const typed = typecheckScript(script as TypedScript['script']);
    found = { typed, compiler: new Compiler(typed.trace, typed.script), views: new Map() };
    cache.set(script, found);
  }
  return found;
}

/** Result of `VIEW name` on `addr`, or null when there is no such contract, view, or matching types. */
export function callView(
  x: RunContext,
  addr: Address,
  name: string,
  input: Prim,
  output: Prim,
  arg: Value,
): Value | null {
  if (addr.raw[0] !== 1 || addr.entrypoint !== '' || x.viewDepth >= MAX_VIEW_DEPTH) return null;
  const info = x.host.contract(addr);
  if (!info) return null;
  const compiled = viewsOf(info.script);
  const view = compiled.typed.views.get(name);
  if (!view || !sameType(view.input, input) || !sameType(view.output, output)) return null;
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
  return stack[0] as Value;
}
