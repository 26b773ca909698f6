import { getHost } from '../../../../../server';
import { ensureBrowserId, seatContext } from '../../../../../server/http/browser-id';
import { respondWithCookie } from '../../../../../server/http/respond-with-cookie';
import { rateLimited } from '../../../../../server/http/rate-limit';
import { idParam, jsonBody, refuseCrossSite, respond, type IdParams } from '../../../../../server/http/respond';

export const runtime = 'nodejs';

/**
 * Hands an invite (or host) token over once, in the body: this browser (its httpOnly `tp_browser`
 * cookie, set here when it has none) and the signed-in wallet then hold the seat, and the game's routes need no
 * token. 200 `{ access, seat }`; 400 a malformed token, 403 BAD_TOKEN, 404; a refusal sets no cookie.
 */
export async function POST(request: Request, route: IdParams): Promise<Response> {
  // Each hand-over checks a token and stores a holder: 429 past the client's rate.
  return rateLimited(request, 'seat', (who) =>
    respondWithCookie(async () => {
      const body = await jsonBody(request);
      const id = await idParam(route);
      const browser = ensureBrowserId(request);
      const held = await (
        await getHost()
      ).seats.hold(id, body, {
        ...(await seatContext(request, who)),
        browser: browser.id,
      });
      return { body: held, cookie: browser.cookie };
    }),
  );
}

/** "Forget this game": this browser and the signed-in wallet no longer hold its seats (204). */
export async function DELETE(request: Request, route: IdParams): Promise<Response> {
  return respond(async () => {
    refuseCrossSite(request);
    await (await getHost()).seats.forget(await idParam(route), await seatContext(request));
  });
}
