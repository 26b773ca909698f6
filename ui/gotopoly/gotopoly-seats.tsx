import { LONDON, POLY_FIED_DECKS, positionOf, type GotopolyView, type Student } from '../../engine/gotopoly';
import type { SeatInfo } from '../../server/protocol';
import { colourOf, formatPounds, spaceName } from './gotopoly-log';
import { seatColor, seatInitial } from '../lib/seats';

const KEPT_KIND: ReadonlyMap<string, string> = new Map(
  [...POLY_FIED_DECKS.chance, ...POLY_FIED_DECKS.chest].map((card) => [card.id, card.effect.kind]),
);

/** What a student keeps from the decks: a Railcard and Get Out Of Jail Free cards. */
export function keptCards(student: Student): { railcard: boolean; jailFree: number } {
  const kinds = student.kept.map((k) => KEPT_KIND.get(k.card));
  return { railcard: kinds.includes('railcard'), jailFree: kinds.filter((k) => k === 'jailFree').length };
}

/** The six token values with how many of each the student holds. */
export const tokenCounts = (tokens: readonly number[]): number[] => [1, 2, 3, 4, 5, 6].map((v) => tokens.filter((t) => t === v).length);

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
  return (
    <section className="panel gp-seats" aria-labelledby="gp-seats-heading">
      <h2 id="gp-seats-heading" className="panel-title">
        Students &amp; uncles
      </h2>
      <ul className="gp-seat-list">
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
              className={`gp-seat${active.has(seat) ? ' is-turn' : ''}${s.retired ? ' is-retired' : ''}`}
              style={{ '--seat': seatColor(seat) } as React.CSSProperties}
              data-seat={seat}
            >
              <div className="gp-seat-head">
                <span className="player-pawn" aria-hidden="true">
                  {seatInitial(names[seat])}
                </span>
                <span className="player-name">{names[seat]}</span>
                {info && <span className="tag">{info.botTakeover ? 'bot (took over)' : info.kind}</span>}
                {me === seat && <span className="tag tag-first">you</span>}
                {active.has(seat) && <span className="turn-marker">deciding</span>}
              </div>
              <div className="gp-halves">
                <div className="gp-half" aria-label={`${names[seat]}, student`}>
                  <p className="gp-half-title">
                    Student <strong className="gp-cash">{formatPounds(s.cash)}</strong>
                  </p>
                  <p className="gp-credits">
                    Credits {s.credits}/{target}
                    <span className="gp-bar" aria-hidden="true">
                      <span style={{ width: `${Math.min(100, (s.credits / target) * 100)}%` }} />
                    </span>
                  </p>
                  <p className="gp-tokens" aria-label={`move tokens: ${s.tokens.join(', ')}`}>
                    {counts.map((n, k) => (
                      <span key={k} className={`gp-token${n === 0 ? ' is-none' : ''}${k + 1 <= s.risk ? ' is-risky' : ''}`} aria-hidden="true">
                        {k + 1}
                        {n > 1 && <sub>×{n}</sub>}
                      </span>
                    ))}
                  </p>
                  <p className="gp-student-status small">
                    {s.retired ? (
                      <span className="gp-flag bad">retired</span>
                    ) : (
                      <span>
                        {spaceName(positionOf(s.progress))} · lap {laps + 1}
                      </span>
                    )}
                    {s.jailed !== null && (
                      <span className="gp-flag bad">
                        in jail ({s.jailed}/{view.config.jailTurns})
                      </span>
                    )}
                    {s.risk > 0 && <span className="gp-flag warn">RISK ×{s.risk}</span>}
                    {kept.railcard && <span className="gp-flag good">Railcard</span>}
                    {kept.jailFree > 0 && <span className="gp-flag good">Get Out Of Jail Free{kept.jailFree > 1 ? ` ×${kept.jailFree}` : ''}</span>}
                    {s.restarts > 0 && <span className="gp-flag">restarted ×{s.restarts}</span>}
                  </p>
                </div>
                <div className="gp-half" aria-label={`${names[seat]}’s uncle`}>
                  <p className="gp-half-title">
                    Uncle <strong className="gp-cash">{formatPounds(uncle.cash)}</strong>
                  </p>
                  {owned.length ? (
                    <ul className="gp-props">
                      {owned.map((p) => {
                        const h = view.estates[p]!.houses;
                        return (
                          <li key={p} className="gp-prop">
                            <span className={`gp-dot colour-${colourOf(p)}`} aria-hidden="true" />
                            {spaceName(p)}
                            {h > 0 && <span className="gp-prop-houses">{h >= 5 ? ' · B&B' : ` · ${h} house${h > 1 ? 's' : ''}`}</span>}
                          </li>
                        );
                      })}
                    </ul>
                  ) : (
                    <p className="muted small">No properties</p>
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
