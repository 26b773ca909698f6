import { devnetPlayerAccounts } from '../../../../server/auth';
import { respond } from '../../../../server/http/respond';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** On the devnet only (else 404 `NOT_DEVNET`): the player accounts `[{ alias, address, publicKey, secretKey }]`, never the bank. */
export async function GET(): Promise<Response> {
  return respond(() => devnetPlayerAccounts(process.env));
}
