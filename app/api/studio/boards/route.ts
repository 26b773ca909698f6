import { requireAddress } from '../../../../server/auth';
import { createBoard, listBoards, pageRequest } from '../../../../server/studio';
import { jsonBody, respond } from '../../../../server/http/respond';
import { rateLimited } from '../../../../server/http/rate-limit';
import { addressParam, studioSql } from '../../../../server/http/studio-requests';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A page of studio boards, newest first (`?owner=tz1…` for one owner's) → `{ boards, next }`; `?limit=`, `?after=`. */
export async function GET(request: Request): Promise<Response> {
  return respond(async () => {
    const { items, next } = await listBoards(
      await studioSql(),
      addressParam(request, 'owner'),
      pageRequest(new URL(request.url)),
    );
    return { boards: items, next };
  });
}

/** Builds and stores a board for the signed-in person: `{ name, slots }` (401 signed out, 422 a board the engine refuses). */
export async function POST(request: Request): Promise<Response> {
  return rateLimited(request, 'studio', () =>
    respond(async () => createBoard(await studioSql(), await requireAddress(request), await jsonBody(request)), 201),
  );
}
