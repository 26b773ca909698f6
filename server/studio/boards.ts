/**
 * Studio boards (table `boards`): composed from featured pieces and event tiles, validated by the engine, stored
 * with the extras the on-chain game needs and the balance lab's last report.
 */
import { z } from 'zod';
import type { Board } from '../../engine/pole';
import type { SqlClient } from '../store';
import { isBoardError } from '../../chain/errors';
import { GameError, StudioError, type HostError } from '../errors';
import { DEFAULT_LAB_GAMES, MAX_LAB_GAMES, startBalanceLab, type BalanceLabReport, type LabRun } from './balance-lab';
import type { LabProgress } from './lab-pool';
import { composeBoard, type BoardExtras } from '../../chain/studio/compose';
import { checkArtist, newStudioId, piecesById } from './pieces';
import { issuesLine, type BoardRequest } from '../../chain/studio/schema';
import { checkQuota, readPage, type Page, type PageRequest } from './studio-pages';

export interface StudioBoard {
  readonly id: string;
  readonly name: string;
  readonly owner: string;
  readonly board: Board;
  readonly extras: BoardExtras;
  readonly lab: BalanceLabReport | null;
  readonly createdAt: string;
}

/** A board in a list: no tiles, no lab report. */
export interface StudioBoardSummary {
  readonly id: string;
  readonly name: string;
  readonly owner: string;
  readonly tiles: number;
  readonly createdAt: string;
}

interface BoardRow {
  id: string;
  owner: string;
  name: string;
  board: Board;
  extras: BoardExtras;
  lab: BalanceLabReport | null;
  created_at: Date | string;
}

const toBoard = (row: BoardRow): StudioBoard => ({
  id: row.id,
  name: row.name,
  owner: row.owner,
  board: row.board,
  extras: row.extras,
  lab: row.lab,
  createdAt: new Date(row.created_at).toISOString(),
});

const slotPieceIds = (request: unknown): string[] => {
  const slots = (request as { slots?: unknown } | null)?.slots;
  if (!Array.isArray(slots)) return [];
  return slots.flatMap((s) => {
    const id =
      (s as { kind?: unknown; pieceId?: unknown } | null)?.kind === 'piece'
        ? (s as { pieceId?: unknown }).pieceId
        : undefined;
    return typeof id === 'string' ? [id] : [];
  });
};

/** The composed board, or its refusal as the host answers it (an engine refusal of the board is a game error). */
function composed(request: BoardRequest, pieces: Parameters<typeof composeBoard>[1]): ReturnType<typeof composeBoard> {
  try {
    return composeBoard(request, pieces);
  } catch (e) {
    if (!isBoardError(e)) throw e;
    const refusal: HostError =
      e.code === 'BAD_BOARD'
        ? new GameError('BAD_BOARD', e.message, e.detail)
        : new StudioError(e.code, e.message, e.detail);
    throw refusal;
  }
}

/**
 * Composes `request` from the featured pieces it names, has the engine validate it, and stores it for `owner`.
 * @throws HostError 422 `BAD_BOARD_REQUEST` | `UNKNOWN_PIECE` | `BAD_BOARD` (see composeBoard; nothing stored),
 *   400 `BAD_ADDRESS`, 409 `STUDIO_QUOTA` past the wallet's boards or bytes.
 */
export async function createBoard(sql: SqlClient, owner: string, request: unknown): Promise<StudioBoard> {
  checkArtist(owner);
  const pieces = await piecesById(sql, slotPieceIds(request));
  const { board, extras } = composed(request as BoardRequest, pieces);
  const json = JSON.stringify(board);
  await checkQuota(sql, 'boards', owner, Buffer.byteLength(json));
  const [row] = await sql.query<BoardRow>(
    'INSERT INTO boards (id, owner, name, board, extras) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb) RETURNING id, owner, name, board, extras, lab, created_at',
    [newStudioId(), owner, board.name, json, JSON.stringify(extras)],
  );
  return toBoard(row!);
}

/** @throws HostError 404 `BOARD_NOT_FOUND`. */
export async function getBoard(sql: SqlClient, id: string): Promise<StudioBoard> {
  const [row] = await sql.query<BoardRow>(
    'SELECT id, owner, name, board, extras, lab, created_at FROM boards WHERE id = $1',
    [id],
  );
  if (!row) throw new StudioError('BOARD_NOT_FOUND', `no studio board "${id}"`);
  return toBoard(row);
}

/** A page of one owner's boards, or (no owner) of every studio board; newest first. */
export async function listBoards(
  sql: SqlClient,
  owner: string | undefined,
  page: PageRequest,
): Promise<Page<StudioBoardSummary>> {
  const { items, next } = await readPage<{
    id: string;
    owner: string;
    name: string;
    tiles: number;
    created_at: Date | string;
  }>(
    sql,
    `id, owner, name, jsonb_array_length(board->'tiles') AS tiles, created_at`,
    'boards',
    owner === undefined ? [] : ['owner = $1'],
    owner === undefined ? [] : [owner],
    page,
  );
  return {
    items: items.map((r) => ({
      id: r.id,
      name: r.name,
      owner: r.owner,
      tiles: Number(r.tiles),
      createdAt: new Date(r.created_at).toISOString(),
    })),
    next,
  };
}

/** Keeps a balance lab report as the board's latest. @throws HostError 404 `BOARD_NOT_FOUND`. */
export async function saveLabReport(sql: SqlClient, id: string, report: BalanceLabReport): Promise<void> {
  const rows = await sql.query<{ id: string }>('UPDATE boards SET lab = $2::jsonb WHERE id = $1 RETURNING id', [
    id,
    JSON.stringify(report),
  ]);
  if (rows.length === 0) throw new StudioError('BOARD_NOT_FOUND', `no studio board "${id}"`);
}

const labInputSchema = z.object({ games: z.number().int().min(1).optional() }).strict();

/** Boards whose lab is running in this process: a second run of one board is refused until the first ends. */
const running = new Set<string>();

/**
 * Starts the balance lab on one of `owner`'s boards (games capped at MAX_LAB_GAMES) once every check has passed;
 * `onProgress` hears of the games done. The report is kept with the board when the run ends, whether or not anyone
 * is still waiting for it (a phone that lost its connection finds it on the board's page).
 * @throws HostError 404 `BOARD_NOT_FOUND`, 403 `NOT_YOUR_BOARD`, 422 `BAD_LAB_OPTIONS`, 409 `LAB_RUNNING`; the run's
 *   report 500 `LAB_FAILED`.
 */
export async function runBoardLab(
  sql: SqlClient,
  owner: string,
  id: string,
  input: unknown,
  onProgress?: (progress: LabProgress) => void,
): Promise<LabRun> {
  const parsed = labInputSchema.safeParse(input ?? {});
  if (!parsed.success)
    throw new StudioError('BAD_LAB_OPTIONS', `invalid balance lab request: ${issuesLine(parsed.error)}`);
  const stored = await getBoard(sql, id);
  if (stored.owner !== owner) throw new StudioError('NOT_YOUR_BOARD', 'only the board’s owner may run its balance lab');
  if (running.has(id)) throw new StudioError('LAB_RUNNING', 'the balance lab is already running for this board');
  running.add(id);
  let lab: LabRun;
  try {
    lab = startBalanceLab(
      stored.board,
      { games: Math.min(parsed.data.games ?? DEFAULT_LAB_GAMES, MAX_LAB_GAMES) },
      onProgress,
    );
  } catch (err) {
    running.delete(id);
    throw err;
  }
  const report = lab.report
    .then(async (done) => {
      await saveLabReport(sql, id, done);
      return done;
    })
    .finally(() => running.delete(id));
  return { games: lab.games, report };
}
