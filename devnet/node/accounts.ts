/**
 * Bootstrap accounts: like Hardhat's, fixed and public so every devnet has the same funded keys.
 * Account i's ed25519 secret seed is blake2b-256 of the UTF-8 text `tezos-pole devnet bootstrap <i>`
 * (i from 1); anyone can re-derive them. Never use these keys anywhere but a local devnet.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { b58Encode, PrefixV2 } from '@taquito/utils';

export interface BootstrapAccount {
  readonly alias: string;
  /** tz1… */
  readonly address: string;
  /** edpk… */
  readonly publicKey: string;
  /** edsk… (32-byte seed form, accepted by InMemorySigner and octez-client). */
  readonly secretKey: string;
}

/** 100,000 tez each, in mutez. */
export const BOOTSTRAP_BALANCE = 100_000_000_000n;

export function bootstrapAccount(i: number): BootstrapAccount {
  const seed = blake2b(new TextEncoder().encode(`tezos-pole devnet bootstrap ${i}`), { dkLen: 32 });
  const pk = ed25519.getPublicKey(seed);
  return {
    alias: `bootstrap${i}`,
    address: b58Encode(blake2b(pk, { dkLen: 20 }), PrefixV2.Ed25519PublicKeyHash),
    publicKey: b58Encode(pk, PrefixV2.Ed25519PublicKey),
    secretKey: b58Encode(seed, PrefixV2.Ed25519Seed),
  };
}

export function bootstrapAccounts(n: number): BootstrapAccount[] {
  return Array.from({ length: n }, (_, i) => bootstrapAccount(i + 1));
}
