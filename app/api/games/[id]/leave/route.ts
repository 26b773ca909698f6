import { z } from 'zod';
import { getHost, RequestError, tokenSchema } from '../../../../../server';
import { seatContext } from '../../../../../server/http/browser-id';
import { idParam, jsonBody, respond, type IdParams } from '../../../../../server/http/respond';

export const runtime = 'nodejs';

const leaveSchema = z
  .object({ token: tokenSchema.optional(), seat: z.number().int().min(0).max(5).optional() })
  .strict();

/** A human seat (the token's, else the one this browser or wallet holds) leaves; its bot plays on so the others can finish (204); 403 NOT_YOUR_SEAT for a seat the token does not hold. */
export async function POST(request: Request, route: IdParams): Promise<Response> {
  return respond(async () => {
    const parsed = leaveSchema.safeParse(await jsonBody(request));
    if (!parsed.success) throw new RequestError('MALFORMED_REQUEST', 'expected { token?, seat? }');
    await (
      await getHost()
    ).seats.leave(await idParam(route), parsed.data.token, parsed.data.seat, await seatContext(request));
    return undefined;
  });
}
