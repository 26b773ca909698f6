import { z } from 'zod';
import { plainText } from '../../engine';
import { errorResponse, isHostError, isStoreError, RequestError, storeFailure, storeFailureKind } from '..';
import { tokenSchema } from '../protocol';

/**
 * How many bytes of a request body a route reads: the body is read as a stream and the request refused
 * with 413 `BODY_TOO_LARGE` as soon as it passes the limit, so a large body is never held whole.
 */
export const BODY_LIMITS = {
  /**
   * Most routes: an action (the largest, a Ten payment of every card, is under 8 KB), a sign-in, a claim, a board's
   * slots, a new game (a studio board goes by its id, and art by its IPFS address: a board carries no image bytes).
   */
  default: 64 * 1024,
  /** A featured piece: its image may be inline, a data: URI of up to 100,000 characters. */
  piece: 256 * 1024,
  /** An uploaded image: the file itself, up to studio/image-limits.ts's 10 MiB. */
  image: 10 * 1024 * 1024,
} as const;

/** The longest `message` an error answer carries; a longer one is cut and says how much was left out. */
export const MAX_MESSAGE_LENGTH = 2_000;

const MEDIA_JSON = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Refuses a request a page of another site made the browser send (CSRF). Browsers say where a request comes
 * from: `Sec-Fetch-Site` (every current browser), else `Origin`; only this origin's own pages may change anything
 * (`same-site` is refused too: on localhost every port is the same site). A request with neither header did not come
 * from a web page (curl, scripts): no cookie of a victim rides on it.
 * @throws HostError 403 `CROSS_SITE_REQUEST`
 */
export function refuseCrossSite(request: Request): void {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) {
    if (site === 'same-origin' || site === 'none') return;
    throw new RequestError(
      'CROSS_SITE_REQUEST',
      `refused: this request was sent by a page of another site (Sec-Fetch-Site: ${site.slice(0, 20)})`,
    );
  }
  const origin = request.headers.get('origin');
  if (origin === null) return;
  // The host the browser addressed: a proxy in front says it in X-Forwarded-Host (Next sets it too).
  const host =
    request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() ||
    request.headers.get('host') ||
    new URL(request.url).host;
  let from: string | null = null;
  try {
    from = new URL(origin).host;
  } catch {
    // `Origin: null` (a sandboxed frame, a file) or garbage: not this site
  }
  if (from !== host)
    throw new RequestError(
      'CROSS_SITE_REQUEST',
      `refused: this request was sent by a page of another origin (${origin.slice(0, 100)}), not by this site`,
    );
}

/** The body's bytes, read until `limit` bytes. @throws HostError 413 `BODY_TOO_LARGE` */
async function boundedBytes(request: Request, limit: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await readBounded(request, limit, (chunk) => chunks.push(chunk));
  return Buffer.concat(chunks);
}

/** Reads the body a chunk at a time, refusing it as soon as it passes `limit`. @throws HostError 413 `BODY_TOO_LARGE` */
async function readBounded(request: Request, limit: number, take: (chunk: Uint8Array) => void): Promise<void> {
  const tooLarge = () =>
    new RequestError(
      'BODY_TOO_LARGE',
      `the request body is larger than this route takes (${limit.toLocaleString('en')} bytes)`,
      { limit },
    );
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw tooLarge();
  if (request.body === null) return;
  const reader = request.body.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
    if (size > limit) {
      // Stops reading: the rest of the body is never taken in.
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    take(value);
  }
}

/** The body's text, read until `limit` bytes. @throws HostError 413 `BODY_TOO_LARGE`, 400 `MALFORMED_REQUEST` (not UTF-8). */
async function boundedText(request: Request, limit: number): Promise<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (bytes?: Uint8Array): string => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new RequestError('MALFORMED_REQUEST', 'the request body is not UTF-8 text');
    }
  };
  let text = '';
  await readBounded(request, limit, (chunk) => {
    text += decode(chunk);
  });
  return text + decode();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RequestError('MALFORMED_REQUEST', 'the request body is not JSON');
  }
}

const requireJsonType = (request: Request): void => {
  // A form or a no-cors fetch of another site can send text/plain without asking; JSON needs this site's consent.
  if (!MEDIA_JSON.test(request.headers.get('content-type') ?? '')) {
    throw new RequestError('JSON_REQUIRED', 'send the body as JSON, with Content-Type: application/json');
  }
};

/**
 * The JSON body of a request that changes something: sent by this site's pages (or not by a browser), as
 * `application/json`, of at most `limit` bytes.
 * @throws HostError 403 `CROSS_SITE_REQUEST`, 415 `JSON_REQUIRED`, 413 `BODY_TOO_LARGE`, 400 `MALFORMED_REQUEST`
 */
export async function jsonBody(request: Request, limit: number = BODY_LIMITS.default): Promise<unknown> {
  refuseCrossSite(request);
  requireJsonType(request);
  return parseJson(await boundedText(request, limit));
}

const MEDIA_UPLOAD = /^(?:image\/[\w.+-]+|application\/octet-stream)\s*(?:;|$)/i;

/**
 * The raw body of an upload (a file's bytes): sent by this site's pages (or not by a browser), typed as a file
 * (`image/*` or `application/octet-stream`: never a type a form of another site could send without asking), of at
 * most `limit` bytes. The type sent is not trusted for anything else: the bytes are sniffed.
 * @throws HostError 403 `CROSS_SITE_REQUEST`, 415 `UPLOAD_TYPE_REQUIRED`, 413 `BODY_TOO_LARGE`
 */
export async function uploadBody(request: Request, limit: number): Promise<Uint8Array> {
  refuseCrossSite(request);
  if (!MEDIA_UPLOAD.test(request.headers.get('content-type') ?? ''))
    throw new RequestError(
      'UPLOAD_TYPE_REQUIRED',
      'send the file itself as the body, with Content-Type: image/… (or application/octet-stream)',
    );
  return boundedBytes(request, limit);
}

/** As jsonBody, for a request that may have no body at all (`{}` then). */
export async function optionalJsonBody(request: Request, limit: number = BODY_LIMITS.default): Promise<unknown> {
  refuseCrossSite(request);
  const text = await boundedText(request, limit);
  if (text.trim() === '') return {};
  requireJsonType(request);
  return parseJson(text);
}

/** `message` cut to MAX_MESSAGE_LENGTH, never inside a surrogate pair. */
function capMessage(message: string): string {
  if (message.length <= MAX_MESSAGE_LENGTH) return message;
  let end = MAX_MESSAGE_LENGTH;
  const last = message.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${message.slice(0, end)}… (${(message.length - end).toLocaleString('en')} more characters)`;
}

/**
 * The answer to a failed request: its status and `{ error, message }`, the message capped. A database failure that
 * reached a route without the host's words (the studio's and sign-in's SQL) is told as store/failure.ts says.
 */
export function refusalResponse(err: unknown): Response {
  const known = !isHostError(err) && (isStoreError(err) || storeFailureKind(err) !== null) ? storeFailure(err) : err;
  const { status, body } = errorResponse(known);
  if (status === 500) console.error('[api]', known);
  // A rate limit says when to come back (429 RATE_LIMITED and the stream caps carry it in their detail).
  const retry = isHostError(known) ? known.detail?.['retryAfterSeconds'] : undefined;
  return Response.json(
    { ...body, message: capMessage(body.message) },
    { status, ...(typeof retry === 'number' ? { headers: { 'retry-after': String(retry) } } : {}) },
  );
}

/** Runs a handler and answers its value as JSON, or a refusal with its status and `{ error, message }`. */
export async function respond(work: () => unknown, status = 200): Promise<Response> {
  try {
    const body = await work();
    return body === undefined ? new Response(null, { status: 204 }) : Response.json(body, { status });
  } catch (err) {
    return refusalResponse(err);
  }
}

/** `?token=` and `?seat=` of a request (a seat that is not a whole number is a 400). */
export function seatQuery(request: Request): { token: string | undefined; seat: number | undefined } {
  const params = new URL(request.url).searchParams;
  const token = params.get('token') ?? undefined;
  const raw = params.get('seat');
  if (raw === null || raw === '') return { token, seat: undefined };
  if (!/^\d$/.test(raw))
    throw new RequestError('MALFORMED_REQUEST', `seat must be a seat number, not "${raw.slice(0, 20)}"`);
  return { token, seat: Number(raw) };
}

/**
 * A request's query string, one value per name (the last, where a name repeats), as the desks that page through a
 * list read it (`?page=&size=`, `?after=&limit=`): they check each value themselves.
 */
export function queryParams(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

const seatBodySchema = z
  .object({ token: tokenSchema.optional(), seat: z.number().int().min(0).max(5).optional() })
  .strict();

/**
 * The seat a `{ token?, seat? }` body names, as leaving, taking a seat back and claiming it on the chain read it: the
 * token's, else the one this browser or wallet holds. Any other body is 400 MALFORMED_REQUEST.
 */
export async function seatBody(request: Request): Promise<{ token?: string; seat?: number }> {
  const parsed = seatBodySchema.safeParse(await jsonBody(request));
  if (!parsed.success) throw new RequestError('MALFORMED_REQUEST', 'expected { token?, seat? }');
  return parsed.data;
}

export type IdParams = { params: Promise<{ id: string }> };

const idSchema = plainText(z.string().min(1).max(64));

/**
 * The `[id]` of a route: a game's, a piece's or a board's. One that no id can be (too long, control characters) is
 * refused here, before it reaches the store.
 * @throws HostError 400 `MALFORMED_ID`
 */
export async function idParam({ params }: IdParams): Promise<string> {
  const { id } = await params;
  if (!idSchema.safeParse(id).success)
    throw new RequestError('MALFORMED_ID', 'not an id: at most 64 characters, no control characters');
  return id;
}
