/**
 * What the header says about the signed-in wallet, as pure functions: the network's badge, the balance in tez,
 * whether it is too low for the next operation (with Shadownet's faucet), and whether a Beacon wallet is on the
 * app's network. No React, no I/O.
 */
import type { NetworkName } from '../../chain/networks';

export const NETWORK_LABEL: Readonly<Record<NetworkName, string>> = {
  devnet: 'Devnet',
  shadownet: 'Shadownet',
  custom: 'Custom network',
};

/** Where a Shadownet wallet gets tez. */
export const SHADOWNET_FAUCET = 'https://faucet.shadownet.teztnets.com';

/**
 * Under this a wallet may not pay for its next operation. The costly one a player signs is the operator approval:
 * it stores one operator entry per token of the game, measured on the devnet at 0.51 ꜩ for Genesis's 16 artist
 * tiles and 0.76 ꜩ for 24 (about 0.032 ꜩ a token, fee included). 1 ꜩ covers a Genesis game with room to spare, and
 * is also the balance under which the bank tops up its own bots' wallets (server/chain/chain-games.ts).
 */
export const LOW_BALANCE_MUTEZ = 1_000_000;

/** "100,000 ꜩ", "0.51 ꜩ": at most two decimals, never rounding a balance up to "enough". */
export function formatTez(mutez: number): string {
  const tez = Math.floor(mutez / 10_000) / 100;
  return `${tez.toLocaleString('en-US', { maximumFractionDigits: 2 })} ꜩ`;
}

/** A balance too low for an approval: what to say, and the faucet to get tez from when the network has one. */
export interface LowBalance {
  readonly text: string;
  readonly faucet: string | null;
}

export function lowBalance(network: NetworkName, mutez: number): LowBalance | null {
  if (mutez >= LOW_BALANCE_MUTEZ) return null;
  const text = `${formatTez(mutez)} is under ${formatTez(LOW_BALANCE_MUTEZ)}, too little for an approval's fee and storage.`;
  return { text, faucet: network === 'shadownet' ? SHADOWNET_FAUCET : null };
}

/** What Beacon records for a paired account's network (`AccountInfo.network`: type, and name/rpcUrl for custom). */
export interface WalletNetwork {
  readonly type: string;
  readonly name?: string | undefined;
  readonly rpcUrl?: string | undefined;
}

const sameUrl = (a: string, b: string): boolean => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** The wallet's network in words: "Ghostnet", "Mainnet", "a custom network “devnet” (RPC http://…)". */
function walletNetworkName(w: WalletNetwork): string {
  if (w.type === 'custom')
    return `a custom network${w.name ? ` “${w.name}”` : ''}${w.rpcUrl ? ` (RPC ${w.rpcUrl})` : ''}`;
  return w.type.charAt(0).toUpperCase() + w.type.slice(1);
}

/**
 * Null when the Beacon wallet is on the app's network, else the sentence saying which network the wallet is on and
 * which one the app needs. Shadownet is matched by type (or by the app's RPC); the devnet and custom networks by RPC.
 * `then` ends the sentence: what to do once the wallet is switched.
 */
export function networkMismatch(
  app: { readonly network: NetworkName; readonly rpcUrl: string },
  wallet: WalletNetwork,
  then = 'then sign out and sign in again',
): string | null {
  if (app.network === 'shadownet' && wallet.type === 'shadownet') return null;
  if (wallet.rpcUrl && sameUrl(wallet.rpcUrl, app.rpcUrl)) return null;
  const needed =
    app.network === 'shadownet'
      ? 'Shadownet'
      : `${app.network === 'devnet' ? 'the devnet' : 'its custom network'} (RPC ${app.rpcUrl})`;
  return `Your wallet is on ${walletNetworkName(wallet)}, but this app plays on ${needed}: switch your wallet to ${app.network === 'shadownet' ? 'Shadownet' : 'that network'}, ${then}.`;
}
