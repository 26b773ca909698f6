import { getHost } from '../../../../server';
import { rateLimited } from '../../../../server/http/rate-limit';
import { jsonBody, respond } from '../../../../server/http/respond';

export const runtime = 'nodejs';

/**
 * Names the signed-in wallet's transfer to the bank, `{ opHash }`, as the deposit for a game it is about to create:
 * 202 with the deposit (`pending` until it is found on-chain; GET /api/chain/deposits/:opHash follows it). 401 signed
 * out; 403 DEPOSIT_NOT_YOURS.
 */
export async function POST(request: Request): Promise<Response> {
  return rateLimited(request, 'create', (who) =>
    respond(async () => (await getHost()).chain.nameDeposit(await jsonBody(request), who), 202),
  );
}
