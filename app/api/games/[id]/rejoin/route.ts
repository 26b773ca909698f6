import { z } from 'zod';
import { getHost, RequestError, tokenSchema } from '../../../../../server';
import { seatContext } from '../../../../../server/http/browser-id';
import { rateLimited } from '../../../../../server/http/rate-limit';
import { idParam, jsonBody, respond, type IdParams } from '../../../../../server/http/respond';

export const runtime = 'nodejs';

// Who takes the seat back is resolved as for leave: a token in the body, else the seat this browser or wallet holds.
const rejoinSchema = z
  .object({ token: tokenSchema.optional(), seat: z.number().int().min(0).max(5).optional() })
  .strict();

/**
 * A seat's person takes it back from its bot (204); 403 NOT_YOUR_SEAT for a seat the token does not hold,
 * 409 GAME_OVER | SEAT_NOT_TAKEN_OVER; 429 RATE_LIMITED at the rate of actions (each take-back is a line in
 * everyone's log, so leaving and coming back in a loop is bounded).
 */
export async function POST(request: Request, route: IdParams): Promise<Response> {
  return rateLimited(request, 'action', (who) =>
    respond(async () => {
      const parsed = rejoinSchema.safeParse(await jsonBody(request));
      if (!parsed.success) throw new RequestError('MALFORMED_REQUEST', 'expected { token?, seat? }');
      await (
        await getHost()
      ).seats.rejoin(await idParam(route), parsed.data.token, parsed.data.seat, await seatContext(request, who));
      return undefined;
    }),
  );
}
