import { getHost } from '../../../../../server';
import { seatContext } from '../../../../../server/http/browser-id';
import { idParam, respond, type IdParams } from '../../../../../server/http/respond';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * The signed-in wallet's deposit `:id` (its operation hash): `{ opHash, status, bank, amountMutez, error, gameId,
 * refundMutez, refundOp }`. 401 signed out; 404 DEPOSIT_UNKNOWN.
 */
export async function GET(request: Request, route: IdParams): Promise<Response> {
  return respond(async () => (await getHost()).chain.deposit(await idParam(route), await seatContext(request)));
}
