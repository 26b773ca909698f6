import type { Metadata } from 'next';
import { BlockPanel } from '../../../_components/chain/explorer-views';
import { ChainUnavailable, ReadProblem } from '../../../_components/chain/format';
import { networkForPage } from '../../../_lib/tzkt/config';
import { isTzktReadError } from '../../../_lib/tzkt/errors';
import { block, type BlockSummary } from '../../../_lib/tzkt/reader';

export const metadata: Metadata = { title: 'Block' };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ level: string }> };

/** A block and its operations, from the configured network's TzKT API (the devnet's own explorer). */
export default async function Page({ params }: Props) {
  const { level } = await params;
  const chain = networkForPage(process.env);
  if (!chain.ok) {
    return (
      <div className="chain-page">
        <ChainUnavailable explanation={chain.explanation} />
      </div>
    );
  }
  let found: BlockSummary;
  try {
    found = await block(chain.network.tzktUrl, level);
  } catch (e) {
    if (isTzktReadError(e)) {
      return (
        <div className="chain-page">
          <ReadProblem error={e} title="This block could not be shown." />
        </div>
      );
    }
    throw e;
  }
  return <BlockPanel block={found} network={chain.network} />;
}
