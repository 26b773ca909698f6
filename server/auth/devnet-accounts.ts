/**
 * The devnet's player accounts, for signing in on the devnet: bootstrap2…bootstrap10. Their keys are public (derived
 * from a documented text, see devnet/node/accounts.ts) and only ever fund a local chain; the browser fetches them at
 * run time so no key is compiled into the client bundle. bootstrap1 is the bank and is never listed.
 *
 * The derivation is repeated here because app/ and server/ may not import devnet/ (ARCHITECTURE.md);
 * test/server/auth.test.ts pins it to the devnet's own `bootstrapAccount`.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { InMemorySigner } from '@taquito/signer';
import { b58Encode, PrefixV2 } from '@taquito/utils';
import { BANK_KEY_VAR } from '../../chain/status';
import { AccessError } from '../errors';

export interface DevnetAccount {
  readonly alias: string;
  /** tz1… */
  readonly address: string;
  /** edpk… */
  readonly publicKey: string;
  /** edsk…: a public devnet key, never a key of value. */
  readonly secretKey: string;
}

/** The devnet starts with ten bootstrap accounts; the first is the bank. */
const PLAYER_ACCOUNTS = { first: 2, last: 10 } as const;

/** Bootstrap account `i` of the devnet: its seed is blake2b-256 of `tezos-pole devnet bootstrap <i>`. */
export function devnetAccount(i: number): DevnetAccount {
  const seed = blake2b(new TextEncoder().encode(`tezos-pole devnet bootstrap ${i}`), { dkLen: 32 });
  const pk = ed25519.getPublicKey(seed);
  return {
    alias: `bootstrap${i}`,
    address: b58Encode(blake2b(pk, { dkLen: 20 }), PrefixV2.Ed25519PublicKeyHash),
    publicKey: b58Encode(pk, PrefixV2.Ed25519PublicKey),
    secretKey: b58Encode(seed, PrefixV2.Ed25519Seed),
  };
}

/** The bank's address, when the environment holds a usable bank key. */
async function bankAddress(env: Readonly<Record<string, string | undefined>>): Promise<string | null> {
  const key = env[BANK_KEY_VAR]?.trim();
  if (!key) return null;
  try {
    return await new InMemorySigner(key).publicKeyHash();
  } catch {
    return null;
  }
}

/**
 * The accounts players sign in with on the devnet, without the bank's (bootstrap1, or whichever account the
 * environment's bank key belongs to).
 * @throws HostError 404 `NOT_DEVNET` when TEZOS_NETWORK is not `devnet`: on a real network nobody's key is served.
 */
export async function devnetPlayerAccounts(env: Readonly<Record<string, string | undefined>>): Promise<DevnetAccount[]> {
  if (env['TEZOS_NETWORK']?.trim() !== 'devnet') {
    throw new AccessError('NOT_DEVNET', 'devnet accounts exist only when the app runs on the devnet (TEZOS_NETWORK=devnet)');
  }
  const bank = await bankAddress(env);
  const accounts: DevnetAccount[] = [];
  for (let i = PLAYER_ACCOUNTS.first; i <= PLAYER_ACCOUNTS.last; i++) {
    const account = devnetAccount(i);
    if (account.address !== bank) accounts.push(account);
  }
  return accounts;
}
