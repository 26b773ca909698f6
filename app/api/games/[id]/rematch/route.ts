import { getHost } from '../../../../../server';
import { seatContext } from '../../../../../server/http/browser-id';
import { rateLimited } from '../../../../../server/http/rate-limit';
import { idParam, jsonBody, respond, type IdParams } from '../../../../../server/http/respond';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * The rematch of a finished game, `{ id }` (null until someone asks for it): the game-over screen polls
 * this, since a finished game's event stream has ended.
 */
export async function GET(_request: Request, route: IdParams): Promise<Response> {
  return respond(async () => ({ id: await (await getHost()).tables.rematchOf(await idParam(route)) }));
}

/**
 * "Play again" / "Join the rematch": body `{ token? }` (the old seat's invite or the hot-seat host's, else the seat this browser or wallet holds) →
 * 200 JoinedSeat, the rematch created on the first ask. Refused, with nothing changed: 409 GAME_NOT_OVER |
 * REMATCH_SEAT_LEFT | SEAT_JOINED, 403 SPECTATOR_CANNOT_JOIN | BAD_TOKEN, 429 over the client's rate of joins; an
 * on-chain game's rematch needs a signed-in wallet within its limits (401, 429, 503).
 */
export async function POST(request: Request, route: IdParams): Promise<Response> {
  return rateLimited(request, 'join', (who) =>
    respond(async () =>
      (await getHost()).tables.rematch(await idParam(route), await jsonBody(request), await seatContext(request, who)),
    ),
  );
}
