'use client';

import type { SeatInfo } from '../../server/protocol';
import { useClock } from '../lib/browser-state';
import { formatClock } from '../lib/clock-text';
import { cx } from '../lib/cx';
import styles from './presence.module.css';
import ui from '../styles/controls.module.css';

/** What the badge says; Ten's table passes its own language's. */
export interface PresenceWords {
  readonly connected: string;
  readonly away: string;
  /** The grace left (`time` as "0:42") before the seat's bot plays. */
  readonly graceLeft: (time: string) => string;
}

export const PRESENCE_WORDS: PresenceWords = {
  connected: 'online',
  away: 'away',
  graceLeft: (time) => `bot in ${time}`,
};

/**
 * Whether a seat's person is at an online table (a dot and a word, the word kept for screen readers
 * only on a phone's seat strip), and while their grace runs, how long until their bot plays. Nothing for a bot's
 * seat or in hot-seat (the server sends no presence then).
 */
export function PresenceBadge({ info, words = PRESENCE_WORDS }: { info: SeatInfo | undefined; words?: PresenceWords }) {
  const graceUntil = info?.graceUntil ?? null;
  const now = useClock(250, graceUntil !== null);
  if (!info?.presence) return null;
  const connected = info.presence === 'connected';
  const left = graceUntil !== null && now !== null ? words.graceLeft(formatClock(graceUntil - now)) : null;
  return (
    <span
      className={cx(styles.presence, connected && styles.isConnected)}
      data-testid="presence"
      data-presence={info.presence}
    >
      <span className={styles.dot} aria-hidden="true" />
      <span className={ui.visuallyHiddenOnPhone}>{connected ? words.connected : words.away}</span>
      {left && (
        <span className={styles.grace} role="timer" data-testid="grace">
          {left}
        </span>
      )}
    </span>
  );
}
