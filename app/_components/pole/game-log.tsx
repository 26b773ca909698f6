import { memo } from 'react';
import { seatColor } from '../../_lib/seats';
import type { LogEntry } from '../../_lib/watch-session';

const Entry = memo(function Entry({ entry, names, latest }: { entry: LogEntry; names: readonly string[]; latest: boolean }) {
  const seat = entry.seat;
  return (
    <li
      className={`log-entry${latest ? ' is-latest' : ''}`}
      style={seat === null ? undefined : ({ '--seat': seatColor(seat) } as React.CSSProperties)}
      data-action-index={entry.index >= 0 ? entry.index : undefined}
      data-setup={entry.index < 0 ? 'true' : undefined}
    >
      <span className="log-meta">{seat === null ? 'Setup' : `Turn ${entry.turn} · ${names[seat]}`}</span>
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

/** The running log, newest first, one entry per action; a polite live region so screen readers follow along. */
export function GameLog({ log, names }: { log: readonly LogEntry[]; names: readonly string[] }) {
  const entries = log.slice().reverse();
  return (
    <section className="panel log-panel" aria-labelledby="log-heading">
      <h2 id="log-heading" className="panel-title">
        Game log <span className="muted small">newest first</span>
      </h2>
      <ol className="log" role="log" aria-live="polite" aria-relevant="additions" data-testid="log" tabIndex={0}>
        {entries.map((entry, i) => (
          <Entry key={entry.index} entry={entry} names={names} latest={i === 0} />
        ))}
      </ol>
    </section>
  );
}
