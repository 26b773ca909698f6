'use client';

import { usePathname } from 'next/navigation';
import { useState } from 'react';
import { accountHref } from '../chain/explorer-links';
import { useWallet } from '.';
import { formatTez, lowBalance, NETWORK_LABEL } from './wallet-status';
import { shortAddress } from '../../chain/explorer';
import { PlayerAvatar } from '../players/avatar';
import { playerPath } from '../players/rating-words';
import styles from './wallet.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';

/**
 * The header's wallet corner: the app's network, then a "Sign in" link, or the signed-in wallet (its address and tez
 * balance, linked to its account page), its player profile (its avatar) and "Sign out". Below it, when they apply: a balance too low for the next
 * operation (with Shadownet's faucet) and a Beacon wallet paired on another network.
 */
export function WalletButton() {
  const wallet = useWallet();
  const pathname = usePathname() ?? '/';
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chain = wallet.chain;

  const badge = chain?.network ? (
    <span
      className={styles.networkBadge}
      data-network={chain.network}
      data-testid="network-badge"
      title={chain.ok ? `This app plays on ${NETWORK_LABEL[chain.network]} (RPC ${chain.rpcUrl})` : chain.explanation}
    >
      <span className={ui.visuallyHidden}>Network: </span>
      {NETWORK_LABEL[chain.network]}
    </span>
  ) : null;

  if (wallet.status === 'loading') return <div className={styles.corner} aria-busy="true" />;

  if (wallet.status === 'signed-out' || wallet.address === null) {
    // Back to this page after signing in. Only rendered after the session check, so never on the server: reading
    // window.location here (rather than useSearchParams) keeps the layout free of a Suspense boundary.
    const href =
      pathname === '/signin'
        ? `/signin${window.location.search}`
        : `/signin?next=${encodeURIComponent(`${pathname}${window.location.search}`)}`;
    return (
      <div className={styles.corner}>
        {badge}
        <a className={cx(ui.button, ui.small, ui.primary)} href={href}>
          Sign in
        </a>
      </div>
    );
  }

  const signOut = async () => {
    setLeaving(true);
    setError(null);
    try {
      await wallet.signOut();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'signing out failed');
    } finally {
      setLeaving(false);
    }
  };

  const address = wallet.address;
  const low = chain?.ok && wallet.balance !== null ? lowBalance(chain.network, wallet.balance) : null;
  const notices = low !== null || wallet.networkWarning !== null || error !== null;

  return (
    <>
      <div className={styles.corner}>
        {badge}
        <a
          className={styles.account}
          href={accountHref({ explorerUrl: chain?.ok ? chain.explorerUrl : null }, address)}
          title={`${address}: its account page`}
          data-testid="wallet-account"
          data-low={low !== null || undefined}
        >
          <span className={styles.address} data-testid="wallet-address">
            <span className={ui.visuallyHidden}>Signed in as </span>
            {shortAddress(address)}
          </span>
          {wallet.balance !== null ? (
            <span className={styles.balance} data-testid="wallet-balance">
              <span className={ui.visuallyHidden}>, balance </span>
              {formatTez(wallet.balance)}
            </span>
          ) : wallet.balanceProblem ? (
            <span className={styles.balance} title={wallet.balanceProblem} data-testid="wallet-balance">
              ? ꜩ<span className={ui.visuallyHidden}> (the balance could not be read: {wallet.balanceProblem})</span>
            </span>
          ) : null}
        </a>
        <a
          className={styles.profile}
          href={playerPath(address)}
          aria-label="Your player profile"
          title="Your player profile: your ratings and your name"
          data-testid="wallet-profile"
        >
          <PlayerAvatar address={address} size={22} />
          <span className={styles.profileText}>Profile</span>
        </a>
        <button
          type="button"
          className={cx(ui.button, ui.small, ui.ghost)}
          onClick={() => void signOut()}
          disabled={leaving}
        >
          Sign out
        </button>
      </div>
      {notices ? (
        <div className={styles.notices}>
          {low ? (
            <p className={styles.notice} data-testid="wallet-low-balance">
              {low.text}{' '}
              {low.faucet ? (
                <a href={low.faucet} target="_blank" rel="noreferrer" data-testid="faucet-link">
                  Get tez from the Shadownet faucet
                </a>
              ) : null}
            </p>
          ) : null}
          {wallet.networkWarning ? (
            <p className={styles.notice} role="alert" data-testid="wallet-network-warning">
              {wallet.networkWarning}
            </p>
          ) : null}
          {error ? (
            <p role="alert" className={cx(styles.notice, styles.error)}>
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
