import type { Metadata } from 'next';
import { chainReadPage } from '../../../../ui/chain/chain-read';
import { AccountPanel } from '../../../../ui/chain/explorer-views';
import { account } from '../../../../chain/indexer';

export const metadata: Metadata = { title: 'Account' };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ address: string }> };

/** An account's balance and tokens, from the configured network's TzKT API (the devnet's own explorer). */
export default async function Page({ params }: Props) {
  const { address } = await params;
  return chainReadPage(
    (tzktUrl) => account(tzktUrl, address),
    'This account could not be shown.',
    (found, network) => <AccountPanel account={found} network={network} />,
  );
}
