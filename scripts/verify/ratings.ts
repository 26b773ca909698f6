/**
 * `npm run verify -- ratings`, its checks (docs/ratings.md): everything the app publishes about ratings, recomputed by
 * anyone from what it publishes. Each rated game's record is verified the way `npm run verify -- RECORD.json` does and
 * must end in the final hash the list gives; its people's places are derived again from that record; every skill is
 * recomputed from zero in the published order with the server's own model; and the boards must hold exactly the
 * players and skills the recomputation gives. Pure functions over the parsed answers: fetching is ratings-http.ts's.
 */
import { z } from 'zod';
import {
  games,
  isRecordError,
  parseRecord,
  replayWith,
  verifyRecord,
  type GameId,
  type GameRecord,
  type SeatId,
} from '../../engine';
import {
  RATED_GAMES,
  type BoardRow,
  type LeaderboardResponse,
  type PublishedRatedGame,
  type RatedGamesResponse,
} from '../../server/ratings/api';
import { conservative, NEW_SKILL, rateFinish, type Skill } from '../../server/ratings/model';
import { placingsOf } from '../../server/ratings/rated-games';

/**
 * How far a published figure may be from the recomputed one. The model is deterministic floating point, so the
 * figures are equal in practice; the margin only forgives a host whose database rounds a double on its way through.
 */
export const RATING_TOLERANCE = 1e-9;

// The answers' shapes, parsed where they enter (server/ratings/api.ts documents them; `satisfies` keeps the two equal).
const gameIdSchema = z.enum(RATED_GAMES as readonly [GameId, ...GameId[]]);
const skillSchema = z.object({ mu: z.number().finite(), sigma: z.number().finite() });
const placingSchema = z.object({
  seat: z.number().int().min(0),
  address: z.string().min(1),
  rank: z.number().int().min(1),
  leaver: z.boolean(),
  before: skillSchema,
  after: skillSchema,
});
const ratedGameSchema = z.object({
  n: z.number().int().min(1),
  gameId: z.string().min(1),
  game: gameIdSchema,
  finishedAt: z.number(),
  finalHash: z.string(),
  record: z.string(),
  placings: z.array(placingSchema),
}) satisfies z.ZodType<PublishedRatedGame>;
export const ratedGamesResponseSchema = z.object({
  games: z.array(ratedGameSchema),
  next: z.number().int().min(0).nullable(),
}) satisfies z.ZodType<RatedGamesResponse>;
const boardRowSchema = z.object({
  position: z.number().int().min(1),
  address: z.string().min(1),
  name: z.string().nullable(),
  mu: z.number().finite(),
  sigma: z.number().finite(),
  rating: z.number().finite(),
  games: z.number().int().min(0),
  wins: z.number().int().min(0),
  left: z.number().int().min(0),
}) satisfies z.ZodType<BoardRow>;
export const leaderboardResponseSchema = z.object({
  game: gameIdSchema,
  page: z.number().int().min(1),
  size: z.number().int().min(1),
  total: z.number().int().min(0),
  minGames: z.number().int().min(0),
  rows: z.array(boardRowSchema),
  you: boardRowSchema.nullable(),
}) satisfies z.ZodType<LeaderboardResponse>;

/** What a difference is about: the list itself, a record, its final hash, a place, a skill in the list, a board. */
export type DifferenceKind = 'list' | 'record' | 'hash' | 'rank' | 'skill' | 'board';

/** One published figure the recomputation contradicts, located by game id (and its place in the list) or address. */
export interface Difference {
  readonly kind: DifferenceKind;
  /** Which game's list entry or board it is in. */
  readonly game: GameId;
  /** The rated game, for a difference in the list; null for a board's. */
  readonly gameId: string | null;
  readonly n: number | null;
  /** The player it concerns, if one. */
  readonly address: string | null;
  readonly message: string;
}

/** A player's standing in one game's ratings, as the recomputation leaves it. */
export interface Standing extends Skill {
  readonly games: number;
  readonly wins: number;
  readonly left: number;
}

/** Each game's players and their standings. */
export type Boards = ReadonlyMap<GameId, ReadonlyMap<string, Standing>>;

/** Two addresses that only ever played each other: every rated game of either is with the other. */
export interface PairFlag {
  readonly addresses: readonly [string, string];
  readonly games: number;
}

export interface Recomputation {
  readonly boards: Boards;
  /** Entries whose shape or order the list breaks, and every before or after the recomputation contradicts. */
  readonly differences: readonly Difference[];
  readonly pairs: readonly PairFlag[];
  /** Distinct addresses in the list. */
  readonly players: number;
}

/** A board as its pages published it: the rows of every page, and the total its first page announced. */
export interface PublishedBoard {
  readonly game: GameId;
  readonly total: number;
  readonly rows: readonly BoardRow[];
}

const differs = (a: number, b: number): boolean => !(Math.abs(a - b) <= RATING_TOLERANCE);

/** The skills' difference in words, or null when they agree within the tolerance. */
function skillDifference(published: Skill, recomputed: Skill): string | null {
  const parts: string[] = [];
  if (differs(published.mu, recomputed.mu)) parts.push(`μ ${published.mu} published, ${recomputed.mu} recomputed`);
  if (differs(published.sigma, recomputed.sigma))
    parts.push(`σ ${published.sigma} published, ${recomputed.sigma} recomputed`);
  return parts.length === 0 ? null : parts.join('; ');
}

const NEWCOMER: Standing = { ...NEW_SKILL, games: 0, wins: 0, left: 0 };

/** Why an entry cannot be rated at all (fewer than two people, a seat or a person twice), or null. */
function malformedEntry(entry: PublishedRatedGame): string | null {
  if (entry.placings.length < 2) return `it rates ${entry.placings.length} people: a rated game has at least 2`;
  const addresses = new Set(entry.placings.map((p) => p.address));
  if (addresses.size < entry.placings.length) return 'one address is placed twice in it';
  const seats = new Set(entry.placings.map((p) => p.seat));
  if (seats.size < entry.placings.length) return 'one seat is placed twice in it';
  return null;
}

/**
 * Every rating recomputed from zero, game by game in the published order, with the server's own model: each entry's
 * before must be what the games before it left, its after what `rateFinish` makes of those and the published ranks
 * (the ranks themselves are checked against the records by `checkRecord`). Also finds the pairs of addresses that
 * only ever played each other.
 */
export function recompute(list: readonly PublishedRatedGame[]): Recomputation {
  const boards = new Map<GameId, Map<string, Standing>>(RATED_GAMES.map((g) => [g, new Map()]));
  const differences: Difference[] = [];
  const opponents = new Map<string, Set<string>>();
  const gamesPlayed = new Map<string, number>();
  const seen = new Set<string>();
  let lastN = 0;
  for (const entry of list) {
    const at = { game: entry.game, gameId: entry.gameId, n: entry.n };
    const listDifference = (message: string, address: string | null = null) =>
      differences.push({ kind: 'list', ...at, address, message });
    if (entry.n <= lastN) listDifference(`published after n ${lastN}: the list is out of order`);
    lastN = Math.max(lastN, entry.n);
    // Applied twice, a game would count twice for its people: the second entry is reported and left out.
    if (seen.has(entry.gameId)) {
      listDifference('published twice');
      continue;
    }
    seen.add(entry.gameId);
    const malformed = malformedEntry(entry);
    if (malformed !== null) {
      listDifference(malformed);
      continue;
    }
    const board = boards.get(entry.game)!;
    const before = entry.placings.map((p) => board.get(p.address) ?? NEWCOMER);
    const after = rateFinish(entry.placings.map((p, i) => ({ skill: before[i]!, rank: p.rank })));
    entry.placings.forEach((p, i) => {
      const was = skillDifference(p.before, before[i]!);
      if (was !== null) differences.push({ kind: 'skill', ...at, address: p.address, message: `before it: ${was}` });
      const is = skillDifference(p.after, after[i]!);
      if (is !== null) differences.push({ kind: 'skill', ...at, address: p.address, message: `after it: ${is}` });
      const prior = before[i]!;
      board.set(p.address, {
        ...after[i]!,
        games: prior.games + 1,
        wins: prior.wins + (p.rank === 1 && !p.leaver ? 1 : 0),
        left: prior.left + (p.leaver ? 1 : 0),
      });
      gamesPlayed.set(p.address, (gamesPlayed.get(p.address) ?? 0) + 1);
      const others = opponents.get(p.address) ?? new Set<string>();
      for (const q of entry.placings) if (q.address !== p.address) others.add(q.address);
      opponents.set(p.address, others);
    });
  }
  return { boards, differences, pairs: onlyEachOther(opponents, gamesPlayed), players: opponents.size };
}

/** The pairs whose every rated game, either's, was with the other: one person's two wallets would look like this. */
function onlyEachOther(opponents: ReadonlyMap<string, ReadonlySet<string>>, gamesPlayed: ReadonlyMap<string, number>) {
  const pairs: PairFlag[] = [];
  for (const [address, others] of opponents) {
    if (others.size !== 1) continue;
    const other = others.values().next().value!;
    const theirs = opponents.get(other);
    // Each pair once: from its smaller address.
    if (theirs?.size === 1 && theirs.has(address) && address < other)
      pairs.push({ addresses: [address, other], games: gamesPlayed.get(address) ?? 0 });
  }
  return pairs.sort((a, b) => b.games - a.games || (a.addresses[0] < b.addresses[0] ? -1 : 1));
}

/**
 * The positions a rating may hold on a board whose ratings are `sorted` (best first): after every rating above it by
 * more than the tolerance, and no later than the last rating equal to it within the tolerance.
 */
function placeRange(sorted: readonly number[], value: number): { first: number; last: number } {
  const countAbove = (limit: number) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sorted[middle]! > limit) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return { first: countAbove(value + RATING_TOLERANCE) + 1, last: countAbove(value - RATING_TOLERANCE) };
}

/**
 * Each published board (all players) against the recomputed one: every player on it, nobody else, each with the
 * recomputed μ, σ, rating, games, wins and games left, at a position the ratings allow (players whose ratings tie
 * may come in either order).
 */
export function compareBoards(boards: Boards, published: readonly PublishedBoard[]): Difference[] {
  const differences: Difference[] = [];
  for (const game of RATED_GAMES) {
    const expected = boards.get(game) ?? new Map<string, Standing>();
    const board = published.find((b) => b.game === game);
    const boardDifference = (message: string, address: string | null = null) =>
      differences.push({ kind: 'board', game, gameId: null, n: null, address, message });
    if (!board) {
      if (expected.size > 0) boardDifference(`not published, though ${expected.size} players have rated games`);
      continue;
    }
    if (board.total !== board.rows.length)
      boardDifference(`its first page counts ${board.total} players, its pages list ${board.rows.length}`);
    const ratings = [...expected.values()].map(conservative).sort((a, b) => b - a);
    const listed = new Set<string>();
    for (const row of board.rows) {
      if (listed.has(row.address)) {
        boardDifference('listed twice', row.address);
        continue;
      }
      listed.add(row.address);
      const standing = expected.get(row.address);
      if (!standing) {
        boardDifference('on the board, yet in no published rated game of it', row.address);
        continue;
      }
      const skill = skillDifference(row, standing);
      if (skill !== null) boardDifference(skill, row.address);
      // A wrong μ or σ makes the rating wrong too: said once.
      else if (differs(row.rating, conservative(standing)))
        boardDifference(`rating ${row.rating} published, μ − 3σ ${conservative(standing)} recomputed`, row.address);
      for (const count of ['games', 'wins', 'left'] as const)
        if (row[count] !== standing[count])
          boardDifference(`${count} ${row[count]} published, ${standing[count]} in the list`, row.address);
      const { first, last } = placeRange(ratings, conservative(standing));
      if (row.position < first || row.position > last)
        boardDifference(
          `at position ${row.position}, where its rating puts it ${first === last ? `at ${first}` : `from ${first} to ${last}`}`,
          row.address,
        );
    }
    for (const address of expected.keys())
      if (!listed.has(address)) boardDifference('missing from the board, though it played rated games', address);
  }
  return differences;
}

/** One record checked: what it contradicts in its list entry, and whether it verified at all. */
export interface RecordCheck {
  readonly differences: readonly Difference[];
  /** Whether the record verified (its rolls, states and end). */
  readonly verified: boolean;
}

/**
 * A rated game's record checked as `npm run verify -- RECORD.json` checks one (every fair roll, every state, the end),
 * against the list's entry: the same game, provably fair, ending in the published final hash; then each person's
 * place derived again with the server's `placingsOf` — the rated seats and leavers as the entry gives them, the
 * standings from the replayed end, or for an abandoned game the seats it waited for — and compared with the entry's.
 */
export function checkRecord(entry: PublishedRatedGame, input: unknown): RecordCheck {
  const differences: Difference[] = [];
  const at = { game: entry.game, gameId: entry.gameId, n: entry.n };
  const refuse = (message: string, kind: DifferenceKind = 'record'): RecordCheck => ({
    differences: [{ kind, ...at, address: null, message }],
    verified: false,
  });
  let record: GameRecord;
  try {
    record = parseRecord(input);
  } catch (err) {
    if (!isRecordError(err)) throw err;
    return refuse(`its record is not a game record: ${err.message}`);
  }
  if (record.game !== entry.game) return refuse(`its record is a ${record.game} game, the list says ${entry.game}`);
  if (!record.fair) return refuse('its record has a plain seed: only provably fair games are rated');
  if (record.fair.gameId !== entry.gameId)
    return refuse(`its record's rolls are game ${record.fair.gameId}'s, not this game's`);
  const definition = games[record.game];
  const verdict = verifyRecord(definition, record);
  if (!verdict.ok)
    return refuse(
      `its record does not verify${verdict.action === null ? '' : ` at action ${verdict.action}`}: ${verdict.message}`,
    );
  if (verdict.finalHash !== entry.finalHash)
    differences.push({
      kind: 'hash',
      ...at,
      address: null,
      message: `its record ends in state ${verdict.finalHash}, the list publishes ${entry.finalHash}`,
    });
  // verifyRecord proved the replay; replayed once more for the state itself, whose outcome places the people.
  const { state } = replayWith(definition, record);
  const outcome = definition.outcome(state);
  const pending: SeatId[] = outcome ? [] : definition.pending(state).map((d) => d.seat);
  const rated = entry.placings.map(({ seat, address }) => ({ seat, address }));
  const leavers = new Set(entry.placings.filter((p) => p.leaver).map((p) => p.seat));
  for (const { seat, address } of rated)
    if (outcome && !outcome.standings.some((s) => s.seat === seat))
      differences.push({ kind: 'rank', ...at, address, message: `seat ${seat + 1} is not a seat of the game` });
  const derived = placingsOf(rated, leavers, outcome?.standings ?? null, pending);
  if (derived === null) {
    differences.push({
      kind: 'rank',
      ...at,
      address: null,
      message: outcome
        ? 'its record leaves nobody to rate: every rated person left'
        : 'its record is abandoned with no rated person holding it up: not a rated game',
    });
    return { differences, verified: true };
  }
  entry.placings.forEach((published, i) => {
    const own = derived[i]!;
    const said = (p: { rank: number; leaver: boolean }) => `rank ${p.rank}${p.leaver ? ' (left)' : ''}`;
    if (own.rank !== published.rank || own.leaver !== published.leaver)
      differences.push({
        kind: 'rank',
        ...at,
        address: published.address,
        message: `seat ${published.seat + 1}: ${said(published)} published, the record gives ${said(own)}${outcome ? '' : ' (abandoned: whoever it waited for left)'}`,
      });
  });
  return { differences, verified: true };
}

/** A record that could not be had (the app answered with an error): a difference of its own. */
export function missingRecord(entry: PublishedRatedGame, why: string): Difference {
  return {
    kind: 'record',
    game: entry.game,
    gameId: entry.gameId,
    n: entry.n,
    address: null,
    message: `its record could not be fetched: ${why}`,
  };
}

/** What `npm run verify -- ratings` found; `--json` prints it. */
export interface RatingsReport {
  readonly url: string;
  /** Rated games in the published list. */
  readonly games: number;
  /** Of them, per game. */
  readonly byGame: Readonly<Record<GameId, number>>;
  /** Records that verified (rolls, states, end). */
  readonly recordsVerified: number;
  /** Distinct addresses with rated games. */
  readonly players: number;
  /** Each board's published rows. */
  readonly boardRows: Readonly<Record<GameId, number>>;
  /** Games rated while the boards were read: their boards may show them, the list read before did not. */
  readonly ratedMeanwhile: number;
  readonly differences: readonly Difference[];
  readonly pairs: readonly PairFlag[];
  readonly ok: boolean;
}

/** Assembles the report from the list, each record's check and the published boards. */
export function ratingsReport(input: {
  readonly url: string;
  readonly list: readonly PublishedRatedGame[];
  readonly records: readonly (RecordCheck | Difference)[];
  readonly boards: readonly PublishedBoard[];
  readonly ratedMeanwhile: number;
}): RatingsReport {
  const recomputed = recompute(input.list);
  const recordDifferences = input.records.flatMap((r) => ('verified' in r ? r.differences : [r]));
  const differences = [
    ...recordDifferences,
    ...recomputed.differences,
    ...compareBoards(recomputed.boards, input.boards),
  ];
  const perGame = (count: (game: GameId) => number) =>
    Object.fromEntries(RATED_GAMES.map((g) => [g, count(g)])) as Record<GameId, number>;
  return {
    url: input.url,
    games: input.list.length,
    byGame: perGame((g) => input.list.filter((e) => e.game === g).length),
    recordsVerified: input.records.filter((r) => 'verified' in r && r.verified).length,
    players: recomputed.players,
    boardRows: perGame((g) => input.boards.find((b) => b.game === g)?.rows.length ?? 0),
    ratedMeanwhile: input.ratedMeanwhile,
    differences,
    pairs: recomputed.pairs,
    ok: differences.length === 0,
  };
}

/** Where a difference is: `game <id> (#n, ten), tz1…` or `board ten, tz1…`. */
function whereOf(d: Difference): string {
  const place = d.gameId === null ? `board ${d.game}` : `game ${d.gameId} (#${d.n}, ${d.game})`;
  return d.address === null ? place : `${place}, ${d.address}`;
}

/** The summary's checks, each with the kinds of difference that break it. */
const SECTIONS: readonly {
  readonly name: string;
  readonly kinds: readonly DifferenceKind[];
  readonly ok: (r: RatingsReport) => string;
}[] = [
  {
    name: 'records',
    kinds: ['record', 'hash'],
    ok: (r) => `${r.games} records verified: every roll, every state, and the final hash the list publishes`,
  },
  { name: 'places', kinds: ['rank'], ok: () => "every person's place derived again from the game's record" },
  {
    name: 'ratings',
    kinds: ['list', 'skill'],
    ok: () => "every rating recomputed from zero in the published order: each game's before and after",
  },
  {
    name: 'boards',
    kinds: ['board'],
    ok: (r) =>
      `the boards hold exactly the recomputed players and skills: ${RATED_GAMES.map((g) => `${g} ${r.boardRows[g]}`).join(', ')}`,
  },
];

/** The report as a person reads it: a line per check, then every difference by game id or address, then the flags. */
export function describeRatings(report: RatingsReport): string[] {
  const counts = RATED_GAMES.map((g) => `${g} ${report.byGame[g]}`).join(', ');
  const lines = [`ratings at ${report.url}: ${report.games} rated games (${counts}), ${report.players} players`];
  for (const section of SECTIONS) {
    const found = report.differences.filter((d) => section.kinds.includes(d.kind));
    if (found.length === 0) {
      lines.push(`✓ ${section.ok(report)}`);
      continue;
    }
    lines.push(`✗ ${section.name}: ${found.length} ${found.length === 1 ? 'difference' : 'differences'}`);
    for (const d of found) lines.push(`  ${whereOf(d)}: ${d.message}`);
  }
  if (report.ratedMeanwhile > 0)
    lines.push(
      `! ${report.ratedMeanwhile} more games were rated while the boards were read: a board difference may be theirs (run again)`,
    );
  if (report.pairs.length === 0) lines.push('✓ no two addresses only ever played each other');
  else {
    lines.push(
      `! ${report.pairs.length} ${report.pairs.length === 1 ? 'pair' : 'pairs'} of addresses only ever played each other (one person's two wallets would look like this):`,
    );
    for (const p of report.pairs) lines.push(`  ${p.addresses[0]} and ${p.addresses[1]}: ${p.games} rated games`);
  }
  lines.push(
    report.ok
      ? 'verified'
      : `${report.differences.length} ${report.differences.length === 1 ? 'difference' : 'differences'}`,
  );
  return lines;
}
