import { getHost } from '../../../../server';
import { idParam, respond, type IdParams } from '../../../../server/http/respond';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** What a room link (`/r/:code`) opens on: `{ id, game, waiting, finished, seats }`. 404 UNKNOWN_ROOM. */
export async function GET(_request: Request, route: IdParams): Promise<Response> {
  return respond(async () => (await getHost()).waitingRoom.room(await idParam(route)));
}
