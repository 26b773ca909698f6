/**
 * The studio's route handlers called as Next calls them, over the server singleton on an in-memory PGlite. Sessions
 * are rows of the `sessions` table (what a wallet sign-in leaves), sent as the `tp_session` cookie: writes need one,
 * and a person acts only on their own pieces and boards.
 */
import { describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../devnet/node';
import { answer, ctx, insertSession, request as requestTo, useMemoryHost } from './helpers';
import { EVENT_PALETTE, type LabLine, type Piece, type StudioBoard } from '../../server/studio';
import { GET as listPieces, POST as postPiece } from '../../app/api/studio/pieces/route';
import { DELETE as deletePiece, GET as getPiece } from '../../app/api/studio/pieces/[id]/route';
import { POST as postImport } from '../../app/api/studio/import/route';
import { GET as listBoards, POST as postBoard } from '../../app/api/studio/boards/route';
import { GET as getBoard } from '../../app/api/studio/boards/[id]/route';
import { POST as postLab } from '../../app/api/studio/boards/[id]/lab/route';

const ADA = bootstrapAccount(3).address;
const BEA = bootstrapAccount(4).address;
const ADA_TOKEN = 'ada-session-token';
const BEA_TOKEN = 'bea-session-token';

useMemoryHost(
  // A TzKT API nobody serves: the import route must say the indexer is down.
  { TEZOS_NETWORK: 'custom', TEZOS_RPC_URL: 'http://127.0.0.1:9', TZKT_URL: 'http://127.0.0.1:9/tzkt' },
  async () => {
    for (const [token, address] of [
      [ADA_TOKEN, ADA],
      [BEA_TOKEN, BEA],
    ] as const)
      await insertSession(token, address);
  },
);

/** A request of the person signed in with session `token` (nobody's without one). */
const request = (url: string, { body, method, token }: { body?: unknown; method?: string; token?: string } = {}) =>
  requestTo(url, { body, method, cookie: token ? `theme=dark; tp_session=${token}` : null });

const PIECE = {
  title: 'Night Ledger',
  description: 'Entries after midnight.',
  imageUri: 'https://example.org/ledger.png',
  editionSize: 3,
  price: 340,
  multiplier: 2,
};

describe('studio routes', () => {
  /** A piece Ada features, through the route. */
  const featured = async (): Promise<Piece> =>
    (await answer<Piece>(postPiece(request('/api/studio/pieces', { body: PIECE, token: ADA_TOKEN })))).body;

  it('refuse every write without a session (401 SIGN_IN_REQUIRED) and change nothing', async () => {
    const listed = async () => [
      (await answer<{ pieces: Piece[] }>(listPieces(request('/api/studio/pieces?scope=all')))).body.pieces,
      (await answer<{ boards: unknown[] }>(listBoards(request('/api/studio/boards')))).body.boards,
    ];
    const before = await listed();
    const unsigned = [
      await answer(postPiece(request('/api/studio/pieces', { body: PIECE }))),
      await answer(postPiece(request('/api/studio/pieces', { body: PIECE, token: 'forged-token' }))),
      await answer(deletePiece(request('/api/studio/pieces/x', { method: 'DELETE' }), ctx('x'))),
      await answer(postBoard(request('/api/studio/boards', { body: { name: 'B', slots: [] } }))),
      await answer(postLab(request('/api/studio/boards/x/lab', { body: {} }), ctx('x'))),
      await answer(listPieces(request('/api/studio/pieces'))),
    ];
    for (const r of unsigned) expect([r.status, r.body.error]).toEqual([401, 'SIGN_IN_REQUIRED']);
    expect(await listed()).toEqual(before);
  });

  it('feature a piece for the signed-in artist, listed under them; bad fields are a 422 naming them', async () => {
    const created = await answer<Piece>(postPiece(request('/api/studio/pieces', { body: PIECE, token: ADA_TOKEN })));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...PIECE, artist: ADA });
    const piece = created.body;
    expect(
      (await answer<{ pieces: Piece[] }>(listPieces(request('/api/studio/pieces', { token: ADA_TOKEN })))).body.pieces,
    ).toContainEqual(piece);
    expect(
      (await answer<{ pieces: Piece[] }>(listPieces(request(`/api/studio/pieces?artist=${ADA}`)))).body.pieces,
    ).toContainEqual(piece);
    expect(
      (await answer<{ pieces: Piece[] }>(listPieces(request('/api/studio/pieces', { token: BEA_TOKEN })))).body.pieces,
    ).toEqual([]);
    expect((await answer(listPieces(request('/api/studio/pieces?artist=bob')))).status).toBe(400);

    const bad = await answer(
      postPiece(request('/api/studio/pieces', { body: { ...PIECE, price: 3 }, token: ADA_TOKEN })),
    );
    expect([bad.status, bad.body.error]).toEqual([422, 'BAD_PIECE']);
    expect(bad.body.message).toContain('price:');
    expect((await answer(postPiece(request('/api/studio/pieces', { body: '{oops', token: ADA_TOKEN })))).status).toBe(
      400,
    );
  });

  it('let only the artist remove a piece (403 for another)', async () => {
    const other = await answer<Piece>(
      postPiece(request('/api/studio/pieces', { body: { ...PIECE, title: 'Spare' }, token: ADA_TOKEN })),
    );
    const refused = await answer(
      deletePiece(
        request(`/api/studio/pieces/${other.body.id}`, { method: 'DELETE', token: BEA_TOKEN }),
        ctx(other.body.id),
      ),
    );
    expect([refused.status, refused.body.error]).toEqual([403, 'NOT_YOUR_PIECE']);
    expect((await answer(getPiece(request(`/api/studio/pieces/${other.body.id}`), ctx(other.body.id)))).status).toBe(
      200,
    );
    expect(
      (
        await answer(
          deletePiece(
            request(`/api/studio/pieces/${other.body.id}`, { method: 'DELETE', token: ADA_TOKEN }),
            ctx(other.body.id),
          ),
        )
      ).status,
    ).toBe(204);
    expect((await answer(getPiece(request(`/api/studio/pieces/${other.body.id}`), ctx(other.body.id)))).status).toBe(
      404,
    );
  });

  it('build a board (422 for a ring too short), read it back, and run its lab as its owner only', async () => {
    const piece = await featured();
    const refused = await answer(
      postBoard(
        request('/api/studio/boards', {
          body: { name: 'Tiny', slots: [{ kind: 'piece', pieceId: piece.id }] },
          token: BEA_TOKEN,
        }),
      ),
    );
    expect([refused.status, refused.body.error]).toEqual([422, 'BAD_BOARD_REQUEST']);

    const slots = [{ kind: 'piece', pieceId: piece.id }, ...EVENT_PALETTE.slice(0, 3)];
    const created = await answer<StudioBoard>(
      postBoard(request('/api/studio/boards', { body: { name: 'Bea’s Ring', slots }, token: BEA_TOKEN })),
    );
    expect(created.status).toBe(201);
    const { id } = created.body;
    const read = await answer<StudioBoard>(getBoard(request(`/api/studio/boards/${id}`), ctx(id)));
    expect(read.body).toMatchObject({
      id,
      name: 'Bea’s Ring',
      owner: BEA,
      lab: null,
      extras: { artists: { 'night-ledger': ADA } },
    });
    expect(read.body.board.tiles).toHaveLength(5);
    expect((await answer(getBoard(request('/api/studio/boards/nope'), ctx('nope')))).status).toBe(404);
    expect(
      (
        await answer<{ boards: { id: string }[] }>(listBoards(request(`/api/studio/boards?owner=${BEA}`)))
      ).body.boards.map((b) => b.id),
    ).toEqual([id]);

    const notOwner = await answer(
      postLab(request(`/api/studio/boards/${id}/lab`, { body: { games: 10 }, token: ADA_TOKEN }), ctx(id)),
    );
    expect([notOwner.status, notOwner.body.error]).toEqual([403, 'NOT_YOUR_BOARD']);
    const badGames = await answer(
      postLab(request(`/api/studio/boards/${id}/lab`, { body: { games: 0 }, token: BEA_TOKEN }), ctx(id)),
    );
    expect([badGames.status, badGames.body.error]).toEqual([422, 'BAD_LAB_OPTIONS']);

    // The run streams its progress, then its report; a second run of the board meanwhile is refused as plain JSON.
    const running = postLab(
      request(`/api/studio/boards/${id}/lab`, { body: { games: 2000 }, token: BEA_TOKEN }),
      ctx(id),
    );
    const lab = await running;
    expect([lab.status, lab.headers.get('content-type')]).toEqual([200, 'application/x-ndjson; charset=utf-8']);
    const again = await answer(
      postLab(request(`/api/studio/boards/${id}/lab`, { body: { games: 10 }, token: BEA_TOKEN }), ctx(id)),
    );
    expect([again.status, again.body.error]).toEqual([409, 'LAB_RUNNING']);
    const lines = (await lab.text())
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as LabLine);
    const progress = lines.flatMap((line) => ('progress' in line ? [line.progress] : []));
    expect(progress[0]).toEqual({ done: 0, total: 2000 });
    expect(progress.at(-1)).toEqual({ done: 2000, total: 2000 });
    for (let i = 1; i < progress.length; i++) expect(progress[i]!.done).toBeGreaterThan(progress[i - 1]!.done);
    const last = lines.at(-1)!;
    expect(lines.slice(0, -1).every((line) => 'progress' in line)).toBe(true);
    if (!('report' in last)) throw new Error(`the lab's last line is not its report: ${JSON.stringify(last)}`);
    expect(last.report.games).toBe(2000);
    expect(last.report.tiles.map((t) => t.id)).toEqual(['night-ledger']);
    expect((await answer<StudioBoard>(getBoard(request(`/api/studio/boards/${id}`), ctx(id)))).body.lab).toEqual(
      last.report,
    );
  });

  it('import: a malformed request is a 400, a bad address a 400, a down indexer a 503', async () => {
    expect((await answer(postImport(request('/api/studio/import', { body: { contract: 'KT1' } })))).body.error).toBe(
      'MALFORMED_REQUEST',
    );
    const bad = await answer(
      postImport(request('/api/studio/import', { body: { contract: 'KT1nope', tokenId: '0' } })),
    );
    expect([bad.status, bad.body.error]).toEqual([400, 'BAD_CONTRACT_ADDRESS']);
    const down = await answer(
      postImport(
        request('/api/studio/import', { body: { contract: 'KT1RJ6PbjHpwc3M5rw5s2Nbmefwbuwbdxton', tokenId: '0' } }),
      ),
    );
    expect([down.status, down.body.error]).toEqual([503, 'INDEXER_UNAVAILABLE']);
  });
});
