/**
 * The failures a Michelson run can end with. `kind` is the stable code the CLI prints and callers
 * branch on; `message` reads like octez-client's.
 */
import type { Expr } from './micheline';

export type FailureKind =
  | 'script_rejected'
  | 'typecheck'
  | 'overflow'
  | 'gas_exhausted'
  | 'unsupported'
  | 'bad_input';

export class MichelsonFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    /** The FAILWITH value (Optimized form, as Octez's `Reject` error carries it). */
    readonly failedWith?: Expr,
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

export const overflow = (what: string): MichelsonFailure =>
  new MichelsonFailure('overflow', `Overflowing ${what}`);

export const illTyped = (message: string): MichelsonFailure => new MichelsonFailure('typecheck', message);

export const unsupported = (prim: string, why: string): MichelsonFailure =>
  new MichelsonFailure('unsupported', `unsupported instruction ${prim}: ${why}`);

export const badInput = (message: string): MichelsonFailure => new MichelsonFailure('bad_input', message);
