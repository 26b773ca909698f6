import { requireAddress } from '../../../../../server/auth';
import { deletePiece, getPiece } from '../../../../../server/studio';
import { idParam, refuseCrossSite, respond, type IdParams } from '../../../../../server/http/respond';
import { studioSql } from '../../../../../server/http/studio-requests';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** One featured piece. */
export async function GET(_request: Request, route: IdParams): Promise<Response> {
  return respond(async () => getPiece(await studioSql(), await idParam(route)));
}

/** Removes one of the signed-in artist's pieces (401 signed out, 403 another artist's, 404 unknown). */
export async function DELETE(request: Request, route: IdParams): Promise<Response> {
  return respond(async () => {
    refuseCrossSite(request);
    return deletePiece(await studioSql(), await requireAddress(request), await idParam(route));
  });
}
