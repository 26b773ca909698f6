import { getHost } from '../../../../../server';
import { seatContext } from '../../../../../server/http/browser-id';
import { idParam, jsonBody, respond, type IdParams } from '../../../../../server/http/respond';
import { rateLimited } from '../../../../../server/http/rate-limit';

export const runtime = 'nodejs';

/**
 * The host starts a waiting game: body `{ token?, fillWithBots? }` (the host token, or a browser holding it) → 204.
 * 403 NOT_HOST; 409 NOT_WAITING | SEATS_FREE (a seat nobody took, unless `fillWithBots`).
 */
export async function POST(request: Request, route: IdParams): Promise<Response> {
  return rateLimited(request, 'action', (who) =>
    respond(async () => {
      const body = await jsonBody(request);
      await (await getHost()).waitingRoom.start(await idParam(route), body, await seatContext(request, who));
    }),
  );
}
