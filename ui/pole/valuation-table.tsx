import { poleOutcome, type Board, type PoleState } from '../../engine/pole';
import type { PoleView } from './pole-scene';
import { formatTz, listNames, seatColor } from '../lib/seats';
import { Die } from './dice';
import styles from './pole.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { NumHeading, ScrollTable } from '../lib/tables';

/**
 * P10 final valuation, exactly as the engine computed it: each piece's die and value from `state.valuations`,
 * ranks, winners and the cash / pieces / valuation split from `poleOutcome`.
 * Formulas are shown to explain the values, never to recompute them.
 */
export function ValuationTable({ state, names }: { state: PoleView; names: readonly string[] }) {
  // poleOutcome reads the phase, cash and valuations, never the PRNG state.
  const outcome = poleOutcome(state as PoleState);
  if (!outcome || !state.valuations) return null;
  const board: Board = state.config.board;
  const winners = outcome.winners;
  const tiedOnScore =
    winners.length === 1 && outcome.standings.filter((s) => s.score === outcome.standings[0]!.score).length > 1;

  return (
    <section
      id="valuation"
      className={cx(ui.panel, styles.valuation)}
      aria-labelledby="valuation-heading"
      data-testid="valuation"
    >
      <h2 id="valuation-heading" className={ui.panelTitle}>
        Final valuation
      </h2>
      <p className={styles.valuationWinner} data-testid="winners">
        <span className={ui.trophy} aria-hidden="true">
          ★
        </span>
        {winners.length === 1 ? (
          <>
            <strong>{names[winners[0]!]}</strong> wins with {formatTz(outcome.standings[0]!.score)}
            {tiedOnScore && ' (tie on score broken by most masterpieces)'}
          </>
        ) : (
          <>
            Shared win: <strong>{listNames(winners.map((s) => names[s]!))}</strong> with{' '}
            {formatTz(outcome.standings[0]!.score)} each
          </>
        )}
      </p>
      <p className={cx(ui.muted, ui.small)}>
        For each piece a d6 is rolled: even → die × price × multiplier, odd → price × multiplier ÷ die, rounded down to
        10 Tz
        {state.config.valuationFloor ? ', never below 10 Tz' : ''}. Score = valuations + cash; ties go to the most
        masterpieces.
      </p>
      <ScrollTable
        className={cx(ui.dataTable, styles.valuationTable)}
        testId="valuation-table"
        head={
          <>
            <th scope="col">Rank</th>
            <th scope="col">Player</th>
            <th scope="col">Pieces valued</th>
            <NumHeading>Pieces</NumHeading>
            <NumHeading>Valuation</NumHeading>
            <NumHeading>Cash</NumHeading>
            <NumHeading>Total</NumHeading>
          </>
        }
      >
        {outcome.standings.map((standing) => {
          const seat = standing.seat;
          const won = winners.includes(seat);
          const rows = state.valuations!.filter((v) => v.seat === seat);
          return (
            <tr
              key={seat}
              style={{ '--seat': seatColor(seat) } as React.CSSProperties}
              data-testid="valuation-row"
              data-seat={seat}
              data-rank={standing.rank}
              data-total={standing.score}
              data-winner={won ? 'true' : 'false'}
            >
              <td className={styles.rank}>{standing.rank}</td>
              <th scope="row" className={styles.who}>
                <span className={styles.seatDot} aria-hidden="true" />
                <span>{names[seat]}</span>
                {won && <span className={cx(ui.tag, ui.tagWinner, styles.winnerTag)}>Winner</span>}
              </th>
              <td>
                {rows.length === 0 ? (
                  <span className={ui.muted}>no pieces</span>
                ) : (
                  <ul className={cx(ui.stack, styles.valuedList)}>
                    {rows.map((v, i) => {
                      const art = board.tiles[v.tile];
                      if (art?.kind !== 'artist') return null;
                      const formula =
                        v.die % 2 === 0
                          ? `${v.die} × ${art.price} × ${art.multiplier}`
                          : `${art.price} × ${art.multiplier} ÷ ${v.die}`;
                      return (
                        <li key={i} className={styles.valued}>
                          <span className={styles.valuedTitle}>{art.title}</span>
                          <Die value={v.die} size={18} />
                          <span className={styles.valuedFormula}>{formula}</span>
                          <span className={styles.valuedValue}>{formatTz(v.value)}</span>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </td>
              <td className={ui.num}>{standing.pieces}</td>
              <td className={ui.num}>{formatTz(standing.valuation)}</td>
              <td className={ui.num}>{formatTz(standing.cash)}</td>
              <td className={cx(ui.num, styles.total)} data-testid="total">
                {formatTz(standing.score)}
              </td>
            </tr>
          );
        })}
      </ScrollTable>
    </section>
  );
}
