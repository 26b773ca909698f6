import { getHost } from '../../../../../server';
import { browserId } from '../../../../../server/http/browser-id';
import { rateLimited } from '../../../../../server/http/rate-limit';
import { idParam, jsonBody, respond, type IdParams } from '../../../../../server/http/respond';

export const runtime = 'nodejs';

/**
 * A seat posts to the game's chat: 201 with the entry, which every stream of the game gets as a `chat`
 * event. Refused, with nothing stored: 429 over the client's, wallet's or seat's rate of posts; 400 malformed, an
 * empty or oversized message, control characters, an unknown emote, a hot-seat game; 403 a spectator, a muted seat,
 * a seat that left; 409 the game is over.
 */
export async function POST(request: Request, route: IdParams): Promise<Response> {
  return rateLimited(request, 'chat', (who) =>
    respond(
      async () =>
        (await getHost()).chat.post(await idParam(route), await jsonBody(request), {
          ...who,
          browser: browserId(request),
        }),
      201,
    ),
  );
}
