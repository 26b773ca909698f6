import { getHost } from '../../../../server';
import { rateLimited } from '../../../../server/http/rate-limit';
import { jsonBody, respond } from '../../../../server/http/respond';

export const runtime = 'nodejs';

/**
 * A lobby join: body LobbyJoinRequest → 200 JoinedSeat (the seat's new invite token: the only copy).
 * Refused, with nothing changed: 404 UNKNOWN_GAME | NOT_IN_LOBBY, 409 GAME_OVER | SEAT_TAKEN | NO_FREE_SEAT, 400
 * NAME_TOO_LONG | DUPLICATE_NAME | MALFORMED_REQUEST, 429 over the client's (and wallet's) rate of joins.
 */
export async function POST(request: Request): Promise<Response> {
  return rateLimited(request, 'join', () =>
    respond(async () => (await getHost()).tables.joinLobby(await jsonBody(request))),
  );
}
