import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * A player's picture, drawn from their address alone: SHA-256 of the address picks a colour and fills a 5 × 5 grid
 * mirrored left to right (the left three columns decide the rest), so the same address has the same picture on every
 * page and machine, and two players rarely look alike. Pure and small: the header's profile link draws one too.
 */
export interface Identicon {
  /** The cells' colour and the background's, as CSS colours. */
  readonly colour: string;
  readonly background: string;
  /** The filled cells, `[column, row]`, 0 to 4 each. */
  readonly cells: readonly (readonly [number, number])[];
}

export const IDENTICON_GRID = 5;

/** The identicon of `address` (any string: the picture is the hash's). */
export function identicon(address: string): Identicon {
  const digest = sha256(utf8ToBytes(address));
  const hue = ((digest[0]! << 8) | digest[1]!) % 360;
  const saturation = 55 + (digest[2]! % 25);
  const lightness = 52 + (digest[3]! % 14);
  const cells: [number, number][] = [];
  // 15 bits for the left three columns, one byte each: a cell is filled when its byte is odd.
  for (let row = 0; row < IDENTICON_GRID; row++) {
    for (let column = 0; column < 3; column++) {
      if ((digest[4 + row * 3 + column]! & 1) === 0) continue;
      cells.push([column, row]);
      const mirror = IDENTICON_GRID - 1 - column;
      if (mirror !== column) cells.push([mirror, row]);
    }
  }
  return {
    colour: `hsl(${hue} ${saturation}% ${lightness}%)`,
    background: `hsl(${hue} 30% 16%)`,
    cells: cells.sort((a, b) => a[1] - b[1] || a[0] - b[0]),
  };
}
