'use client';

import { useCallback, useEffect, useState } from 'react';
import { fetchWalletGrants, type WalletGrants } from '../play/chain-game';
import type { LinkNetwork } from './explorer-links';
import { useIndexerHead } from './indexer-head';
import { useWallet } from '../wallet';
import { GrantsList } from './grants-view';
import styles from './chain.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { Alert } from '../lib/alert';

/** The poll while TzKT's hub is down; with it up, each announced block reads the grants again. */
const POLL_MS = 1500;
const REVOKE_WAIT_MS = 120_000;

/**
 * Below a collection: every grant the app asked of the address (server/chain `grantsOf`), and a Revoke button for a
 * leftover FA2 operator approval of the bank when the signed-in wallet is that address.
 */
export function WalletGrantsPanel({
  address,
  network,
}: {
  address: string;
  network: LinkNetwork & { readonly tzktUrl: string };
}) {
  const wallet = useWallet();
  const [grants, setGrants] = useState<WalletGrants | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [revoking, setRevoking] = useState<{ opHash: string; since: number } | null>(null);

  const load = useCallback(async () => {
    try {
      const read = await fetchWalletGrants(address);
      setGrants(read);
      setProblem(null);
      return read;
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
      return null;
    }
  }, [address]);

  // The first read; a newer address makes an older answer moot.
  useEffect(() => {
    let live = true;
    fetchWalletGrants(address).then(
      (read) => {
        if (!live) return;
        setGrants(read);
        setProblem(null);
      },
      (err: unknown) => live && setProblem(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [address]);

  // After a revocation, read again until the approvals are gone (or give up and say so): at each block TzKT's hub
  // announces, or every POLL_MS while its socket is down.
  const check = useCallback(() => {
    if (!revoking) return;
    void load().then((read) => {
      if (read && read.operatorTokenIds.length === 0) setRevoking(null);
      else if (Date.now() - revoking.since > REVOKE_WAIT_MS) {
        setRevoking(null);
        setProblem(`The revocation ${revoking.opHash} is not confirmed yet: look again later.`);
      }
    });
  }, [revoking, load]);
  const live = useIndexerHead(revoking ? network.tzktUrl : null, check);
  useEffect(() => {
    if (!revoking || live) return;
    const timer = setInterval(check, POLL_MS);
    return () => clearInterval(timer);
  }, [revoking, live, check]);

  const revoke = async () => {
    if (!grants?.revoke) return;
    setBusy(true);
    setProblem(null);
    try {
      const { opHash } = await wallet.send(grants.revoke);
      setRevoking({ opHash, since: Date.now() });
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      {grants ? (
        <GrantsList
          grants={grants}
          network={network}
          mine={wallet.address === address}
          revoking={revoking?.opHash ?? null}
          busy={busy}
          onRevoke={() => void revoke()}
        />
      ) : (
        !problem && (
          <p className={cx(ui.panel, ui.muted)} aria-live="polite">
            Reading what this address granted the bank…
          </p>
        )
      )}
      <Alert problem={problem} />
    </div>
  );
}
