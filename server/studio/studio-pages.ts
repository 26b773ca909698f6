/**
 * What one wallet may keep in the studio, and how its lists are read. A featured piece may hold its image as a data:
 * URI (up to 256 KiB) and a board copies its pieces' tiles, so without a quota one wallet could fill the database,
 * and without pages one request could read all of it back: every studio list is read a page at a time (newest
 * first, keyset-paged on `created_at, id`, so a page never repeats or skips a row written meanwhile), with a hard
 * page size, and every wallet has a count and a byte quota per kind.
 */
import type { SqlClient } from '../store';
import { RequestError, StudioError } from '../errors';

/** A wallet's most pieces and boards, and the most bytes their stored JSON may take. */
export const STUDIO_QUOTA = {
  pieces: { count: 200, bytes: 20 * 1024 * 1024 },
  boards: { count: 100, bytes: 50 * 1024 * 1024 },
} as const;

/** A page's rows when the request names none, and the most any request gets. */
export const PAGE_SIZE = { default: 24, max: 48 } as const;

export interface PageRequest {
  readonly limit: number;
  /** The last row of the previous page (its `next`): its creation in microseconds and its id; null: the first page. */
  readonly after: { readonly micros: string; readonly id: string } | null;
}

export interface Page<T> {
  readonly items: T[];
  /** The cursor of the next page, or null when this one is the last. */
  readonly next: string | null;
}

// Microseconds, as the database keeps them: a millisecond cursor would skip rows made within its last millisecond.
const MICROS = '(extract(epoch from created_at) * 1000000)::bigint';

const cursorOf = (micros: string, id: string): string => Buffer.from(`${micros}|${id}`, 'utf8').toString('base64url');

/**
 * `?limit=` and `?after=` of a list request.
 * @throws HostError 400 MALFORMED_REQUEST naming the bad parameter
 */
export function pageRequest(url: URL): PageRequest {
  const rawLimit = url.searchParams.get('limit');
  const limit = rawLimit === null ? PAGE_SIZE.default : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_SIZE.max)
    throw new RequestError('MALFORMED_REQUEST', `limit must be a whole number from 1 to ${PAGE_SIZE.max}`);
  const rawAfter = url.searchParams.get('after');
  if (rawAfter === null || rawAfter === '') return { limit, after: null };
  const m = /^(\d{1,18})\|([\w-]{1,64})$/.exec(Buffer.from(rawAfter.slice(0, 200), 'base64url').toString('utf8'));
  if (!m) throw new RequestError('MALFORMED_REQUEST', 'after must be the `next` of the page before, as it was given');
  return { limit, after: { micros: m[1]!, id: m[2]! } };
}

interface PagedRow {
  readonly id: string;
}

/**
 * One page of `SELECT <columns> FROM <table>` (whose rows have `id` and `created_at`), filtered by `where` with
 * `params` (either may be empty), newest first.
 */
export async function readPage<R extends PagedRow>(
  sql: SqlClient,
  columns: string,
  table: string,
  where: readonly string[],
  params: readonly unknown[],
  page: PageRequest,
): Promise<Page<R>> {
  const conditions = [...where];
  const values = [...params];
  if (page.after) {
    values.push(page.after.micros, page.after.id);
    conditions.push(`(${MICROS}, id) < ($${values.length - 1}::bigint, $${values.length})`);
  }
  values.push(page.limit + 1);
  const rows = await sql.query<R & { readonly page_micros: string }>(
    `SELECT ${columns}, ${MICROS}::text AS page_micros FROM ${table}${conditions.length ? ` WHERE ${conditions.join(' AND ')}` : ''} ORDER BY created_at DESC, id DESC LIMIT $${values.length}`,
    values,
  );
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return {
    items: items.map(({ page_micros: _, ...row }) => row as unknown as R),
    next: rows.length > page.limit && last ? cursorOf(last.page_micros, last.id) : null,
  };
}

/**
 * Refuses a new row of `kind` for `owner` past the wallet's quota (its count, or its bytes with `bytes` more).
 * @throws HostError 409 STUDIO_QUOTA saying which, and how to make room
 */
export async function checkQuota(
  sql: SqlClient,
  kind: keyof typeof STUDIO_QUOTA,
  owner: string,
  bytes: number,
): Promise<void> {
  const [table, column, json] = kind === 'pieces' ? ['pieces', 'artist', 'piece'] : ['boards', 'owner', 'board'];
  const [used] = await sql.query<{ n: number | string; bytes: number | string | null }>(
    `SELECT count(*) AS n, sum(octet_length(${json}::text)) AS bytes FROM ${table} WHERE ${column} = $1`,
    [owner],
  );
  const quota = STUDIO_QUOTA[kind];
  const what = kind === 'pieces' ? 'featured pieces' : 'boards';
  if (Number(used?.n ?? 0) >= quota.count)
    throw new StudioError(
      'STUDIO_QUOTA',
      `this wallet keeps ${quota.count} ${what}, the most one wallet may: remove one before adding another`,
    );
  const stored = Number(used?.bytes ?? 0);
  if (stored + bytes > quota.bytes)
    throw new StudioError(
      'STUDIO_QUOTA',
      `this wallet's ${what} take ${(stored / 1048576).toFixed(1)} MiB of the ${quota.bytes / 1048576} MiB one wallet may keep, and this one needs ${(bytes / 1024).toFixed(0)} KiB more: remove some, or upload images instead of embedding them`,
    );
}
