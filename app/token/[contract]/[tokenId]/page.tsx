import type { Metadata } from 'next';
import { ChainUnavailable, ReadProblem } from '../../../_components/chain/format';
import { TokenView } from '../../../_components/chain/token-view';
import { networkForPage } from '../../../_lib/tzkt/config';
import { isTzktReadError } from '../../../_lib/tzkt/errors';
import { tokenDetail, type TokenDetail } from '../../../_lib/tzkt/reader';

export const metadata: Metadata = { title: 'Token' };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ contract: string; tokenId: string }> };

/** One token: artwork, metadata, edition, owners and history, read from the configured network's TzKT API. */
export default async function Page({ params }: Props) {
  const { contract, tokenId } = await params;
  const chain = networkForPage(process.env);
  if (!chain.ok) {
    return (
      <div className="chain-page">
        <ChainUnavailable explanation={chain.explanation} />
      </div>
    );
  }
  let detail: TokenDetail;
  try {
    detail = await tokenDetail(chain.network.tzktUrl, contract, tokenId);
  } catch (e) {
    if (isTzktReadError(e)) {
      return (
        <div className="chain-page">
          <ReadProblem error={e} title="This token could not be shown." />
        </div>
      );
    }
    throw e;
  }
  return <TokenView detail={detail} network={chain.network} />;
}
