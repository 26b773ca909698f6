/**
 * Where each tile of a ring sits on a square board, Monopoly-style: Start in the bottom-right corner, then clockwise
 * along the bottom (right to left), up the left side, along the top and down the right side.
 */

export type RingEdge = 'bottom' | 'left' | 'top' | 'right';

export interface RingCell {
  /** 1-based CSS grid row and column. */
  readonly row: number;
  readonly col: number;
  readonly edge: RingEdge;
  readonly corner: boolean;
}

/** Cells per side of the square whose perimeter holds `tiles` tiles (24 → 7, i.e. a 7 × 7 perimeter). */
export function ringSide(tiles: number): number {
  return Math.max(3, Math.ceil(tiles / 4) + 1);
}

/** The grid cell of tile `index` on a board of `tiles` tiles. Boards whose size is not a multiple of 4 leave gaps at the end. */
export function ringCell(index: number, tiles: number): RingCell {
  const n = ringSide(tiles);
  const l = n - 1;
  const corner = index % l === 0;
  if (index < l) return { row: n, col: n - index, edge: 'bottom', corner };
  if (index < 2 * l) return { row: n - (index - l), col: 1, edge: 'left', corner };
  if (index < 3 * l) return { row: 1, col: 1 + (index - 2 * l), edge: 'top', corner };
  return { row: 1 + (index - 3 * l), col: n, edge: 'right', corner };
}
