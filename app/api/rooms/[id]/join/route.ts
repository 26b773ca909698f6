import { getHost } from '../../../../../server';
import { rateLimited } from '../../../../../server/http/rate-limit';
import { idParam, jsonBody, respond, type IdParams } from '../../../../../server/http/respond';

export const runtime = 'nodejs';

/**
 * Takes a free seat of a waiting game through its room link: body `{ seat?, name? }` → 200 JoinedSeat (the seat's
 * token: the only copy, for this browser). 404 UNKNOWN_ROOM; 409 NOT_WAITING | SEAT_TAKEN | NO_FREE_SEAT; 400
 * NAME_TOO_LONG | DUPLICATE_NAME; 429 over the client's rate of joins.
 */
export async function POST(request: Request, route: IdParams): Promise<Response> {
  return rateLimited(request, 'join', () =>
    respond(async () => (await getHost()).waitingRoom.join(await idParam(route), await jsonBody(request))),
  );
}
