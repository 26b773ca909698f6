import { isInert, supplyLeft, type PoleTile, type Tile } from '../../engine/pole';
import type { RingCell } from './board-layout';
import { formatTz, listNames, seatColor, seatInitial } from '../lib/seats';
import { MoneyBadge } from '../play/money-badge';
import { EventIcon } from './event-icon';
import { TileArt } from './tile-art';
import { artistTileTitle } from './tile-provenance';
import styles from './board.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';

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
    <span className={styles.pawns}>
      {seats.map((seat) => (
        <span
          key={seat}
          className={ui.pawn}
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

/**
 * What a screen reader calls a tile (its accessible name): Start and its bonus, an event and its text, or a work by
 * its title and artist, its price, who owns it (P4, P5) and what is left of it; the board shows these as art and dots.
 */
export function tileName(view: TileView): string {
  const { tile, state, names } = view;
  if (tile.kind === 'go') return `${tile.name}: +${formatTz(view.goBonus)} each time you pass`;
  if (tile.kind === 'event') return `${tile.name}: ${tile.text}`;
  const nameOf = (seat: number) => names[seat] ?? `Seat ${seat + 1}`;
  const left = supplyLeft(tile, state);
  const gone = state.left ?? 0;
  const inert = isInert(tile, state);
  const holders = listNames(state.holders.map(nameOf));
  const facts =
    tile.editionSize === 1
      ? [
          `1/1 for ${formatTz(tile.price)}`,
          holders ? `owned by ${holders}` : inert ? (state.removed > 0 ? 'removed' : 'left the game') : 'for sale',
        ]
      : [
          `edition of ${tile.editionSize} at ${formatTz(tile.price)}`,
          inert && state.removed > 0
            ? 'removed'
            : inert && gone > 0
              ? 'left the game'
              : left > 0
                ? `${left} left`
                : 'sold out',
          holders && `held by ${holders}`,
          gone > 0 && !inert && `${gone} left the game`,
        ];
  const returned = state.returned ?? [];
  if (returned.length > 0) facts.push(`out of the game, in the wallet of ${listNames(returned.map(nameOf))}`);
  return [`${tile.title} by ${tile.artist}`, ...facts.filter(Boolean), `valuation ×${tile.multiplier}`].join(', ');
}

/** One tile of the ring: a work with its generated art, an event with its printed text, or Start. */
export function BoardTile({ view }: { view: TileView }) {
  const { tile, state, cell, landedBy, names } = view;
  const style = {
    gridRow: cell.row,
    gridColumn: cell.col,
    ...(landedBy === null ? {} : { '--land': seatColor(landedBy) }),
  } as React.CSSProperties;

  if (tile.kind === 'go') {
    return (
      <TileItem view={view} className={cx(styles.tile, styles.tileGo)} style={style}>
        <span className={styles.goLabel}>{tile.name}</span>
        <span className={styles.goArrow} aria-hidden="true">
          ←
        </span>
        <span className={styles.goBonus}>+{formatTz(view.goBonus)}</span>
        <span className={styles.goNote}>each time you pass</span>
        <Pawns seats={view.pawns} names={names} />
      </TileItem>
    );
  }

  if (tile.kind === 'event') {
    return (
      <TileItem
        view={view}
        className={cx(styles.tile, styles.tileEvent)}
        style={style}
        title={`${tile.name}: ${tile.text}`}
      >
        <span className={styles.eventHead}>
          <EventIcon effect={tile.effect} />
          <span className={styles.eventName}>{tile.name}</span>
        </span>
        <span className={styles.eventText}>{tile.text}</span>
        <Pawns seats={view.pawns} names={names} />
      </TileItem>
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
  const owner = oneOfOne ? state.holders[0] : undefined;
  const artistStyle = owner === undefined ? style : ({ ...style, '--owner': seatColor(owner) } as React.CSSProperties);

  return (
    <TileItem
      view={view}
      className={cx(
        styles.tile,
        styles.tileArtist,
        (removed || goneForGood) && styles.isRemoved,
        state.holders.length > 0 && styles.isOwned,
      )}
      style={artistStyle}
      title={artistTileTitle(tile)}
    >
      <span className={styles.tileArt}>
        <TileArt tile={tile} className={styles.art} />
        <span className={styles.editionBadges}>
          <span className={cx(styles.editionBadge, oneOfOne && styles.isUnique)}>
            {oneOfOne ? '1/1' : `${out}/${tile.editionSize}`}
          </span>
          {!oneOfOne && !removed && <span className={styles.supply}>{left > 0 ? `${left} left` : 'sold out'}</span>}
          {gone > 0 && !goneForGood && (
            <span
              className={styles.leftGame}
              title="Sent to a wallet outside this game: no royalty, not scored, cannot be flipped (P13)"
              data-left-game={gone}
            >
              {gone} left the game
            </span>
          )}
        </span>
        {state.holders.length > 0 && (
          <span
            className={styles.holderDots}
            role="img"
            aria-label={`held by ${state.holders.map((h) => names[h]).join(', ')}`}
          >
            {state.holders.map((seat, k) => (
              <span
                key={k}
                className={styles.holderDot}
                style={{ background: seatColor(seat) }}
                title={`held by ${names[seat]}`}
                data-holder-seat={seat}
              />
            ))}
          </span>
        )}
        {returned.length > 0 && (
          <span
            className={cx(styles.holderDots, styles.isOut)}
            role="img"
            aria-label={`out of the game, in the wallet of ${returned.map((h) => names[h]).join(', ')}`}
          >
            {returned.map((seat, k) => (
              <span
                key={k}
                className={styles.holderDot}
                style={{ borderColor: seatColor(seat) }}
                title={`${names[seat]}’s wallet: a copy that left the game (P13)`}
                data-returned-seat={seat}
              />
            ))}
          </span>
        )}
        {removed && <span className={styles.removedStamp}>Removed</span>}
        {goneForGood && (
          <span className={styles.removedStamp} data-left-game={gone}>
            Left the game
          </span>
        )}
        <Pawns seats={view.pawns} names={names} />
      </span>
      <span className={styles.tileBody}>
        <span className={styles.tileTitle}>{tile.title}</span>
        <span className={styles.tileArtistName}>{tile.artist}</span>
        <span className={styles.tileMeta}>
          <span>{formatTz(tile.price)}</span>
          <span className={styles.tileMult} title="Valuation multiplier">
            ×{tile.multiplier}
          </span>
        </span>
      </span>
    </TileItem>
  );
}

/** A tile's list item, whatever its kind: where it lies and who landed on it, for tests and styles; its money last. */
function TileItem({
  view,
  className,
  style,
  title,
  children,
}: {
  view: TileView;
  className: string | undefined;
  style: React.CSSProperties;
  title?: string;
  children: React.ReactNode;
}) {
  return (
    <li
      className={className}
      style={style}
      data-tile-index={view.index}
      data-tile-id={view.tile.id}
      data-landed={view.landedBy !== null || undefined}
      title={title}
      aria-label={tileName(view)}
    >
      {children}
      <MoneyBadge amount={view.money ?? 0} format={formatTz} />
    </li>
  );
}
