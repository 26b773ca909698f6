import { requireAddress } from '../../../../../server/auth';
import { deletePiece, getPiece } from '../../../../../server/studio';
import { respond, type IdParams } from '../../../_lib/respond';
import { studioSql } from '../../_lib';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** One featured piece. */
export async function GET(_request: Request, { params }: IdParams): Promise<Response> {
  return respond(async () => getPiece(await studioSql(), (await params).id));
}

/** Removes one of the signed-in artist's pieces (401 signed out, 403 another artist's, 404 unknown). */
export async function DELETE(request: Request, { params }: IdParams): Promise<Response> {
  return respond(async () => deletePiece(await studioSql(), await requireAddress(request), (await params).id));
}
