import { positionOf, type Board, type PoleTile } from '../../engine/pole';
import { ringCell, ringSide } from './board-layout';
import type { PoleScene } from './pole-scene';
import { BoardCentre } from './board-centre';
import { BoardTile } from './board-tile';
import styles from './board.module.css';

/** The ring of tiles around a square board, with pawns, holders and the centre panel. Before a game: the bare board. */
export function BoardRing({ board, snap, idleHint }: { board: Board; snap: PoleScene | null; idleHint?: string }) {
  const count = board.tiles.length;
  const side = ringSide(count);
  const pawnsAt = new Map<number, number[]>();
  if (snap) {
    snap.state.players.forEach((p, seat) => {
      const at = positionOf(p.progress, count);
      pawnsAt.set(at, [...(pawnsAt.get(at) ?? []), seat]);
    });
  }
  const emptyTile: PoleTile = { holders: [], removed: 0 };
  const names = snap?.names ?? [];
  const goBonus = snap?.state.config.goBonus ?? 300;

  return (
    <div className={styles.boardScroll}>
      <div className={styles.board} style={{ '--side': side } as React.CSSProperties} data-testid="board">
        <ol className={styles.ring} aria-label={`${board.name} board, ${count} tiles`}>
          {board.tiles.map((tile, index) => (
            <BoardTile
              key={tile.id}
              view={{
                index,
                tile,
                state: snap?.state.tiles[index] ?? emptyTile,
                cell: ringCell(index, count),
                pawns: pawnsAt.get(index) ?? [],
                landedBy: snap?.landed && snap.landed.tile === index ? snap.landed.seat : null,
                names,
                goBonus,
              }}
            />
          ))}
        </ol>
        <div className={styles.centreArea} style={{ gridRow: `2 / ${side}`, gridColumn: `2 / ${side}` }}>
          <BoardCentre board={board} snap={snap} idleHint={idleHint} />
        </div>
      </div>
    </div>
  );
}
