/**
 * The failures a Michelson run can end with. `kind` is the stable code the CLI prints and callers
 * branch on; `message` reads like octez-client's.
 */
import type { Expr } from './micheline';

export type FailureKind =
  'script_rejected' | 'typecheck' | 'overflow' | 'gas_exhausted' | 'unsupported' | 'too_deep' | 'bad_input';

/**
 * One error of the trace Octez gives for a failure, without the protocol prefix
 * (`{ kind: 'permanent', id: 'michelson_v1.deprecated_instruction', prim: 'SUB' }`).
 */
export interface OctezError {
  readonly kind: 'permanent' | 'temporary';
  readonly id: string;
  readonly [field: string]: unknown;
}

/** Octez's location of a node: what a trace builder asks the caller, who knows the expression's root. */
export type Locate = (node: Expr) => number;

/** Builds the Octez errors of a failure once the root its nodes are located in is known. */
export type OctezTraceBuilder = (locate: Locate) => OctezError[];

export class MichelsonFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    /** The FAILWITH value (Optimized form, as Octez's `Reject` error carries it). */
    readonly failedWith?: Expr,
    /**
     * The precise errors Octez puts under its toplevel one (`ill_typed_contract`, `ill_typed_data`), innermost
     * last: the node prepends its own wrapper, so a client reads the same last error id as on Octez.
     */
    readonly trace: readonly OctezError[] = [],
  ) {
    super(message);
    this.name = 'MichelsonFailure';
  }

  /** The FAILWITH value under the name the CLI's JSON uses. */
  get with(): Expr | undefined {
    return this.failedWith;
  }
}

export const isMichelsonFailure = (e: unknown): e is MichelsonFailure => e instanceof MichelsonFailure;

export const rejected = (v: Expr, printed: string): MichelsonFailure =>
  new MichelsonFailure('script_rejected', `script reached FAILWITH instruction with ${printed}`, v);

export const overflow = (what: string): MichelsonFailure => new MichelsonFailure('overflow', `Overflowing ${what}`);

export const illTyped = (message: string, trace: readonly OctezError[] = []): MichelsonFailure =>
  new MichelsonFailure('typecheck', message, undefined, trace);

export const unsupported = (prim: string, why: string): MichelsonFailure =>
  new MichelsonFailure('unsupported', `unsupported instruction ${prim}: ${why}`);

/**
 * The interpreter runs a lambda call on the JavaScript stack; Octez's runs on a heap continuation, bounded only by gas.
 * A recursion deeper than the stack holds (LAMBDA_REC or APPLY chains, some thousands of calls) fails the run with
 * this — an ordinary failed operation, not a crash of the node — where Octez would have gone on.
 */
export function tooDeep(e: unknown): MichelsonFailure | undefined {
  if (!(e instanceof RangeError) || !/call stack/i.test(e.message)) return undefined;
  return new MichelsonFailure(
    'too_deep',
    'the devnet interpreter ran out of stack in nested lambda calls (Octez allows deeper recursion, bounded by gas)',
  );
}

export const badInput = (message: string): MichelsonFailure => new MichelsonFailure('bad_input', message);
