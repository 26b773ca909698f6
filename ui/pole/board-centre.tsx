import { isInert, ownersOf, supplyLeft, type Board } from '../../engine/pole';
import { describeDecision } from './pole-log';
import { formatTz, listNames, seatColor } from '../lib/seats';
import { poleViewDecision, type PoleScene } from './pole-scene';
import { Die } from './dice';
import { TileArt } from './tile-art';
import { TileProvenance } from './tile-provenance';
import styles from './board.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';

/** The middle of the board: board name, last roll, turn, whose turn, the pending decision and the tile in focus. */
export function BoardCentre({
  board,
  snap,
  idleHint,
}: {
  board: Board;
  snap: PoleScene | null;
  idleHint?: string | undefined;
}) {
  if (!snap) {
    return (
      <div className={styles.centre}>
        <p className={cx(ui.kicker, styles.centreKicker)}>Tezos Pole</p>
        <h2 className={styles.centreTitle}>{board.name}</h2>
        {board.description && <p className={styles.centreLede}>{board.description}</p>}
        <p className={styles.centreHint}>
          {idleHint ?? 'Pick the players and a seed, then press Start to watch the bots play a whole game.'}
        </p>
      </div>
    );
  }
  const { state, names } = snap;
  const decision = poleViewDecision(state);
  const over = decision === null;
  const focusIndex = snap.landed?.tile ?? 0;
  const focus = board.tiles[focusIndex]!;
  const mover = snap.landed?.seat ?? null;
  const dice = state.lastRoll;

  return (
    <div className={styles.centre}>
      <p className={cx(ui.kicker, styles.centreKicker)}>
        {snap.seed === null ? 'Tezos Pole' : `Tezos Pole · seed “${snap.seed}”`}
      </p>
      <h2 className={styles.centreTitle}>{board.name}</h2>
      <div className={styles.centreStatus}>
        <div className={styles.centreDice} aria-label={dice.length ? `Last roll: ${dice.join(', ')}` : 'No roll yet'}>
          {dice.length ? (
            dice.map((d, i) => <Die key={i} value={d} size={dice.length > 1 ? 34 : 44} />)
          ) : (
            <span className={ui.muted}>no roll yet</span>
          )}
        </div>
        <dl className={styles.centreFacts}>
          <div>
            <dt>Turn</dt>
            <dd data-testid="turn">{state.turn}</dd>
          </div>
          <div>
            <dt>{over ? 'Ended by' : 'Playing'}</dt>
            <dd>
              <span className={ui.seatChip} style={{ '--seat': seatColor(state.current) } as React.CSSProperties}>
                {names[state.current]}
              </span>
            </dd>
          </div>
        </dl>
      </div>
      <p className={cx(ui.pending, over && ui.isOver)} data-testid="pending">
        {over ? winnerLine(snap) : describeDecision(decision, { names, board })}
      </p>
      {over && (
        <a className={styles.centreLink} href="#valuation">
          See the final valuation ↓
        </a>
      )}
      <FocusCard board={board} snap={snap} index={focusIndex} mover={mover} key={focus.id} />
    </div>
  );
}

function winnerLine(snap: PoleScene): string {
  const finals = snap.lastEvents.find((e) => e.type === 'finalScores');
  if (!finals || finals.type !== 'finalScores') return 'The game is over';
  const names = finals.winners.map((s) => snap.names[s]!);
  return finals.winners.length === 1 ? `${names[0]} wins!` : `Shared win: ${listNames(names)}`;
}

/** The tile just landed on, shown large: the work, its artist, its terms and its holders. */
function FocusCard({
  board,
  snap,
  index,
  mover,
}: {
  board: Board;
  snap: PoleScene;
  index: number;
  mover: number | null;
}) {
  const tile = board.tiles[index]!;
  const moverChip =
    mover === null ? null : (
      <span className={ui.seatChip} style={{ '--seat': seatColor(mover) } as React.CSSProperties}>
        {snap.names[mover]}
      </span>
    );
  if (tile.kind !== 'artist') {
    return (
      <div className={cx(styles.focus, styles.focusPlain)}>
        <p className={styles.focusWhere}>{moverChip ? <>{moverChip} is on</> : 'Everyone starts on'}</p>
        <h3 className={styles.focusTitle}>{tile.name}</h3>
        <p className={styles.focusText}>
          {tile.kind === 'go'
            ? `Collect ${formatTz(snap.state.config.goBonus)} each time you pass or land here.`
            : tile.text}
        </p>
      </div>
    );
  }
  const state = snap.state.tiles[index]!;
  const left = supplyLeft(tile, state);
  const owners = ownersOf(state);
  // Out of play for good: forfeited (P7) or gone out of the game (P13).
  const removed = isInert(tile, state) && (state.removed > 0 || (state.left ?? 0) > 0);
  return (
    <div className={cx(styles.focus, removed && styles.isRemoved)}>
      <TileArt tile={tile} className={styles.focusImage} />
      <div className={styles.focusInfo}>
        <p className={styles.focusWhere}>{moverChip ? <>{moverChip} landed on</> : null}</p>
        <h3 className={styles.focusTitle}>{tile.title}</h3>
        <p className={styles.focusArtist}>{tile.artist}</p>
        {tile.description && <p className={styles.focusText}>{tile.description}</p>}
        <TileProvenance tile={tile} className={styles.focusArtist} />
        <dl className={styles.focusTerms}>
          <div>
            <dt>Price</dt>
            <dd>{formatTz(tile.price)}</dd>
          </div>
          <div>
            <dt>Multiplier</dt>
            <dd>×{tile.multiplier}</dd>
          </div>
          <div>
            <dt>Edition</dt>
            <dd>
              {tile.editionSize === 1
                ? '1/1'
                : left > 0
                  ? `${left} of ${tile.editionSize} left`
                  : `sold out (${tile.editionSize})`}
            </dd>
          </div>
          <div>
            <dt>{removed ? 'Status' : 'Held by'}</dt>
            <dd>
              {removed
                ? state.removed > 0
                  ? 'Removed from play'
                  : 'Left the game (P13)'
                : owners.length
                  ? owners.map((s) => (
                      <span key={s} className={ui.seatChip} style={{ '--seat': seatColor(s) } as React.CSSProperties}>
                        {snap.names[s]}
                      </span>
                    ))
                  : 'the bank'}
            </dd>
          </div>
        </dl>
      </div>
    </div>
  );
}
