import { getHost } from '../../../../../server';
import { idParam, respond, type IdParams } from '../../../../../server/http/respond';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** An on-chain game's chain status: tokens, seats' wallets and approvals, every operation, a pause (404 off-chain). */
export async function GET(_request: Request, route: IdParams): Promise<Response> {
  return respond(async () => (await getHost()).chain.info(await idParam(route)));
}
