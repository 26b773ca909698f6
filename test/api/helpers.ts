/**
 * What the route-handler suites share: the host of this test process over an in-memory PGlite, requests built and
 * answers read as Next passes them, signed-in sessions with or without the wallet's signature.
 */
import { InMemorySigner } from '@taquito/signer';
import { afterAll, beforeAll, expect } from 'vitest';
import { bootstrapAccount } from '../../devnet/node';
import { getHost, hashToken } from '../../server';
import { PEER_HEADER } from '../../server/limits';
import { POST as postChallenge } from '../../app/api/auth/challenge/route';
import { POST as postSession } from '../../app/api/auth/session/route';

/** Where the requests go, unless one names another origin. */
export const BASE = 'http://localhost';

/**
 * Sets the process's host to open over an in-memory PGlite, with `env` (limits, chain settings) on top and `then`
 * run after, before the file's first request (importing the routes opens nothing), and closes it after the file.
 */
export function useMemoryHost(env: Readonly<Record<string, string>> = {}, then?: () => Promise<void>): void {
  beforeAll(async () => {
    delete process.env.DATABASE_URL;
    process.env.GAMES_DATA_DIR = 'memory://';
    Object.assign(process.env, env);
    await then?.();
  });
  afterAll(closeHost);
}

/** Stores a session for `address` under cookie token `token` (an hour long), as a signed sign-in would. */
export async function insertSession(token: string, address: string): Promise<void> {
  const { sql } = (await getHost()).store;
  await sql.query('INSERT INTO sessions (token_hash, address, public_key, expires_at) VALUES ($1, $2, $3, $4)', [
    hashToken(token),
    address,
    'edpk-test',
    new Date(Date.now() + 3_600_000).toISOString(),
  ]);
}

/** Closes the process's host and its store (afterAll). */
export async function closeHost(): Promise<void> {
  const host = await getHost();
  await host.close();
  await host.store.close();
}

/** The second argument Next passes a `[id]` route handler. */
export const ctx = (id: string) => ({ params: Promise.resolve({ id }) });

export interface RequestOptions {
  /** Default: POST with a body, else GET. */
  readonly method?: string;
  /** Sent as JSON, or as it is when text, bytes or a stream; the request then says it is JSON unless `headers` differ. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** The `cookie` header a browser sends (none when null or empty). */
  readonly cookie?: string | null;
  /** The client's address, as the app's own server (scripts/serve.ts) stamps it from the socket. */
  readonly client?: string;
  /** The origin the request is sent to (default BASE): an https one is a browser's secure request. */
  readonly base?: string;
  /** Aborts the request, as a closed page does (an event stream's). */
  readonly signal?: AbortSignal;
}

/** A request to `url` (a path and query) as a browser or another client sends it. */
export function request(
  url: string,
  { method, body, headers = {}, cookie, client, base = BASE, signal }: RequestOptions = {},
): Request {
  const raw = typeof body === 'string' || body instanceof Uint8Array || body instanceof ReadableStream;
  return new Request(`${base}${url}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(client === undefined ? {} : { [PEER_HEADER]: client }),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: raw ? (body as BodyInit) : JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
    // A streamed body is sent as it is produced.
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/** The fields of a refusal's body (`{ error, message }`), present on any answer's body when it is one. */
export interface Refusal {
  readonly error?: string;
  readonly message?: string;
}

/** What a route answered, read whole. */
export interface Answer<T> {
  readonly status: number;
  /** The JSON body, null when there is none. */
  readonly body: T & Refusal;
  readonly setCookie: string | null;
  readonly retryAfter: string | null;
  /** The body's length in characters. */
  readonly size: number;
}

/** Reads what a route answered. */
export async function answer<T = Record<string, unknown>>(response: Promise<Response> | Response): Promise<Answer<T>> {
  const res = await response;
  const text = await res.text();
  return {
    status: res.status,
    body: (text === '' ? null : JSON.parse(text)) as T & Refusal,
    setCookie: res.headers.get('set-cookie'),
    retryAfter: res.headers.get('retry-after'),
    size: text.length,
  };
}

/** A route's status and body alone, so that a whole answer compares with toEqual. */
export async function statusAndBody<T = Record<string, unknown>>(
  response: Promise<Response> | Response,
): Promise<{ status: number; body: T & Refusal }> {
  const { status, body } = await answer<T>(response);
  return { status, body };
}

/** `?name=value&…` of the parameters that are set ('' when none is). */
export function query(params: Readonly<Record<string, string | number | undefined>>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  return q.size ? `?${q}` : '';
}

/** The `name=value` a browser sends back for a Set-Cookie header. */
export const sentCookie = (setCookie: string | null): string => setCookie!.split(';')[0]!;

type SignInOptions = Omit<RequestOptions, 'body' | 'method'>;

/** What a wallet posts to sign in as bootstrap account `i`: a fresh challenge (200), signed with its key. */
export async function signedChallenge(i: number, options: SignInOptions = {}) {
  const account = bootstrapAccount(i);
  const challenge = await answer<{ nonce: string; payload: string }>(
    postChallenge(request('/api/auth/challenge', { ...options, body: { address: account.address } })),
  );
  expect(challenge.status).toBe(200);
  const { prefixSig } = await new InMemorySigner(account.secretKey).sign(challenge.body.payload);
  return { nonce: challenge.body.nonce, address: account.address, publicKey: account.publicKey, signature: prefixSig };
}

/**
 * Signs bootstrap account `i` in through the routes, as its wallet does (`options` go with both requests: a client,
 * a browser's cookie, an https origin); the session route's answer, its Set-Cookie in `setCookie`.
 */
export async function signIn(i: number, options: SignInOptions = {}): Promise<Answer<Record<string, unknown>>> {
  const body = await signedChallenge(i, options);
  return answer(postSession(request('/api/auth/session', { ...options, body })));
}

/** Signs bootstrap account `i` in (200); the session cookie's `name=value`, as a browser sends it back. */
export async function sessionCookie(i: number, options: SignInOptions = {}): Promise<string> {
  const session = await signIn(i, options);
  expect(session.status).toBe(200);
  return sentCookie(session.setCookie);
}
