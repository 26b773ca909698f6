import { z } from 'zod';
import type { GameId } from '../../engine';
import { NEW_SKILL, rateFinish, type Skill } from '../ratings/model';
import type { Placing } from '../ratings/rated-games';
import { UNIQUE_VIOLATION, sqlState, type SqlClient, type SqlDriver } from './driver';
import { parseRow } from './rows';

/** A rated game as it ends: its people's placings, and the final state hash its record replays to. */
export interface RatedEnd {
  readonly gameId: string;
  readonly game: GameId;
  readonly finalHash: string;
  readonly placings: readonly Placing[];
}

/** An unrated game as it ends, and why it is unrated (null: the reason its start gave stands). */
export interface UnratedEnd {
  readonly gameId: string;
  readonly unrated: string | null;
}

/** One rated person's place in a rated game and what it did to their skill. */
export interface RatingChange extends Placing {
  readonly before: Skill;
  readonly after: Skill;
}

/** A rated game as the ratings list publishes it, in the order its ratings were applied. */
export interface RatedGameRow {
  readonly n: number;
  readonly gameId: string;
  readonly game: GameId;
  readonly finalHash: string;
  readonly finishedAt: Date;
  readonly changes: readonly RatingChange[];
}

/** A player's standing in one game's ratings. */
export interface RatingRow extends Skill {
  readonly game: GameId;
  readonly address: string;
  readonly games: number;
  readonly wins: number;
  readonly left: number;
}

/** A player's row: the name they chose, if any. */
export interface PlayerRow {
  readonly address: string;
  readonly name: string | null;
  readonly nameChangedAt: Date | null;
}

/** A player's rated game, for their profile. */
export interface PlayerGameRow extends RatingChange {
  readonly n: number;
  readonly gameId: string;
  readonly game: GameId;
  readonly finishedAt: Date;
  /** How many people the game rated. */
  readonly people: number;
}

const gameIdSchema = z.enum(['pole', 'gotopoly', 'ten']);
const num = z.coerce.number();
const ratingSchema = z.object({
  game: gameIdSchema,
  address: z.string(),
  mu: num,
  sigma: num,
  games: num,
  wins: num,
  left_games: num,
});
const changeSchema = z.object({
  n: num,
  address: z.string(),
  seat: num,
  rank: num,
  leaver: z.boolean(),
  mu_before: num,
  sigma_before: num,
  mu_after: num,
  sigma_after: num,
});
const ratedGameSchema = z.object({
  n: num,
  game_id: z.string(),
  game: gameIdSchema,
  final_hash: z.string(),
  finished_at: z.date(),
});
const playerSchema = z.object({
  address: z.string(),
  name: z.string().nullable(),
  name_changed_at: z.date().nullable(),
});

const ratingRow = (row: unknown): RatingRow => {
  const r = parseRow(ratingSchema, row, 'ratings');
  return {
    game: r.game,
    address: r.address,
    mu: r.mu,
    sigma: r.sigma,
    games: r.games,
    wins: r.wins,
    left: r.left_games,
  };
};
const changeRow = (row: unknown): RatingChange & { n: number } => {
  const r = parseRow(changeSchema, row, 'rating_changes');
  return {
    n: r.n,
    seat: r.seat,
    address: r.address,
    rank: r.rank,
    leaver: r.leaver,
    before: { mu: r.mu_before, sigma: r.sigma_before },
    after: { mu: r.mu_after, sigma: r.sigma_after },
  };
};

/** The leaderboard's order: the conservative rating, best first; the address breaks ties so pages never overlap. */
const BOARD_ORDER = 'mu - 3 * sigma DESC, address';

/**
 * Ratings in SQL: a store's `ratings` room. A rated game's end, its ratings and its place in the published list are
 * one transaction, so a game is never finished unrated by mistake nor rated twice (two instances finishing it at once:
 * one finds it finished already).
 */
export class SqlRatingsBook {
  constructor(private readonly driver: SqlDriver) {}

  /**
   * Marks the game finished and, when it is rated, applies its ratings in the same transaction; an unrated game keeps
   * why. Returns the changes (none for an unrated game), or null when the game was finished already (by another
   * instance, or before).
   */
  async finish(end: RatedEnd | UnratedEnd): Promise<RatingChange[] | null> {
    if ('unrated' in end) {
      const done = await this.driver.query(
        'UPDATE games SET finished = true, rating_note = COALESCE($2, rating_note) WHERE id = $1 AND NOT finished RETURNING id',
        [end.gameId, end.unrated],
      );
      return done.length === 0 ? null : [];
    }
    return this.driver.transaction((tx) => applyRatings(tx, end));
  }

  /** A game's rating: its changes when it was rated, else why not (null: not judged yet, or from before ratings). */
  async ofGame(gameId: string): Promise<{ changes: RatingChange[] } | { unrated: string | null }> {
    const rows = await this.driver.query<unknown>(
      `SELECT c.* FROM rating_changes c JOIN rated_games g ON g.n = c.n WHERE g.game_id = $1 ORDER BY c.seat`,
      [gameId],
    );
    if (rows.length > 0) return { changes: rows.map(changeRow).map(({ n: _n, ...c }) => c) };
    const [game] = await this.driver.query<{ rating_note: string | null }>(
      'SELECT rating_note FROM games WHERE id = $1',
      [gameId],
    );
    return { unrated: game?.rating_note ?? null };
  }

  /** The players of `game`'s board (at least `minGames` rated games), best first, and how many there are in all. */
  async board(
    game: GameId,
    options: { offset: number; limit: number; minGames: number },
  ): Promise<{ rows: RatingRow[]; total: number }> {
    const rows = await this.driver.query<unknown>(
      `SELECT * FROM ratings WHERE game = $1 AND games >= $2 ORDER BY ${BOARD_ORDER} LIMIT $3 OFFSET $4`,
      [game, options.minGames, options.limit, options.offset],
    );
    const [count] = await this.driver.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM ratings WHERE game = $1 AND games >= $2',
      [game, options.minGames],
    );
    return { rows: rows.map(ratingRow), total: Number(count?.n ?? 0) };
  }

  /** A player's place on `game`'s board (1 is first), or null when they are not on it. */
  async position(game: GameId, address: string, minGames: number): Promise<number | null> {
    const [row] = await this.driver.query<{ ahead: number | string }>(
      `SELECT (SELECT count(*) FROM ratings o
                WHERE o.game = r.game AND o.games >= $3
                  AND (o.mu - 3 * o.sigma > r.mu - 3 * r.sigma
                       OR (o.mu - 3 * o.sigma = r.mu - 3 * r.sigma AND o.address < r.address))) AS ahead
         FROM ratings r WHERE r.game = $1 AND r.address = $2 AND r.games >= $3`,
      [game, address, minGames],
    );
    return row === undefined ? null : Number(row.ahead) + 1;
  }

  /** A player's ratings, one per game they have a rated game of. */
  async ratingsOf(address: string): Promise<RatingRow[]> {
    const rows = await this.driver.query<unknown>('SELECT * FROM ratings WHERE address = $1 ORDER BY game', [address]);
    return rows.map(ratingRow);
  }

  /** A player's newest rated games, newest first. */
  async gamesOf(address: string, limit: number): Promise<PlayerGameRow[]> {
    const rows = await this.driver.query<Record<string, unknown>>(
      `SELECT c.*, g.game_id, g.game, g.finished_at,
              (SELECT count(*) FROM rating_changes o WHERE o.n = c.n) AS people
         FROM rating_changes c JOIN rated_games g ON g.n = c.n
        WHERE c.address = $1 ORDER BY c.n DESC LIMIT $2`,
      [address, limit],
    );
    return rows.map((row) => {
      const g = parseRow(ratedGameSchema.omit({ n: true, final_hash: true }), row, 'rated_games');
      return {
        ...changeRow(row),
        gameId: g.game_id,
        game: g.game,
        finishedAt: g.finished_at,
        people: Number(row.people),
      };
    });
  }

  /** The rated games after `after` in the order their ratings were applied, at most `limit`, with their changes. */
  async ratedGames(after: number, limit: number): Promise<RatedGameRow[]> {
    const games = (
      await this.driver.query<unknown>('SELECT * FROM rated_games WHERE n > $1 ORDER BY n LIMIT $2', [after, limit])
    ).map((row) => parseRow(ratedGameSchema, row, 'rated_games'));
    if (games.length === 0) return [];
    const changes = (
      await this.driver.query<unknown>('SELECT * FROM rating_changes WHERE n >= $1 AND n <= $2 ORDER BY n, seat', [
        games[0]!.n,
        games[games.length - 1]!.n,
      ])
    ).map(changeRow);
    return games.map((g) => ({
      n: g.n,
      gameId: g.game_id,
      game: g.game,
      finalHash: g.final_hash,
      finishedAt: g.finished_at,
      changes: changes.filter((c) => c.n === g.n).map(({ n: _n, ...c }) => c),
    }));
  }

  async player(address: string): Promise<PlayerRow | null> {
    const [row] = await this.driver.query<unknown>('SELECT * FROM players WHERE address = $1', [address]);
    if (row === undefined) return null;
    const r = parseRow(playerSchema, row, 'players');
    return { address: r.address, name: r.name, nameChangedAt: r.name_changed_at };
  }

  /** The names of the given players who chose one. */
  async names(addresses: readonly string[]): Promise<Map<string, string>> {
    if (addresses.length === 0) return new Map();
    const rows = await this.driver.query<{ address: string; name: string | null }>(
      'SELECT address, name FROM players WHERE address = ANY($1::text[])',
      [addresses],
    );
    return new Map(rows.flatMap((r) => (r.name === null ? [] : [[r.address, r.name] as const])));
  }

  /**
   * Gives a player a name, unless another player's reads alike (`key`) or they changed theirs after `notBefore`.
   * Compare-and-set on the time of the last change, so two changes at once make one.
   */
  async rename(
    address: string,
    name: string,
    key: string,
    now: Date,
    notBefore: Date,
  ): Promise<'renamed' | 'taken' | { readonly since: Date }> {
    try {
      const rows = await this.driver.query(
        `INSERT INTO players (address, name, name_key, name_changed_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (address) DO UPDATE SET name = $2, name_key = $3, name_changed_at = $4
           WHERE players.name_changed_at IS NULL OR players.name_changed_at <= $5
         RETURNING address`,
        [address, name, key, now, notBefore],
      );
      if (rows.length === 1) return 'renamed';
    } catch (err) {
      if (sqlState(err) === UNIQUE_VIOLATION) return 'taken';
      throw err;
    }
    const player = await this.player(address);
    return { since: player?.nameChangedAt ?? now };
  }
}

/**
 * Finishes the game and locks its people's ratings (creating new ones, so two games of one newcomer serialise) in one
 * statement, rates, then numbers the game and writes every change and new skill in another: two round trips inside
 * the transaction, whatever the table's size. Null when the game was finished already.
 */
async function applyRatings(tx: SqlClient, end: RatedEnd): Promise<RatingChange[] | null> {
  const addresses = end.placings.map((p) => p.address).sort();
  // `DO UPDATE` (a no-op write) rather than `DO NOTHING`: it locks an existing row and returns it with the new ones.
  const locked = (
    await tx.query<unknown>(
      `WITH done AS (UPDATE games SET finished = true WHERE id = $1 AND NOT finished RETURNING id)
       INSERT INTO ratings (game, address, mu, sigma)
         SELECT $2, a, $4, $5 FROM done, unnest($3::text[]) AS a ORDER BY a
       ON CONFLICT (game, address) DO UPDATE SET mu = ratings.mu
       RETURNING *`,
      [end.gameId, end.game, addresses, NEW_SKILL.mu, NEW_SKILL.sigma],
    )
  ).map(ratingRow);
  if (locked.length === 0) return null;
  const skillOf = new Map(locked.map((r) => [r.address, { mu: r.mu, sigma: r.sigma }]));
  const before = end.placings.map((p) => skillOf.get(p.address) ?? NEW_SKILL);
  const after = rateFinish(end.placings.map((p, i) => ({ skill: before[i]!, rank: p.rank })));
  const changes = end.placings.map((p, i) => ({ ...p, before: before[i]!, after: after[i]! }));
  const column = <T>(f: (c: RatingChange) => T): T[] => changes.map(f);
  // Numbered once the ratings are locked: a game whose people's ratings another game changed first comes after it.
  await tx.query(
    `WITH rated AS (
       INSERT INTO rated_games (game_id, game, final_hash) VALUES ($1, $2, $3) RETURNING n
     ), changes AS (
       INSERT INTO rating_changes (n, address, seat, rank, leaver, mu_before, sigma_before, mu_after, sigma_after)
       SELECT rated.n, c.* FROM rated,
         unnest($4::text[], $5::int[], $6::int[], $7::bool[], $8::float8[], $9::float8[], $10::float8[], $11::float8[]) AS c
     )
     UPDATE ratings r SET mu = c.mu, sigma = c.sigma, games = r.games + 1, wins = r.wins + c.won,
                          left_games = r.left_games + c.left_game
       FROM unnest($4::text[], $10::float8[], $11::float8[], $12::int[], $13::int[]) AS c(address, mu, sigma, won, left_game)
      WHERE r.game = $2 AND r.address = c.address`,
    [
      end.gameId,
      end.game,
      end.finalHash,
      column((c) => c.address),
      column((c) => c.seat),
      column((c) => c.rank),
      column((c) => c.leaver),
      column((c) => c.before.mu),
      column((c) => c.before.sigma),
      column((c) => c.after.mu),
      column((c) => c.after.sigma),
      column((c) => (c.rank === 1 && !c.leaver ? 1 : 0)),
      column((c) => (c.leaver ? 1 : 0)),
    ],
  );
  return changes;
}
