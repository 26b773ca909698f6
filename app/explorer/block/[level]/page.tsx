import type { Metadata } from 'next';
import { chainReadPage } from '../../../../ui/chain/chain-read';
import { BlockPanel } from '../../../../ui/chain/explorer-views';
import { block } from '../../../../chain/indexer';

export const metadata: Metadata = { title: 'Block' };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ level: string }> };

/** A block and its operations, from the configured network's TzKT API (the devnet's own explorer). */
export default async function Page({ params }: Props) {
  const { level } = await params;
  return chainReadPage(
    (tzktUrl) => block(tzktUrl, level),
    'This block could not be shown.',
    (found, network) => <BlockPanel block={found} network={network} />,
  );
}
