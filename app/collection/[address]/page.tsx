import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { namesNothing } from '../../../ui/chain/chain-read';
import { CollectionGrid } from '../../../ui/chain/collection-grid';
import { ChainUnavailable, ReadProblem } from '../../../ui/chain/format';
import { WalletGrantsPanel } from '../../../ui/chain/wallet-grants';
import { contractForPage } from '../../../chain/page-network';
import { isIndexerError } from '../../../chain/errors';
import { collectionOf, type Collection } from '../../../chain/indexer';
import chainStyles from '../../../ui/chain/chain.module.css';

export const metadata: Metadata = { title: 'Collection' };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ address: string }> };

/**
 * "My collection": an address's tokens of the editions contract, read from the configured network's TzKT API, then
 * what the address granted the bank in on-chain games (live or ended) and any FA2 operator approval to revoke.
 */
export default async function Page({ params }: Props) {
  const { address } = await params;
  const chain = contractForPage(process.env);
  if (!chain.ok) {
    return (
      <div className={chainStyles.page}>
        <ChainUnavailable explanation={chain.explanation} />
      </div>
    );
  }
  let collection: Collection;
  try {
    collection = await collectionOf(chain.network.tzktUrl, address, chain.contract);
  } catch (e) {
    if (isIndexerError(e) && namesNothing(e.code)) notFound();
    if (isIndexerError(e)) {
      return (
        <div className={chainStyles.page}>
          <ReadProblem error={e} title="This collection could not be shown." />
        </div>
      );
    }
    throw e;
  }
  return (
    <>
      <CollectionGrid collection={collection} network={chain.network} />
      <WalletGrantsPanel address={address} network={chain.network} />
    </>
  );
}
