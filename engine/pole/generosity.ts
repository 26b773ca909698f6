import type { SeatId } from '../core/types';
import type { Draft } from './draft';
import { addHolder, artistTile, copiesHeld, supplyLeft } from './holdings';

/**
 * P11 "Unusual Artist Generosity" and any `freeCopy` effect: a free copy of an edition, "nothing if no copy is left
 * or the player is at the per-player cap". The roll (6 → Scorpion Dagger, 1–5 → Pipi Universel) is board data.
 */
export function grantFreeCopy(d: Draft, seat: SeatId, index: number): void {
  const art = artistTile(d.board, index);
  if (!art) throw new Error(`internal: freeCopy of non-artist tile ${index}`);
  const tile = d.tiles[index]!;
  if (supplyLeft(art, tile) <= 0) {
    d.emit({ type: 'freeCopyUnavailable', seat, tile: index, reason: 'soldOut' });
    return;
  }
  if (copiesHeld(tile, seat) >= d.rules.editionCopiesPerPlayer) {
    d.emit({ type: 'freeCopyUnavailable', seat, tile: index, reason: 'atCap' });
    return;
  }
  addHolder(d, index, seat);
  d.emit({
    type: 'freeCopy',
    seat,
    tile: index,
    copy: art.editionSize - supplyLeft(art, d.tiles[index]!),
    of: art.editionSize,
  });
}
