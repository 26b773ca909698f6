import { isInert, ownersOf, supplyLeft, type Board } from '../../engine/pole';
import { describeDecision } from './pole-log';
import { formatTz, listNames, seatColor } from '../lib/seats';
import { poleViewDecision, type PoleScene } from './pole-scene';
import { Die } from './dice';
import { TileArt } from './tile-art';
import { TileProvenance } from './tile-provenance';

/** The middle of the board: board name, last roll, turn, whose turn, the pending decision and the tile in focus. */
export function BoardCentre({ board, snap, idleHint }: { board: Board; snap: PoleScene | null; idleHint?: string | undefined }) {
  if (!snap) {
    return (
      <div className="centre">
        <p className="centre-kicker">Tezos Pole</p>
        <h2 className="centre-title">{board.name}</h2>
        {board.description && <p className="centre-lede">{board.description}</p>}
        <p className="centre-hint">{idleHint ?? 'Pick the players and a seed, then press Start to watch the bots play a whole game.'}</p>
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
    <div className="centre">
      <p className="centre-kicker">{snap.seed === null ? 'Tezos Pole' : `Tezos Pole · seed “${snap.seed}”`}</p>
      <h2 className="centre-title">{board.name}</h2>
      <div className="centre-status">
        <div className="centre-dice" aria-label={dice.length ? `Last roll: ${dice.join(', ')}` : 'No roll yet'}>
          {dice.length ? dice.map((d, i) => <Die key={i} value={d} size={dice.length > 1 ? 34 : 44} />) : <span className="muted">no roll yet</span>}
        </div>
        <dl className="centre-facts">
          <div>
            <dt>Turn</dt>
            <dd data-testid="turn">{state.turn}</dd>
          </div>
          <div>
            <dt>{over ? 'Ended by' : 'Playing'}</dt>
            <dd>
              <span className="seat-chip" style={{ '--seat': seatColor(state.current) } as React.CSSProperties}>
                {names[state.current]}
              </span>
            </dd>
          </div>
        </dl>
      </div>
      <p className={`centre-decision${over ? ' is-over' : ''}`} data-testid="pending">
        {over ? winnerLine(snap) : describeDecision(decision, { names, board })}
      </p>
      {over && (
        <a className="centre-link" href="#valuation">
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
function FocusCard({ board, snap, index, mover }: { board: Board; snap: PoleScene; index: number; mover: number | null }) {
  const tile = board.tiles[index]!;
  const moverChip =
    mover === null ? null : (
      <span className="seat-chip" style={{ '--seat': seatColor(mover) } as React.CSSProperties}>
        {snap.names[mover]}
      </span>
    );
  if (tile.kind !== 'artist') {
    return (
      <div className="focus focus-plain">
        <p className="focus-where">{moverChip ? <>{moverChip} is on</> : 'Everyone starts on'}</p>
        <h3 className="focus-title">{tile.name}</h3>
        <p className="focus-text">
          {tile.kind === 'go' ? `Collect ${formatTz(snap.state.config.goBonus)} each time you pass or land here.` : tile.text}
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
    <div className={`focus focus-art${removed ? ' is-removed' : ''}`}>
      <TileArt tile={tile} className="focus-image" />
      <div className="focus-info">
        <p className="focus-where">{moverChip ? <>{moverChip} landed on</> : null}</p>
        <h3 className="focus-title">{tile.title}</h3>
        <p className="focus-artist">{tile.artist}</p>
        {tile.description && <p className="focus-text">{tile.description}</p>}
        <TileProvenance tile={tile} className="focus-artist" />
        <dl className="focus-terms">
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
            <dd>{tile.editionSize === 1 ? '1/1' : left > 0 ? `${left} of ${tile.editionSize} left` : `sold out (${tile.editionSize})`}</dd>
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
                      <span key={s} className="seat-chip" style={{ '--seat': seatColor(s) } as React.CSSProperties}>
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
