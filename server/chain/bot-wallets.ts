/**
 * Wallets for the bot seats of on-chain games. A bot holds its tokens in an address of its own, like a person, so
 * holdings, royalties and valuation treat both alike. The bank keeps a small pool of them, one per seat number, used
 * by every game: a wallet is created (and its allocation burnt) once, not per game, and what it has left after one
 * game pays for its next. Two games may share a wallet — each game's holdings are of its own tokens — and a wallet's
 * operations go out one batch at a time through its sender, like the bank's. Keys are derived from the bank's secret
 * (HMAC-SHA256 → an ed25519 seed), so the server signs for its bots after a restart without storing any key.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { InMemorySigner } from '@taquito/signer';
import { b58Encode, PrefixV2 } from '@taquito/utils';

export interface BotWallet {
  readonly address: string;
  readonly signer: InMemorySigner;
}

async function derived(bankSecretKey: string, label: string): Promise<BotWallet> {
  const seed = hmac(sha256, new TextEncoder().encode(bankSecretKey), new TextEncoder().encode(label));
  const signer = new InMemorySigner(b58Encode(seed, PrefixV2.Ed25519Seed));
  return { address: await signer.publicKeyHash(), signer };
}

/** The pool's wallet for seat `seat` of any game. */
export function botWallet(bankSecretKey: string, seat: number): Promise<BotWallet> {
  return derived(bankSecretKey, `tezos-pole bot wallet pool|${seat}`);
}

/**
 * The wallet of a bot seat whose row names `address`: the pool's, or — for a game created before the pool — the
 * wallet that game derived for that seat alone.
 */
export async function botWalletAt(
  bankSecretKey: string,
  gameId: string,
  seat: number,
  address: string | null,
): Promise<BotWallet> {
  const pooled = await botWallet(bankSecretKey, seat);
  if (address === null || pooled.address === address) return pooled;
  return derived(bankSecretKey, `tezos-pole bot wallet|${gameId}|${seat}`);
}
