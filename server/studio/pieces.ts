/**
 * Featured pieces: what an artist puts forward for boards, stored with the artist's address (table `pieces`).
 */
import { randomBytes } from 'node:crypto';
import { isAccountAddress } from '../../chain/validate';
import type { SqlClient } from '../store';
import { AccessError, StudioError } from '../errors';
import { imageProblem } from '../../chain/studio/image';
import { checkFeatureRight } from './import-token';
import { checkRenditions } from './uploads';
import type { ContentNode } from '../ipfs/content-node';
import { issuesLine, pieceInputSchema, type Piece, type PieceFields } from '../../chain/studio/schema';
import { checkQuota, readPage, type Page, type PageRequest } from './studio-pages';

interface PieceRow {
  id: string;
  artist: string;
  piece: PieceFields & Pick<Piece, 'creators'>;
  created_at: Date | string;
}

const toPiece = (row: PieceRow): Piece => ({
  ...row.piece,
  id: row.id,
  artist: row.artist,
  createdAt: new Date(row.created_at).toISOString(),
});

/** A fresh piece or board id: 9 random bytes, base64url (12 characters, safe in a URL path). */
export const newStudioId = (): string => randomBytes(9).toString('base64url');

/** @throws HostError 400 `BAD_ADDRESS` when `address` is not a Tezos account address. */
export function checkArtist(address: string): string {
  if (!isAccountAddress(address)) {
    throw new AccessError('BAD_ADDRESS', `not a Tezos account address: ${JSON.stringify(address)}`);
  }
  return address;
}

export interface CreatePieceOptions {
  /**
   * The TzKT API the creators of a featured token are read from (a function, so that a studio without a chain
   * still features pieces entered by hand). Needed only for a piece with a `source`.
   */
  readonly tzktUrl?: string | (() => string);
  /** The app's IPFS node, which must hold an uploaded image's renditions (needed only for a piece with some). */
  readonly content?: () => Promise<ContentNode>;
}

/**
 * Stores a featured piece of `artist`. A piece featured from an FA2 token (`source`) keeps that token's creators
 * as its own, once the indexer shows `artist` may feature it; a piece entered by hand is `artist`'s.
 * The token's artist name, when it states one, wins over the one typed.
 * @throws HostError 422 `BAD_PIECE` naming each bad field, 422 `BAD_IMAGE` (an unsupported format, or a data: URI
 *   whose bytes are not the image it declares), 403 `NOT_TOKEN_CREATOR` (see checkFeatureRight), the import's
 *   400/404/503 (see readFa2Token); 400 `BAD_ADDRESS`; 409 `STUDIO_QUOTA` past the wallet's pieces or bytes.
 *   Nothing is stored on a refusal.
 */
export async function createPiece(
  sql: SqlClient,
  artist: string,
  input: unknown,
  options: CreatePieceOptions = {},
): Promise<Piece> {
  checkArtist(artist);
  const parsed = pieceInputSchema.safeParse(input);
  if (!parsed.success) throw new StudioError('BAD_PIECE', `invalid piece: ${issuesLine(parsed.error)}`);
  const fields = parsed.data;
  const bad = imageProblem(fields.imageUri, fields.imageMimeType);
  if (bad !== null) throw new StudioError('BAD_IMAGE', `imageUri: ${bad}`);
  if (fields.renditions) {
    if (!options.content) throw new StudioError('BAD_IMAGE', 'renditions: this server keeps no uploads');
    await checkRenditions(await options.content(), fields.renditions);
  }
  let stored: Omit<Piece, 'id' | 'artist' | 'createdAt'> = { ...fields, creators: [artist] };
  if (fields.source) {
    const tzktUrl = typeof options.tzktUrl === 'function' ? options.tzktUrl() : options.tzktUrl;
    if (tzktUrl === undefined)
      throw new StudioError(
        'INDEXER_UNAVAILABLE',
        'no token indexer is configured, so the token’s creators cannot be checked',
      );
    const right = await checkFeatureRight(tzktUrl, artist, fields.source);
    stored = {
      ...stored,
      creators: right.creators,
      ...(right.token.artistName ? { artistName: right.token.artistName } : {}),
    };
  }
  const json = JSON.stringify(stored);
  await checkQuota(sql, 'pieces', artist, Buffer.byteLength(json));
  const [row] = await sql.query<PieceRow>(
    'INSERT INTO pieces (id, artist, piece) VALUES ($1, $2, $3::jsonb) RETURNING id, artist, piece, created_at',
    [newStudioId(), artist, json],
  );
  return toPiece(row!);
}

/** A page of one artist's pieces, or (no artist) of every featured piece; newest first. */
export async function listPieces(sql: SqlClient, artist: string | undefined, page: PageRequest): Promise<Page<Piece>> {
  const { items, next } = await readPage<PieceRow>(
    sql,
    'id, artist, piece, created_at',
    'pieces',
    artist === undefined ? [] : ['artist = $1'],
    artist === undefined ? [] : [artist],
    page,
  );
  return { items: items.map(toPiece), next };
}

/** The pieces with these ids that exist, by id. */
export async function piecesById(sql: SqlClient, ids: readonly string[]): Promise<Map<string, Piece>> {
  if (ids.length === 0) return new Map();
  const rows = await sql.query<PieceRow>(
    'SELECT id, artist, piece, created_at FROM pieces WHERE id = ANY($1::text[])',
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, toPiece(r)]));
}

/** @throws HostError 404 `PIECE_NOT_FOUND`. */
export async function getPiece(sql: SqlClient, id: string): Promise<Piece> {
  const [row] = await sql.query<PieceRow>('SELECT id, artist, piece, created_at FROM pieces WHERE id = $1', [id]);
  if (!row) throw new StudioError('PIECE_NOT_FOUND', `no featured piece "${id}"`);
  return toPiece(row);
}

/**
 * Removes one of `artist`'s pieces. Boards already built keep their copy of it (a board stores its tiles).
 * @throws HostError 404 `PIECE_NOT_FOUND`, 403 `NOT_YOUR_PIECE` (another artist's; nothing removed).
 */
export async function deletePiece(sql: SqlClient, artist: string, id: string): Promise<void> {
  const piece = await getPiece(sql, id);
  if (piece.artist !== artist)
    throw new StudioError('NOT_YOUR_PIECE', 'only the artist who featured a piece may remove it');
  await sql.query('DELETE FROM pieces WHERE id = $1 AND artist = $2', [id, artist]);
}
