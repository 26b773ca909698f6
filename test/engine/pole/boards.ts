/** Tezos Pole test boards: tiles by kind (artworks, events, a quiet square) and a board with Start prepended. */
import type { BoardInput } from '../../../engine/pole';

export type TileInput = BoardInput['tiles'][number];

export const GO: TileInput = { kind: 'go', id: 'go', name: 'Start' };

export function art(id: string, price: number, editionSize = 1, multiplier = 1): TileInput {
  return { kind: 'artist', id, artist: `Artist ${id}`, title: `Work ${id}`, price, multiplier, editionSize };
}

export function event(
  id: string,
  effect: Extract<TileInput, { kind: 'event' }>['effect'],
  text = `Event ${id}`,
): TileInput {
  return { kind: 'event', id, name: `Event ${id}`, text, effect };
}

/** A board from tiles; GO is prepended when missing. */
export function board(...tiles: TileInput[]): BoardInput {
  const all = tiles[0]?.kind === 'go' ? tiles : [GO, ...tiles];
  return { id: 'test-board', name: 'Test board', tiles: all };
}

/** An event tile that does nothing: a safe square to land on. */
export function quiet(id: string): TileInput {
  return event(id, { kind: 'none' }, 'Nothing happens.');
}
