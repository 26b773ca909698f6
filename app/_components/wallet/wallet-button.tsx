'use client';

import { usePathname } from 'next/navigation';
import { useState } from 'react';
import { useWallet } from '../../_lib/wallet';
import { shortAddress } from './short-address';
import './wallet.css';

/** The header's wallet corner: a "Sign in" link, or the signed-in address and "Sign out". */
export function WalletButton() {
  const wallet = useWallet();
  const pathname = usePathname() ?? '/';
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (wallet.status === 'loading') return <div className="wallet-corner" aria-busy="true" />;

  if (wallet.status === 'signed-out' || wallet.address === null) {
    // Back to this page after signing in. Only rendered after the session check, so never on the server: reading
    // window.location here (rather than useSearchParams) keeps the layout free of a Suspense boundary.
    const href = pathname === '/signin' ? `/signin${window.location.search}` : `/signin?next=${encodeURIComponent(`${pathname}${window.location.search}`)}`;
    return (
      <div className="wallet-corner">
        <a className="button small primary" href={href}>
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

  return (
    <div className="wallet-corner">
      <span className="wallet-address" title={wallet.address} data-testid="wallet-address">
        <span className="visually-hidden">Signed in as </span>
        {shortAddress(wallet.address)}
      </span>
      <button type="button" className="button small ghost" onClick={() => void signOut()} disabled={leaving}>
        Sign out
      </button>
      {error ? (
        <span role="alert" className="wallet-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
