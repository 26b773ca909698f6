import { z } from 'zod';
import { plainText } from '../../../../../../engine';
import { getHost, RequestError, tokenSchema } from '../../../../../../server';
import { seatContext } from '../../../../../../server/http/browser-id';
import { idParam, jsonBody, respond, seatQuery, type IdParams } from '../../../../../../server/http/respond';
import { rateLimited } from '../../../../../../server/http/rate-limit';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The `join_game` call the seat's wallet signs: the bank may burn its copies of this game's tokens until the game ends. */
export async function GET(request: Request, route: IdParams): Promise<Response> {
  return respond(async () => {
    const { token, seat } = seatQuery(request);
    return (await getHost()).chain.approvalCall(await idParam(route), token, seat, await seatContext(request));
  });
}

const approvalSchema = z
  .object({
    token: tokenSchema.optional(),
    seat: z.number().int().min(0).max(5).optional(),
    opHash: plainText(z.string().max(60)).nullable(),
  })
  .strict();

/** The approval was sent (`opHash`), or is to be checked again (`opHash: null`): 204, confirmed in the background. */
export async function POST(request: Request, route: IdParams): Promise<Response> {
  return rateLimited(request, 'action', (who) =>
    respond(async () => {
      const body = approvalSchema.safeParse(await jsonBody(request));
      if (!body.success) throw new RequestError('MALFORMED_REQUEST', 'expected { token?, seat?, opHash }');
      const { token, seat, opHash } = body.data;
      await (
        await getHost()
      ).chain.submitApproval(await idParam(route), token, seat, opHash, await seatContext(request, who));
    }),
  );
}
