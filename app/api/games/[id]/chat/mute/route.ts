import { getHost } from '../../../../../../server';
import { seatContext } from '../../../../../../server/http/browser-id';
import { idParam, jsonBody, respond, type IdParams } from '../../../../../../server/http/respond';
import { rateLimited } from '../../../../../../server/http/rate-limit';

export const runtime = 'nodejs';

/**
 * The game's host (its creator's host token) mutes or unmutes a seat's chat: 201 with the `mute` entry everyone
 * sees, 204 when the seat was so already; 403 NOT_GAME_HOST for any other token.
 */
export async function POST(request: Request, route: IdParams): Promise<Response> {
  return rateLimited(request, 'chat', (who) =>
    respond(
      async () =>
        (await (
          await getHost()
        ).chat.mute(await idParam(route), await jsonBody(request), await seatContext(request, who))) ?? undefined,
      201,
    ),
  );
}
