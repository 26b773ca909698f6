import type { Board, PoleEvent } from '../../engine/pole';

/** The rules section on buying a tile: P4 for a 1/1, P5 for an edition. */
export function buyingSection(board: Board, tile: number): 'p4' | 'p5' {
  const t = board.tiles[tile];
  return t?.kind === 'artist' && t.editionSize > 1 ? 'p5' : 'p4';
}

/**
 * The work `seat` just landed on without being offered a copy (P4: a 1/1 already owned; P5: sold out, their copy
 * already held, or too dear), while that landing is still the table's latest; null otherwise. The prompt links the
 * rule that explains it ("Why can't I buy?").
 */
export function unofferedPurchase(
  events: readonly PoleEvent[],
  seat: number,
  board: Board,
): { title: string; section: 'p4' | 'p5' } | null {
  let last = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i]!.type === 'landed') {
      last = i;
      break;
    }
  }
  const landed = events[last];
  if (landed?.type !== 'landed' || landed.seat !== seat) return null;
  const tile = board.tiles[landed.tile];
  if (tile?.kind !== 'artist') return null;
  const offered = events.slice(last + 1).some((e) => (e.type === 'offered' || e.type === 'bought') && e.seat === seat);
  return offered ? null : { title: tile.title, section: buyingSection(board, landed.tile) };
}
