import { getHost } from '../../../../server';
import { rateLimited } from '../../../../server/http/rate-limit';
import { jsonBody, respond } from '../../../../server/http/respond';

export const runtime = 'nodejs';

/**
 * What a game on Tezos as the body asks for (a create request with `onChain`) would cost at most, and who pays:
 * `{ costMutez, bank, allowanceLeftMutez, depositRequired }`. Nothing is stored. 401 signed out; what creating it
 * would refuse of the request.
 */
export async function POST(request: Request): Promise<Response> {
  return rateLimited(request, 'create', (who) =>
    respond(async () => (await getHost()).quote(await jsonBody(request), who)),
  );
}
