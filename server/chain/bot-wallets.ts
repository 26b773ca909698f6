/**
 * Wallets for the bot seats of on-chain games. A bot holds its tokens in an address of its own, like a person, so
 * holdings, royalties and valuation treat both alike. Its key is derived from the bank's secret, the game and the
 * seat (HMAC-SHA256 → an ed25519 seed), so the server can sign for it after a restart without storing any key.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { InMemorySigner } from '@taquito/signer';
import { b58Encode, PrefixV2 } from '@taquito/utils';

export interface BotWallet {
  readonly address: string;
  readonly signer: InMemorySigner;
}

export async function botWallet(bankSecretKey: string, gameId: string, seat: number): Promise<BotWallet> {
  const seed = hmac(
    sha256,
    new TextEncoder().encode(bankSecretKey),
    new TextEncoder().encode(`tezos-pole bot wallet|${gameId}|${seat}`),
  );
  const signer = new InMemorySigner(b58Encode(seed, PrefixV2.Ed25519Seed));
  return { address: await signer.publicKeyHash(), signer };
}
