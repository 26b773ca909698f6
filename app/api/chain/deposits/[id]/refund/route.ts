import { getHost } from '../../../../../../server';
import { seatContext } from '../../../../../../server/http/browser-id';
import { idParam, optionalJsonBody, respond, type IdParams } from '../../../../../../server/http/respond';
import { rateLimited } from '../../../../../../server/http/rate-limit';

export const runtime = 'nodejs';

/**
 * Sends the signed-in wallet's unused deposit `:id` back now: the deposit, `refunding`. 401 signed out; 404
 * DEPOSIT_UNKNOWN; 409 DEPOSIT_PENDING | DEPOSIT_USED; 422 DEPOSIT_FAILED.
 */
export async function POST(request: Request, route: IdParams): Promise<Response> {
  return rateLimited(request, 'create', (who) =>
    respond(async () => {
      await optionalJsonBody(request); // refuses another site's page (CSRF)
      return (await getHost()).chain.returnDeposit(await idParam(route), await seatContext(request, who));
    }),
  );
}
