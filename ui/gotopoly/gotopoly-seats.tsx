import { LONDON, POLY_FIED_DECKS, positionOf, type GotopolyView, type Student } from '../../engine/gotopoly';
import type { SeatInfo } from '../../server/protocol';
import { colourOf, formatPounds, spaceName } from './gotopoly-log';
import { seatColor, seatInitial } from '../lib/seats';
import styles from './gotopoly.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { groupFill } from './group-fill';
import { PresenceBadge } from '../play/presence-badge';
import { SEAT_KIND_TAGS } from '../play/seat-kinds';

const KEPT_KIND: ReadonlyMap<string, string> = new Map(
  [...POLY_FIED_DECKS.chance, ...POLY_FIED_DECKS.chest].map((card) => [card.id, card.effect.kind]),
);

/** What a student keeps from the decks: a Railcard and Get Out Of Jail Free cards. */
export function keptCards(student: Student): { railcard: boolean; jailFree: number } {
  const kinds = student.kept.map((k) => KEPT_KIND.get(k.card));
  return { railcard: kinds.includes('railcard'), jailFree: kinds.filter((k) => k === 'jailFree').length };
}

/** The six token values with how many of each the student holds. */
export const tokenCounts = (tokens: readonly number[]): number[] =>
  [1, 2, 3, 4, 5, 6].map((v) => tokens.filter((t) => t === v).length);

/** One panel per seat: the student (cash, tokens, credits, RISK, kept cards, jail) and the uncle (cash, properties). */
export function GotopolySeats({
  view,
  names,
  seats,
  me,
  active,
}: {
  view: GotopolyView;
  names: readonly string[];
  seats: readonly SeatInfo[];
  me: number | null;
  active: ReadonlySet<number>;
}) {
  const target = view.config.creditsToWin;
  // Focusable: the side column scrolls it when the decision above it grows, and a keyboard must scroll it too.
  return (
    <section className={cx(ui.panel, styles.seats)} aria-labelledby="gp-seats-heading" tabIndex={0}>
      <h2 id="gp-seats-heading" className={ui.panelTitle}>
        Students &amp; uncles
      </h2>
      <ul className={cx(ui.stack, ui.seatList)} data-testid="seats">
        {view.students.map((s, seat) => {
          const info = seats.find((x) => x.seat === seat);
          const uncle = view.uncles[seat]!;
          const kept = keptCards(s);
          const counts = tokenCounts(s.tokens);
          const owned = LONDON.properties.filter((p) => view.estates[p]!.owner === seat);
          const laps = Math.floor(s.progress / 40);
          return (
            <li
              key={seat}
              className={cx(ui.seatCard, active.has(seat) && ui.isTurn, s.retired && styles.retired)}
              style={{ '--seat': seatColor(seat) } as React.CSSProperties}
              data-seat={seat}
              // The seat to act: the viewer's own when it is one of those to act (sealed bids), else each of them.
              aria-current={active.has(seat) && (me === null || !active.has(me) || me === seat) ? true : undefined}
            >
              <div className={ui.seatHead}>
                <span className={ui.playerPawn} aria-hidden="true">
                  {seatInitial(names[seat])}
                </span>
                <span className={ui.playerName}>{names[seat]}</span>
                {info && (
                  <span className={ui.tag}>{info.botTakeover ? 'bot (took over)' : SEAT_KIND_TAGS[info.kind]}</span>
                )}
                <PresenceBadge info={info} />
                {me === seat && <span className={cx(ui.tag, ui.tagFirst)}>you</span>}
                {active.has(seat) && <span className={ui.turnMarker}>deciding</span>}
              </div>
              <div className={styles.halves}>
                <div className={styles.half} role="group" aria-label={`${names[seat]}, student`}>
                  <p className={styles.halfTitle}>
                    Student <strong className={styles.cash}>{formatPounds(s.cash)}</strong>
                  </p>
                  <p className={styles.credits}>
                    Credits {s.credits}/{target}
                    <span className={cx(ui.bar, styles.creditsBar)} aria-hidden="true">
                      <span style={{ width: `${Math.min(100, (s.credits / target) * 100)}%` }} />
                    </span>
                  </p>
                  <p className={styles.tokens}>
                    <span className={ui.visuallyHidden}>Move tokens: {s.tokens.join(', ')}</span>
                    {counts.map((n, k) => (
                      <span
                        key={k}
                        className={cx(styles.token, n === 0 && styles.isNone, k + 1 <= s.risk && styles.isRisky)}
                        aria-hidden="true"
                      >
                        {k + 1}
                        {n > 1 && <sub>×{n}</sub>}
                      </span>
                    ))}
                  </p>
                  <p className={cx(styles.studentStatus, ui.small)}>
                    {s.retired ? (
                      <span className={cx(styles.flag, styles.bad)}>retired</span>
                    ) : (
                      <span>
                        {spaceName(positionOf(s.progress))} · lap {laps + 1}
                      </span>
                    )}
                    {s.jailed !== null && (
                      <span className={cx(styles.flag, styles.bad)}>
                        in jail ({s.jailed}/{view.config.jailTurns})
                      </span>
                    )}
                    {s.risk > 0 && <span className={cx(styles.flag, styles.warn)}>RISK ×{s.risk}</span>}
                    {kept.railcard && <span className={cx(styles.flag, styles.good)}>Railcard</span>}
                    {kept.jailFree > 0 && (
                      <span className={cx(styles.flag, styles.good)}>
                        Get Out Of Jail Free{kept.jailFree > 1 ? ` ×${kept.jailFree}` : ''}
                      </span>
                    )}
                    {s.restarts > 0 && <span className={styles.flag}>restarted ×{s.restarts}</span>}
                  </p>
                </div>
                <div className={styles.half} role="group" aria-label={`${names[seat]}’s uncle`}>
                  <p className={styles.halfTitle}>
                    Uncle <strong className={styles.cash}>{formatPounds(uncle.cash)}</strong>
                  </p>
                  {owned.length ? (
                    <ul className={styles.props}>
                      {owned.map((p) => {
                        const h = view.estates[p]!.houses;
                        return (
                          <li key={p}>
                            <span className={styles.dot} style={groupFill(colourOf(p))} aria-hidden="true" />
                            {spaceName(p)}
                            {h > 0 && (
                              <span className={styles.propHouses}>
                                {h >= 5 ? ' · B&B' : ` · ${h} house${h > 1 ? 's' : ''}`}
                              </span>
                            )}
                          </li>
                        );
                      })}
                    </ul>
                  ) : (
                    <p className={cx(ui.muted, ui.small)}>No properties</p>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
