/**
 * The two ways a person signs: a devnet account's key held in this tab (InMemorySigner), or their own wallet over
 * Beacon. Taquito, the signer and Beacon are imported when first needed, so none of them weighs on a page's first
 * load; Beacon is only ever loaded for `kind: 'beacon'`.
 */
import type { BeaconWallet } from '@taquito/beacon-wallet';
import type { MichelsonV1Expression } from '@taquito/rpc';
import type { DevnetAccount } from '../../server/auth';
import { fetchDevnetAccounts, WalletError, type ChainConfig } from './wallet-api';
import type { WalletNetwork } from './wallet-status';

/** A contract call, signed and injected by the signed-in wallet. */
export interface WalletCall {
  readonly to: string;
  /** In tez, or in mutez when `mutez` is true. */
  readonly amount: number;
  readonly mutez?: boolean;
  /** `value` is Micheline JSON, as Taquito's `TransferParams.parameter`; none: a plain transfer of tez. */
  readonly parameter?: { readonly entrypoint: string; readonly value: unknown };
}

/** How a failure names the call: its entrypoint on the contract, or the transfer. */
const callName = (call: WalletCall): string =>
  call.parameter ? `${call.parameter.entrypoint} on ${call.to}` : `the transfer to ${call.to}`;

export interface ActiveWallet {
  readonly kind: 'devnet' | 'beacon';
  readonly address: string;
  /** Signs and injects `call`; resolves once injected (the server follows confirmation). */
  send(call: WalletCall): Promise<{ opHash: string }>;
}

export type ConfiguredChain = Extract<ChainConfig, { ok: true }>;

const transferParams = (call: WalletCall) => ({
  to: call.to,
  amount: call.amount,
  mutez: call.mutez ?? false,
  ...(call.parameter && {
    parameter: { entrypoint: call.parameter.entrypoint, value: call.parameter.value as MichelsonV1Expression },
  }),
});

/**
 * The words to show for a failure: Beacon's errors are no `Error` (BeaconError: `description` is the sentence its own
 * dialogs show, `message` is `[ERROR_TYPE]:…`), Taquito's and the rest are.
 */
function reasonOf(err: unknown): string {
  if (typeof err === 'object' && err !== null) {
    const { description, message } = err as { description?: unknown; message?: unknown };
    if (typeof description === 'string' && description) return description;
    if (typeof message === 'string' && message) return message;
  }
  return '';
}

function failed(err: unknown, what: string): WalletError {
  if (err instanceof WalletError) return err;
  const reason = reasonOf(err);
  return new WalletError('WALLET_FAILED', `${what} failed${reason ? `: ${reason}` : ''}`);
}

// ---------- devnet ----------

/** Where the devnet key of the signed-in account is kept for this tab only (reloads keep it; a new tab refetches). */
const DEVNET_KEY = 'tezos-pole:devnet-account';

function savedDevnetAccount(): DevnetAccount | null {
  try {
    const raw = window.sessionStorage.getItem(DEVNET_KEY);
    return raw ? (JSON.parse(raw) as DevnetAccount) : null;
  } catch {
    return null;
  }
}

/** Keeps (or, with null, forgets) the signed-in devnet account's key for this tab. */
export function rememberDevnetAccount(account: DevnetAccount | null): void {
  try {
    if (account) window.sessionStorage.setItem(DEVNET_KEY, JSON.stringify(account));
    else window.sessionStorage.removeItem(DEVNET_KEY);
  } catch {
    // Storage disabled: the key stays in memory and a reload refetches it.
  }
}

/** A devnet account by alias or address, from this tab's storage or the devnet's list. */
export async function findDevnetAccount(match: { alias: string } | { address: string }): Promise<DevnetAccount> {
  const matches = (a: DevnetAccount) => ('alias' in match ? a.alias === match.alias : a.address === match.address);
  const saved = savedDevnetAccount();
  if (saved && matches(saved)) return saved;
  const account = (await fetchDevnetAccounts()).find(matches);
  if (!account)
    throw new WalletError('UNKNOWN_ACCOUNT', `no devnet account ${'alias' in match ? match.alias : match.address}`);
  return account;
}

/** Signs a sign-in payload with a devnet account's key. */
export async function signWithDevnetAccount(account: DevnetAccount, payload: string): Promise<string> {
  const { InMemorySigner } = await import('@taquito/signer');
  return (await new InMemorySigner(account.secretKey).sign(payload)).prefixSig;
}

export async function devnetWallet(chain: ConfiguredChain, account: DevnetAccount): Promise<ActiveWallet> {
  const { tezosToolkit } = await import('../../chain/context');
  const tezos = tezosToolkit(chain.rpcUrl, { secretKey: account.secretKey });
  return {
    kind: 'devnet',
    address: account.address,
    async send(call) {
      try {
        const op = await tezos.contract.transfer(transferParams(call));
        return { opHash: op.hash };
      } catch (err) {
        throw failed(err, callName(call));
      }
    },
  };
}

/**
 * The tez balance of `address` (mutez), read from the node's RPC as the chain layer reads it (`tz.getBalance`), so
 * it is current as soon as an operation is included, with no indexer lag.
 * @throws WalletError BALANCE_UNREADABLE
 */
export async function readBalance(chain: ConfiguredChain, address: string): Promise<number> {
  try {
    const { tezosToolkit } = await import('../../chain/context');
    return (await tezosToolkit(chain.rpcUrl).tz.getBalance(address)).toNumber();
  } catch (err) {
    throw new WalletError(
      'BALANCE_UNREADABLE',
      `the balance of ${address} could not be read from ${chain.rpcUrl}${err instanceof Error && err.message ? `: ${err.message}` : ''}`,
    );
  }
}

// ---------- Beacon ----------

// One DAppClient per page: Beacon keeps its pairing in localStorage and warns when several clients share it.
let beacon: Promise<{ wallet: BeaconWallet; module: typeof import('@ecadlabs/beacon-dapp') }> | null = null;

/**
 * Beacon's dApp client refuses a request when `rateLimit` others (2) were made in the last `rateLimitWindowInSeconds`
 * (5), with its own "Rate limit reached" dialog — and a sign-in is two (permission, signature): a person who signs in
 * and pays at once would meet it. This page's requests wait for their turn instead, by the client's own count (its
 * `requestCounter`, which the SDK keeps without an API to read it; absent, nothing is waited for).
 */
async function beaconTurn(wallet: BeaconWallet): Promise<void> {
  const client = wallet.client as unknown as {
    requestCounter?: number[];
    rateLimit?: number;
    rateLimitWindowInSeconds?: number;
  };
  const limit = client.rateLimit ?? 2;
  const windowMs = (client.rateLimitWindowInSeconds ?? 5) * 1000;
  for (;;) {
    const now = Date.now();
    const recent = (client.requestCounter ?? []).filter((at) => at + windowMs > now);
    if (recent.length < limit) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(...recent) + windowMs + 50 - now));
  }
}

/**
 * A Beacon failure in the SDK's own words: the dApp client rejects with the wallet's raw error response
 * (`{ errorType: 'ABORTED_ERROR', … }`), which its `getError` turns into the BeaconError its dialogs show.
 */
async function beaconFailed(err: unknown, what: string): Promise<WalletError> {
  const response = err as { errorType?: unknown; errorData?: unknown } | null;
  if (beacon && typeof response === 'object' && response !== null && typeof response.errorType === 'string') {
    const { module } = await beacon;
    return failed(
      module.getError(response.errorType as Parameters<typeof module.getError>[0], response.errorData),
      what,
    );
  }
  return failed(err, what);
}

function loadBeacon(chain: ConfiguredChain) {
  beacon ??= Promise.all([import('@taquito/beacon-wallet'), import('@ecadlabs/beacon-dapp')]).then(
    ([{ BeaconWallet }, module]) => {
      const network =
        chain.network === 'shadownet'
          ? { type: module.NetworkType.SHADOWNET, rpcUrl: chain.rpcUrl }
          : { type: module.NetworkType.CUSTOM, name: chain.network, rpcUrl: chain.rpcUrl };
      // The server's relay nodes replace Beacon's own (all in one region: the SDK picks the fastest that answers).
      const relays = chain.beacon.relays
        ? { matrixNodes: { [module.Regions.EUROPE_WEST]: [...chain.beacon.relays] } }
        : {};
      const timeout = chain.beacon.requestTimeoutMs === null ? {} : { requestTimeoutMs: chain.beacon.requestTimeoutMs };
      return {
        wallet: new BeaconWallet({
          name: 'Tezos Pole',
          appUrl: window.location.origin,
          network,
          ...relays,
          ...timeout,
        }),
        module,
      };
    },
  );
  return beacon;
}

/** Connects a wallet over Beacon (asking for permission unless a wallet is already paired): its address, key and network. */
export async function connectBeacon(
  chain: ConfiguredChain,
): Promise<{ address: string; publicKey: string; network: WalletNetwork }> {
  try {
    const { wallet } = await loadBeacon(chain);
    if (!(await wallet.client.getActiveAccount())) {
      await beaconTurn(wallet);
      await wallet.requestPermissions();
    }
    const account = await wallet.client.getActiveAccount();
    if (!account) throw new WalletError('WALLET_FAILED', 'no wallet was connected');
    if (!account.publicKey)
      throw new WalletError('WALLET_FAILED', 'the wallet did not share its public key; try another wallet');
    return { address: account.address, publicKey: account.publicKey, network: account.network };
  } catch (err) {
    throw await beaconFailed(err, 'connecting the wallet');
  }
}

/** Has the Beacon wallet sign a sign-in payload as a Michelson-packed message (SigningType.MICHELINE). */
export async function signWithBeacon(chain: ConfiguredChain, address: string, payload: string): Promise<string> {
  try {
    const { wallet, module } = await loadBeacon(chain);
    await beaconTurn(wallet);
    const { signature } = await wallet.client.requestSignPayload({
      signingType: module.SigningType.MICHELINE,
      payload,
      sourceAddress: address,
    });
    return signature;
  } catch (err) {
    throw await beaconFailed(err, 'signing the sign-in message');
  }
}

/** The paired Beacon wallet, which must be connected as `address` (the signed-in address). */
export async function beaconWallet(chain: ConfiguredChain, address: string): Promise<ActiveWallet> {
  const [{ tezosToolkit }, { wallet }] = await Promise.all([import('../../chain/context'), loadBeacon(chain)]);
  const active = await wallet.client.getActiveAccount();
  if (active?.address !== address) {
    throw new WalletError(
      'WALLET_MISMATCH',
      `your wallet is ${active ? `connected as ${active.address}` : 'not connected'}, but you are signed in as ${address}: sign in again`,
    );
  }
  const tezos = tezosToolkit(chain.rpcUrl, { wallet });
  return {
    kind: 'beacon',
    address,
    async send(call) {
      try {
        await beaconTurn(wallet);
        const op = await tezos.wallet.transfer(transferParams(call)).send();
        return { opHash: op.opHash };
      } catch (err) {
        throw await beaconFailed(err, callName(call));
      }
    },
  };
}

/** The network Beacon's active account was paired on (`AccountInfo.network`), or null when no wallet is paired. */
export async function beaconNetwork(chain: ConfiguredChain): Promise<WalletNetwork | null> {
  const { wallet } = await loadBeacon(chain);
  return (await wallet.client.getActiveAccount())?.network ?? null;
}

/** Where Beacon keeps the paired account (its StorageKey.ACTIVE_ACCOUNT): read without loading Beacon. */
const BEACON_ACTIVE_ACCOUNT = 'beacon:active-account';

function beaconPaired(): boolean {
  try {
    return Boolean(window.localStorage.getItem(BEACON_ACTIVE_ACCOUNT));
  } catch {
    return false;
  }
}

/** Ends the Beacon pairing so the next sign-in asks which account to use. */
export async function disconnectBeacon(chain: ConfiguredChain | null): Promise<void> {
  // After a reload Beacon is not loaded, but its pairing persists in localStorage: load it to end it, when there is one
  // (on the devnet too, where a person may have signed in with their own wallet).
  const loaded = beacon ?? (chain && beaconPaired() ? loadBeacon(chain) : null);
  if (loaded) await (await loaded).wallet.disconnect();
}
