/**
 * `npm run verify -- ratings`, its fetching: the published list of rated games (page after page), every board (all
 * players, every page) and each game's record, from the app at a URL, each answer parsed where it enters. Every
 * request has a deadline, so an app that is down or hangs is one clear error rather than a verifier waiting forever.
 * The checks themselves are ratings.ts's.
 */
import { z } from 'zod';
import type { GameId } from '../../engine';
import {
  BOARD_PAGE_MAX,
  RATED_GAMES,
  RATED_LIST_MAX,
  type PublishedRatedGame,
  type RatedGamesResponse,
} from '../../server/ratings/api';
import { CliError } from '../lib/cli';
import {
  checkRecord,
  leaderboardResponseSchema,
  missingRecord,
  ratedGamesResponseSchema,
  ratingsReport,
  type Difference,
  type PublishedBoard,
  type RatingsReport,
  type RecordCheck,
} from './ratings';

/** Records fetched at once: enough to keep the replays busy while the next records travel, few enough for any app. */
const RECORDS_AT_ONCE = 4;

export interface RatingsSite {
  /** The app's origin; the routes' paths are absolute (`/api/…`). */
  readonly base: URL;
  /** How long one request may take, its body included. */
  readonly timeoutMs: number;
}

interface Answer {
  readonly url: string;
  readonly status: number;
  /** The body as JSON; undefined when it is not JSON (a proxy's or a framework's HTML page). */
  readonly body: unknown;
}

/** The reason a request never got an answer, in words: the connection's error code when Node gives one. */
function unreachable(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : null;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'no such host';
  if (code !== null) return code;
  return typeof cause?.message === 'string' ? cause.message : (err as Error).message;
}

/** GET `path` at the site, its body read whole before the deadline. @throws CliError when there is no answer */
async function get(site: RatingsSite, path: string): Promise<Answer> {
  const url = new URL(path, site.base).href;
  let status: number;
  let text: string;
  try {
    // One deadline for the answer and its body: a server that sends headers and then stalls times out too.
    const response = await fetch(url, {
      signal: AbortSignal.timeout(site.timeoutMs),
      headers: { accept: 'application/json' },
    });
    status = response.status;
    text = await response.text();
  } catch (err) {
    if (err instanceof Error && err.name === 'TimeoutError')
      throw new CliError(
        `no answer from ${url} within ${site.timeoutMs / 1000} s: is the app running there? (--timeout sets the wait)`,
      );
    throw new CliError(`cannot reach ${url}: ${unreachable(err)}: is the app running there?`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    body = undefined;
  }
  return { url, status, body };
}

const errorBody = z.object({ error: z.string(), message: z.string() });

/** An answer that is not a 200, in words: its status and, when the app explains itself, its code and message. */
function refusal(answer: Answer): string {
  const explained = errorBody.safeParse(answer.body);
  const why = explained.success ? ` ${explained.data.error}: ${explained.data.message}` : '';
  return `${answer.status}${why}${answer.body === undefined ? ' (not JSON)' : ''}`;
}

/** A route's answer parsed with its schema. @throws CliError when the app refuses or answers another shape */
async function getParsed<T>(site: RatingsSite, path: string, schema: z.ZodType<T>, shape: string): Promise<T> {
  const answer = await get(site, path);
  if (answer.status !== 200)
    throw new CliError(
      `GET ${answer.url} answered ${refusal(answer)}: is this a Tezos Pole app that publishes its ratings?`,
    );
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CliError(
      `GET ${answer.url} answered something other than a ${shape}: ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
  }
  return parsed.data;
}

/** The published list from `after` on, page after page, in the order the ratings were applied. */
export async function fetchRatedGames(site: RatingsSite, after = 0): Promise<PublishedRatedGame[]> {
  const list: PublishedRatedGame[] = [];
  for (let from: number | null = after; from !== null;) {
    const page: RatedGamesResponse = await getParsed(
      site,
      `/api/ratings/games?after=${from}&limit=${RATED_LIST_MAX}`,
      ratedGamesResponseSchema,
      'RatedGamesResponse',
    );
    list.push(...page.games);
    // A `next` that does not move on would page forever.
    if (page.next !== null && page.next <= from)
      throw new CliError(`the list's page after ${from} names ${page.next} as the next: it does not move on`);
    from = page.next;
  }
  return list;
}

/** A board with every rated player (`all=true`), page after page. */
export async function fetchBoard(site: RatingsSite, game: GameId): Promise<PublishedBoard> {
  const rows: PublishedBoard['rows'][number][] = [];
  let total: number | null = null;
  for (let page = 1; ; page++) {
    const answer = await getParsed(
      site,
      `/api/leaderboard/${game}?all=true&page=${page}&size=${BOARD_PAGE_MAX}`,
      leaderboardResponseSchema,
      'LeaderboardResponse',
    );
    total ??= answer.total;
    rows.push(...answer.rows);
    if (answer.rows.length < BOARD_PAGE_MAX || rows.length >= total) return { game, total, rows };
  }
}

/** A rated game's record, checked; a record the app does not give is a difference, an app that is down an error. */
async function checkedRecord(site: RatingsSite, entry: PublishedRatedGame): Promise<RecordCheck | Difference> {
  const url = new URL(entry.record, site.base);
  // The list names the record's path: a path to another site would have the verifier vouch for someone else's file.
  if (url.origin !== site.base.origin) return missingRecord(entry, `its path ${entry.record} leads off the app`);
  const answer = await get(site, url.pathname + url.search);
  if (answer.status !== 200) return missingRecord(entry, `GET ${answer.url} answered ${refusal(answer)}`);
  return checkRecord(entry, answer.body);
}

/** Runs `work` on every item, `atOnce` at a time, keeping the results in the items' order. */
async function inPool<T, R>(items: readonly T[], atOnce: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  return results;
}

/**
 * Everything the app at `site` publishes about ratings, checked: the list, then the boards (read right after it, so
 * few games can be rated in between; how many were is counted), then every game's record.
 * `progress` hears how many records are checked.
 */
export async function checkPublishedRatings(
  site: RatingsSite,
  progress: (checked: number, of: number) => void = () => undefined,
): Promise<RatingsReport> {
  const list = await fetchRatedGames(site);
  const boards: PublishedBoard[] = [];
  for (const game of RATED_GAMES) boards.push(await fetchBoard(site, game));
  const ratedMeanwhile = (await fetchRatedGames(site, list.at(-1)?.n ?? 0)).length;
  let checked = 0;
  const records = await inPool(list, RECORDS_AT_ONCE, async (entry) => {
    const result = await checkedRecord(site, entry);
    progress(++checked, list.length);
    return result;
  });
  return ratingsReport({ url: site.base.origin, list, records, boards, ratedMeanwhile });
}
