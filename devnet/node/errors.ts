/**
 * Errors in the node's format: an array of `{ kind, id, … }` where `id` carries the protocol prefix
 * (`proto.025-PsUshuai.contract.counter_in_the_past`), so clients (Taquito's TezosOperationError)
 * read them as they read a real node's.
 */
import { MichelsonFailure } from '../michelson/errors';

export const PROTOCOL = 'PsUshuai9QapM5TGj1JpuVGkdxz5GykdnEvS6Rh8SUVrARvZLCY';
export const PROTO_ID = 'proto.025-PsUshuai';

export type ErrorKind = 'temporary' | 'permanent' | 'branch';
export type TezosError = { kind: ErrorKind; id: string } & Record<string, unknown>;

/** The precise errors a VM failure carries (Octez's trace under its toplevel error), in the node's format. */
export const vmTrace = (e: unknown): TezosError[] =>
  e instanceof MichelsonFailure ? e.trace.map(({ kind, id, ...fields }) => tezosError(kind, id, fields)) : [];

export const tezosError = (kind: ErrorKind, id: string, fields: Record<string, unknown> = {}): TezosError => ({
  kind,
  id: `${PROTO_ID}.${id}`,
  ...fields,
});

/** A failure of validation (the operation cannot be included at all): answered with HTTP 500 and the array. */
export class NodeError extends Error {
  constructor(
    readonly errors: TezosError[],
    readonly status = 500,
  ) {
    super(errors.map((e) => e.id).join(', '));
    this.name = 'NodeError';
  }
}

/** A failure while applying a content (the operation is included, its result is `failed`). */
export class ApplyError extends Error {
  constructor(readonly errors: TezosError[]) {
    super(errors.map((e) => e.id).join(', '));
    this.name = 'ApplyError';
  }
}

export const validationError = (kind: ErrorKind, id: string, fields: Record<string, unknown> = {}): NodeError =>
  new NodeError([tezosError(kind, id, fields)]);

export const applyError = (kind: ErrorKind, id: string, fields: Record<string, unknown> = {}): ApplyError =>
  new ApplyError([tezosError(kind, id, fields)]);
