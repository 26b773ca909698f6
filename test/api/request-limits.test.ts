/**
 * What a route does with a body too large, a request with a million mistakes, and text the
 * store cannot keep. The route handlers are called as Next calls them, over the server singleton on an in-memory
 * PGlite. A body is read as a stream and dropped at its route's limit (413 BODY_TOO_LARGE); an error answer lists
 * the first issues and a count; NUL, other control characters and unpaired surrogates are refused by the schemas
 * (a 4xx naming the field), never passed to PostgreSQL to come back as a 503 or a 500.
 */
import { describe, expect, it } from 'vitest';
import type { CreateGameResponse } from '../../server';
import { answer, ctx, insertSession, request, useMemoryHost } from './helpers';
import { BODY_LIMITS, MAX_MESSAGE_LENGTH } from '../../server/http/respond';
import { POST as createGame } from '../../app/api/games/route';
import { GET as getSnapshot } from '../../app/api/games/[id]/route';
import { POST as postAction } from '../../app/api/games/[id]/actions/route';
import { GET as getEvents } from '../../app/api/games/[id]/events/route';
import { GET as getRecord } from '../../app/api/games/[id]/record/route';
import { POST as postLeave } from '../../app/api/games/[id]/leave/route';
import { POST as postClaim } from '../../app/api/games/[id]/chain/claim/route';
import { POST as postApproval } from '../../app/api/games/[id]/chain/approval/route';
import { POST as postChallenge } from '../../app/api/auth/challenge/route';
import { POST as postSession } from '../../app/api/auth/session/route';
import { POST as postPiece } from '../../app/api/studio/pieces/route';
import { GET as getPiece } from '../../app/api/studio/pieces/[id]/route';
import { POST as postBoard } from '../../app/api/studio/boards/route';
import { POST as postLab } from '../../app/api/studio/boards/[id]/lab/route';
import { POST as postImport } from '../../app/api/studio/import/route';
import { bootstrapAccount } from '../../devnet/node';

const SESSION = 'limits-session-token';

// Every request here comes from one client; the rate limits have their own suite (rate-limits.test.ts).
useMemoryHost({ POLE_RATE_CREATE: 'off', POLE_RATE_ACTION: 'off' }, () =>
  insertSession(SESSION, bootstrapAccount(3).address),
);

/** A signed-in JSON post of `body` as it is. */
const post = (url: string, body: BodyInit, headers: Record<string, string> = {}) =>
  request(url, { body, cookie: `tp_session=${SESSION}`, headers });

/** A body of `bytes` bytes that is JSON (one long string), produced as it is read; `pulled` counts what was read. */
function streamedBody(bytes: number): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) {
        controller.enqueue(new TextEncoder().encode('"'));
        sent = 1;
      } else if (sent < bytes - 1) {
        const part = chunk.subarray(0, Math.min(chunk.length, bytes - 1 - sent));
        controller.enqueue(part);
        sent += part.length;
      } else {
        controller.enqueue(new TextEncoder().encode('"'));
        sent += 1;
        controller.close();
      }
    },
  });
  return { body, pulled: () => sent };
}

const twoSeats = [
  { kind: 'human', name: 'Ada' },
  { kind: 'human', name: 'Bea' },
];

async function newGame(): Promise<CreateGameResponse> {
  const created = await answer<CreateGameResponse>(
    createGame(post('/api/games', JSON.stringify({ game: 'ten', seats: twoSeats, mode: 'online', botPaceMs: 0 }))),
  );
  expect(created.status).toBe(201);
  return created.body;
}

/**
 * A Tezos Pole board as large as the engine takes (80 tiles), each work with a long title and a description and its
 * art by IPFS address, as the studio and the uploads give it.
 */
function largestBoard() {
  const uri = 'ipfs://bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy';
  const tiles = [
    { kind: 'go', id: 'go', name: 'GO' },
    ...Array.from({ length: 79 }, (_, i) => ({
      kind: 'artist',
      id: `work-${i}`,
      artist: 'A'.repeat(40),
      title: 'T'.repeat(60),
      description: 'D'.repeat(240),
      price: 100,
      multiplier: 1.5,
      editionSize: 1,
      image: { uri, mimeType: 'image/png' },
    })),
  ];
  return { id: 'largest', name: 'N'.repeat(80), description: 'D'.repeat(1000), tiles };
}

describe('body size limits', () => {
  it('stops reading a body at the route’s limit: 413 BODY_TOO_LARGE, the rest never read', async () => {
    const game = await newGame();
    const { body, pulled } = streamedBody(50 * 1024 * 1024);
    const refused = await answer(postAction(request(`/api/games/${game.id}/actions`, { body }), ctx(game.id)));
    expect([refused.status, refused.body.error]).toEqual([413, 'BODY_TOO_LARGE']);
    expect(pulled()).toBeLessThan(BODY_LIMITS.default + 256 * 1024);
    // A declared length over the limit is refused before anything is read.
    const declared = streamedBody(20 * 1024 * 1024);
    const early = await answer(
      createGame(
        request('/api/games', { body: declared.body, headers: { 'content-length': String(20 * 1024 * 1024) } }),
      ),
    );
    expect([early.status, early.body.error]).toEqual([413, 'BODY_TOO_LARGE']);
    expect(declared.pulled()).toBeLessThanOrEqual(256 * 1024);
  });

  it('has a limit on every route that reads a body', async () => {
    const game = await newGame();
    const tooLarge = () => JSON.stringify({ padding: 'x'.repeat(BODY_LIMITS.piece + 1) });
    const routes: [string, (r: Request) => Promise<Response>][] = [
      ['/api/games', (r) => createGame(r)],
      [`/api/games/${game.id}/actions`, (r) => postAction(r, ctx(game.id))],
      [`/api/games/${game.id}/leave`, (r) => postLeave(r, ctx(game.id))],
      [`/api/games/${game.id}/chain/claim`, (r) => postClaim(r, ctx(game.id))],
      [`/api/games/${game.id}/chain/approval`, (r) => postApproval(r, ctx(game.id))],
      ['/api/auth/challenge', (r) => postChallenge(r)],
      ['/api/auth/session', (r) => postSession(r)],
      ['/api/studio/pieces', (r) => postPiece(r)],
      ['/api/studio/boards', (r) => postBoard(r)],
      ['/api/studio/boards/b1/lab', (r) => postLab(r, ctx('b1'))],
      ['/api/studio/import', (r) => postImport(r)],
    ];
    for (const [url, handler] of routes) {
      const refused = await answer(handler(post(url, tooLarge())));
      expect([url, refused.status, refused.body.error]).toEqual([url, 413, 'BODY_TOO_LARGE']);
    }
    // An action is small: 100 KB is far past what any game's action needs.
    const action = await answer(
      postAction(
        post(
          `/api/games/${game.id}/actions`,
          JSON.stringify({ token: game.hostToken, seat: 0, seq: 0, action: { type: 'x'.repeat(100_000) } }),
        ),
        ctx(game.id),
      ),
    );
    expect([action.status, action.body.error]).toEqual([413, 'BODY_TOO_LARGE']);
  });

  it('takes a new game carrying a board of 80 tiles with art by IPFS address in 64 KB; a 5 MB board is a 413', async () => {
    const request = JSON.stringify({ game: 'pole', options: { board: largestBoard() }, seats: twoSeats, botPaceMs: 0 });
    expect(request.length).toBeGreaterThan(32 * 1024);
    expect(request.length).toBeLessThan(BODY_LIMITS.default);
    expect((await answer(createGame(post('/api/games', request)))).status).toBe(201);
    // The same board with its images inline, as data: URIs of 60,000 characters each.
    const inline = largestBoard();
    const image = { uri: `data:image/png;base64,${'A'.repeat(60_000)}`, mimeType: 'image/png' };
    inline.tiles = inline.tiles.map((t) => (t.kind === 'artist' ? { ...t, image } : t));
    const big = JSON.stringify({ game: 'pole', options: { board: inline }, seats: twoSeats });
    expect(big.length).toBeGreaterThan(4_500_000);
    const refused = await answer(createGame(post('/api/games', big)));
    expect([refused.status, refused.body.error]).toEqual([413, 'BODY_TOO_LARGE']);
  });

  it('takes a featured piece with its image inline', async () => {
    // A PNG's signature, then padding: 99,998 characters in all, the most a piece's image takes being 100,000.
    const imageUri = `data:image/png;base64,iVBORw0KGgo${'A'.repeat(99_976 - 11)}`;
    const piece = { title: 'Inline', imageUri, imageMimeType: 'image/png', editionSize: 1, price: 100, multiplier: 1 };
    expect((await answer(postPiece(post('/api/studio/pieces', JSON.stringify(piece))))).status).toBe(201);
  });
});

describe('error answers stay small', () => {
  it('a 60 KB roll effect is refused in a few lines, not 2 MB: faces and branches are bounded', async () => {
    const faces = Array.from({ length: 6_000 }, (_, i) => (i % 6) + 1);
    const board = {
      id: 'huge-roll',
      name: 'Huge roll',
      tiles: [
        { kind: 'go', id: 'go', name: 'GO' },
        { kind: 'artist', id: 'a', artist: 'A', title: 'A', price: 100, multiplier: 1, editionSize: 1 },
        { kind: 'artist', id: 'b', artist: 'B', title: 'B', price: 100, multiplier: 1, editionSize: 1 },
        {
          kind: 'event',
          id: 'roll',
          name: 'Roll',
          text: 'Roll',
          effect: {
            kind: 'roll',
            branches: Array.from({ length: 5 }, () => ({ faces, text: 'x', effect: { kind: 'none' } })),
          },
        },
      ],
    };
    const body = JSON.stringify({ game: 'pole', options: { board }, seats: twoSeats });
    expect(body.length).toBeGreaterThan(50_000);
    expect(body.length).toBeLessThan(BODY_LIMITS.default);
    const refused = await answer(createGame(post('/api/games', body)));
    expect([refused.status, refused.body.error]).toEqual([422, 'BAD_BOARD']);
    expect(refused.size).toBeLessThan(4_000);
    expect(refused.body.message).toContain('tile 3 "roll": effect');
  });

  it('a board with hundreds of mistakes lists the first ten and counts the rest', async () => {
    const tiles = [
      { kind: 'go', id: 'go', name: 'GO' },
      ...Array.from({ length: 79 }, (_, i) => ({
        kind: 'artist',
        id: `t-${i}`,
        artist: '',
        title: '',
        price: 1,
        multiplier: 1000,
        editionSize: 0,
      })),
    ];
    const refused = await answer(
      createGame(
        post(
          '/api/games',
          JSON.stringify({ game: 'pole', options: { board: { id: 'bad', name: 'Bad', tiles } }, seats: twoSeats }),
        ),
      ),
    );
    expect([refused.status, refused.body.error]).toEqual([422, 'BAD_BOARD']);
    const lines = refused.body.message!.split('; ');
    expect(lines).toHaveLength(11);
    expect(lines.at(-1)).toMatch(/^… and \d+ more$/);
  });

  it('an action of thousands of bad parts is a short 400', async () => {
    const game = await answer<CreateGameResponse>(
      createGame(post('/api/games', JSON.stringify({ game: 'pole', seats: twoSeats, botPaceMs: 0 }))),
    );
    const { id, hostToken } = game.body;
    const tiles = Array.from({ length: 1500 }, () => ({ tile: -1, holders: ['x'] }));
    const refused = await answer(
      postAction(
        post(
          `/api/games/${id}/actions`,
          JSON.stringify({ token: hostToken, seat: 0, seq: 0, action: { type: 'holdings', tiles } }),
        ),
        ctx(id),
      ),
    );
    expect([refused.status, refused.body.error]).toEqual([400, 'MALFORMED_ACTION']);
    expect(refused.size).toBeLessThan(3_000);
  });

  it('cuts any error message to its first 2,000 characters and says how much was left out', async () => {
    const refused = await answer(
      createGame(
        post('/api/games', JSON.stringify({ game: 'pole', options: { ['k'.repeat(50_000)]: 1 }, seats: twoSeats })),
      ),
    );
    expect([refused.status, refused.body.error]).toEqual([400, 'MALFORMED_REQUEST']);
    expect(refused.body.message!.length).toBeLessThan(MAX_MESSAGE_LENGTH + 50);
    expect(refused.body.message).toMatch(/… \([\d,]+ more characters\)$/);
  });
});

describe('text the store cannot keep is refused by the schemas', () => {
  const create = (overrides: Record<string, unknown>) =>
    answer(createGame(post('/api/games', JSON.stringify({ game: 'ten', seats: twoSeats, ...overrides }))));

  it.each([
    ['a NUL in a seat name', { seats: [{ kind: 'human', name: 'Ada\u0000' }, twoSeats[1]] }],
    ['an unpaired surrogate in a seat name', { seats: [{ kind: 'human', name: 'Ada\ud800' }, twoSeats[1]] }],
    ['a control character in a seat name', { seats: [{ kind: 'human', name: 'Ada\u001b[31m' }, twoSeats[1]] }],
    ['a NUL in a seed', { seed: 'seed\u0000' }],
    // PostgreSQL would store U+FFFD instead: the game would replay with another seed after a restart.
    ['an unpaired surrogate in a seed', { seed: 'seed\udc00' }],
  ])('%s: 400 MALFORMED_REQUEST naming the field, nothing stored', async (_what, overrides) => {
    const refused = await create(overrides);
    expect([refused.status, refused.body.error]).toEqual([400, 'MALFORMED_REQUEST']);
    expect(refused.body.message).toContain('control characters');
  });

  it('a NUL in a game id is a 400 MALFORMED_ID on every game route, not a store failure', async () => {
    const id = 'abc\u0000def';
    const refusals = [
      await answer(getSnapshot(request('/api/games/x'), ctx(id))),
      await answer(getRecord(request('/api/games/x/record'), ctx(id))),
      await answer(getEvents(request('/api/games/x/events'), ctx(id))),
      await answer(
        postAction(post('/api/games/x/actions', JSON.stringify({ token: 't', seat: 0, seq: 0, action: {} })), ctx(id)),
      ),
      await answer(getPiece(request('/api/studio/pieces/x'), ctx(id))),
    ];
    for (const r of refusals) expect([r.status, r.body.error]).toEqual([400, 'MALFORMED_ID']);
  });

  it('a NUL in a board is refused by the engine (422 BAD_BOARD), in a studio piece or board by the studio (422)', async () => {
    const board = {
      id: 'nul',
      name: 'Nul\u0000',
      tiles: largestBoard()
        .tiles.slice(0, 4)
        .map((t) => ({ ...t, image: undefined })),
    };
    const game = await answer(
      createGame(post('/api/games', JSON.stringify({ game: 'pole', options: { board }, seats: twoSeats }))),
    );
    expect([game.status, game.body.error]).toEqual([422, 'BAD_BOARD']);
    const piece = await answer(
      postPiece(
        post('/api/studio/pieces', JSON.stringify({ title: 'Nul\u0000', editionSize: 1, price: 100, multiplier: 1 })),
      ),
    );
    expect([piece.status, piece.body.error]).toEqual([422, 'BAD_PIECE']);
    const image = await answer(
      postPiece(
        post(
          '/api/studio/pieces',
          JSON.stringify({
            title: 'Img',
            imageUri: 'https://x.example/a\u0000.png',
            editionSize: 1,
            price: 100,
            multiplier: 1,
          }),
        ),
      ),
    );
    expect([image.status, image.body.error]).toEqual([422, 'BAD_PIECE']);
    const studio = await answer(
      postBoard(post('/api/studio/boards', JSON.stringify({ name: 'Ring\ud800', slots: [] }))),
    );
    expect([studio.status, studio.body.error]).toEqual([422, 'BAD_BOARD_REQUEST']);
  });

  it('a body that is not UTF-8 is a 400', async () => {
    const refused = await answer(createGame(post('/api/games', new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]))));
    expect([refused.status, refused.body.error]).toEqual([400, 'MALFORMED_REQUEST']);
  });
});
