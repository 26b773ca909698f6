/**
 * Running a contract's code once, the library form of `octez-client run script`: typecheck, parse
 * the storage and the parameter, run, then settle big_maps into ids and a diff and print the
 * results as the RPC shows them.
 */
import { unparseData } from './data';
import { addressFromString, addressToString, chainIdFromString, keyHashToString } from './encoding';
import { findEntrypoint, wrapParameter } from './entrypoints';
import { resolveContract } from './instr-chain';
import { MichelsonFailure, badInput, illTyped, tooDeep } from './errors';
import {
  CODE_END,
  GasExhausted,
  GasMeter,
  HARD_GAS_LIMIT_PER_OPERATION,
  add,
  typeHasTickets,
  typedSizeNodes,
} from './gas';
import { standaloneHost, type Env, type Host } from './host';
import { Compiler, type Instr, type RunContext } from './interpreter';
import { type Expr, type Prim } from './micheline';
import { settleBigMaps, type BigMapDiff } from './big-map-diff';
import { parseExpression, parseScript, printExpr, typecheckScript, type TypedScript } from './typecheck';
import {
  bigMapDiffCost,
  dataTypecheckingCost,
  entrypointSearchCost,
  dataUnparsingCost,
  lazyStorageSteps,
  scriptTypecheckingCost,
  TICKET_DIFFS,
  typedTypeNodes,
  valueNodes,
} from './typecheck-gas';
import { Address, Pair, type Operation, type Value } from './values';

/** octez-client's defaults for `run script`. */
export const RUN_DEFAULTS = {
  /** The dummy address octez-client runs scripts at. */
  self: 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi',
  /** The all-zero key hash, Octez's default payer and source. */
  source: 'tz1Ke2h7sDdakHJQh8WX4Z372du1KChsksyU',
  amount: 50_000n,
  balance: 4_000_000_000_000n,
  chainId: 'NetXynUjJNZm7wi',
  level: 1n,
  now: 0n,
  minBlockTime: 8n,
} as const;

export interface RunRequest {
  /** Script text (concrete syntax or Micheline JSON), parsed script, or one loaded once with `loadScript`. */
  readonly script: string | Expr[] | LoadedScript;
  readonly storage: string | Expr;
  readonly input: string | Expr;
  readonly entrypoint?: string;
  readonly amount?: bigint;
  readonly balance?: bigint;
  readonly level?: bigint;
  /** Seconds since the epoch. */
  readonly now?: bigint;
  readonly sender?: string;
  readonly source?: string;
  readonly self?: string;
  readonly chainId?: string;
  readonly gasLimitMilligas?: bigint;
  readonly host?: Host;
  readonly operationHash?: Uint8Array;
  /** Index of this run's first origination in its operation (seed of KT1 addresses with `operationHash`). */
  readonly originationIndex?: number;
}

/** An internal operation in the RPC's JSON shape. */
export type InternalOperationJson = Record<string, unknown> & { kind: string; source: string; nonce: number };

export interface RunResult {
  /** Final storage, Readable form, big_maps as their ids. */
  readonly storage: Expr;
  readonly operations: InternalOperationJson[];
  readonly bigMapDiff: BigMapDiff[];
  readonly consumedMilligas: bigint;
  /** The raw results, for the local node. */
  readonly storageValue: Value;
  readonly operationValues: readonly Operation[];
}

/** A typechecked and compiled script, reusable across runs (the node keeps one per contract). */
export interface LoadedScript {
  readonly typed: TypedScript;
  readonly compiler: Compiler;
  readonly code: Instr;
  /** Milligas of typechecking the script (Octez's `parse_code`), charged to every run as Octez does. */
  readonly parsingCost: number;
}

/** Parses, typechecks and compiles a script. */
export function loadScript(script: string | Expr[]): LoadedScript {
  const parsed = typeof script === 'string' ? parseScript(script) : script;
  const typed = typecheckScript(parsed, typeof script === 'string' ? script : undefined);
  // Run mode accepts ticket literals in the storage and parameter, as octez-client's run script does.
  const compiler = new Compiler(typed.trace, typed.script, { allowTicketLiterals: true });
  return { typed, compiler, code: compiler.compile(typed.code), parsingCost: scriptTypecheckingCost(typed) };
}

/** Only a loaded script has `typed`: one the RPC hands over may be any expression, for the typechecker to refuse. */
const isLoaded = (s: RunRequest['script']): s is LoadedScript => typeof s === 'object' && 'typed' in s;

export function runScript(req: RunRequest): RunResult {
  const loaded = isLoaded(req.script) ? req.script : loadScript(req.script);
  try {
    return execute(req, loaded);
  } catch (e) {
    if (e instanceof GasExhausted) throw new MichelsonFailure('gas_exhausted', e.message);
    throw tooDeep(e) ?? e;
  }
}

function execute(req: RunRequest, { typed, compiler, code, parsingCost }: LoadedScript): RunResult {
  const address = (s: string | undefined, fallback: string, what: string): Address => {
    try {
      return addressFromString(s ?? fallback);
    } catch (e) {
      throw badInput(`${what}: ${(e as Error).message}`);
    }
  };
  const self = address(req.self, RUN_DEFAULTS.self, '--self');
  const source = address(req.source, RUN_DEFAULTS.source, '--source');
  // As Octez's run RPC: without a sender, the contract calls itself (or the given source does).
  const sender = address(req.sender, req.source ?? addressToString(self), '--sender');
  let chainId;
  try {
    chainId = chainIdFromString(req.chainId ?? RUN_DEFAULTS.chainId);
  } catch (e) {
    throw badInput(`--chain-id: ${(e as Error).message}`);
  }
  const balance = req.balance ?? RUN_DEFAULTS.balance;
  const storageExpr = typeof req.storage === 'string' ? parseExpression(req.storage, 'storage') : req.storage;
  const host =
    req.host ??
    standaloneHost({
      address: self,
      info: {
        parameter: typed.parameter,
        storageType: typed.storage,
        storage: storageExpr,
        balance,
        script: typed.script,
      },
    });
  const gas = new GasMeter(req.gasLimitMilligas ?? HARD_GAS_LIMIT_PER_OPERATION);
  const env: Env = {
    self,
    source,
    sender,
    amount: req.amount ?? RUN_DEFAULTS.amount,
    balance,
    level: req.level ?? RUN_DEFAULTS.level,
    now: req.now ?? RUN_DEFAULTS.now,
    chainId,
    minBlockTime: RUN_DEFAULTS.minBlockTime,
    operationHash: req.operationHash ?? new Uint8Array(32),
  };
  // octez-client originates the script under test first (origination index 0) unless it is given --self.
  const originations = req.originationIndex ?? (req.self === undefined ? 1 : 0);
  const ctx: RunContext = { env, host, gas, counter: { nonce: 0, originations }, compiler, viewDepth: 0 };

  gas.consume(parsingCost);
  gas.consume(dataTypecheckingCost(storageExpr, typed.storage, typed.trace));
  const storage = dataOf(compiler, host, storageExpr, typed.storage, 'storage');
  const entry = findEntrypoint(typed.parameter, req.entrypoint ?? '');
  if (!entry) throw illTyped(`Contract has no entrypoint named ${req.entrypoint}`);
  const inputExpr = typeof req.input === 'string' ? parseExpression(req.input, 'input') : req.input;
  // Script_interpreter.execute: finding the entrypoint, then typechecking the argument at its type.
  gas.consume(entrypointSearchCost(typed.parameter, req.entrypoint ?? ''));
  gas.consume(dataTypecheckingCost(inputExpr, entry.type, typed.trace));
  const parameter = wrapParameter(entry, dataOf(compiler, host, inputExpr, entry.type, 'parameter'));

  // collect_lazy_storage on the argument and on the storage.
  gas.consume(add(lazyStorageSteps(typed.parameter, parameter, true), lazyStorageSteps(typed.storage, storage, true)));

  const stack: Value[] = [new Pair(parameter, storage)];
  code(stack, ctx);
  gas.consume(CODE_END);
  const result = stack[0] as Pair;
  const operations = result.fst as readonly Operation[];
  const settled = settleBigMaps(result.snd, typed.storage, storage, host);
  const newStorage = unparseData(settled.value, typed.storage, 'optimized');
  // extract_lazy_storage_diff, then unparse_data of the new storage (`unparse_data_rec`, then
  // `account_for_future_serialization_cost`), the two `type_has_tickets` scans (ticket_scanner.ml), `ticket_diffs`
  // (ticket_accounting.ml) and, as script_interpreter.ml `execute_any_arg` ends, `script_size` on the new storage.
  const extract = add(lazyStorageSteps(typed.storage, result.snd, false), bigMapDiffCost(settled.diff));
  gas.consume(add(extract, dataUnparsingCost(newStorage, typed.storage, typed.trace)));
  gas.consume(add(typeHasTickets(typedTypeNodes(typed.parameter)), typeHasTickets(typedTypeNodes(typed.storage))));
  gas.consume(TICKET_DIFFS);
  gas.consume(typedSizeNodes(valueNodes(newStorage, typed.storage, typed.trace)));
  return {
    storage: unparseData(settled.value, typed.storage, 'readable'),
    operations: operations.map((op) => operationJson(op)),
    bigMapDiff: settled.diff,
    consumedMilligas: gas.consumed(),
    storageValue: settled.value,
    operationValues: operations,
  };
}

function dataOf(compiler: Compiler, host: Host, e: Expr, t: Prim, what: string): Value {
  try {
    // Contract literals in the storage and parameter must name a contract of that type (Octez checks them).
    return compiler.data(e, t, (a, ty) => resolveContract(host, a, '', ty));
  } catch (err) {
    if (err instanceof MichelsonFailure && err.kind !== 'typecheck') throw err;
    const trace = err instanceof MichelsonFailure ? err.trace : [];
    throw illTyped(
      `Ill typed ${what}: ${printExpr(e)} is not a value of type ${printExpr(t)}: ${(err as Error).message}`,
      trace,
    );
  }
}

/** An internal operation as the RPC prints it (parameters and storage in Optimized form, as Octez emits them). */
export function operationJson(o: Operation): InternalOperationJson {
  const base = { source: addressToString(o.source), nonce: o.nonce };
  const op = o.op;
  switch (op.kind) {
    case 'transaction': {
      const value = unparseData(op.parameter, op.parameterType, 'optimized');
      const ep = op.destination.entrypoint === '' ? 'default' : op.destination.entrypoint;
      const plain = ep === 'default' && !Array.isArray(value) && 'prim' in value && value.prim === 'Unit';
      const destination = addressToString(new Address(op.destination.raw, ''));
      return {
        kind: 'transaction',
        ...base,
        amount: op.amount.toString(),
        destination,
        ...(plain ? {} : { parameters: { entrypoint: ep, value } }),
      };
    }
    case 'origination':
      return {
        kind: 'origination',
        ...base,
        balance: op.balance.toString(),
        ...(op.delegate ? { delegate: keyHashToString(op.delegate) } : {}),
        script: { code: op.script.code, storage: unparseData(op.storage, op.script.storageType, 'optimized') },
        originated_contract: addressToString(op.address),
      };
    case 'delegation':
      return { kind: 'delegation', ...base, ...(op.delegate ? { delegate: keyHashToString(op.delegate) } : {}) };
    case 'event':
      return {
        kind: 'event',
        ...base,
        type: op.payloadType,
        ...(op.tag ? { tag: op.tag } : {}),
        // The RPC's event encoding leaves a Unit payload out.
        ...(op.payloadType.prim === 'unit' ? {} : { payload: unparseData(op.payload, op.payloadType, 'optimized') }),
      };
  }
}
