import { memo, useState } from 'react';
import type { ActionLogEntry } from './log-entries';
import { seatColor } from '../lib/seats';
import styles from './play.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';

/** How many entries are drawn at first: a long game's log stays light until someone asks for all of it. */
const SHOWN = 250;

const Entry = memo(function Entry({
  entry,
  latest,
  active,
}: {
  entry: ActionLogEntry;
  latest: boolean;
  active: boolean;
}) {
  return (
    <li
      className={cx(styles.entry, latest && styles.isLatest, active && styles.isActive)}
      style={entry.seat === null ? undefined : ({ '--seat': seatColor(entry.seat) } as React.CSSProperties)}
      aria-current={active ? 'step' : undefined}
      data-action-index={typeof entry.action === 'number' ? entry.action : undefined}
      data-setup={entry.action === 'setup' ? 'true' : undefined}
    >
      {entry.meta && <span className={styles.meta}>{entry.meta}</span>}
      <ul className={styles.lines}>
        {entry.lines.map((line, i) => (
          <li key={i} className={styles.line} data-tone={line.tone}>
            {line.text}
          </li>
        ))}
      </ul>
    </li>
  );
});

/** The log's own words, for a table in another language (Ten in Hungarian). */
export interface ActionLogWords {
  readonly newest: string;
  readonly empty: string;
  readonly latestOnly: (n: number) => string;
  readonly earlier: (n: number) => string;
}

const ENGLISH: ActionLogWords = {
  newest: 'newest first',
  empty: 'Nothing has happened yet.',
  latestOnly: (n) => `Show the latest ${n} only`,
  earlier: (n) => `Show the ${n} earlier entries`,
};

/** The running log in plain words, newest first; a polite live region so screen readers follow the game. */
export function ActionLog({
  entries,
  title = 'Game log',
  activeKey = null,
  words = ENGLISH,
}: {
  entries: readonly ActionLogEntry[];
  title?: string;
  activeKey?: number | null;
  words?: ActionLogWords;
}) {
  const [all, setAll] = useState(false);
  const shown = (all ? entries.slice() : entries.slice(-SHOWN)).reverse();
  return (
    <section className={cx(ui.panel, styles.logPanel)} aria-labelledby="action-log-heading">
      <h2 id="action-log-heading" className={ui.panelTitle}>
        {title} <span className={cx(ui.muted, ui.small)}>{words.newest}</span>
      </h2>
      {shown.length === 0 ? (
        <p className={cx(ui.muted, ui.small)}>{words.empty}</p>
      ) : (
        // The live region wraps the list: a role on the <ol> itself would take its entries out of a list.
        <div role="log" aria-live="polite" aria-relevant="additions" aria-labelledby="action-log-heading">
          <ol className={styles.log} data-testid="action-log" tabIndex={0} aria-labelledby="action-log-heading">
            {shown.map((entry, i) => (
              <Entry key={entry.key} entry={entry} latest={i === 0} active={activeKey === entry.key} />
            ))}
          </ol>
        </div>
      )}
      {entries.length > SHOWN && (
        <button type="button" className={cx(ui.button, ui.ghost, ui.small)} onClick={() => setAll((v) => !v)}>
          {all ? words.latestOnly(SHOWN) : words.earlier(entries.length - SHOWN)}
        </button>
      )}
    </section>
  );
}
