'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import type { SeatId } from '../../engine/core';
import type { SeatInfo } from '../../server/protocol';
import { describeChainOp, type ChainOpInfo } from './chain-game';
import { expectedWait, inFlight, newlySettled, secondsSince, statusById } from './chain-steps';
import { opHref, type LinkNetwork } from '../chain/explorer-links';
import { useClock } from '../lib/browser-state';
import type { ChainState } from './chain-info';
import styles from '../chain/chain.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';

/** A confirmation's toast stays this long; a failure's stays until dismissed. */
const TOAST_MS = 10_000;
/** The clock of the "so far" counters. */
const TICK_MS = 1000;

/** What a step on its way is doing, in words. */
const IN_FLIGHT_LABEL: Partial<Record<ChainOpInfo['status'], string>> = {
  held: 'Taking your move',
  queued: 'Going out with the bank’s next block',
  pending: 'On its way',
  retrying: 'Waiting for Tezos to answer',
};

/**
 * Above the table of an on-chain game, while anything is on its way to Tezos: the move being sent, then each step
 * the chain has not confirmed yet, with a spinner, how long Tezos usually takes and how long it has been.
 */
export function ChainProgress({
  seats,
  titles,
  sending,
  chain,
}: {
  seats: readonly SeatInfo[];
  titles: ReadonlyMap<number, string>;
  sending: boolean;
  chain: ChainState;
}) {
  // The chain's pace as the server read it from its node (6 s on Shadownet); null: unknown, the wait is shown without it.
  const blockSeconds = chain.info?.blockTimeS ?? null;
  const names = useMemo(() => seats.map((s) => s.name), [seats]);
  const steps = chain.info ? inFlight(chain.info.ops) : [];
  const active = chain.info !== null && chain.info !== undefined && chain.info.ready && (sending || steps.length > 0);
  const now = useClock(TICK_MS, active) ?? 0;
  // When the move being sent left (to the clock's second), kept while it is on its way.
  const [sentAt, setSentAt] = useState<number | null>(null);
  if (sending && sentAt === null && now > 0) setSentAt(now);
  if (!sending && sentAt !== null) setSentAt(null);
  if (!active) return null;
  return (
    <section
      className={styles.progress}
      aria-label="On its way to Tezos"
      data-testid="chain-progress"
      aria-live="polite"
    >
      {sending && (
        <p className={styles.progressItem} data-testid="chain-sending">
          <span className={ui.spinner} aria-hidden="true" />
          <span>
            <strong>Sending your move to Tezos…</strong> it counts once the chain confirms it:{' '}
            <span className={ui.muted}>{expectedWait(blockSeconds, secondsSince(sentAt ?? now, now))}</span>
          </span>
        </p>
      )}
      {steps.map((op) => (
        <p key={op.id} className={styles.progressItem} data-testid="chain-in-flight" data-status={op.status}>
          <span className={ui.spinner} aria-hidden="true" />
          <span>
            <strong>{IN_FLIGHT_LABEL[op.status] ?? 'On its way'}:</strong> {describeChainOp(op, names, titles)}{' '}
            <span className={ui.muted}>{expectedWait(blockSeconds, secondsSince(op.at, now))}</span>
          </span>
        </p>
      ))}
    </section>
  );
}

/** At most this many toasts at once; the oldest go first. */
const MAX_TOASTS = 4;

interface Toast {
  readonly op: ChainOpInfo;
  /** When a confirmation's toast goes (ms epoch); null: a failure, until dismissed. */
  readonly until: number | null;
}

/** Whose news a toast is: the viewer's own steps and approvals, and what concerns the whole game. */
const concerns = (op: ChainOpInfo, seat: SeatId | null): boolean => op.seat === null || op.seat === seat;

/**
 * A toast for each chain step of the viewer's (or of the whole game) that settles while the page is open: confirmed
 * (with the block and the operation's link; it goes after a while) or failed (with Tezos's reason; it stays until
 * dismissed). Other seats' steps are in the chain panel.
 */
export function ChainToasts({
  seat,
  seats,
  titles,
  chain,
}: {
  seat: SeatId | null;
  seats: readonly SeatInfo[];
  titles: ReadonlyMap<number, string>;
  chain: ChainState;
}) {
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  const seen = useRef<Map<number, ChainOpInfo['status']> | null>(null);
  const names = useMemo(() => seats.map((s) => s.name), [seats]);
  const ops = chain.info?.ops;
  useEffect(() => {
    if (!ops) return;
    const before = seen.current;
    seen.current = statusById(ops);
    if (before === null) return;
    const settled = newlySettled(before, ops).filter((op) => concerns(op, seat));
    if (settled.length === 0) return;
    const at = Date.now();
    const live = (t: Toast) => t.until === null || t.until > at;
    setToasts((shown) =>
      [
        ...shown.filter(live),
        ...settled.map((op) => ({ op, until: op.status === 'confirmed' ? at + TOAST_MS : null })),
      ].slice(-MAX_TOASTS),
    );
  }, [ops, seat]);

  // A confirmation's toast goes when its time is up (the clock ticks only while one is shown).
  const now = useClock(
    TICK_MS,
    toasts.some((t) => t.until !== null),
  );
  const shown = toasts.filter((t) => t.until === null || now === null || t.until > now);

  if (!chain.info || shown.length === 0) return null;
  const network: LinkNetwork = { explorerUrl: chain.info.explorerUrl };
  const dismiss = (id: number) => setToasts((shown) => shown.filter((t) => t.op.id !== id));
  return (
    <div className={styles.toasts} data-testid="chain-toasts">
      {shown.map(({ op }) => (
        <div
          key={op.id}
          className={styles.toast}
          data-status={op.status}
          role={op.status === 'failed' ? 'alert' : 'status'}
          data-testid="chain-toast"
        >
          <p>
            <strong>{op.status === 'confirmed' ? 'Confirmed on Tezos' : 'Tezos refused it'}:</strong>{' '}
            {describeChainOp(op, names, titles)}
            {op.level !== null && op.status === 'confirmed' && <span className={ui.muted}> · block {op.level}</span>}
            {op.error && op.status === 'failed' && <span className={styles.error}> — {op.error}</span>}
          </p>
          <p className={styles.toastActions}>
            {op.opHash && (
              <a href={opHref(network, op.opHash)} target="_blank" rel="noreferrer">
                View the operation
              </a>
            )}
            <button
              type="button"
              className={cx(ui.button, ui.ghost, ui.small)}
              onClick={() => dismiss(op.id)}
              aria-label="Dismiss"
            >
              ✕
            </button>
          </p>
        </div>
      ))}
    </div>
  );
}
