import type { Metadata } from 'next';
import { chainReadPage } from '../../../../ui/chain/chain-read';
import { OperationPanel } from '../../../../ui/chain/explorer-views';
import { operation } from '../../../../chain/indexer';

export const metadata: Metadata = { title: 'Operation' };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ hash: string }> };

/** An operation group, from the configured network's TzKT API (the devnet's own explorer). */
export default async function Page({ params }: Props) {
  const { hash } = await params;
  return chainReadPage(
    (tzktUrl) => operation(tzktUrl, hash),
    'This operation could not be shown.',
    (found, network) => <OperationPanel group={found} network={network} />,
  );
}
