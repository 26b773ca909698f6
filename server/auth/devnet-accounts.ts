/**
 * The devnet's player accounts, for signing in on the devnet: bootstrap2…bootstrap10. Their keys are public (the
 * devnet derives them from a documented text and lists them at `GET /devnet/accounts`, as a local test chain lists
 * its funded accounts) and only ever fund a local chain; the server asks the devnet it is configured for, so no
 * layer but the devnet knows how they are made, and the browser fetches them at run time so no key is compiled into
 * the client bundle. The bank's account is never listed.
 */
import { InMemorySigner } from '@taquito/signer';
import { z } from 'zod';
import { isNetworkConfigError } from '../../chain/errors';
import { networkFromEnv } from '../../chain/networks';
import { BANK_KEY_VAR } from '../../chain/status';
import { isAccountAddress } from '../../chain/validate';
import { AccessError, ChainGameError } from '../errors';

export interface DevnetAccount {
  readonly alias: string;
  /** tz1… */
  readonly address: string;
  /** edpk… */
  readonly publicKey: string;
  /** edsk…: a public devnet key, never a key of value. */
  readonly secretKey: string;
}

/** How long the devnet may take to list its accounts. */
const LIST_TIMEOUT_MS = 5_000;

const accountsSchema = z.array(
  z.object({
    alias: z.string().regex(/^bootstrap\d+$/),
    address: z.string().refine(isAccountAddress),
    publicKey: z.string().min(1),
    secretKey: z.string().min(1),
  }),
);

/** Each devnet's list, asked once per process (its accounts are fixed); a failed ask is asked again next time. */
const lists = new Map<string, Promise<DevnetAccount[]>>();

function listedAccounts(rpcUrl: string): Promise<DevnetAccount[]> {
  let list = lists.get(rpcUrl);
  if (!list) {
    list = fetch(`${rpcUrl.replace(/\/+$/, '')}/devnet/accounts`, { signal: AbortSignal.timeout(LIST_TIMEOUT_MS) })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return accountsSchema.parse(await res.json());
      })
      .catch((e: unknown) => {
        lists.delete(rpcUrl);
        throw new ChainGameError(
          'CHAIN_UNAVAILABLE',
          `the devnet at ${rpcUrl} did not list its accounts (${e instanceof Error ? e.message : String(e)}): is it running?`,
        );
      });
    lists.set(rpcUrl, list);
  }
  return list;
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
 * environment's bank key belongs to), as the devnet at TEZOS_RPC_URL lists them.
 * @throws AccessError `NOT_DEVNET` (404) when TEZOS_NETWORK is not `devnet`: on a real network nobody's key is served;
 *   ChainGameError `CHAIN_UNAVAILABLE` (503) when the devnet does not list them.
 */
export async function devnetPlayerAccounts(
  env: Readonly<Record<string, string | undefined>>,
): Promise<DevnetAccount[]> {
  if (env['TEZOS_NETWORK']?.trim() !== 'devnet') {
    throw new AccessError(
      'NOT_DEVNET',
      'devnet accounts exist only when the app runs on the devnet (TEZOS_NETWORK=devnet)',
    );
  }
  let rpcUrl: string;
  try {
    rpcUrl = networkFromEnv(env).rpcUrl;
  } catch (e) {
    if (isNetworkConfigError(e))
      throw new ChainGameError('CHAIN_NOT_CONFIGURED', `the devnet's address is unusable: ${e.message}`);
    throw e;
  }
  // Keys handed out for local play only: a devnet elsewhere (a shared test chain) is no place to read them from.
  if (!['localhost', '127.0.0.1', '[::1]'].includes(new URL(rpcUrl).hostname))
    throw new AccessError('NOT_DEVNET', 'devnet accounts are listed only for a devnet on this machine');
  const listed = await listedAccounts(rpcUrl);
  const bank = await bankAddress(env);
  // bootstrap1 is the bank of a devnet started with the app; whichever account holds the bank key is left out too.
  return listed.filter((a) => a.alias !== 'bootstrap1' && a.address !== bank);
}
