/**
 * The browser's side of the sign-in routes (app/api/auth, app/api/devnet, app/api/chain), without React. Types
 * only come from the server, so nothing server-side is bundled.
 */
import type { Challenge, DevnetAccount, SignInInput } from '../../server/auth';
import type { NetworkName } from '../../chain/networks';
import { apiFetch, jsonPost } from '../api/client';

/** What GET /api/chain/config answers: the public settings of the chain, never a key. */
export type ChainConfig =
  | {
      readonly ok: true;
      readonly network: NetworkName;
      readonly rpcUrl: string;
      readonly tzktUrl: string;
      readonly explorerUrl: string | null;
      readonly contract: string;
      /** How Beacon reaches wallets (POLE_BEACON_RELAYS, POLE_BEACON_TIMEOUT_S): null fields keep Beacon's own. */
      readonly beacon: { readonly relays: readonly string[] | null; readonly requestTimeoutMs: number | null };
    }
  | {
      readonly ok: false;
      readonly problem: string;
      readonly explanation: string;
      readonly network: NetworkName | null;
    };

/** A failure of the wallet itself (Beacon, a devnet key, a network it is not on), with a sentence to show. */
export class WalletError extends Error {
  override readonly name = 'WalletError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

// Each of these throws ApiError (ui/api/client.ts) with the server's code and message when it refuses.
export const fetchChainConfig = (): Promise<ChainConfig> => apiFetch('/api/chain/config');
export const fetchSessionAddress = async (): Promise<string | null> =>
  (await apiFetch<{ address: string | null }>('/api/auth/session')).address;
export const requestChallenge = (address: string): Promise<Challenge> =>
  apiFetch('/api/auth/challenge', jsonPost({ address }));
export const openSession = async (signed: SignInInput): Promise<string> =>
  (await apiFetch<{ address: string }>('/api/auth/session', jsonPost(signed))).address;
export const closeSession = async (): Promise<void> => {
  await apiFetch('/api/auth/session', { method: 'DELETE' });
};
/** The devnet's player accounts with their (public, devnet-only) keys; 404 `NOT_DEVNET` elsewhere. */
export const fetchDevnetAccounts = (): Promise<DevnetAccount[]> => apiFetch('/api/devnet/accounts');
