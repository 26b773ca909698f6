'use client';

import { positionOf, type Board, type PolePlayer, type PoleTile } from '../../engine/pole';
import { useMoneyMoves } from '../play/money-moves';
import { ringCell, ringSide } from './board-layout';
import type { PoleScene } from './pole-scene';
import { BoardCentre } from './board-centre';
import { BoardTile } from './board-tile';
import { DiceTumbling } from './dice';
import { poleLegs, poleMoveSteps } from './pawn-steps';
import { usePawnWalk, type PawnWalk } from './pawn-walk';
import styles from './board.module.css';

interface RingProps {
  readonly board: Board;
  readonly snap: PoleScene | null;
  readonly idleHint?: string | undefined;
}

/** A pawn as the board last drew it: the player, and the snapshot (`PoleScene.stamp`) it was in. */
interface Pawn {
  readonly player: PolePlayer;
  readonly stamp: number;
}

/** Frames the die tumbles before the pawn sets off (each STEP_MS long). */
const ROLL_FRAMES = 4;
const progressOf = (p: Pawn): number => p.player.progress;

/**
 * The board of a game, moving: the die tumbles, the pawn steps along the tiles to where the snapshot has it, then
 * its landing tile glows with the money the mover gained or lost on that step.
 */
export function BoardRing(props: RingProps) {
  const { board, snap } = props;
  const pawns = (snap?.state.players ?? []).map((player): Pawn => ({ player, stamp: snap?.stamp ?? 0 }));
  // An earlier snapshot than the last drawn (a new game, a replay sought back) puts the pawns straight there.
  const legsOf = (before: Pawn, after: Pawn, seat: number) =>
    after.stamp < before.stamp
      ? null
      : poleLegs(
          progressOf(before),
          progressOf(after),
          poleMoveSteps(snap?.lastEvents ?? [], seat),
          board.tiles.length,
        );
  const walk = usePawnWalk(pawns, progressOf, legsOf, ROLL_FRAMES);
  const moneyMoved = useMoneyMoves(snap?.state.players.map((p) => p.cash) ?? [], snap?.stamp);
  return (
    <DiceTumbling value={walk.rolling}>
      <RingOfTiles {...props} walk={walk} moneyMoved={moneyMoved} />
    </DiceTumbling>
  );
}

/** The ring of tiles around a square board, with pawns, holders and the centre panel. Before a game: the bare board. */
function RingOfTiles({
  board,
  snap,
  idleHint,
  walk,
  moneyMoved,
}: RingProps & { walk: PawnWalk; moneyMoved: readonly number[] }) {
  const count = board.tiles.length;
  const side = ringSide(count);
  const pawnsAt = new Map<number, number[]>();
  if (snap) {
    walk.progress.forEach((progress, seat) => {
      const at = positionOf(progress, count);
      pawnsAt.set(at, [...(pawnsAt.get(at) ?? []), seat]);
    });
  }
  const landed = walk.moving ? null : (snap?.landed ?? null);
  const emptyTile: PoleTile = { holders: [], removed: 0 };
  const names = snap?.names ?? [];
  const goBonus = snap?.state.config.goBonus ?? 300;

  return (
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
              landedBy: landed && landed.tile === index ? landed.seat : null,
              money: landed && landed.tile === index ? (moneyMoved[landed.seat] ?? 0) : 0,
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
  );
}
