import { chainStatus } from '../../../../chain/status';
import { ChainGameError, getHost } from '../../../../server';
import { respond } from '../../../../server/http/respond';

export const runtime = 'nodejs';
// The balance is read from the node per request.
export const dynamic = 'force-dynamic';

/**
 * The bank's budget: `{ network, bank, balanceMutez, gameCost: { totalMutez, botFundingMutez,
 * storageMutez, feesMutez, seats, bots }, reservedMutez, games, limits }` — what it holds, the most the largest game a
 * wallet may create costs it, and how many more it can pay for. 503 CHAIN_NOT_CONFIGURED | CHAIN_UNAVAILABLE.
 */
export async function GET(): Promise<Response> {
  return respond(async () => {
    const chain = (await getHost()).chain.games;
    if (!chain) {
      const status = chainStatus(process.env);
      throw new ChainGameError(
        'CHAIN_NOT_CONFIGURED',
        status.ok ? 'on-chain games are not configured on this server' : status.explanation,
      );
    }
    return chain.budget.report();
  });
}
