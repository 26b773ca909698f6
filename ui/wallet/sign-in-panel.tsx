'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useWallet, type SignInChoice } from '.';
import { shortAddress } from '../../chain/explorer';
import styles from './wallet.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';

export interface SignInPanelProps {
  /** The devnet's player accounts (no keys: the wallet fetches the one picked), or null off the devnet. */
  readonly accounts: readonly { alias: string; address: string }[] | null;
  /** Why a Beacon wallet cannot be used here (the chain is not configured), or null when it can. */
  readonly beaconProblem: string | null;
  /** On the devnet, its RPC URL: the custom network a person's own wallet must be set to. */
  readonly devnetRpcUrl: string | null;
  /** Where to go once signed in: a path on this site. */
  readonly next: string;
}

/** The sign-in choices: on the devnet a devnet account per button and the person's own wallet; elsewhere a Beacon wallet. */
export function SignInPanel({ accounts, beaconProblem, devnetRpcUrl, next }: SignInPanelProps) {
  const wallet = useWallet();
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const signIn = async (choice: SignInChoice, label: string) => {
    setBusy(label);
    setError(null);
    try {
      await wallet.signIn(choice);
      router.replace(next);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'signing in failed');
      setBusy(null);
    }
  };

  return (
    <div aria-busy={busy !== null}>
      {wallet.status === 'signed-in' && wallet.address ? (
        <p data-testid="signin-current">
          You are signed in as <code title={wallet.address}>{shortAddress(wallet.address)}</code>.{' '}
          <a href={next}>Continue</a>, or sign in with another account below.
        </p>
      ) : null}
      {accounts ? (
        <ul aria-label="Devnet accounts">
          {accounts.map((account) => (
            <li key={account.alias}>
              <span>
                <strong>{account.alias}</strong> <code>{account.address}</code>
              </span>
              <button
                type="button"
                className={cx(ui.button, ui.small, ui.primary)}
                disabled={busy !== null}
                onClick={() => void signIn({ kind: 'devnet', alias: account.alias }, account.alias)}
              >
                {busy === account.alias ? 'Signing in…' : `Sign in as ${account.alias}`}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {beaconProblem ? (
        !accounts && (
          <p role="alert" className={ui.alert}>
            {beaconProblem}
          </p>
        )
      ) : (
        <div className={styles.ownWallet} data-testid="signin-own-wallet">
          {accounts && (
            <p className={cx(ui.muted, ui.small)}>
              Or use your own wallet (Temple, Kukai, Umami…): add a custom network with the devnet’s RPC{' '}
              <code>{devnetRpcUrl}</code>, switch to it, and connect it here.
            </p>
          )}
          <button
            type="button"
            className={cx(ui.button, !accounts && ui.primary)}
            disabled={busy !== null}
            onClick={() => void signIn({ kind: 'beacon' }, 'beacon')}
          >
            {busy === 'beacon'
              ? 'Waiting for your wallet…'
              : accounts
                ? 'Connect your own wallet (Beacon)'
                : 'Connect a wallet (Beacon)'}
          </button>
        </div>
      )}
      {error ? (
        <p role="alert" className={ui.alert} data-testid="signin-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
