import type { ArtistTile } from './board';

/**
 * The rules' exact money arithmetic, apart from the board's schema (board.ts) so a table in the browser computes a
 * flip's return or a valuation without loading zod.
 */

/** Round down to the nearest 10 Tz (rules: "rounded down to the nearest 10 Tz"). */
export const floor10 = (tz: number): number => Math.floor(tz / 10) * 10;

/** Multipliers as whole hundredths, so price × multiplier is exact integer arithmetic. */
export const multiplierHundredths = (tile: ArtistTile): number => Math.round(tile.multiplier * 100);
