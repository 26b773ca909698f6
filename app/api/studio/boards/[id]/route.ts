import { getBoard } from '../../../../../server/studio';
import { idParam, respond, type IdParams } from '../../../../../server/http/respond';
import { studioSql } from '../../../../../server/http/studio-requests';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** One studio board: `{ id, name, owner, board, extras, lab, createdAt }`. */
export async function GET(_request: Request, route: IdParams): Promise<Response> {
  return respond(async () => getBoard(await studioSql(), await idParam(route)));
}
