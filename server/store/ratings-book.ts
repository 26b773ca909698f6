import { z } from 'zod';
import type { GameId } from '../../engine';
import { NEW_SKILL, rateFinish, type Skill } from '../ratings/model';
import type { Placing } from '../ratings/rated-games';
import { SERIALIZATION_FAILURE, UNIQUE_VIOLATION, sqlState, type SqlDriver } from './driver';
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

/** A skill as the ratings table holds it: with its player's rated games so far, which only grow (its version). */
interface KnownSkill extends Skill {
  readonly games: number;
}

/** Skills an instance keeps (the players of its recent rated games); the oldest used is forgotten first. */
const SKILLS_KEPT = 20_000;
/** Tries at a rated game's end whose skills other instances keep changing under it before it gives up. */
const END_ATTEMPTS = 8;

/**
 * Ratings in SQL: a store's `ratings` room. A rated game's end, its ratings and its place in the published list are
 * one statement (`apply_rated_game`, schema.ts), so a game is never finished unrated by mistake nor rated twice (two
 * instances finishing it at once: one finds it finished already).
 *
 * The skills a game is rated from are the ones this instance last read or wrote, and that statement writes only if
 * each is still current (compare-and-set on the player's count of rated games): a game's end is one round trip when
 * its people played here before, and a skill another instance changed meanwhile is read again and the game re-rated.
 * Rated ends run one at a time per instance, so they only ever race another instance's.
 */
export class SqlRatingsBook {
  private readonly known = new Map<string, KnownSkill>();
  private ending: Promise<unknown> = Promise.resolve();

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
    const rating = this.ending.then(() => this.rate(end));
    this.ending = rating.catch(() => undefined);
    return rating;
  }

  private async rate(end: RatedEnd): Promise<RatingChange[] | null> {
    const addresses = end.placings.map((p) => p.address);
    for (let attempt = 1; ; attempt++) {
      const before = await this.skillsOf(end.game, addresses);
      const after = rateFinish(end.placings.map((p, i) => ({ skill: before[i]!, rank: p.rank })));
      const changes = end.placings.map((p, i): RatingChange => {
        const { mu, sigma } = before[i]!;
        return { ...p, before: { mu, sigma }, after: after[i]! };
      });
      const column = <T>(f: (c: RatingChange, i: number) => T): T[] => changes.map(f);
      try {
        const [row] = await this.driver.query<{ applied: boolean }>(
          'SELECT apply_rated_game($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) AS applied',
          [
            end.gameId,
            end.game,
            end.finalHash,
            addresses,
            column((c) => c.seat),
            column((c) => c.rank),
            column((c) => c.leaver),
            column((c) => c.before.mu),
            column((c) => c.before.sigma),
            column((_, i) => before[i]!.games),
            column((c) => c.after.mu),
            column((c) => c.after.sigma),
          ],
        );
        if (row?.applied !== true) return null;
        changes.forEach((c, i) => this.keep(end.game, c.address, { ...c.after, games: before[i]!.games + 1 }));
        return changes;
      } catch (err) {
        if (sqlState(err) !== SERIALIZATION_FAILURE || attempt === END_ATTEMPTS) throw err;
        for (const address of addresses) this.known.delete(`${end.game}/${address}`);
      }
    }
  }

  /** The current skills of `addresses` in `game` as this instance knows them, reading the ones it does not. */
  private async skillsOf(game: GameId, addresses: readonly string[]): Promise<KnownSkill[]> {
    const unknown = addresses.filter((a) => !this.known.has(`${game}/${a}`));
    if (unknown.length > 0) {
      const rows = (
        await this.driver.query<unknown>('SELECT * FROM ratings WHERE game = $1 AND address = ANY($2::text[])', [
          game,
          unknown,
        ])
      ).map(ratingRow);
      for (const address of unknown) {
        const row = rows.find((r) => r.address === address);
        this.keep(game, address, row ?? { ...NEW_SKILL, games: 0 });
      }
    }
    return addresses.map((a) => {
      const skill = this.known.get(`${game}/${a}`)!;
      this.keep(game, a, skill); // the most recently used are kept longest
      return skill;
    });
  }

  private keep(game: GameId, address: string, skill: KnownSkill): void {
    const key = `${game}/${address}`;
    this.known.delete(key);
    this.known.set(key, { mu: skill.mu, sigma: skill.sigma, games: skill.games });
    if (this.known.size > SKILLS_KEPT) this.known.delete(this.known.keys().next().value!);
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
