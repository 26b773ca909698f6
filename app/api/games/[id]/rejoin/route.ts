import { z } from 'zod';
import { getHost, RequestError, tokenSchema } from '../../../../../server';
import { idParam, jsonBody, respond, type IdParams } from '../../../../../server/http/respond';

export const runtime = 'nodejs';

// The token travels as the leave route's does (the body, never the logged URL), so the two move together.
const rejoinSchema = z.object({ token: tokenSchema, seat: z.number().int().min(0).max(5).optional() }).strict();

/**
 * Issue 20: a seat's person takes it back from its bot (204); 403 NOT_YOUR_SEAT for a seat the token does not hold,
 * 409 GAME_OVER | SEAT_NOT_TAKEN_OVER.
 */
export async function POST(request: Request, route: IdParams): Promise<Response> {
  return respond(async () => {
    const parsed = rejoinSchema.safeParse(await jsonBody(request));
    if (!parsed.success) throw new RequestError('MALFORMED_REQUEST', 'expected { token, seat? }');
    await (await getHost()).rejoin(await idParam(route), parsed.data.token, parsed.data.seat);
    return undefined;
  });
}
