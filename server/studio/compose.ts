/**
 * A studio board as the engine and the chain layer want it: the engine board (GO first, then the slots in order,
 * tile ids slugged from titles and made unique) and the extras the on-chain game needs by tile id (the artist's
 * wallet as token creator and royalty receiver, the piece's image) in the shape of chain/pole-bridge PlanOptions.
 * Pure, so the board builder shows the same verdict in the browser before anything is sent.
 */
import { isConfigError } from '../../engine/core/errors';
import { parseBoard, type Board, type BoardInput } from '../../engine/pole';
import type { PlanOptions, TileImage } from '../../chain';
import { HostError } from '../errors';
import { boardRequestSchema, issuesLine, type BoardRequest, type Piece } from './schema';

/** What a studio board adds to the engine board: PlanOptions' `artists` and `images`, by tile id. */
export interface BoardExtras {
  readonly artists: Readonly<Record<string, string>>;
  readonly images: NonNullable<PlanOptions['images']>;
}

export interface ComposedBoard {
  readonly board: Board;
  readonly extras: BoardExtras;
}

export const GO_TILE = { kind: 'go', id: 'go', name: 'Start' } as const;

/** A lowercase slug of at most `max` characters (a-z, 0-9, -), or `fallback` when nothing is left. */
export function slugify(text: string, fallback: string, max = 56): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** How a wallet shows on a tile, which has room for a name, not an address: `tz1VSU…6cjb`. */
export const shortAddress = (address: string): string => `${address.slice(0, 6)}…${address.slice(-4)}`;

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** The image of a piece as a token format: its own MIME type, else the data: URI's, else the extension's. */
export function tileImage(uri: string, mimeType?: string): TileImage {
  const dataType = /^data:(image\/[\w.+-]+)/.exec(uri)?.[1];
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(uri)?.[1]?.toLowerCase();
  return { uri, mimeType: mimeType ?? dataType ?? (ext ? MIME_BY_EXTENSION[ext] : undefined) ?? 'image/png' };
}

/**
 * Builds and validates a studio board. `pieces` are the featured pieces the slots may name (by id).
 * @throws HostError 422 `BAD_BOARD_REQUEST` (name, slots malformed), `UNKNOWN_PIECE` (a slot names no featured
 *   piece), `BAD_BOARD` (the engine refuses the board; the message lists its issues, e.g. too few tiles).
 */
export function composeBoard(request: BoardRequest, pieces: ReadonlyMap<string, Piece>): ComposedBoard {
  const parsed = boardRequestSchema.safeParse(request);
  if (!parsed.success) throw new HostError(422, 'BAD_BOARD_REQUEST', `invalid board: ${issuesLine(parsed.error)}`);
  const { name, description, slots } = parsed.data;
  const used = new Set<string>([GO_TILE.id]);
  const uniqueId = (text: string, fallback: string): string => {
    const base = slugify(text, fallback);
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
  const artists: Record<string, string> = {};
  const images: Record<string, { artifact: TileImage }> = {};
  const tiles: BoardInput['tiles'] = [GO_TILE];
  slots.forEach((slot, i) => {
    if (slot.kind === 'event') {
      tiles.push({ kind: 'event', id: uniqueId(slot.name, 'event'), name: slot.name, text: slot.text, effect: slot.effect });
      return;
    }
    const piece = pieces.get(slot.pieceId);
    if (!piece) throw new HostError(422, 'UNKNOWN_PIECE', `slot ${i + 1}: no featured piece "${slot.pieceId}"`, { slot: i });
    const id = uniqueId(piece.title, 'piece');
    tiles.push({
      kind: 'artist',
      id,
      artist: piece.artistName ?? shortAddress(piece.artist),
      title: piece.title,
      ...(piece.description ? { description: piece.description } : {}),
      price: piece.price,
      multiplier: piece.multiplier,
      editionSize: piece.editionSize,
    });
    artists[id] = piece.artist;
    if (piece.imageUri) images[id] = { artifact: tileImage(piece.imageUri, piece.imageMimeType) };
  });
  const input: BoardInput = { id: slugify(name, 'studio-board', 64), name, ...(description ? { description } : {}), tiles };
  try {
    return { board: parseBoard(input), extras: { artists, images } };
  } catch (err) {
    if (isConfigError(err)) {
      throw new HostError(422, 'BAD_BOARD', `the engine refuses this board: ${err.issues.join('; ') || err.message}`, { issues: [...err.issues] });
    }
    throw err;
  }
}
