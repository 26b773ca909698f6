import type { ReactNode } from 'react';

/**
 * The decision panel every game table shows: whose decision it is (yours, someone else's, or a spectator's view),
 * "sending…" while an action is on its way, the last refusal, then the table's own controls or waiting text.
 */
export function DecisionPanel({
  id,
  className,
  spectator,
  mine,
  busy,
  error,
  children,
}: {
  /** The heading's id (the panel is labelled by it). */
  readonly id: string;
  readonly className: string;
  readonly spectator: boolean;
  readonly mine: boolean;
  readonly busy: boolean;
  readonly error: string | null;
  readonly children: ReactNode;
}) {
  return (
    <section className={`panel ${className}`} aria-labelledby={id} aria-busy={busy} data-testid="decision">
      <h2 id={id} className="panel-title">
        {spectator ? 'Spectating' : mine ? 'Your decision' : 'Waiting'}
        {busy && <span className="muted small">sending…</span>}
      </h2>
      {error && (
        <p className="run-error" role="alert">
          {error}
        </p>
      )}
      {children}
    </section>
  );
}
