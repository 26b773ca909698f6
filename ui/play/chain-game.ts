/**
 * The browser's side of an on-chain game (server/chain): the chain status route, claiming a seat with the signed-in
 * wallet, joining the game on-chain, and the plain-words description of each chain step. No React here.
 */
import type { SeatId } from '../../engine/core';
import type { ChainInfo, ChainOpInfo, WalletGrants } from '../../server/chain/chain-games';
import { apiFetch, isApiError, jsonPost } from '../api/client';

export type { ChainInfo, ChainOpInfo, WalletGrants };

const base = (id: string) => `/api/games/${encodeURIComponent(id)}/chain`;

/** The game's chain status, or null for an off-chain game (404 NOT_ON_CHAIN). @throws ApiError */
export async function fetchChainInfo(id: string): Promise<ChainInfo | null> {
  try {
    return await apiFetch<ChainInfo>(base(id));
  } catch (err) {
    if (isApiError(err) && err.code === 'NOT_ON_CHAIN') return null;
    throw err;
  }
}

/** Binds the seat to the signed-in wallet. @throws ApiError 409 SEAT_CLAIMED | ADDRESS_IN_GAME, 401, 403 */
export const claimSeat = (id: string, seat: SeatId): Promise<unknown> =>
  apiFetch(`${base(id)}/claim`, jsonPost({ seat }));

/** The `join_game` call the seat's wallet signs. @throws ApiError 409 CHAIN_NOT_READY, 403 WRONG_WALLET… */
export function approvalCall(
  id: string,
  seat: SeatId,
): Promise<{ to: string; amount: number; mutez?: boolean; parameter: { entrypoint: string; value: unknown } }> {
  return apiFetch(`${base(id)}/approval?seat=${seat}`);
}

/** The seat's approval was sent (`opHash`), or is to be checked again (null). @throws ApiError */
export const submitApproval = (id: string, seat: SeatId, opHash: string | null): Promise<unknown> =>
  apiFetch(`${base(id)}/approval`, jsonPost({ seat, opHash }));

/** What `address` granted the bank: the games it joined and any leftover FA2 operator approval (with its revoke call). @throws ApiError */
export const fetchWalletGrants = (address: string): Promise<WalletGrants> =>
  apiFetch<WalletGrants>(`/api/chain/grants?address=${encodeURIComponent(address)}`);

/** What a chain step did, for people: "Minted “Title” to Alice", "Burnt Bob’s copy of “Title” (flip)"… */
export function describeChainOp(
  op: ChainOpInfo,
  names: readonly string[],
  titles: ReadonlyMap<number, string>,
): string {
  const who = (seat: number | null) => (seat === null ? 'a seat' : (names[seat] ?? `Seat ${seat + 1}`));
  switch (op.kind) {
    case 'create':
      return "Created the game's tokens";
    case 'fund':
      return "Funded the bots' wallets";
    case 'approval':
      return `${who(op.seat)} joined the game on-chain`;
    case 'close':
      return "Closed the game on-chain: the bank's power over the players' copies ended";
    case 'step': {
      const parts = op.ops.map((o) => {
        const title = `“${titles.get(o.tile) ?? `tile ${o.tile}`}”`;
        switch (o.kind) {
          case 'mint':
            return o.reason === 'freeCopy'
              ? `minted a free copy of ${title} to ${who(o.seat)}`
              : `minted ${title} to ${who(o.seat)}`;
          case 'burn':
            return o.reason === 'flipped'
              ? `burnt ${who(o.seat)}’s copy of ${title} (flipped)`
              : `burnt ${who(o.seat)}’s copy of ${title} (forfeited)`;
          case 'retire':
            return `retired ${title}`;
          case 'retireCopy':
            return `took a copy of ${title} out of play`;
        }
      });
      const text = parts.join(', ');
      return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : `Move ${op.seq ?? ''}`;
    }
  }
}

export const STATUS_LABEL: Record<ChainOpInfo['status'], string> = {
  held: 'Pending',
  queued: 'Next block',
  pending: 'Pending',
  retrying: 'Waiting for Tezos',
  confirmed: 'Confirmed',
  failed: 'Failed',
};
