import { lapsOf, piecesOf, positionOf } from '../../engine/pole';
import { formatTz, seatColor, seatInitial } from '../lib/seats';
import { poleViewDecision, type PoleScene } from './pole-scene';
import { TileArt } from './tile-art';

/** Net cash change of each seat in the last action, from its transfer events. */
function cashDeltas(snap: PoleScene): number[] {
  const delta = snap.state.players.map(() => 0);
  for (const e of snap.lastEvents) {
    if (e.type !== 'transfer') continue;
    if (e.from !== 'bank') delta[e.from]! -= e.amount;
    if (e.to !== 'bank') delta[e.to]! += e.amount;
  }
  return delta;
}

/** Every player: name, bot, cash, laps, L2 move, pieces held, and who plays first and now. */
export function PlayerPanel({ snap }: { snap: PoleScene }) {
  const { state, names } = snap;
  const board = state.config.board;
  const ring = board.tiles.length;
  const decision = poleViewDecision(state);
  const deltas = cashDeltas(snap);
  return (
    <section className="panel players" aria-labelledby="players-heading">
      <h2 id="players-heading" className="panel-title">
        Players
      </h2>
      <ul className="player-list">
        {state.players.map((p, seat) => {
          const laps = lapsOf(p.progress, ring);
          const pieces = piecesOf(board, state.tiles, seat);
          const isTurn = decision !== null && state.current === seat;
          const deciding = decision?.seat === seat;
          const seen = new Map<number, number>();
          return (
            <li
              key={seat}
              className={`player${isTurn ? ' is-turn' : ''}`}
              style={{ '--seat': seatColor(seat) } as React.CSSProperties}
              data-seat={seat}
              data-testid="player"
            >
              <div className="player-head">
                <span className="player-pawn" aria-hidden="true">
                  {seatInitial(names[seat])}
                </span>
                <span className="player-name">{names[seat]}</span>
                <span className="tag">{snap.tags[seat] ?? 'bot'}</span>
                {state.firstSeat === seat && (
                  <span className="tag tag-first" title="Plays first (won the turn-order roll)">
                    1st
                  </span>
                )}
                <span className="player-cash">
                  {deltas[seat] !== 0 && (
                    <span className={`delta ${deltas[seat]! > 0 ? 'up' : 'down'}`} key={`${snap.stamp}`}>
                      {deltas[seat]! > 0 ? '+' : '−'}
                      {formatTz(Math.abs(deltas[seat]!))}
                    </span>
                  )}
                  <span className="cash" data-testid="cash" data-cash={p.cash} aria-label={`cash ${formatTz(p.cash)}`}>
                    {formatTz(p.cash)}
                  </span>
                </span>
              </div>
              <div className="player-sub">
                <span className="laps" data-testid="laps" data-laps={laps}>
                  Laps {laps}/{state.config.laps}
                  <span className="lap-bar" aria-hidden="true">
                    <span style={{ width: `${(positionOf(p.progress, ring) / ring) * 100}%` }} />
                  </span>
                </span>
                {state.config.l2Move && <span className={`l2${p.l2Used ? ' is-used' : ''}`}>L2 {p.l2Used ? 'used' : 'ready'}</span>}
                {deciding && (
                  <span className="turn-marker">{decision.kind === 'roll' ? 'to roll' : decision.kind === 'buy' ? 'deciding to buy' : 'must flip'}</span>
                )}
              </div>
              {pieces.length > 0 ? (
                <ul className="piece-list" aria-label={`${names[seat]}’s pieces`}>
                  {pieces.map((piece) => {
                    const k = seen.get(piece.tile) ?? 0;
                    seen.set(piece.tile, k + 1);
                    // Edition copies are interchangeable (one FA2 token id per tile), so a copy has no serial number.
                    const label = piece.art.editionSize === 1 ? '1/1' : `ed. of ${piece.art.editionSize}`;
                    return (
                      <li key={`${piece.tile}-${k}`} className="piece" title={`${piece.art.title} by ${piece.art.artist}`}>
                        <TileArt tile={piece.art} className="piece-art" />
                        <span className="piece-title">{piece.art.title}</span>
                        <span className="piece-ed">{label}</span>
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <p className="muted small">No pieces yet</p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
