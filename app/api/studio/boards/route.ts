import { requireAddress } from '../../../../server/auth';
import { createBoard, listBoards } from '../../../../server/studio';
import { jsonBody, respond } from '../../../../server/http/respond';
import { rateLimited } from '../../../../server/http/rate-limit';
import { addressParam, studioSql } from '../../../../server/http/studio-requests';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Studio boards, newest first (`?owner=tz1…` for one owner's). */
export async function GET(request: Request): Promise<Response> {
  return respond(async () => ({ boards: await listBoards(await studioSql(), addressParam(request, 'owner')) }));
}

/** Builds and stores a board for the signed-in person: `{ name, slots }` (401 signed out, 422 a board the engine refuses). */
export async function POST(request: Request): Promise<Response> {
  return rateLimited(request, 'studio', () =>
    respond(async () => createBoard(await studioSql(), await requireAddress(request), await jsonBody(request)), 201),
  );
}
