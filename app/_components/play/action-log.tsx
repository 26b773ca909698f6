import { memo } from 'react';
import type { ActionLogEntry } from '../../_lib/action-log';
import { seatColor } from '../../_lib/seats';

/** How many entries are drawn; older ones stay in the record (and the replay viewer). */
const SHOWN = 250;

const Entry = memo(function Entry({ entry, latest, active }: { entry: ActionLogEntry; latest: boolean; active: boolean }) {
  return (
    <li
      className={`log-entry${latest ? ' is-latest' : ''}${active ? ' is-active' : ''}`}
      style={entry.seat === null ? undefined : ({ '--seat': seatColor(entry.seat) } as React.CSSProperties)}
      aria-current={active ? 'step' : undefined}
    >
      {entry.meta && <span className="log-meta">{entry.meta}</span>}
      <ul className="log-lines">
        {entry.lines.map((line, i) => (
          <li key={i} className={`log-line tone-${line.tone}`}>
            {line.text}
          </li>
        ))}
      </ul>
    </li>
  );
});

/** The running log in plain words, newest first; a polite live region so screen readers follow the game. */
export function ActionLog({ entries, title = 'Game log', activeKey = null }: { entries: readonly ActionLogEntry[]; title?: string; activeKey?: number | null }) {
  const shown = entries.slice(-SHOWN).reverse();
  return (
    <section className="panel log-panel" aria-labelledby="action-log-heading">
      <h2 id="action-log-heading" className="panel-title">
        {title} <span className="muted small">newest first</span>
      </h2>
      {shown.length === 0 ? (
        <p className="muted small">Nothing has happened yet.</p>
      ) : (
        <ol className="log" role="log" aria-live="polite" aria-relevant="additions" data-testid="action-log" tabIndex={0}>
          {shown.map((entry, i) => (
            <Entry key={entry.key} entry={entry} latest={i === 0} active={activeKey === entry.key} />
          ))}
        </ol>
      )}
      {entries.length > SHOWN && <p className="muted small">{entries.length - SHOWN} earlier entries are in the game record.</p>}
    </section>
  );
}
