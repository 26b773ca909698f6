/**
 * A page of another site cannot make a signed-in browser change anything. The route handlers are
 * called as Next calls them, with the headers a browser sends: `Origin` and `Sec-Fetch-Site` say which page sent a
 * request, and a form or a no-cors fetch can only send text/plain. Cookie-authenticated writes need this site's own
 * page and a JSON body; the sign-in takes exactly its four fields.
 */
import { describe, expect, it } from 'vitest';
import { answer, ctx, insertSession, request as requestTo, signedChallenge, useMemoryHost } from './helpers';
import { bootstrapAccount } from '../../devnet/node';
import { POST as createGame } from '../../app/api/games/route';
import { POST as postChallenge } from '../../app/api/auth/challenge/route';
import { DELETE as deleteSession, POST as postSession } from '../../app/api/auth/session/route';
import { GET as listPieces, POST as postPiece } from '../../app/api/studio/pieces/route';
import { DELETE as deletePiece } from '../../app/api/studio/pieces/[id]/route';
import { POST as postBoard } from '../../app/api/studio/boards/route';

const BASE = 'http://localhost:3000';
const ARTIST = bootstrapAccount(3).address;
const SESSION = 'csrf-session-token';
const cookie = `tp_session=${SESSION}`;

useMemoryHost({}, () => insertSession(SESSION, ARTIST));

/** A request to this site with the headers a browser (or another client) sends, as each test names them. */
const request = (url: string, body: unknown, headers: Record<string, string>, method = 'POST') =>
  requestTo(url, { base: BASE, method, body, headers: { host: 'localhost:3000', ...headers } });

const JSON_TYPE = { 'content-type': 'application/json' };
const PIECE = { title: 'Forged', editionSize: 1, price: 100, multiplier: 1 };
const piecesOfArtist = async () =>
  (
    await answer<{ pieces: unknown[] }>(
      listPieces(request(`/api/studio/pieces?artist=${ARTIST}`, undefined, {}, 'GET')),
    )
  ).body.pieces.length;

describe('cross-site requests', () => {
  it('a text/plain POST from another origin creates nothing (it was 201): 415, or 403 for its origin', async () => {
    const game = { game: 'ten', seats: [{ kind: 'human', name: 'Solo' }] };
    const plain = await answer(
      createGame(request('/api/games', game, { 'content-type': 'text/plain', origin: 'http://evil.example' })),
    );
    expect(plain.status).toBe(403);
    const plainNoOrigin = await answer(
      createGame(request('/api/games', game, { 'content-type': 'text/plain;charset=UTF-8' })),
    );
    expect([plainNoOrigin.status, plainNoOrigin.body.error]).toEqual([415, 'JSON_REQUIRED']);
  });

  it('a cookie-authenticated write from a page of another origin is refused with 403 CROSS_SITE_REQUEST', async () => {
    const before = await piecesOfArtist();
    const forged = [
      { ...JSON_TYPE, cookie, origin: 'http://evil.example' },
      // Another port of localhost is the same *site*: SameSite=Lax cookies ride along, so the origin decides.
      { ...JSON_TYPE, cookie, origin: 'http://localhost:4000' },
      { ...JSON_TYPE, cookie, 'sec-fetch-site': 'same-site', origin: 'http://localhost:4000' },
      { ...JSON_TYPE, cookie, 'sec-fetch-site': 'cross-site' },
      { ...JSON_TYPE, cookie, origin: 'null' },
    ];
    for (const headers of forged) {
      const refused = await answer(postPiece(request('/api/studio/pieces', PIECE, headers)));
      expect([refused.status, refused.body.error]).toEqual([403, 'CROSS_SITE_REQUEST']);
      const board = await answer(postBoard(request('/api/studio/boards', { name: 'Forged', slots: [] }, headers)));
      expect([board.status, board.body.error]).toEqual([403, 'CROSS_SITE_REQUEST']);
    }
    const text = await answer(
      postPiece(request('/api/studio/pieces', PIECE, { cookie, 'content-type': 'text/plain' })),
    );
    expect([text.status, text.body.error]).toEqual([415, 'JSON_REQUIRED']);
    expect(await piecesOfArtist()).toBe(before);
  });

  it('this site’s own pages, and clients that are not browsers, still write', async () => {
    const mine = [
      { ...JSON_TYPE, cookie, origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      { ...JSON_TYPE, cookie, origin: 'http://localhost:3000' },
      // Behind a proxy: the browser's origin is the proxy's host, which the proxy forwards.
      { ...JSON_TYPE, cookie, origin: 'https://pole.example', 'x-forwarded-host': 'pole.example' },
      { ...JSON_TYPE, cookie },
    ];
    for (const headers of mine)
      expect((await answer(postPiece(request('/api/studio/pieces', PIECE, headers)))).status).toBe(201);
  });

  it('deletes and sign-outs need this site too', async () => {
    const made = await answer<{ id: string }>(
      postPiece(request('/api/studio/pieces', PIECE, { ...JSON_TYPE, cookie })),
    );
    const id = made.body.id;
    const refused = await answer(
      deletePiece(
        request(`/api/studio/pieces/${id}`, undefined, { cookie, origin: 'http://evil.example' }, 'DELETE'),
        ctx(id),
      ),
    );
    expect([refused.status, refused.body.error]).toEqual([403, 'CROSS_SITE_REQUEST']);
    expect(
      (
        await answer(
          deletePiece(
            request(`/api/studio/pieces/${id}`, undefined, { cookie, 'sec-fetch-site': 'same-origin' }, 'DELETE'),
            ctx(id),
          ),
        )
      ).status,
    ).toBe(204);

    const out = await answer(
      deleteSession(request('/api/auth/session', undefined, { cookie, 'sec-fetch-site': 'cross-site' }, 'DELETE')),
    );
    expect([out.status, out.body.error, out.setCookie]).toEqual([403, 'CROSS_SITE_REQUEST', null]);
  });
});

describe('sign-in takes its own fields only', () => {
  it('refuses extra keys (a login CSRF by a text/plain form smuggles one in): 400, no cookie', async () => {
    const signed = await signedChallenge(5);
    const refused = await answer(postSession(request('/api/auth/session', { ...signed, 'x=': '' }, JSON_TYPE)));
    expect(refused).toMatchObject({ status: 400, body: { error: 'MALFORMED_REQUEST' }, setCookie: null });
    // The same signed challenge without the extra key signs in: nothing was used up by the refusal.
    expect((await answer(postSession(request('/api/auth/session', signed, JSON_TYPE)))).status).toBe(200);
    const challenge = await answer(
      postChallenge(request('/api/auth/challenge', { address: bootstrapAccount(6).address, then: '/x' }, JSON_TYPE)),
    );
    expect([challenge.status, challenge.body.error]).toEqual([400, 'MALFORMED_REQUEST']);
  });

  it('refuses a sign-in posted by a page of another site', async () => {
    const signed = await signedChallenge(7);
    const refused = await answer(
      postSession(request('/api/auth/session', signed, { ...JSON_TYPE, origin: 'http://localhost:8080' })),
    );
    expect(refused).toMatchObject({ status: 403, body: { error: 'CROSS_SITE_REQUEST' }, setCookie: null });
  });
});
