import { getHost } from '../../../../server';
import { respond } from '../../../../server/http/respond';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * `?address=tz1…`: what that wallet granted the bank — the on-chain games it joined, each live or ended as
 * the contract's `game_grant` view says, and any FA2 operator approval of the bank left from earlier app versions,
 * with the `update_operators` call that revokes it (the wallet signs it). 400 BAD_ADDRESS, 503 when the chain is not
 * configured or does not answer.
 */
export async function GET(request: Request): Promise<Response> {
  return respond(async () =>
    (await getHost()).chain.walletGrants(new URL(request.url).searchParams.get('address') ?? ''),
  );
}
