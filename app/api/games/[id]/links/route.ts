import { getHost } from '../../../../../server';
import { browserId } from '../../../../../server/http/browser-id';
import { rateLimited } from '../../../../../server/http/rate-limit';
import { idParam, jsonBody, refuseCrossSite, respond, type IdParams } from '../../../../../server/http/respond';

export const runtime = 'nodejs';

/**
 * A seat of a provably fair game registers its hash chain's head (FAIRNESS.md): 200 `{ seat, head, at }`;
 * 400 malformed, 403 not this browser's seat, 409 NOT_FAIR (a plain-seed game), CHAIN_REGISTERED (the first stays),
 * GAME_OVER.
 */
export async function POST(request: Request, route: IdParams): Promise<Response> {
  return rateLimited(request, 'action', (who) =>
    respond(async () => {
      refuseCrossSite(request);
      return (await getHost()).seats.registerChain(await idParam(route), await jsonBody(request), {
        ...who,
        browser: browserId(request),
      });
    }),
  );
}
