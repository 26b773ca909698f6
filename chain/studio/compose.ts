/**
 * A studio board as the engine and the chain layer want it: the engine board (GO first, then the slots in order,
 * tile ids slugged from titles and made unique), each artist tile carrying its work's creators, image and original
 * token, and the older extras by tile id (the creator's wallet, the piece's image) in the shape of
 * chain/pole-bridge PlanOptions, which the tile's own fields override.
 * Pure, so the board builder shows the same verdict in the browser before anything is sent.
 */
import { isConfigError } from '../../engine/core/errors';
import { parseBoard, type Board, type BoardInput } from '../../engine/pole';
import type { PlanOptions } from '../pole-bridge/plan';
import type { TileImage } from '../token-metadata';
import { generatedArtUri } from '../tile-art';
import { BoardError } from '../errors';
import {
  boardRequestProblem,
  boardRequestSchema,
  pieceArtId,
  type BoardRequest,
  type Piece,
  type Renditions,
} from './schema';
import { shortAddress } from '../explorer';

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
/** An uploaded rendition as a token's `formats` entry describes it. */
const formatOf = (r: Renditions['artifact']): TileImage => ({
  uri: r.uri,
  mimeType: r.mimeType,
  fileSize: r.fileSize,
  dimensions: { value: `${r.width}x${r.height}`, unit: 'px' },
});

export function tileImage(uri: string, mimeType?: string): TileImage {
  const dataType = /^data:(image\/[\w.+-]+)/.exec(uri)?.[1];
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(uri)?.[1]?.toLowerCase();
  return { uri, mimeType: mimeType ?? dataType ?? (ext ? MIME_BY_EXTENSION[ext] : undefined) ?? 'image/png' };
}

/**
 * Builds and validates a studio board. `pieces` are the featured pieces the slots may name (by id).
 * Supply integrity: a piece, and a token featured as pieces, appear at most once on a board, so a tile's
 * edition size is every copy of that work a game can ever have.
 * Every refusal the builder can meet says what to do in a sentence.
 * @throws BoardError `BAD_BOARD_REQUEST` (the name, or the ring: malformed, too few or too many tiles, no piece),
 *   `UNKNOWN_PIECE` (a slot names no featured piece), `DUPLICATE_PIECE` (a piece, or its token, is already on the
 *   board), `UNVERIFIED_PIECE` (featured from a token before its creators were checked), `BAD_BOARD` (the engine
 *   refuses the board; the message lists its issues, e.g. an event sending players to no tile).
 */
export function composeBoard(request: BoardRequest, pieces: ReadonlyMap<string, Piece>): ComposedBoard {
  const parsed = boardRequestSchema.safeParse(request);
  if (!parsed.success) throw new BoardError('BAD_BOARD_REQUEST', boardRequestProblem(parsed.error));
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
  const images: Record<string, { artifact: TileImage; display?: TileImage; thumbnail?: TileImage }> = {};
  const tiles: BoardInput['tiles'] = [GO_TILE];
  const pieceAt = new Map<string, number>();
  const originAt = new Map<string, number>();
  slots.forEach((slot, i) => {
    if (slot.kind === 'event') {
      tiles.push({
        kind: 'event',
        id: uniqueId(slot.name, 'event'),
        name: slot.name,
        text: slot.text,
        effect: slot.effect,
      });
      return;
    }
    const piece = pieces.get(slot.pieceId);
    if (!piece)
      throw new BoardError(
        'UNKNOWN_PIECE',
        `Tile ${i + 1} is no featured piece (“${slot.pieceId}”, removed?): take it off the ring.`,
        { slot: i },
      );
    const copies =
      piece.editionSize === 1 ? 'its one copy is' : `its edition of ${piece.editionSize} is every copy of it`;
    const first = pieceAt.get(piece.id);
    if (first !== undefined) {
      throw new BoardError(
        'DUPLICATE_PIECE',
        `“${piece.title}” is already tile ${first + 1} of the ring: a piece appears once, so ${copies} in the game.`,
        { slot: i, first },
      );
    }
    pieceAt.set(piece.id, i);
    if (piece.source) {
      const token = `${piece.source.contract}/${piece.source.tokenId}`;
      if (!piece.creators) {
        throw new BoardError(
          'UNVERIFIED_PIECE',
          `“${piece.title}” (tile ${i + 1}) was featured from token ${token} before its creators were checked: feature it again.`,
          { slot: i },
        );
      }
      const other = originAt.get(token);
      if (other !== undefined) {
        throw new BoardError(
          'DUPLICATE_PIECE',
          `“${piece.title}” features token ${token}, which is already tile ${other + 1} of the ring: a work appears once.`,
          { slot: i, first: other },
        );
      }
      originAt.set(token, i);
    }
    const creators = piece.creators ?? [piece.artist];
    // One artwork per piece: without an image of its own, the art its card shows in the studio is baked into the
    // tile (a tile's generated art would follow its board id, which a second board may slug differently).
    const image = piece.imageUri
      ? tileImage(piece.imageUri, piece.imageMimeType)
      : { uri: generatedArtUri(pieceArtId(piece.id), piece.title), mimeType: 'image/svg+xml' };
    const uploaded = piece.renditions;
    // An uploaded image: the board shows its display rendition; the token lists the file and both renditions.
    const shown = uploaded ? { uri: uploaded.display.uri, mimeType: uploaded.display.mimeType } : image;
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
      image: { uri: shown.uri, mimeType: shown.mimeType },
      creators: [...creators],
      ...(piece.source ? { origin: { ...piece.source } } : {}),
    });
    artists[id] = creators[0]!;
    images[id] = uploaded
      ? {
          artifact: formatOf(uploaded.artifact),
          display: formatOf(uploaded.display),
          thumbnail: formatOf(uploaded.thumbnail),
        }
      : { artifact: image };
  });
  const input: BoardInput = {
    id: slugify(name, 'studio-board', 64),
    name,
    ...(description ? { description } : {}),
    tiles,
  };
  try {
    return { board: parseBoard(input), extras: { artists, images } };
  } catch (err) {
    if (isConfigError(err)) {
      throw new BoardError('BAD_BOARD', `the engine refuses this board: ${err.issues.join('; ') || err.message}`, {
        issues: [...err.issues],
      });
    }
    throw err;
  }
}
