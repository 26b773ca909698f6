'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useWallet } from '../wallet';
import styles from './chain.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { Alert } from '../lib/alert';

/**
 * `/collection` without an address: goes to the signed-in address's collection, or offers to sign in or to look
 * up any address.
 */
export function CollectionLookup({ problem }: { problem?: string }) {
  const router = useRouter();
  const { status, address } = useWallet();
  useEffect(() => {
    if (address) router.replace(`/collection/${encodeURIComponent(address)}`);
  }, [router, address]);
  const state = status === 'signed-out' ? 'signed-out' : 'checking';
  return (
    <section className={styles.page} aria-labelledby="collection-heading" data-testid="collection-lookup">
      <header>
        <h1 id="collection-heading">Collection</h1>
        <p className={styles.lede}>The Tezos Pole tokens an address holds: artwork, edition, owners and history.</p>
      </header>
      <Alert problem={problem} />
      <div className={ui.panel}>
        {state === 'checking' ? (
          <p className={ui.muted} aria-live="polite">
            Looking for your signed-in address…
          </p>
        ) : (
          <p>
            <a className={cx(ui.button, ui.primary)} href="/signin?next=/collection">
              Sign in
            </a>{' '}
            <span className={ui.muted}>to see your own collection, or look up any address:</span>
          </p>
        )}
        <form className={styles.addressForm} action="/collection" method="get">
          <label className={ui.visuallyHidden} htmlFor="collection-address">
            Tezos address
          </label>
          <input
            id="collection-address"
            name="address"
            type="text"
            placeholder="tz1…"
            autoComplete="off"
            spellCheck={false}
            required
          />
          <button className={ui.button} type="submit">
            Show collection
          </button>
        </form>
      </div>
    </section>
  );
}
