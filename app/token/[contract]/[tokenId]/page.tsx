import type { Metadata } from 'next';
import { chainReadPage } from '../../../../ui/chain/chain-read';
import { TokenView } from '../../../../ui/chain/token-view';
import { tokenDetail } from '../../../../chain/indexer';

export const metadata: Metadata = { title: 'Token' };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ contract: string; tokenId: string }> };

/** One token: artwork, metadata, edition, owners and history, read from the configured network's TzKT API. */
export default async function Page({ params }: Props) {
  const { contract, tokenId } = await params;
  return chainReadPage(
    (tzktUrl) => tokenDetail(tzktUrl, contract, tokenId),
    'This token could not be shown.',
    (detail, network) => <TokenView detail={detail} network={network} />,
  );
}
