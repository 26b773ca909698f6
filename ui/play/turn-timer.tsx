'use client';

import { useClock } from '../lib/browser-state';
import { cx } from '../lib/cx';
import { formatClock } from '../lib/clock-text';
import { usePlayWords } from './play-words';
import styles from './play.module.css';

/** The pending human decision's countdown (the server's deadline; at zero the rules' default move is played). */
export function TurnTimer({ deadline, who }: { deadline: number | null; who: string | null }) {
  const words = usePlayWords();
  const now = useClock(250, deadline !== null);
  if (deadline === null || now === null) return null;
  const left = deadline - now;
  const urgent = left <= 10_000;
  return (
    <span
      className={cx(styles.turnTimer, urgent && styles.isUrgent)}
      role="timer"
      aria-label={words.header.timer(who, formatClock(left))}
    >
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <circle cx="8" cy="9" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M8 9V6M6.5 2h3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      {formatClock(left)}
    </span>
  );
}
