import { z } from 'zod';
import { SEAT_NAME_MAX, hiddenCharacter, nameKey, normalSeatName, seatNameLength, type GameId } from '../../engine';
import type { Clock } from '../../chain/clock';
import { isAccountAddress } from '../../chain/validate';
import { AccessError, GameError, RatingError, RequestError } from '../errors';
import {
  BOARD_PAGE,
  BOARD_PAGE_MAX,
  PROFILE_RECENT,
  RATED_GAMES,
  RATED_LIST_MAX,
  RENAME_EVERY_MS,
  type BoardRow,
  type GameRatingResponse,
  type LeaderboardResponse,
  type PlayerProfile,
  type PublishedPlacing,
  type RatedGamesResponse,
} from '../ratings/api';
import { conservative } from '../ratings/model';
import { RATING_RULES } from '../ratings/rated-games';
import type { GameStore } from '../store';
import type { RatingChange, RatingRow } from '../store/ratings-book';
import type { RequestContext } from './access';
import type { LiveGames } from './live-games';
import { parseRequest } from './new-game';
import { storeCall } from './store-call';

export interface RatingsDeskDeps {
  readonly store: GameStore;
  readonly clock: Clock;
  /** The games in memory: one that has just ended is still writing its end (LiveGame.ending). */
  readonly games: Pick<LiveGames, 'held'>;
}

const pageNumber = z.coerce.number().int().min(1).max(1_000_000);
const boardQuery = z.object({
  page: pageNumber.default(1),
  size: z.coerce.number().int().min(1).max(BOARD_PAGE_MAX).default(BOARD_PAGE),
  all: z.enum(['true', 'false', '1', '0']).optional(),
});
const listQuery = z.object({
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(RATED_LIST_MAX).default(RATED_LIST_MAX),
});
const renameSchema = z.object({ name: z.string().max(1000) }).strict();

/** A query string's parameters, each at most once. */
type Query = Readonly<Record<string, string | undefined>>;

function parseQuery<T>(schema: z.ZodType<T>, query: Query): T {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new RatingError('BAD_PAGE', `${issue.path.join('.') || 'query'}: ${issue.message}`);
}

const placing = (c: RatingChange): PublishedPlacing => ({
  seat: c.seat,
  address: c.address,
  rank: c.rank,
  leaver: c.leaver,
  before: c.before,
  after: c.after,
});

/**
 * Players, ratings and leaderboards: a player's profile and name, each game's board, a finished game's rating, and
 * the published list of rated games anyone recomputes the ratings from (`npm run verify -- ratings`). The ratings
 * themselves change with a game's end (game-ratings.ts); this room reads them.
 */
export class RatingsDesk {
  constructor(private readonly deps: RatingsDeskDeps) {}

  /**
   * A page of `game`'s board, best first, and the signed-in player's own row wherever it is.
   * @throws HostError 404 UNKNOWN_BOARD, 400 BAD_PAGE
   */
  async board(game: string, query: Query, context: RequestContext = {}): Promise<LeaderboardResponse> {
    const id = this.gameId(game);
    const { page, size, all } = parseQuery(boardQuery, query);
    const minGames = all === 'true' || all === '1' ? 0 : RATING_RULES.boardMinGames;
    const offset = (page - 1) * size;
    const { rows, total } = await storeCall(() => this.deps.store.ratings.board(id, { offset, limit: size, minGames }));
    const you = context.address ? await this.ownRow(id, context.address, minGames) : null;
    const names = await storeCall(() => this.deps.store.ratings.names(rows.map((r) => r.address)));
    return {
      game: id,
      page,
      size,
      total,
      minGames,
      rows: rows.map((r, i) => boardRow(r, offset + i + 1, names.get(r.address) ?? null)),
      you,
    };
  }

  /** A player's profile: name, standing per game, newest rated games. @throws HostError 400 BAD_PLAYER_ADDRESS */
  async profile(address: string): Promise<PlayerProfile> {
    this.checkAddress(address);
    const book = this.deps.store.ratings;
    const [player, ratings, recent] = await storeCall(() =>
      Promise.all([book.player(address), book.ratingsOf(address), book.gamesOf(address, PROFILE_RECENT)]),
    );
    const stats = [];
    for (const r of ratings) {
      const position = await storeCall(() => book.position(r.game, address, RATING_RULES.boardMinGames));
      stats.push({ ...skillOf(r), game: r.game, games: r.games, wins: r.wins, left: r.left, position });
    }
    const changed = player?.nameChangedAt?.getTime() ?? null;
    const renameAfter =
      changed !== null && changed + RENAME_EVERY_MS > this.deps.clock.now() ? changed + RENAME_EVERY_MS : null;
    return {
      address,
      name: player?.name ?? null,
      renameAfter,
      stats,
      recent: recent.map((g) => ({
        gameId: g.gameId,
        game: g.game,
        finishedAt: g.finishedAt.getTime(),
        rank: g.rank,
        people: g.people,
        leaver: g.leaver,
        before: g.before,
        after: g.after,
      })),
      boardMinGames: RATING_RULES.boardMinGames,
    };
  }

  /**
   * The signed-in player names themselves, under the seats' name rules, unique among players; changed again no
   * sooner than RENAME_EVERY_MS after the last change.
   * @throws HostError 401 SIGN_IN_REQUIRED, 400 MALFORMED_REQUEST | NAME_EMPTY | NAME_TOO_LONG |
   *   NAME_HIDDEN_CHARACTER, 409 NAME_TAKEN, 429 NAME_CHANGED_RECENTLY
   */
  async rename(request: unknown, context: RequestContext): Promise<PlayerProfile> {
    const address = context.address;
    if (!address) throw new AccessError('SIGN_IN_REQUIRED', 'sign in with your wallet to choose a player name');
    const { name: typed } = parseRequest(renameSchema, request, 'expected { name }');
    const name = normalSeatName(typed);
    if (name === '') throw new RatingError('NAME_EMPTY', 'type a name: a player name has at least one character');
    const hidden = hiddenCharacter(name);
    if (hidden)
      throw new RequestError(
        'NAME_HIDDEN_CHARACTER',
        `the name holds an invisible character (${hidden}: a control, zero-width or text-direction character): type it again without it`,
      );
    const length = seatNameLength(name);
    if (length > SEAT_NAME_MAX)
      throw new RequestError(
        'NAME_TOO_LONG',
        `the name is ${length} characters long: a name has at most ${SEAT_NAME_MAX}, so shorten it by ${length - SEAT_NAME_MAX}`,
      );
    const now = this.deps.clock.now();
    const result = await storeCall(() =>
      this.deps.store.ratings.rename(address, name, nameKey(name), new Date(now), new Date(now - RENAME_EVERY_MS)),
    );
    if (result === 'taken')
      throw new RatingError(
        'NAME_TAKEN',
        `another player is named “${name}” (or a name that reads alike): choose another`,
      );
    if (result !== 'renamed') {
      const at = result.since.getTime() + RENAME_EVERY_MS;
      throw new RatingError(
        'NAME_CHANGED_RECENTLY',
        `you changed your name on ${new Date(result.since).toISOString().slice(0, 10)}: you may change it again after ${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        { retryAfterSeconds: Math.ceil((at - now) / 1000) },
      );
    }
    return this.profile(address);
  }

  /** The published list of rated games, in the order their ratings were applied. @throws HostError 400 BAD_PAGE */
  async ratedGames(query: Query): Promise<RatedGamesResponse> {
    const { after, limit } = parseQuery(listQuery, query);
    const rows = await storeCall(() => this.deps.store.ratings.ratedGames(after, limit));
    return {
      games: rows.map((g) => ({
        n: g.n,
        gameId: g.gameId,
        game: g.game,
        finishedAt: g.finishedAt.getTime(),
        finalHash: g.finalHash,
        record: `/api/games/${encodeURIComponent(g.gameId)}/record`,
        placings: g.changes.map(placing),
      })),
      next: rows.length === limit ? rows[rows.length - 1]!.n : null,
    };
  }

  /** How a finished game was rated, or why not. @throws HostError 404, 409 GAME_NOT_OVER */
  async ofGame(id: string): Promise<GameRatingResponse> {
    // Its last move has been answered, its end may still be on its way to the store: the rating comes with it.
    await this.deps.games.held(id)?.ending?.catch(() => undefined);
    const row = await storeCall(() => this.deps.store.games.get(id));
    if (!row) throw new GameError('UNKNOWN_GAME', `no game ${id}`);
    if (!row.finished) throw new GameError('GAME_NOT_OVER', 'a game is rated when it ends');
    const rating = await storeCall(() => this.deps.store.ratings.ofGame(id));
    if ('changes' in rating) return { rated: true, placings: rating.changes.map(placing) };
    return { rated: false, reason: rating.unrated ?? 'only online games started from a waiting room are rated' };
  }

  private async ownRow(game: GameId, address: string, minGames: number): Promise<BoardRow | null> {
    const book = this.deps.store.ratings;
    const position = await storeCall(() => book.position(game, address, minGames));
    if (position === null) return null;
    const row = (await storeCall(() => book.ratingsOf(address))).find((r) => r.game === game);
    if (!row) return null;
    const player = await storeCall(() => book.player(address));
    return boardRow(row, position, player?.name ?? null);
  }

  private gameId(game: string): GameId {
    const id = RATED_GAMES.find((g) => g === game);
    if (!id)
      throw new RatingError('UNKNOWN_BOARD', `no leaderboard "${game}": the games are ${RATED_GAMES.join(', ')}`);
    return id;
  }

  private checkAddress(address: string): void {
    if (!isAccountAddress(address))
      throw new RatingError(
        'BAD_PLAYER_ADDRESS',
        `"${address.slice(0, 60)}" is not a Tezos account address (tz1…, tz2…, tz3…, tz4…)`,
      );
  }
}

const skillOf = (r: RatingRow) => ({ mu: r.mu, sigma: r.sigma, rating: conservative(r) });

function boardRow(r: RatingRow, position: number, name: string | null): BoardRow {
  return { position, address: r.address, name, ...skillOf(r), games: r.games, wins: r.wins, left: r.left };
}
