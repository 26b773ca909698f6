import { lapsOf, piecesOf, positionOf } from '../../engine/pole';
import { formatTz, seatColor, seatInitial } from '../lib/seats';
import { poleViewDecision, type PoleScene } from './pole-scene';
import { TileArt } from './tile-art';
import { PresenceBadge } from '../play/presence-badge';
import styles from './pole.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';

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
    <section className={cx(ui.panel, styles.players)} aria-labelledby="players-heading" tabIndex={0}>
      <h2 id="players-heading" className={ui.panelTitle}>
        Players
      </h2>
      <ul className={cx(ui.stack, styles.playerList)} data-testid="seats">
        {state.players.map((p, seat) => {
          const laps = lapsOf(p.progress, ring);
          const pieces = piecesOf(board, state.tiles, seat);
          const isTurn = decision !== null && state.current === seat;
          const deciding = decision?.seat === seat;
          const seen = new Map<number, number>();
          return (
            <li
              key={seat}
              className={cx(styles.player, isTurn && ui.isTurn)}
              style={{ '--seat': seatColor(seat) } as React.CSSProperties}
              data-seat={seat}
              data-testid="player"
              aria-current={deciding || undefined}
            >
              <div className={styles.playerHead}>
                <span className={ui.playerPawn} aria-hidden="true">
                  {seatInitial(names[seat])}
                </span>
                <span className={ui.playerName}>{names[seat]}</span>
                <span className={ui.tag}>{snap.tags[seat] ?? 'bot'}</span>
                <PresenceBadge info={snap.seats?.[seat]} />
                {state.firstSeat === seat && (
                  <span className={cx(ui.tag, ui.tagFirst)} title="Plays first (won the turn-order roll)">
                    1st
                  </span>
                )}
                <span className={styles.playerCash}>
                  {deltas[seat] !== 0 && (
                    <span
                      className={cx(styles.delta, deltas[seat]! > 0 ? styles.up : styles.down)}
                      key={`${snap.stamp}`}
                    >
                      {deltas[seat]! > 0 ? '+' : '−'}
                      {formatTz(Math.abs(deltas[seat]!))}
                    </span>
                  )}
                  <span
                    className={styles.cash}
                    data-testid="cash"
                    data-cash={p.cash}
                    aria-label={`cash ${formatTz(p.cash)}`}
                  >
                    {formatTz(p.cash)}
                  </span>
                </span>
              </div>
              <div className={styles.playerSub}>
                <span className={styles.laps} data-testid="laps" data-laps={laps}>
                  Laps {laps}/{state.config.laps}
                  <span className={cx(ui.bar, styles.lapBar)} aria-hidden="true">
                    <span style={{ width: `${(positionOf(p.progress, ring) / ring) * 100}%` }} />
                  </span>
                </span>
                {state.config.l2Move && (
                  <span className={cx(styles.l2, p.l2Used && styles.isUsed)}>L2 {p.l2Used ? 'used' : 'ready'}</span>
                )}
                {deciding && (
                  <span className={ui.turnMarker}>
                    {decision.kind === 'roll' ? 'to roll' : decision.kind === 'buy' ? 'deciding to buy' : 'must flip'}
                  </span>
                )}
              </div>
              {pieces.length > 0 ? (
                <ul className={styles.pieceList} aria-label={`${names[seat]}’s pieces`}>
                  {pieces.map((piece) => {
                    const k = seen.get(piece.tile) ?? 0;
                    seen.set(piece.tile, k + 1);
                    // Edition copies are interchangeable (one FA2 token id per tile), so a copy has no serial number.
                    const label = piece.art.editionSize === 1 ? '1/1' : `ed. of ${piece.art.editionSize}`;
                    return (
                      <li
                        key={`${piece.tile}-${k}`}
                        className={styles.piece}
                        title={`${piece.art.title} by ${piece.art.artist}`}
                      >
                        <TileArt tile={piece.art} className={styles.pieceArt} />
                        <span className={styles.pieceTitle}>{piece.art.title}</span>
                        <span className={styles.pieceEd}>{label}</span>
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <p className={cx(ui.muted, ui.small)}>No pieces yet</p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
