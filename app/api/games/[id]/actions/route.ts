import { getHost } from '../../../../../server';
import { browserId } from '../../../../../server/http/browser-id';
import { rateLimited } from '../../../../../server/http/rate-limit';
import { idParam, jsonBody, respond, type IdParams } from '../../../../../server/http/respond';

export const runtime = 'nodejs';

/**
 * A seat acts: 200 with the new seq, 409 stale, 422 refused by the rules, 400 malformed, 403 not this token's seat,
 * 429 over the client's or wallet's rate of actions. In an on-chain game the signed-in wallet must be the seat's
 * (403 WRONG_WALLET), and a move the chain cannot take yet is kept while the game pauses (503 CHAIN_PAUSED).
 */
export async function POST(request: Request, route: IdParams): Promise<Response> {
  return rateLimited(request, 'action', (who) =>
    respond(async () =>
      (await getHost()).moves.act(await idParam(route), await jsonBody(request), {
        ...who,
        browser: browserId(request),
      }),
    ),
  );
}
