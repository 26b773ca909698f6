import { getBoard } from '../../../../../server/studio';
import { idParam, respond, type IdParams } from '../../../_lib/respond';
import { studioSql } from '../../_lib';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** One studio board: `{ id, name, owner, board, extras, lab, createdAt }`. */
export async function GET(_request: Request, route: IdParams): Promise<Response> {
  return respond(async () => getBoard(await studioSql(), await idParam(route)));
}
