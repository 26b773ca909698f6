import { z } from 'zod';
import { getHost, HostError } from '../../../../../../server';
import { sessionAddress } from '../../../../../../server/auth';
import { jsonBody, respond, type IdParams } from '../../../../_lib/respond';

export const runtime = 'nodejs';

const claimSchema = z.object({ token: z.string().min(1).max(128), seat: z.number().int().min(0).max(5).optional() }).strict();

/** Binds the token's seat to the signed-in wallet: 204; 401 not signed in; 403 NOT_YOUR_SEAT another seat; 409 the seat or the wallet is taken. */
export async function POST(request: Request, { params }: IdParams): Promise<Response> {
  return respond(async () => {
    const body = claimSchema.safeParse(await jsonBody(request));
    if (!body.success) throw new HostError(400, 'MALFORMED_REQUEST', 'expected { token, seat? }');
    await (await getHost()).claimSeat((await params).id, body.data.token, body.data.seat, { address: await sessionAddress(request) });
  });
}
