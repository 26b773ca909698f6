import { getHost } from '../../../../../../server';
import { seatContext } from '../../../../../../server/http/browser-id';
import { idParam, respond, seatBody, type IdParams } from '../../../../../../server/http/respond';
import { rateLimited } from '../../../../../../server/http/rate-limit';

export const runtime = 'nodejs';

/** Binds the token's seat to the signed-in wallet: 204; 401 not signed in; 403 NOT_YOUR_SEAT another seat; 409 the seat or the wallet is taken. */
export async function POST(request: Request, route: IdParams): Promise<Response> {
  return rateLimited(request, 'action', (who) =>
    respond(async () => {
      const { token, seat } = await seatBody(request);
      await (await getHost()).chain.claimSeat(await idParam(route), token, seat, await seatContext(request, who));
    }),
  );
}
