/**
 * The browser's one reading of the app's JSON routes. A refusal arrives as `{ error, message }` (server/errors.ts
 * `errorResponse`) with its HTTP status, and becomes an `ApiError` carrying the server's own code and message, so a
 * page shows what the server said (ADDRESS_IN_GAME, SEAT_CLAIMED, CHAIN_NOT_READY…) rather than a guess from the
 * status. Only an answer that carries no message — no answer at all, or a body that is not the app's JSON — gets a
 * sentence made here, and it says just that. No React here.
 */
import type { ErrorBody } from '../../server/protocol';

/** The codes of answers without a server message; every other code is the server's own. */
export type ClientErrorCode =
  /** The request got no answer (network down, server stopped): status 0. */
  | 'NO_ANSWER'
  /** An error status without the app's `{ error, message }` (a proxy's 502 page, a crash before the route ran). */
  | 'NO_EXPLANATION'
  /** A success status whose body is not JSON. */
  | 'BAD_ANSWER';

/** The server's 409 for an action sent with a seq the game has moved past (server/host/game-host.ts). */
export const STALE_CODE = 'STALE';

/** A request the server refused (its status, code and message), or one that brought no usable answer. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** The HTTP status, or 0 when nothing answered. */
    readonly status: number,
    /** The server's `error` code, or a ClientErrorCode. */
    readonly code: string,
    /** The server's `message` as sent, or the client's sentence for an answer without one. */
    message: string,
  ) {
    super(message);
  }

  /** Whether the code and message are the server's own (not a ClientErrorCode). */
  get fromServer(): boolean {
    return this.code !== 'NO_ANSWER' && this.code !== 'NO_EXPLANATION' && this.code !== 'BAD_ANSWER';
  }
}

export const isApiError = (err: unknown): err is ApiError => err instanceof ApiError;

/** The ApiError of an error answer: the server's code and message when the body is its ErrorBody. */
export function refusalOf(status: number, statusText: string, body: unknown): ApiError {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Partial<Record<keyof ErrorBody, unknown>>;
  if (typeof b.error === 'string' && b.error && typeof b.message === 'string' && b.message)
    return new ApiError(status, b.error, b.message);
  const text = statusText ? `${status} (${statusText})` : String(status);
  return new ApiError(status, 'NO_EXPLANATION', `The server answered ${text} and gave no explanation.`);
}

/**
 * A route's JSON answer: the body when the status is a success (undefined for an empty one, e.g. 204).
 * @throws ApiError with the server's code and message for an error status; NO_EXPLANATION when that answer has no
 *   ErrorBody; BAD_ANSWER for a success whose body is not JSON.
 */
export async function readAnswer<T>(res: Response): Promise<T> {
  let body: unknown;
  let parsed = true;
  try {
    const text = await res.text();
    body = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    parsed = false; // not JSON, or the body broke off
  }
  if (!res.ok) throw refusalOf(res.status, res.statusText, parsed ? body : undefined);
  if (!parsed)
    throw new ApiError(
      res.status,
      'BAD_ANSWER',
      `The server answered ${res.status}, but its answer could not be read (it is not JSON).`,
    );
  return body as T;
}

/**
 * `fetch` + `readAnswer`: every browser-side call of the app's routes goes through here (or through readAnswer).
 * An aborted request rejects with the AbortError as fetch does.
 * @throws ApiError as readAnswer, or NO_ANSWER (status 0) when the server could not be reached.
 */
export async function apiFetch<T>(input: string, init: RequestInit = {}): Promise<T> {
  return readAnswer<T>(await apiResponse(input, init));
}

/**
 * The `fetch` of apiFetch, for an answer read as it comes (a stream): the Response, whatever its status.
 * @throws ApiError NO_ANSWER (status 0) when the server could not be reached; the AbortError of an aborted request.
 */
export async function apiResponse(input: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(input, { cache: 'no-store', credentials: 'same-origin', ...init });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(
      0,
      'NO_ANSWER',
      'The app’s server could not be reached (no answer came back): check the connection and try again.',
    );
  }
}

/** A JSON POST body for apiFetch. */
export const jsonPost = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
