/** The devnet's Michelson VM: typecheck and run scripts with Octez's semantics (protocol Ushuaia). */
export { runScript, loadScript, operationJson, RUN_DEFAULTS } from './run';
export type { RunRequest, RunResult, InternalOperationJson } from './run';
export type { BigMapDiff } from './big-map-diff';
export { MichelsonFailure, isMichelsonFailure, badInput } from './errors';
export type { FailureKind } from './errors';
export { parseExpression, parseScript, typecheckScript, printExpr, printType } from './typecheck';
export type { TypedScript, TypedView } from './typecheck';
export { findEntrypoint, listEntrypoints } from './entrypoints';
export { standaloneHost } from './host';
export type { Host, ContractInfo, Env } from './host';
export { Compiler } from './interpreter';
