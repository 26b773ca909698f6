/**
 * The browser's side of the sign-in routes (app/api/auth, app/api/devnet, app/api/chain), without React. Types
 * only come from the server, so nothing server-side is bundled.
 */
import type { Challenge, DevnetAccount, SignInInput } from '../../../server/auth';
import type { NetworkName } from '../../../chain/networks';

/** What GET /api/chain/config answers: the public settings of the chain, never a key. */
export type ChainConfig =
  | {
      readonly ok: true;
      readonly network: NetworkName;
      readonly rpcUrl: string;
      readonly tzktUrl: string;
      readonly explorerUrl: string | null;
      readonly contract: string;
    }
  | { readonly ok: false; readonly problem: string; readonly explanation: string; readonly network: NetworkName | null };

/** A refusal from the server (its `error` code) or a failure of the wallet, with a sentence to show. */
export class WalletError extends Error {
  override readonly name = 'WalletError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw new WalletError('OFFLINE', 'the app’s server cannot be reached; check the connection and try again');
  }
  const text = await res.text();
  const body: unknown = text === '' ? null : JSON.parse(text);
  if (!res.ok) {
    const refusal = (body ?? {}) as { error?: unknown; message?: unknown };
    throw new WalletError(
      typeof refusal.error === 'string' ? refusal.error : `HTTP_${res.status}`,
      typeof refusal.message === 'string' ? refusal.message : `the server answered ${res.status}`,
    );
  }
  return body as T;
}

const postJson = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export const fetchChainConfig = (): Promise<ChainConfig> => call('/api/chain/config');
export const fetchSessionAddress = async (): Promise<string | null> => (await call<{ address: string | null }>('/api/auth/session')).address;
export const requestChallenge = (address: string): Promise<Challenge> => call('/api/auth/challenge', postJson({ address }));
export const openSession = async (signed: SignInInput): Promise<string> => (await call<{ address: string }>('/api/auth/session', postJson(signed))).address;
export const closeSession = async (): Promise<void> => {
  await call('/api/auth/session', { method: 'DELETE' });
};
/** The devnet's player accounts with their (public, devnet-only) keys; 404 `NOT_DEVNET` elsewhere. */
export const fetchDevnetAccounts = (): Promise<DevnetAccount[]> => call('/api/devnet/accounts');
