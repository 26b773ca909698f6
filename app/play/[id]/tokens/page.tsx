import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getHost, isHostError } from '../../../../server';
import type { PoleView } from '../../../../ui/pole/pole-scene';
import { GameTokens, tokenInGame } from '../../../../ui/chain/game-tokens';
import { Address } from '../../../../ui/chain/format';
import { accountHref } from '../../../../ui/chain/explorer-links';
import ui from '../../../../ui/styles/controls.module.css';
import chainStyles from '../../../../ui/chain/chain.module.css';

export const metadata: Metadata = { title: 'Game tokens' };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

/** An on-chain game's tokens — one per artist tile — and who holds each now, read from the TzKT API. */
export default async function Page({ params }: Props) {
  const { id } = await params;
  const host = await getHost();
  let info;
  let snapshot;
  try {
    [info, snapshot] = await Promise.all([host.chain.info(id), host.views.snapshot(id)]);
  } catch (err) {
    if (isHostError(err) && err.status === 404) notFound();
    throw err;
  }
  const network = { explorerUrl: info.explorerUrl };
  const names = snapshot.seats.map((s) => s.name);
  // The game's side of each token (for sale, left the game: P13), from the engine's state.
  const view = snapshot.view as PoleView;
  const inGame = (tile: number) => tokenInGame(view.config.board, view.tiles, tile);
  const tokens = info.pieces.flatMap((p) =>
    p.tokenId === null ? [] : [{ tile: p.tile, tileTitle: p.name, tokenId: p.tokenId, inGame: inGame(p.tile) }],
  );
  return (
    <div className={chainStyles.page}>
      <h1>The game’s tokens</h1>
      <p className={chainStyles.lede}>
        Each artist tile of <a href={`/play/${encodeURIComponent(id)}`}>this game</a> is an FA2 token of the contract{' '}
        <Address address={info.contract} href={accountHref(network, info.contract)} /> on {info.network}. Holders are
        read from the indexer now; a copy held outside the game’s wallets earns no royalty (P13).
      </p>
      {tokens.length === 0 ? (
        <p className={ui.muted}>The tokens are still being created.</p>
      ) : (
        <GameTokens
          tzktUrl={info.tzktUrl}
          contract={info.contract}
          tokens={tokens}
          seats={info.seats.map((s) => ({
            seat: s.seat,
            name: names[s.seat] ?? `Seat ${s.seat + 1}`,
            address: s.address,
          }))}
          network={network}
        />
      )}
    </div>
  );
}
