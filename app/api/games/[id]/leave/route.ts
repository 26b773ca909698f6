import { getHost } from '../../../../../server';
import { seatContext } from '../../../../../server/http/browser-id';
import { idParam, respond, seatBody, type IdParams } from '../../../../../server/http/respond';
import { rateLimited } from '../../../../../server/http/rate-limit';

export const runtime = 'nodejs';

/** A human seat (the token's, else the one this browser or wallet holds) leaves; its bot plays on so the others can finish (204); 403 NOT_YOUR_SEAT for a seat the token does not hold. */
export async function POST(request: Request, route: IdParams): Promise<Response> {
  return rateLimited(request, 'action', (who) =>
    respond(async () => {
      const { token, seat } = await seatBody(request);
      await (await getHost()).seats.leave(await idParam(route), token, seat, await seatContext(request, who));
      return undefined;
    }),
  );
}
