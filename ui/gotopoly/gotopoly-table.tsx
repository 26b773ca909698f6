'use client';

import { useMemo, useState } from 'react';
import {
  decisionOf,
  decisionsOf,
  gotopolyOutcome,
  moveOrder,
  type GotopolyAction,
  type GotopolyEvent,
  type GotopolyView,
} from '../../engine/gotopoly';
import {
  colourOf,
  describeGotopolyDecision,
  describeOffer,
  formatPounds,
  spaceName,
  termLimitText,
} from './gotopoly-log';
import { seatColor } from '../lib/seats';
import type { TableProps } from '../play/table-props';
import { DecisionPanel } from '../play/decision-panel';
import { GotopolyActions } from './gotopoly-actions';
import { GotopolyBoard, type BoardMarks } from './gotopoly-board';
import { GotopolySeats } from './gotopoly-seats';
import styles from './gotopoly.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { Headings, ScrollTable } from '../lib/tables';
import { groupFill } from './group-fill';

const PHASES = [
  { kind: 'build', label: 'Build/Trade' },
  { kind: 'auction', label: 'Auction' },
  { kind: 'movement', label: 'Movement' },
] as const;

/** The last event of a type, searching from the end. */
function lastOf<T extends GotopolyEvent['type']>(
  events: readonly GotopolyEvent[],
  type: T,
): Extract<GotopolyEvent, { type: T }> | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === type) return e as Extract<GotopolyEvent, { type: T }>;
  }
  return null;
}

/**
 * A Gotopoly table for one seat (or a spectator): the London board with owners, houses and students, every seat's
 * student and uncle, the term's phase, the auction lot, the last card and — when this seat must decide —
 * the controls, offered from `legal` only (sealed bids and trade offers through forms the engine's rules check).
 */
export function GotopolyTable(props: TableProps<GotopolyView, GotopolyAction>): React.JSX.Element {
  const { view, seat, seats, legal, events, act, busy, error } = props;
  const names = useMemo(
    () => view.students.map((_, s) => seats.find((x) => x.seat === s)?.name ?? `Seat ${s + 1}`),
    [view.students, seats],
  );
  const [preview, setPreview] = useState<number | null>(null);
  const gEvents = events as readonly GotopolyEvent[];

  const decisions = decisionsOf(view);
  const mine = seat === null ? undefined : decisionOf(view, seat);
  const active = new Set(decisions.map((d) => d.seat));
  const outcome = gotopolyOutcome(view);
  const stage = view.stage;
  const lastLanded = lastOf(gEvents, 'landed');
  const lastCard = lastOf(gEvents, 'cardDrawn');
  const lastAuction = stage.kind === 'auction' || outcome ? null : lastOf(gEvents, 'auctionResolved');
  const marks: BoardMarks = { landed: lastLanded ? { space: lastLanded.space, seat: lastLanded.seat } : null, preview };
  const order = stage.kind === 'movement' ? stage.order : moveOrder(view.students, view.tieOrder);

  return (
    <div className={cx(ui.gameTable, styles.table)} data-testid="gotopoly-table">
      <header className={cx(ui.tableStatus, styles.status, ui.panel)}>
        <div className={ui.term}>
          <span className={ui.termLabel}>{view.term === 0 ? 'Opening auction' : `Term ${view.term}`}</span>
          <span className={cx(ui.muted, ui.small)}>{termLimitText(view.term, view.config.maxTerms)}</span>
        </div>
        <ol className={styles.phases} aria-label="Phases of the term">
          {PHASES.map((p) => (
            <li
              key={p.kind}
              className={stage.kind === p.kind ? styles.isCurrent : undefined}
              aria-current={stage.kind === p.kind ? 'step' : undefined}
            >
              {p.label}
            </li>
          ))}
        </ol>
        {!outcome && (
          <div className={styles.order}>
            <span className={cx(ui.muted, ui.small)}>
              {stage.kind === 'movement' ? 'Move order' : 'Next move order'}
            </span>
            <ol className={styles.orderList}>
              {order.map((s, i) => (
                <li
                  key={s}
                  className={cx(ui.seatChip, stage.kind === 'movement' && stage.index === i && styles.isNow)}
                  style={{ '--seat': seatColor(s) } as React.CSSProperties}
                >
                  {names[s]}
                </li>
              ))}
            </ol>
            {view.tieOrder && (
              <span
                className={cx(ui.muted, ui.small)}
                data-testid="tie-order"
                title="Ruling G7: drawn once at the start"
              >
                Level students go: {view.tieOrder.map((s) => names[s]).join(', ')}
              </span>
            )}
          </div>
        )}
      </header>

      <div className={cx(ui.tableMain, styles.boardArea)}>
        <GotopolyBoard view={view} names={names} marks={marks}>
          <div className={styles.centreInner}>
            <p className={ui.kicker}>Gotopoly · students move anticlockwise ↺</p>
            <h2 className={styles.centreTitle}>University of Life</h2>
            {outcome ? (
              <Outcome outcome={outcome} names={names} />
            ) : (
              <p className={ui.pending} data-testid="pending">
                {decisions.length ? decisions.map((d) => describeGotopolyDecision(d, names)).join(' · ') : 'Waiting…'}
              </p>
            )}
            {stage.kind === 'auction' && (
              <div>
                <h3 className={ui.subheading}>On the block</h3>
                <ul className={styles.lotList}>
                  {stage.lot.map((space) => (
                    <li key={space}>
                      <span className={styles.dot} style={groupFill(colourOf(space))} aria-hidden="true" />
                      {spaceName(space)}
                    </li>
                  ))}
                </ul>
                <p className={ui.small}>
                  Bids in:{' '}
                  {stage.submitted.map((done, s) => (
                    <span
                      key={s}
                      className={cx(styles.bidder, done && styles.isDone)}
                      style={{ '--seat': seatColor(s) } as React.CSSProperties}
                    >
                      {names[s]} {done ? '✓' : '…'}
                    </span>
                  ))}
                </p>
              </div>
            )}
            {lastAuction && (
              <div>
                <h3 className={ui.subheading}>Last auction</h3>
                <ul className={cx(styles.lotList, styles.results)}>
                  {lastAuction.results.map((r) => (
                    <li key={r.space}>
                      <span className={styles.dot} style={groupFill(colourOf(r.space))} aria-hidden="true" />
                      {spaceName(r.space)}:{' '}
                      {r.winner === null ? (
                        <span className={ui.muted}>unsold</span>
                      ) : (
                        <span className={ui.seatChip} style={{ '--seat': seatColor(r.winner) } as React.CSSProperties}>
                          {names[r.winner]} {formatPounds(r.price)}
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {stage.kind === 'build' && stage.offer && (
              <p className={cx(ui.notice, styles.offer)}>{describeOffer(stage.offer, names)}.</p>
            )}
            {lastCard && (
              <figure className={styles.reveal} data-deck={lastCard.deck}>
                <figcaption>
                  {names[lastCard.seat]} drew {lastCard.deck === 'chance' ? 'Chance' : 'Community Chest'}
                </figcaption>
                <blockquote>{lastCard.text}</blockquote>
              </figure>
            )}
            <p className={cx(ui.muted, ui.small)}>
              Decks: Chance {view.decks.chance.drawCount} · Chest {view.decks.chest.drawCount} left
            </p>
          </div>
        </GotopolyBoard>
      </div>

      <div className={cx(ui.tableSide, styles.side)}>
        <DecisionPanel
          id="gp-act-heading"
          className={styles.act}
          spectator={seat === null}
          mine={!!mine}
          busy={busy}
          error={error}
        >
          {seat !== null && mine && legal.length > 0 ? (
            <GotopolyActions
              view={view}
              seat={seat}
              decision={mine}
              legal={legal}
              names={names}
              act={act}
              busy={busy}
              onPreview={setPreview}
            />
          ) : (
            <p className={ui.muted}>
              {outcome
                ? 'The game is over.'
                : decisions.length
                  ? `Waiting for ${decisions.map((d) => describeGotopolyDecision(d, names)).join(', ')}.`
                  : 'Waiting…'}
            </p>
          )}
        </DecisionPanel>
        <GotopolySeats view={view} names={names} seats={seats} me={seat} active={active} />
      </div>
    </div>
  );
}

function Outcome({
  outcome,
  names,
}: {
  outcome: NonNullable<ReturnType<typeof gotopolyOutcome>>;
  names: readonly string[];
}) {
  const why =
    outcome.reason === 'degree'
      ? 'Graduated'
      : outcome.reason === 'timeLimit'
        ? 'Time limit reached'
        : 'No student left on the course';
  return (
    <div className={styles.outcome} data-testid="outcome">
      <p className={cx(ui.pending, ui.isOver)}>
        {why}: {outcome.winners.map((s) => names[s]).join(' & ')}{' '}
        {outcome.winners.length > 1 ? 'share the win' : 'wins'}
      </p>
      <ScrollTable
        className={ui.standings}
        caption="Final standings"
        head={<Headings names={['#', 'Student', 'Credits', 'Cash', 'Uncle', 'Props']} />}
      >
        {outcome.standings.map((s) => (
          <tr key={s.seat} data-winner={s.rank === 1 ? 'true' : 'false'}>
            <td>{s.rank}</td>
            <th scope="row">
              <span className={ui.seatChip} style={{ '--seat': seatColor(s.seat) } as React.CSSProperties}>
                {names[s.seat]}
              </span>
            </th>
            <td>{s.credits}</td>
            <td>{formatPounds(s.cash)}</td>
            <td>{formatPounds(s.uncleCash)}</td>
            <td>{s.properties}</td>
          </tr>
        ))}
      </ScrollTable>
    </div>
  );
}
