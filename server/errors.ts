/**
 * The server layer's error tree (Taquito-style, every leaf with a stable `code`):
 * ServerError → StoreError (the database refused or failed) | HostError (a request was refused; carries the HTTP
 * status the route handler answers with).
 */
/**
 * Next bundles instrumentation.ts (which opens the game host at boot) apart from the route handlers, so one process
 * can hold two copies of these classes, and the host's errors reach a route from the other copy: a class check alone
 * would turn a 403 into a 500. Each error carries a brand shared by every copy (Symbol.for), and the guards check it.
 */
const BRAND = Symbol.for('tezos-pole.server-error');

const branded = (err: unknown, name: string): boolean =>
  typeof err === 'object' && err !== null && (err as { [BRAND]?: unknown })[BRAND] === name;

export abstract class ServerError extends Error {
  abstract readonly code: string;
  /** The leaf class's name, shared by every copy of the class in the process (see BRAND). */
  get [BRAND](): string {
    return this.name;
  }
}

/**
 * The store could not do what was asked. `SEQ_TAKEN` is the expected one: another append won the race. `LOCKED`:
 * another process holds the PGlite data folder (store/data-lock.ts).
 */
export class StoreError extends ServerError {
  override readonly name = 'StoreError';
  constructor(
    readonly code: 'SEQ_TAKEN' | 'UNKNOWN_GAME' | 'DUPLICATE_GAME' | 'BAD_ROW' | 'LOCKED',
    message: string,
  ) {
    super(message);
  }
}

export type HostStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/** A request the host refused; nothing was changed. `status` is the HTTP answer, `code` is stable for clients. */
export class HostError extends ServerError {
  override readonly name = 'HostError';
  constructor(
    readonly status: HostStatus,
    readonly code: string,
    message: string,
    readonly detail?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

export const isStoreError = (err: unknown): err is StoreError => err instanceof StoreError || branded(err, 'StoreError');
export const isHostError = (err: unknown): err is HostError => err instanceof HostError || branded(err, 'HostError');

/** The error body and status a route handler answers with; anything unexpected becomes an opaque 500. */
export function errorResponse(err: unknown): { status: number; body: { error: string; message: string } } {
  if (isHostError(err)) return { status: err.status, body: { error: err.code, message: err.message } };
  return { status: 500, body: { error: 'INTERNAL', message: 'the server failed; nothing was applied' } };
}
