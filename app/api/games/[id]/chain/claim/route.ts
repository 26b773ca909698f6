import { z } from 'zod';
import { getHost, RequestError, tokenSchema } from '../../../../../../server';
import { seatContext } from '../../../../../../server/http/browser-id';
import { idParam, jsonBody, respond, type IdParams } from '../../../../../../server/http/respond';

export const runtime = 'nodejs';

const claimSchema = z
  .object({ token: tokenSchema.optional(), seat: z.number().int().min(0).max(5).optional() })
  .strict();

/** Binds the token's seat to the signed-in wallet: 204; 401 not signed in; 403 NOT_YOUR_SEAT another seat; 409 the seat or the wallet is taken. */
export async function POST(request: Request, route: IdParams): Promise<Response> {
  return respond(async () => {
    const body = claimSchema.safeParse(await jsonBody(request));
    if (!body.success) throw new RequestError('MALFORMED_REQUEST', 'expected { token?, seat? }');
    await (
      await getHost()
    ).chain.claimSeat(await idParam(route), body.data.token, body.data.seat, await seatContext(request));
  });
}
