/**
 * What a store failure means for the request, told truthfully: the value cannot be stored (the request's
 * fault: 400), the database is away for a while (503: try again), or it is broken or misconfigured (500: no retry
 * helps, the operator must look). The database's own text stays in the server log, never in an answer.
 */
import { HostError, isStoreError, RequestError, ServiceError } from '../errors';
import { sqlState } from './driver';

export type StoreFailureKind = 'input' | 'transient' | 'permanent';

/**
 * SQLSTATE classes (PostgreSQL, Appendix A) that pass: 08 connection exception, 40 transaction rollback (serialization
 * failure, deadlock), 53 insufficient resources (disk full, out of memory, too many connections), 57 operator
 * intervention (shutdown, restart, a statement timeout) — except 57P04, the database was dropped.
 */
const TRANSIENT_CLASSES = new Set(['08', '40', '53', '57']);
/** 55P03 lock not available, 55006 object in use. */
const TRANSIENT_STATES = new Set(['55P03', '55006']);
/** 22 data exception (NUL or an unpaired surrogate in text, a number out of range), 54 program limit exceeded. */
const INPUT_CLASSES = new Set(['22', '54']);
/** Errors of the network, before PostgreSQL said anything. */
const TRANSIENT_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
/** pg's errors without a code: the connection dropped or could not be made in time; PGlite closing with the process. */
const TRANSIENT_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is clos(ed|ing))/;

/**
 * How a store call failed, or null when `err` does not come from a database. Everything else a database reports is
 * permanent: XX internal error (XX001 data corrupted, XX002 index corrupted), 58 system error (I/O, a missing file), 42
 * a schema this code does not know, 28 credentials, 3D no such database; PGlite's WebAssembly abort; an unreadable row.
 */
export function storeFailureKind(err: unknown): StoreFailureKind | null {
  if (isStoreError(err)) return err.code === 'BAD_ROW' ? 'permanent' : null;
  if (err instanceof WebAssembly.RuntimeError) return 'permanent';
  const state = sqlState(err);
  if (state !== undefined && /^[0-9A-Z]{5}$/.test(state)) {
    const kind = state.slice(0, 2);
    if (INPUT_CLASSES.has(kind)) return 'input';
    if ((TRANSIENT_CLASSES.has(kind) && state !== '57P04') || TRANSIENT_STATES.has(state)) return 'transient';
    return 'permanent';
  }
  if (state !== undefined && TRANSIENT_ERRNOS.has(state)) return 'transient';
  if (err instanceof Error && TRANSIENT_MESSAGES.test(err.message)) return 'transient';
  return null;
}

/**
 * The refusal for a failed store call; `doing` says what failed ("the action could not be saved"). A failure that is
 * not recognisably the database's counts as permanent: nothing says that trying again would help.
 */
export function storeFailure(err: unknown, doing = 'the game store failed'): HostError {
  const refused = refusalFor(err, doing);
  // Kept for the server log (respond.ts logs every 500 with its cause).
  refused.cause = err;
  return refused;
}

function refusalFor(err: unknown, doing: string): HostError {
  // This process could not open the store: it serves no games until the other process lets the folder go.
  if (isStoreError(err) && err.code === 'LOCKED')
    return new ServiceError(
      'STORE_LOCKED',
      'another process holds this server’s game store, so this one serves no games: see the server log',
    );
  switch (storeFailureKind(err) ?? 'permanent') {
    case 'input':
      return new RequestError(
        'UNSTORABLE_VALUE',
        `${doing}: the request holds a value the game store cannot keep (nothing was saved)`,
      );
    case 'transient':
      return new ServiceError(
        'STORE_UNAVAILABLE',
        `${doing}: the game store is not answering just now (nothing was saved); try again in a moment`,
      );
    case 'permanent':
      return new ServiceError(
        'STORE_FAILED',
        `${doing}: the game store is broken or misconfigured (nothing was saved); its operator must look at the server log`,
      );
  }
}
