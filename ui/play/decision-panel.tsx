import type { ReactNode } from 'react';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { Alert } from '../lib/alert';

export interface DecisionPanelTitles {
  readonly spectator: string;
  readonly mine: string;
  readonly waiting: string;
  readonly sending: string;
}

const ENGLISH: DecisionPanelTitles = {
  spectator: 'Spectating',
  mine: 'Your decision',
  waiting: 'Waiting',
  sending: 'sending…',
};

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
  titles = ENGLISH,
  children,
}: {
  /** The heading's id (the panel is labelled by it). */
  readonly id: string;
  /** The table's own class for the panel (e.g. its place in the table's layout). */
  readonly className?: string | undefined;
  readonly spectator: boolean;
  readonly mine: boolean;
  readonly busy: boolean;
  readonly error: string | null;
  /** The panel's words, for a table in another language (Ten in Hungarian). */
  readonly titles?: DecisionPanelTitles;
  readonly children: ReactNode;
}) {
  return (
    <section
      className={cx(ui.panel, ui.decisionPanel, className)}
      aria-labelledby={id}
      aria-busy={busy}
      data-testid="decision"
    >
      <h2 id={id} className={ui.panelTitle}>
        {spectator ? titles.spectator : mine ? titles.mine : titles.waiting}
        {busy && <span className={cx(ui.muted, ui.small)}>{titles.sending}</span>}
      </h2>
      <Alert problem={error} />
      {children}
    </section>
  );
}
