import type { Metadata } from 'next';
import { AccountPanel } from '../../../_components/chain/explorer-views';
import { ChainUnavailable, ReadProblem } from '../../../_components/chain/format';
import { networkForPage } from '../../../_lib/tzkt/config';
import { isTzktReadError } from '../../../_lib/tzkt/errors';
import { account, type AccountSummary } from '../../../_lib/tzkt/reader';

export const metadata: Metadata = { title: 'Account' };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ address: string }> };

/** An account's balance and tokens, from the configured network's TzKT API (the devnet's own explorer). */
export default async function Page({ params }: Props) {
  const { address } = await params;
  const chain = networkForPage(process.env);
  if (!chain.ok) {
    return (
      <div className="chain-page">
        <ChainUnavailable explanation={chain.explanation} />
      </div>
    );
  }
  let found: AccountSummary;
  try {
    found = await account(chain.network.tzktUrl, address);
  } catch (e) {
    if (isTzktReadError(e)) {
      return (
        <div className="chain-page">
          <ReadProblem error={e} title="This account could not be shown." />
        </div>
      );
    }
    throw e;
  }
  return <AccountPanel account={found} network={chain.network} />;
}
