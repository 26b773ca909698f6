import { getHost } from '../../../../../server';
import { seatContext } from '../../../../../server/http/browser-id';
import { rateLimited } from '../../../../../server/http/rate-limit';
import { idParam, respond, seatBody, type IdParams } from '../../../../../server/http/respond';

export const runtime = 'nodejs';

/**
 * A seat's person takes it back from its bot (204), the seat named as for leave: a token in the body, else the seat
 * this browser or wallet holds; 403 NOT_YOUR_SEAT for a seat the token does not hold,
 * 409 GAME_OVER | SEAT_NOT_TAKEN_OVER; 429 RATE_LIMITED at the rate of actions (each take-back is a line in
 * everyone's log, so leaving and coming back in a loop is bounded).
 */
export async function POST(request: Request, route: IdParams): Promise<Response> {
  return rateLimited(request, 'action', (who) =>
    respond(async () => {
      const { token, seat } = await seatBody(request);
      await (await getHost()).seats.rejoin(await idParam(route), token, seat, await seatContext(request, who));
      return undefined;
    }),
  );
}
