import { poleOutcome, type Board, type PoleState } from '../../engine/pole';
import type { PoleView } from './pole-scene';
import { formatTz, listNames, seatColor } from '../lib/seats';
import { Die } from './dice';

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
  const tiedOnScore = winners.length === 1 && outcome.standings.filter((s) => s.score === outcome.standings[0]!.score).length > 1;

  return (
    <section id="valuation" className="panel valuation" aria-labelledby="valuation-heading" data-testid="valuation">
      <h2 id="valuation-heading" className="panel-title">
        Final valuation
      </h2>
      <p className="valuation-winner" data-testid="winners">
        <span className="trophy" aria-hidden="true">
          ★
        </span>
        {winners.length === 1 ? (
          <>
            <strong>{names[winners[0]!]}</strong> wins with {formatTz(outcome.standings[0]!.score)}
            {tiedOnScore && ' (tie on score broken by most masterpieces)'}
          </>
        ) : (
          <>
            Shared win: <strong>{listNames(winners.map((s) => names[s]!))}</strong> with {formatTz(outcome.standings[0]!.score)} each
          </>
        )}
      </p>
      <p className="muted small">
        For each piece a d6 is rolled: even → die × price × multiplier, odd → price × multiplier ÷ die, rounded down to 10 Tz
        {state.config.valuationFloor ? ', never below 10 Tz' : ''}. Score = valuations + cash; ties go to the most masterpieces.
      </p>
      <div className="table-scroll">
        <table className="valuation-table" data-testid="valuation-table">
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Player</th>
              <th scope="col">Pieces valued</th>
              <th scope="col" className="num">
                Pieces
              </th>
              <th scope="col" className="num">
                Valuation
              </th>
              <th scope="col" className="num">
                Cash
              </th>
              <th scope="col" className="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {outcome.standings.map((standing) => {
              const seat = standing.seat;
              const won = winners.includes(seat);
              const rows = state.valuations!.filter((v) => v.seat === seat);
              return (
                <tr
                  key={seat}
                  className={won ? 'is-winner' : undefined}
                  style={{ '--seat': seatColor(seat) } as React.CSSProperties}
                  data-testid="valuation-row"
                  data-seat={seat}
                  data-rank={standing.rank}
                  data-total={standing.score}
                  data-winner={won ? 'true' : 'false'}
                >
                  <td className="rank">{standing.rank}</td>
                  <th scope="row" className="who">
                    <span className="seat-dot" aria-hidden="true" />
                    <span className="player-name-cell">{names[seat]}</span>
                    {won && <span className="tag tag-winner">Winner</span>}
                  </th>
                  <td>
                    {rows.length === 0 ? (
                      <span className="muted">no pieces</span>
                    ) : (
                      <ul className="valued-list">
                        {rows.map((v, i) => {
                          const art = board.tiles[v.tile];
                          if (art?.kind !== 'artist') return null;
                          const formula =
                            v.die % 2 === 0
                              ? `${v.die} × ${art.price} × ${art.multiplier}`
                              : `${art.price} × ${art.multiplier} ÷ ${v.die}`;
                          return (
                            <li key={i} className="valued">
                              <span className="valued-title">{art.title}</span>
                              <Die value={v.die} size={18} />
                              <span className="valued-formula">{formula}</span>
                              <span className="valued-value">{formatTz(v.value)}</span>
                            </li>
                          );
                        })}
                      </ul>
                    )}
                  </td>
                  <td className="num">{standing.pieces}</td>
                  <td className="num">{formatTz(standing.valuation)}</td>
                  <td className="num">{formatTz(standing.cash)}</td>
                  <td className="num total" data-testid="total">
                    {formatTz(standing.score)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
