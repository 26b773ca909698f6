'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import './chain.css';

/** The signed-in address from `GET /api/auth/session`, or null when signed out or the answer has none. */
async function sessionAddress(): Promise<string | null> {
  const res = await fetch('/api/auth/session', { cache: 'no-store' });
  if (!res.ok) return null;
  const body = (await res.json()) as { address?: unknown } | null;
  return typeof body?.address === 'string' ? body.address : null;
}

/**
 * `/collection` without an address: goes to the signed-in address's collection, or offers to sign in or to look
 * up any address.
 */
export function CollectionLookup({ problem }: { problem?: string }) {
  const router = useRouter();
  const [state, setState] = useState<'checking' | 'signed-out'>('checking');
  useEffect(() => {
    let live = true;
    sessionAddress()
      .catch(() => null)
      .then((address) => {
        if (!live) return;
        if (address) router.replace(`/collection/${encodeURIComponent(address)}`);
        else setState('signed-out');
      });
    return () => {
      live = false;
    };
  }, [router]);
  return (
    <section className="chain-page" aria-labelledby="collection-heading" data-testid="collection-lookup">
      <header>
        <h1 id="collection-heading">Collection</h1>
        <p className="chain-lede">The Tezos Pole tokens an address holds: artwork, edition, owners and history.</p>
      </header>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="panel">
        {state === 'checking' ? (
          <p className="muted" aria-live="polite">
            Looking for your signed-in address…
          </p>
        ) : (
          <p>
            <a className="button primary" href="/signin?next=/collection">
              Sign in
            </a>{' '}
            <span className="muted">to see your own collection, or look up any address:</span>
          </p>
        )}
        <form className="address-form" action="/collection" method="get">
          <label className="visually-hidden" htmlFor="collection-address">
            Tezos address
          </label>
          <input id="collection-address" name="address" type="text" placeholder="tz1…" autoComplete="off" spellCheck={false} required />
          <button className="button" type="submit">
            Show collection
          </button>
        </form>
      </div>
    </section>
  );
}
