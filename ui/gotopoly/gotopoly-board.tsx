import { LONDON, positionOf, type GotopolyView, type Student } from '../../engine/gotopoly';
import { ringCell, ringSide } from '../pole/board-layout';
import { usePawnWalk } from '../pole/pawn-walk';
import { MoneyBadge } from '../play/money-badge';
import { useMoneyMoves } from '../play/money-moves';
import { formatPounds, shortSpaceName } from './gotopoly-log';
import { seatColor, seatInitial } from '../lib/seats';
import { studentLegs } from './student-steps';
import styles from './gotopoly.module.css';
import { cx } from '../lib/cx';
import ui from '../styles/controls.module.css';
import { groupFill } from './group-fill';

export interface BoardMarks {
  /** The space the last move ended on, and who moved. */
  readonly landed: { readonly space: number; readonly seat: number } | null;
  /** Where the move token under the pointer (or focus) would take the deciding student. */
  readonly preview: number | null;
}

const KIND_LABEL: Readonly<Record<string, string>> = {
  go: 'GO',
  jail: 'Jail',
  'free-parking': 'Free Parking',
  'go-to-jail': 'Go To Jail',
};

const progressOf = (s: Student): number => s.progress;

/** The 40-space London board as a square ring (clockwise from GO as printed), with owners, houses and pawns. */
export function GotopolyBoard({
  view,
  names,
  marks: snapshotMarks,
  children,
}: {
  view: GotopolyView;
  names: readonly string[];
  marks: BoardMarks;
  children: React.ReactNode;
}) {
  const count = LONDON.spaces.length;
  const side = ringSide(count);
  // Students step along the spaces; the landing glows, with the mover's money gained or lost, once they are there.
  const walk = usePawnWalk(view.students, progressOf, studentLegs);
  const moneyMoved = useMoneyMoves(
    view.students.map((s) => s.cash),
    view,
  );
  const marks: BoardMarks = walk.moving ? { ...snapshotMarks, landed: null } : snapshotMarks;
  const pawnsAt = new Map<number, number[]>();
  view.students.forEach((s, seat) => {
    if (s.retired) return;
    const at = positionOf(walk.progress[seat] ?? s.progress, count);
    pawnsAt.set(at, [...(pawnsAt.get(at) ?? []), seat]);
  });
  return (
    <div className={styles.board} style={{ '--side': side } as React.CSSProperties} data-testid="gotopoly-board">
      <ol className={styles.ring} aria-label={`${LONDON.name} board, 40 spaces; students move anticlockwise from GO`}>
        {LONDON.spaces.map((space, index) => {
          const cell = ringCell(index, count);
          const estate = view.estates[index]!;
          const pawns = pawnsAt.get(index) ?? [];
          const style: Record<string, string | number> = { gridRow: cell.row, gridColumn: cell.col };
          if (marks.landed?.space === index) style['--land'] = seatColor(marks.landed.seat);
          if (estate.owner !== null) style['--owner'] = seatColor(estate.owner);
          const owner = estate.owner === null ? null : names[estate.owner];
          const houses =
            estate.houses >= 5
              ? 'a B&B'
              : estate.houses > 0
                ? `${estate.houses} house${estate.houses > 1 ? 's' : ''}`
                : '';
          const facts = [
            space.name,
            space.kind === 'property'
              ? `${space.colour} group, ${formatPounds(space.price)}, base rent ${formatPounds(space.rent[0]!)}`
              : '',
            space.kind === 'tax' ? `pay ${formatPounds(space.amount)}` : '',
            space.kind === 'go'
              ? `start and finish: land exactly here with ${view.config.creditsToWin} term credits, out of debt, to win`
              : '',
            owner ? `owned by ${owner}’s uncle` : '',
            houses,
            estate.visited === view.term && view.term > 0 && space.kind === 'property'
              ? 'rent already paid this term'
              : '',
            pawns.length ? `here: ${pawns.map((s) => names[s]).join(', ')}` : '',
          ].filter(Boolean);
          return (
            <li
              key={space.id}
              className={cx(styles.space, cell.corner && styles.isCorner, marks.preview === index && styles.isPreview)}
              style={style}
              data-landed={marks.landed?.space === index || undefined}
              data-space={index}
              title={facts.join(' · ')}
              aria-label={facts.join(', ')}
            >
              {space.kind === 'property' && (
                <span className={styles.band} style={groupFill(space.colour)} aria-hidden="true" />
              )}
              <span className={styles.spaceName} data-space-name="">
                {KIND_LABEL[space.kind] ?? shortSpaceName(space)}
              </span>
              {space.kind === 'go' && (
                <span className={styles.goNote} aria-hidden="true">
                  ↑ start · finish
                </span>
              )}
              {space.kind === 'property' && <span className={styles.price}>{formatPounds(space.price)}</span>}
              {space.kind === 'tax' && <span className={styles.price}>{formatPounds(space.amount)}</span>}
              {space.kind === 'card' && (
                <span className={styles.cardMark} aria-hidden="true">
                  ?
                </span>
              )}
              {estate.houses > 0 && (
                <span className={styles.houses} aria-hidden="true">
                  {estate.houses >= 5 ? (
                    <span className={styles.bnb}>B&amp;B</span>
                  ) : (
                    Array.from({ length: estate.houses }, (_, k) => <span key={k} className={styles.house} />)
                  )}
                </span>
              )}
              {estate.owner !== null && <span className={styles.owner} aria-hidden="true" />}
              {pawns.length > 0 && (
                <span className={styles.pawns} aria-hidden="true">
                  {pawns.map((seat) => (
                    <span
                      key={seat}
                      className={cx(ui.pawn, view.students[seat]!.jailed !== null && styles.jailed)}
                      style={{ '--seat': seatColor(seat) } as React.CSSProperties}
                    >
                      {seatInitial(names[seat])}
                    </span>
                  ))}
                </span>
              )}
              {marks.landed?.space === index && (
                <>
                  <span className={styles.landingGlow} aria-hidden="true" />
                  <MoneyBadge amount={moneyMoved[marks.landed.seat] ?? 0} format={formatPounds} />
                </>
              )}
            </li>
          );
        })}
      </ol>
      <div className={styles.centre} style={{ gridRow: `2 / ${side}`, gridColumn: `2 / ${side}` }}>
        <span className={cx(styles.dir, styles.dirTop)} aria-hidden="true">
          ←
        </span>
        <span className={cx(styles.dir, styles.dirRight)} aria-hidden="true">
          ↑
        </span>
        <span className={cx(styles.dir, styles.dirBottom)} aria-hidden="true">
          →
        </span>
        <span className={cx(styles.dir, styles.dirLeft)} aria-hidden="true">
          ↓
        </span>
        {children}
      </div>
    </div>
  );
}
