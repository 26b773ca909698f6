/**
 * An on-chain seat is its wallet's (server/chain/approvals.ts): every route that acts for a seat — not only its moves —
 * asks here before it does anything, so a browser that holds the seat's cookie or link but is signed in as another
 * wallet gets 403 WRONG_WALLET (or 401 signed out), and nothing changes.
 */
import type { SeatId } from '../../engine';
import type { RequestContext } from './access';
import type { LiveGame } from './live-game';
import type { HostShared } from './shared';

/** @throws HostError 401 SIGN_IN_REQUIRED, 403 WRONG_WALLET */
export async function checkWalletBinding(
  chain: HostShared['chain'],
  live: LiveGame,
  seat: SeatId,
  context: RequestContext,
): Promise<void> {
  // Only Tezos Pole is played on Tezos: no other game's seat is bound to a wallet (and none costs a store read here).
  if (chain === null || live.row.game !== 'pole') return;
  await chain.approvals.checkBinding(live.id, seat, context.address ?? null);
}
