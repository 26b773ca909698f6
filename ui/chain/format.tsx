/**
 * Small presentational pieces shared by the collector and explorer views: short addresses, tez amounts, times,
 * and the sentence shown when the indexer could not be read.
 */
import type { IndexerError } from '../../chain/errors';
import { shortAddress } from '../../chain/explorer';
import styles from './chain.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';

/** An address, short, with the full one in its title; a link when `href` is given; a name instead when known. */
export function Address({ address, href, name }: { address: string; href?: string; name?: string | null }) {
  const label = name ? <span className={styles.addrName}>{name}</span> : shortAddress(address);
  return (
    <span className={styles.addr} title={address}>
      {href ? <a href={href}>{label}</a> : label}
    </span>
  );
}

/** Mutez as tez: "1.5 ꜩ". */
export function formatTez(mutez: number): string {
  const whole = Math.trunc(mutez / 1_000_000);
  const frac = String(Math.abs(mutez % 1_000_000))
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${whole.toLocaleString('en-US')}${frac ? `.${frac}` : ''} ꜩ`;
}

/** An ISO time as "2026-11-30 06:00:00 UTC" (the same on server and browser). */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** A percentage without trailing zeros: 10, 7.5. */
export const formatPercent = (p: number): string => `${Number(p.toFixed(4))}%`;

/** What a page shows when a read failed: the reason as a sentence, never a stack trace. */
export function ReadProblem({ error, title }: { error: Pick<IndexerError, 'code' | 'message'>; title?: string }) {
  return (
    <div className={cx(ui.panel, styles.problem)} role="alert" data-testid="chain-read-problem" data-code={error.code}>
      <p>
        <strong>{title ?? 'This page could not be read from the indexer.'}</strong>
      </p>
      <p>{error.message}</p>
    </div>
  );
}

/** What a page shows when the chain is not configured (chainStatus's explanation). */
export function ChainUnavailable({ explanation }: { explanation: string }) {
  return (
    <div className={cx(ui.panel, styles.problem)} role="alert" data-testid="chain-problem">
      <p>
        <strong>On-chain views are not available.</strong>
      </p>
      <p>{explanation}</p>
    </div>
  );
}
