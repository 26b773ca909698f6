import type { Metadata } from 'next';
import { OperationPanel } from '../../../_components/chain/explorer-views';
import { ChainUnavailable, ReadProblem } from '../../../_components/chain/format';
import { networkForPage } from '../../../_lib/tzkt/config';
import { isTzktReadError } from '../../../_lib/tzkt/errors';
import { operation, type OperationGroup } from '../../../_lib/tzkt/reader';

export const metadata: Metadata = { title: 'Operation' };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ hash: string }> };

/** An operation group, from the configured network's TzKT API (the devnet's own explorer). */
export default async function Page({ params }: Props) {
  const { hash } = await params;
  const chain = networkForPage(process.env);
  if (!chain.ok) {
    return (
      <div className="chain-page">
        <ChainUnavailable explanation={chain.explanation} />
      </div>
    );
  }
  let found: OperationGroup;
  try {
    found = await operation(chain.network.tzktUrl, hash);
  } catch (e) {
    if (isTzktReadError(e)) {
      return (
        <div className="chain-page">
          <ReadProblem error={e} title="This operation could not be shown." />
        </div>
      );
    }
    throw e;
  }
  return <OperationPanel group={found} network={chain.network} />;
}
