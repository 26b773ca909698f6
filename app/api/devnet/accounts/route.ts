import { devnetPlayerAccounts } from '../../../../server/auth';
import { AccessError } from '../../../../server/errors';
import { respond } from '../../../../server/http/respond';
import { fromLoopback } from '../../../../server/limits';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * On a devnet on this machine only (else 404 `NOT_DEVNET`): the player accounts `[{ alias, address, publicKey,
 * secretKey }]`, never the bank — and only to a browser on this machine (403 `LOOPBACK_ONLY`): their keys are public
 * for local play, not for whoever reaches a server listening on every interface. (Plain `next start` cannot tell
 * where a request came from; its Host check still keeps rebinding pages out.)
 */
export async function GET(request: Request): Promise<Response> {
  return respond(() => {
    if (fromLoopback(request.headers) === false)
      throw new AccessError('LOOPBACK_ONLY', 'the devnet accounts are listed only to a browser on the same machine');
    return devnetPlayerAccounts(process.env);
  });
}
