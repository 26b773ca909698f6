'use client';

/**
 * Who is signed in, for every page: `WalletProvider` (in the root layout) asks the server once which address the
 * session cookie names, and `useWallet()` gives components that address, sign-in / sign-out, and `send` to sign
 * contract calls with the signed-in wallet.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { closeSession, fetchChainConfig, fetchSessionAddress, openSession, requestChallenge, WalletError, type ChainConfig } from './wallet-api';
import {
  beaconWallet,
  connectBeacon,
  devnetWallet,
  disconnectBeacon,
  findDevnetAccount,
  rememberDevnetAccount,
  signWithBeacon,
  signWithDevnetAccount,
  type ActiveWallet,
  type ConfiguredChain,
  type WalletCall,
} from './wallets';

/** A devnet account picked by alias (bootstrap2…), or the person's own wallet over Beacon. */
export type SignInChoice = { readonly kind: 'devnet'; readonly alias: string } | { readonly kind: 'beacon' };

export type WalletStatus = 'loading' | 'signed-out' | 'signed-in';

export interface WalletContextValue {
  readonly status: WalletStatus;
  readonly address: string | null;
  /** The chain's network name (devnet, shadownet, custom), null until known or when none is configured. */
  readonly network: string | null;
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

/** The signing wallet of the signed-in address: its devnet account's key (kept by this tab, else fetched), else Beacon's pairing. */
async function openWallet(chain: ConfiguredChain, address: string): Promise<ActiveWallet> {
  if (chain.network === 'devnet') {
    try {
      return await devnetWallet(chain, await findDevnetAccount({ address }));
    } catch (err) {
      // Signed in on the devnet with a Beacon wallet rather than a bootstrap account.
      if (!(err instanceof WalletError && err.code === 'UNKNOWN_ACCOUNT')) throw err;
    }
  }
  return beaconWallet(chain, address);
}

export function WalletProvider({ children }: { children: React.ReactNode }) {
  const [status, setStatus] = useState<WalletStatus>('loading');
  const [address, setAddress] = useState<string | null>(null);
  const [chain, setChain] = useState<ChainConfig | null>(null);
  const chainRef = useRef<Promise<ChainConfig> | null>(null);
  // The signing wallet of the signed-in address, opened on the first `send` (also after a reload).
  const walletRef = useRef<{ address: string; wallet: Promise<ActiveWallet> } | null>(null);

  const loadChain = useCallback((): Promise<ChainConfig> => {
    chainRef.current ??= fetchChainConfig().catch((err: unknown) => {
      chainRef.current = null;
      throw err;
    });
    return chainRef.current;
  }, []);

  useEffect(() => {
    let live = true;
    void Promise.all([loadChain().catch(() => null), fetchSessionAddress().catch(() => null)]).then(([config, signedIn]) => {
      if (!live) return;
      setChain(config);
      setAddress(signedIn);
      setStatus(signedIn ? 'signed-in' : 'signed-out');
    });
    return () => {
      live = false;
    };
  }, [loadChain]);

  const signIn = useCallback(
    async (choice: SignInChoice): Promise<string> => {
      let signedIn: string;
      if (choice.kind === 'devnet') {
        // The devnet's keys sign here in the page; proving an address needs no chain access.
        const account = await findDevnetAccount({ alias: choice.alias });
        const challenge = await requestChallenge(account.address);
        const signature = await signWithDevnetAccount(account, challenge.payload);
        signedIn = await openSession({ nonce: challenge.nonce, address: account.address, publicKey: account.publicKey, signature });
        rememberDevnetAccount(account);
      } else {
        const config = configured(await loadChain());
        const { address: connected, publicKey } = await connectBeacon(config);
        const challenge = await requestChallenge(connected);
        const signature = await signWithBeacon(config, connected, challenge.payload);
        signedIn = await openSession({ nonce: challenge.nonce, address: connected, publicKey, signature });
        rememberDevnetAccount(null);
      }
      walletRef.current = null;
      setAddress(signedIn);
      setStatus('signed-in');
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
      return wallet.send(call);
    },
    [address, loadChain],
  );

  const value = useMemo<WalletContextValue>(
    () => ({ status, address, network: chain?.network ?? null, signIn, signOut, send }),
    [status, address, chain, signIn, signOut, send],
  );
  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
}

/** The wallet of the page: who is signed in and how to sign. Only inside `WalletProvider`. */
export function useWallet(): WalletContextValue {
  const value = useContext(WalletContext);
  if (!value) throw new Error('useWallet() needs a <WalletProvider> above it (app/layout.tsx)');
  return value;
}
