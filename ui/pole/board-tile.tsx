import { isInert, supplyLeft, type PoleTile, type Tile } from '../../engine/pole';
import type { RingCell } from './board-layout';
import { formatTz, seatColor, seatInitial } from '../lib/seats';
import { MoneyBadge } from '../play/money-badge';
import { EventIcon } from './event-icon';
import { TileArt } from './tile-art';
import { artistTileTitle } from './tile-provenance';

export interface TileView {
  readonly index: number;
  readonly tile: Tile;
  readonly state: PoleTile;
  readonly cell: RingCell;
  /** Seats whose pawns stand here. */
  readonly pawns: readonly number[];
  /** Set when the last action ended here: the seat that moved. */
  readonly landedBy: number | null;
  /** The money the mover gained or lost on the last step, shown on the tile it landed on. */
  readonly money?: number;
  readonly names: readonly string[];
  readonly goBonus: number;
}

/** Pawns standing on a tile, in seat colours; they wrap so that six on one tile stay visible. */
export function Pawns({ seats, names }: { seats: readonly number[]; names: readonly string[] }) {
  if (seats.length === 0) return null;
  return (
    <span className="pawns">
      {seats.map((seat) => (
        <span
          key={seat}
          className="pawn"
          style={{ '--seat': seatColor(seat) } as React.CSSProperties}
          data-pawn-seat={seat}
          title={names[seat]}
          aria-label={`${names[seat]}’s pawn`}
          role="img"
        >
          {seatInitial(names[seat])}
        </span>
      ))}
    </span>
  );
}

/** One tile of the ring: a work with its generated art, an event with its printed text, or Start. */
export function BoardTile({ view }: { view: TileView }) {
  const { tile, state, cell, index, landedBy, names } = view;
  const style = {
    gridRow: cell.row,
    gridColumn: cell.col,
    ...(landedBy === null ? {} : { '--land': seatColor(landedBy) }),
  } as React.CSSProperties;
  const classes = ['tile', `tile-${tile.kind}`, `edge-${cell.edge}`];
  if (cell.corner) classes.push('is-corner');
  if (landedBy !== null) classes.push('is-landed');

  if (tile.kind === 'go') {
    return (
      <li className={classes.join(' ')} style={style} data-tile-index={index} data-tile-id={tile.id}>
        <span className="go-label">{tile.name}</span>
        <span className="go-arrow" aria-hidden="true">
          ←
        </span>
        <span className="go-bonus">+{formatTz(view.goBonus)}</span>
        <span className="go-note">each time you pass</span>
        <Pawns seats={view.pawns} names={names} />
        <MoneyBadge amount={view.money ?? 0} format={formatTz} />
      </li>
    );
  }

  if (tile.kind === 'event') {
    return (
      <li className={classes.join(' ')} style={style} data-tile-index={index} data-tile-id={tile.id} title={`${tile.name}: ${tile.text}`}>
        <span className="event-head">
          <EventIcon effect={tile.effect} />
          <span className="event-name">{tile.name}</span>
        </span>
        <span className="event-text">{tile.text}</span>
        <Pawns seats={view.pawns} names={names} />
        <MoneyBadge amount={view.money ?? 0} format={formatTz} />
      </li>
    );
  }

  const left = supplyLeft(tile, state);
  const removed = isInert(tile, state) && state.removed > 0;
  // P13: copies that left the game (sent outside it), and those of them back in a player's wallet, still out of play.
  const gone = state.left ?? 0;
  const goneForGood = isInert(tile, state) && !removed && gone > 0;
  const returned = state.returned ?? [];
  const oneOfOne = tile.editionSize === 1;
  const out = tile.editionSize - left - state.removed;
  if (removed || goneForGood) classes.push('is-removed');
  if (state.holders.length > 0) classes.push('is-owned');
  const owner = oneOfOne ? state.holders[0] : undefined;
  const artistStyle = owner === undefined ? style : ({ ...style, '--owner': seatColor(owner) } as React.CSSProperties);

  return (
    <li
      className={classes.join(' ')}
      style={artistStyle}
      data-tile-index={index}
      data-tile-id={tile.id}
      title={artistTileTitle(tile)}
    >
      <span className="tile-art">
        <TileArt tile={tile} className="art" />
        <span className="edition-badges">
          <span className={`edition-badge${oneOfOne ? ' is-unique' : ''}`}>{oneOfOne ? '1/1' : `${out}/${tile.editionSize}`}</span>
          {!oneOfOne && !removed && <span className="supply">{left > 0 ? `${left} left` : 'sold out'}</span>}
          {gone > 0 && !goneForGood && (
            <span className="left-game" title="Sent to a wallet outside this game: no royalty, not scored, cannot be flipped (P13)" data-left-game={gone}>
              {gone} left the game
            </span>
          )}
        </span>
        {state.holders.length > 0 && (
          <span className="holder-dots" aria-label={`held by ${state.holders.map((h) => names[h]).join(', ')}`}>
            {state.holders.map((seat, k) => (
              <span key={k} className="holder-dot" style={{ background: seatColor(seat) }} title={`held by ${names[seat]}`} data-holder-seat={seat} />
            ))}
          </span>
        )}
        {returned.length > 0 && (
          <span className="holder-dots is-out" aria-label={`out of the game, in the wallet of ${returned.map((h) => names[h]).join(', ')}`}>
            {returned.map((seat, k) => (
              <span key={k} className="holder-dot" style={{ borderColor: seatColor(seat) }} title={`${names[seat]}’s wallet: a copy that left the game (P13)`} data-returned-seat={seat} />
            ))}
          </span>
        )}
        {removed && <span className="removed-stamp">Removed</span>}
        {goneForGood && <span className="removed-stamp" data-left-game={gone}>Left the game</span>}
        <Pawns seats={view.pawns} names={names} />
      </span>
      <span className="tile-body">
        <span className="tile-title">{tile.title}</span>
        <span className="tile-artist-name">{tile.artist}</span>
        <span className="tile-meta">
          <span className="tile-price">{formatTz(tile.price)}</span>
          <span className="tile-mult" title="Valuation multiplier">
            ×{tile.multiplier}
          </span>
        </span>
      </span>
      <MoneyBadge amount={view.money ?? 0} format={formatTz} />
    </li>
  );
}
