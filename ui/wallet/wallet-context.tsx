'use client';

/**
 * Who is signed in, for every page: `WalletProvider` (in the root layout) asks the server once which address the
 * session cookie names, and `useWallet()` gives components that address, sign-in / sign-out, `send` to sign
 * contract calls with the signed-in wallet, the chain's settings, the wallet's tez balance and whether a Beacon
 * wallet is on the app's network.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import {
  closeSession,
  fetchChainConfig,
  fetchSessionAddress,
  openSession,
  requestChallenge,
  WalletError,
  type ChainConfig,
} from './wallet-api';
import {
  beaconNetwork,
  beaconWallet,
  connectBeacon,
  devnetWallet,
  disconnectBeacon,
  findDevnetAccount,
  readBalance,
  rememberDevnetAccount,
  signWithBeacon,
  signWithDevnetAccount,
  type ActiveWallet,
  type ConfiguredChain,
  type WalletCall,
} from './wallets';
import type { DevnetAccount } from '../../server/auth';
import { networkMismatch } from './wallet-status';

/** A devnet account picked by alias (bootstrap2…), or the person's own wallet over Beacon. */
export type SignInChoice = { readonly kind: 'devnet'; readonly alias: string } | { readonly kind: 'beacon' };

export type WalletStatus = 'loading' | 'signed-out' | 'signed-in';

export interface WalletContextValue {
  readonly status: WalletStatus;
  readonly address: string | null;
  /** The chain's network name (devnet, shadownet, custom), null until known or when none is configured. */
  readonly network: string | null;
  /** The chain's public settings (GET /api/chain/config), null until read or when they could not be. */
  readonly chain: ChainConfig | null;
  /** The signed-in wallet's tez balance in mutez: null until read, when signed out, or when it could not be read. */
  readonly balance: number | null;
  /** Why the balance could not be read, when it could not. */
  readonly balanceProblem: string | null;
  /** A Beacon wallet paired on another network than the app's: which one it is on and which the app needs. */
  readonly networkWarning: string | null;
  /** Signs a one-time message with the chosen wallet and opens a session; resolves to the signed-in address. */
  signIn(choice: SignInChoice): Promise<string>;
  signOut(): Promise<void>;
  /** Signs and injects a contract call with the signed-in wallet; resolves once injected, not confirmed. */
  send(call: WalletCall): Promise<{ opHash: string }>;
}

const WalletContext = createContext<WalletContextValue | null>(null);

function configured(chain: ChainConfig): ConfiguredChain {
  if (!chain.ok) throw new WalletError(chain.problem, chain.explanation);
  return chain;
}

/** The devnet account the signed-in address is (its key kept by this tab, else fetched), or null: it signs with Beacon. */
async function devnetAccountOf(chain: ConfiguredChain, address: string): Promise<DevnetAccount | null> {
  if (chain.network !== 'devnet') return null;
  try {
    return await findDevnetAccount({ address });
  } catch (err) {
    // Signed in on the devnet with a Beacon wallet rather than a bootstrap account.
    if (err instanceof WalletError && err.code === 'UNKNOWN_ACCOUNT') return null;
    throw err;
  }
}

/** The signing wallet of the signed-in address: its devnet account's key, else Beacon's pairing. */
async function openWallet(chain: ConfiguredChain, address: string): Promise<ActiveWallet> {
  const account = await devnetAccountOf(chain, address);
  return account ? devnetWallet(chain, account) : beaconWallet(chain, address);
}

/** How often the header reads the balance again while the page is visible: gentle to a public node. */
const BALANCE_REFRESH_MS = 60_000;
/** After an operation is injected, the balance is read at once and again this much later, once it is included. */
const AFTER_INCLUSION_MS = 15_000;

export function WalletProvider({ children }: { children: React.ReactNode }) {
  const [status, setStatus] = useState<WalletStatus>('loading');
  const [address, setAddress] = useState<string | null>(null);
  const [chain, setChain] = useState<ChainConfig | null>(null);
  const chainRef = useRef<Promise<ChainConfig> | null>(null);
  // The signing wallet of the signed-in address, opened on the first `send` (also after a reload).
  const walletRef = useRef<{ address: string; wallet: Promise<ActiveWallet> } | null>(null);
  const [balance, setBalance] = useState<{ address: string; mutez: number } | null>(null);
  const [balanceProblem, setBalanceProblem] = useState<string | null>(null);
  const [networkWarning, setNetworkWarning] = useState<{ address: string; text: string | null } | null>(null);
  // Counts sign-ins: signing in again with the same address (say, after switching the wallet's network) re-checks it.
  const [signIns, setSignIns] = useState(0);
  // Reads the signed-in wallet's balance now (null when signed out); `send` calls it after an operation.
  const readBalanceRef = useRef<(() => void) | null>(null);

  const loadChain = useCallback((): Promise<ChainConfig> => {
    chainRef.current ??= fetchChainConfig().catch((err: unknown) => {
      chainRef.current = null;
      throw err;
    });
    return chainRef.current;
  }, []);

  useEffect(() => {
    let live = true;
    void Promise.all([loadChain().catch(() => null), fetchSessionAddress().catch(() => null)]).then(
      ([config, signedIn]) => {
        if (!live) return;
        setChain(config);
        setAddress(signedIn);
        setStatus(signedIn ? 'signed-in' : 'signed-out');
      },
    );
    return () => {
      live = false;
    };
  }, [loadChain]);

  // The balance: read on sign-in, every BALANCE_REFRESH_MS while the page is visible, and when it becomes visible.
  useEffect(() => {
    if (address === null || !chain?.ok) return;
    let live = true;
    const read = () => {
      if (document.visibilityState === 'hidden') return;
      readBalance(chain, address).then(
        (mutez) => {
          if (!live) return;
          setBalance({ address, mutez });
          setBalanceProblem(null);
        },
        (err: unknown) => live && setBalanceProblem(err instanceof Error ? err.message : String(err)),
      );
    };
    readBalanceRef.current = read;
    read();
    const timer = window.setInterval(read, BALANCE_REFRESH_MS);
    const onVisible = () => document.visibilityState === 'visible' && read();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      readBalanceRef.current = null;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [address, chain]);

  // A Beacon wallet reports the network it was paired on: compare it with the app's.
  useEffect(() => {
    if (address === null || !chain?.ok) return;
    let live = true;
    void (async () => {
      if (await devnetAccountOf(chain, address)) {
        if (live) setNetworkWarning(null);
        return;
      }
      const paired = await beaconNetwork(chain);
      if (live) setNetworkWarning({ address, text: paired ? networkMismatch(chain, paired) : null });
    })().catch(() => undefined); // no wallet to ask: `send` says so when it is needed
    return () => {
      live = false;
    };
  }, [address, chain, signIns]);

  const signIn = useCallback(
    async (choice: SignInChoice): Promise<string> => {
      let signedIn: string;
      if (choice.kind === 'devnet') {
        // The devnet's keys sign here in the page; proving an address needs no chain access.
        const account = await findDevnetAccount({ alias: choice.alias });
        const challenge = await requestChallenge(account.address);
        const signature = await signWithDevnetAccount(account, challenge.payload);
        signedIn = await openSession({
          nonce: challenge.nonce,
          address: account.address,
          publicKey: account.publicKey,
          signature,
        });
        rememberDevnetAccount(account);
      } else {
        const config = configured(await loadChain());
        const { address: connected, publicKey, network } = await connectBeacon(config);
        // A wallet on another network would sign in, then fail at its first operation: refuse now, and unpair so the
        // next try asks the wallet again (once switched).
        const mismatch = networkMismatch(config, network, 'then sign in again');
        if (mismatch) {
          await disconnectBeacon(config).catch(() => undefined);
          throw new WalletError('WRONG_NETWORK', mismatch);
        }
        const challenge = await requestChallenge(connected);
        const signature = await signWithBeacon(config, connected, challenge.payload);
        signedIn = await openSession({ nonce: challenge.nonce, address: connected, publicKey, signature });
        rememberDevnetAccount(null);
      }
      walletRef.current = null;
      setAddress(signedIn);
      setStatus('signed-in');
      setSignIns((n) => n + 1);
      // The chain's settings, if the first read failed: the header needs them for the balance.
      void loadChain().then(setChain, () => undefined);
      return signedIn;
    },
    [loadChain],
  );

  const signOut = useCallback(async (): Promise<void> => {
    await closeSession();
    walletRef.current = null;
    rememberDevnetAccount(null);
    setAddress(null);
    setStatus('signed-out');
    const config = await loadChain().catch(() => null);
    // The session is over either way; a wallet that cannot be reached to unpair is not worth an error.
    await disconnectBeacon(config?.ok ? config : null).catch(() => undefined);
  }, [loadChain]);

  const send = useCallback(
    async (call: WalletCall): Promise<{ opHash: string }> => {
      if (address === null) throw new WalletError('SIGN_IN_REQUIRED', 'sign in with your wallet first');
      let opening = walletRef.current;
      if (opening?.address !== address) {
        opening = { address, wallet: loadChain().then((config) => openWallet(configured(config), address)) };
        walletRef.current = opening;
      }
      let wallet: ActiveWallet;
      try {
        wallet = await opening.wallet;
      } catch (err) {
        // A wallet that failed to open is tried again on the next call.
        if (walletRef.current === opening) walletRef.current = null;
        throw err;
      }
      const sent = await wallet.send(call);
      // Its fee (and storage) are paid once it is included.
      readBalanceRef.current?.();
      window.setTimeout(() => readBalanceRef.current?.(), AFTER_INCLUSION_MS);
      return sent;
    },
    [address, loadChain],
  );

  const value = useMemo<WalletContextValue>(
    () => ({
      status,
      address,
      network: chain?.network ?? null,
      chain,
      balance: balance !== null && balance.address === address ? balance.mutez : null,
      balanceProblem: address === null ? null : balanceProblem,
      networkWarning: networkWarning !== null && networkWarning.address === address ? networkWarning.text : null,
      signIn,
      signOut,
      send,
    }),
    [status, address, chain, balance, balanceProblem, networkWarning, signIn, signOut, send],
  );
  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
}

/** The wallet of the page: who is signed in and how to sign. Only inside `WalletProvider`. */
export function useWallet(): WalletContextValue {
  const value = useContext(WalletContext);
  if (!value) throw new Error('useWallet() needs a <WalletProvider> above it (app/layout.tsx)');
  return value;
}
