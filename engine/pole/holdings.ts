import { RuleError } from '../core/errors';
import type { SeatId } from '../core/types';
import type { ArtistTile, Board } from './board';
import type { Draft } from './draft';
import type { PoleAction, PoleTile } from './state';

/**
 * Who holds what. Every rule reads ownership through these helpers, so a P13 `holdings` snapshot (the on-chain
 * truth read from the indexer) can replace the holders of a tile without touching any rule code.
 */

export function artistTile(board: Board, index: number): ArtistTile | null {
  const tile = board.tiles[index];
  return tile?.kind === 'artist' ? tile : null;
}

/** Distinct owners of a tile. */
export function ownersOf(tile: PoleTile): SeatId[] {
  const { holders } = tile;
  if (holders.length <= 1) return holders.slice();
  return [...new Set(holders)];
}

export function copiesHeld(tile: PoleTile, seat: SeatId): number {
  let n = 0;
  for (const h of tile.holders) if (h === seat) n++;
  return n;
}

/** Copies the bank can still sell. */
export function supplyLeft(art: ArtistTile, tile: PoleTile): number {
  return art.editionSize - tile.removed - tile.holders.length - (tile.elsewhere ?? 0);
}

/** A tile nobody holds and nobody can buy any more (a forfeited 1/1, an edition whose copies are all gone). */
export function isInert(art: ArtistTile, tile: PoleTile): boolean {
  return tile.holders.length === 0 && supplyLeft(art, tile) <= 0;
}

export interface Piece {
  readonly tile: number;
  readonly art: ArtistTile;
}

/** Every masterpiece a seat holds, one entry per copy, in tile order. */
export function piecesOf(board: Board, tiles: readonly PoleTile[], seat: SeatId): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < tiles.length; i++) {
    const art = artistTile(board, i);
    if (!art) continue;
    const n = copiesHeld(tiles[i]!, seat);
    for (let k = 0; k < n; k++) out.push({ tile: i, art });
  }
  return out;
}

export function addHolder(d: Draft, index: number, seat: SeatId): void {
  d.updateTile(index, { holders: [...d.tiles[index]!.holders, seat] });
}

/** Removes one copy held by `seat`; `forfeit` takes the copy out of play for good (P7). */
export function removeHolder(d: Draft, index: number, seat: SeatId, forfeit: boolean): void {
  const tile = d.tiles[index]!;
  const at = tile.holders.indexOf(seat);
  if (at < 0) throw new Error(`internal: seat ${seat} holds no copy of tile ${index}`);
  const holders = tile.holders.slice();
  holders.splice(at, 1);
  d.updateTile(index, { holders, removed: tile.removed + (forfeit ? 1 : 0) });
}

/**
 * P13: the system seat records who really holds each listed tile: one entry per copy held by a player, and how many
 * copies wallets outside the game hold (they only take copies off the market).
 * @throws RuleError NOT_ON_CHAIN | BAD_HOLDINGS
 */
export function applyHoldings(d: Draft, action: Extract<PoleAction, { type: 'holdings' }>): void {
  if (!d.rules.onChainHoldings) {
    throw new RuleError('NOT_ON_CHAIN', 'holdings snapshots are only accepted in on-chain games (P13)');
  }
  const seen = new Set<number>();
  for (const { tile, holders, elsewhere = 0 } of action.tiles) {
    const art = artistTile(d.board, tile);
    if (!art) throw new RuleError('BAD_HOLDINGS', `tile ${tile} is not an artist tile`, { tile });
    if (seen.has(tile)) throw new RuleError('BAD_HOLDINGS', `tile ${tile} is listed twice`, { tile });
    seen.add(tile);
    for (const seat of holders) {
      if (!Number.isInteger(seat) || seat < 0 || seat >= d.playerCount) {
        throw new RuleError('BAD_HOLDINGS', `tile ${tile}: ${seat} is not a seat of this game`, { tile, seat });
      }
    }
    const inPlay = art.editionSize - d.tiles[tile]!.removed;
    if (holders.length + elsewhere > inPlay) {
      throw new RuleError('BAD_HOLDINGS', `tile ${tile}: ${holders.length + elsewhere} copies held but only ${inPlay} exist`, { tile });
    }
  }
  for (const { tile, holders, elsewhere = 0 } of action.tiles) {
    d.updateTile(tile, { holders: holders.slice().sort((a, b) => a - b), elsewhere });
  }
  d.emit({ type: 'holdingsUpdated', tiles: action.tiles.map((t) => t.tile) });
}
