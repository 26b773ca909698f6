/**
 * The app's game routes as the browser suites call them from Node, beside the pages: create a game, read a route or
 * a seat's snapshot, play a seat's first legal action.
 */
import { InMemorySigner } from '@taquito/signer';
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { bootstrapAccount } from '../../devnet/node';
import type { GameId } from '../../engine/core';
import type { CreateGameRequest, CreateGameResponse, GameSnapshot } from '../../server/protocol';

/** A seat's invite: its seat, its token and the link's path. */
export type Invite = CreateGameResponse['invites'][number];

/** GETs a JSON route of the app, expecting 200. */
export async function getJson<T>(baseUrl: string, pathname: string): Promise<T> {
  const res = await fetch(`${baseUrl}${pathname}`, { cache: 'no-store' });
  expect(res.status, `GET ${pathname}`).toBe(200);
  return (await res.json()) as T;
}

/** Creates a game through the API, expecting 201. */
export async function createGame(baseUrl: string, request: CreateGameRequest): Promise<CreateGameResponse> {
  const res = await fetch(`${baseUrl}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as CreateGameResponse;
}

/**
 * A request for a game of `seats`, in order: a name is a person's seat, a bot's is its kind and name. Online, its bots
 * moving at once, unless `more` says otherwise.
 */
export const gameRequest = (
  game: GameId,
  seats: readonly (string | CreateGameRequest['seats'][number])[],
  more: Partial<CreateGameRequest> = {},
): CreateGameRequest => ({
  game,
  seats: seats.map((seat) => (typeof seat === 'string' ? { kind: 'human', name: seat } : seat)),
  mode: 'online',
  botPaceMs: 0,
  ...more,
});

/** The game as `token`'s seat (`seat`: which one, for a hot-seat host's token) sees it, else as a spectator does. */
export const snapshotOf = (baseUrl: string, id: string, token?: string, seat?: number): Promise<GameSnapshot> =>
  getJson<GameSnapshot>(
    baseUrl,
    `/api/games/${encodeURIComponent(id)}${token === undefined ? '' : `?token=${encodeURIComponent(token)}${seat === undefined ? '' : `&seat=${seat}`}`}`,
  );

/**
 * The invite's seat plays its first legal action through the API (no page, no link of a fair chain); false when it
 * had none, or when the game moved on first (409: a bot's move, or another seat's, came in meanwhile).
 */
export async function actFirstLegal(baseUrl: string, id: string, { token, seat }: Invite): Promise<boolean> {
  const snap = await snapshotOf(baseUrl, id, token, seat);
  if (snap.outcome || snap.legal.length === 0) return false;
  const res = await fetch(`${baseUrl}/api/games/${encodeURIComponent(id)}/actions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, seat, seq: snap.seq, action: snap.legal[0] }),
  });
  return res.status === 200;
}

/**
 * Signs a browser context in as devnet bootstrap account `i` through the sign-in routes, as its wallet would: the
 * context then holds the session cookie.
 */
export async function signInContext(baseUrl: string, context: BrowserContext, i: number): Promise<void> {
  const account = bootstrapAccount(i);
  const challenge = (await (
    await context.request.post(`${baseUrl}/api/auth/challenge`, { data: { address: account.address } })
  ).json()) as { nonce: string; payload: string };
  const { prefixSig } = await new InMemorySigner(account.secretKey).sign(challenge.payload);
  const session = await context.request.post(`${baseUrl}/api/auth/session`, {
    data: { nonce: challenge.nonce, address: account.address, publicKey: account.publicKey, signature: prefixSig },
  });
  expect(session.status()).toBe(200);
}
