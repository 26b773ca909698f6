import { StoreError } from '../errors';
import { UNIQUE_VIOLATION, sqlState, type SqlDriver } from './driver';
import { gameRow } from './rows';
import type { RatingAtStart } from '../ratings/rated-games';
import type { GameRow, GameRows, NewGameRow, StoreEvent, StoredSeat, StoredSeatMark } from './types';

/** The games table in SQL: a store's `games` room. A change of seats is announced on the store's NOTIFY channel. */
/** A start that judged nothing (a caller without wallets to read): unrated, with no reason given. */
const NOT_JUDGED: RatingAtStart = { unrated: 'not judged when it started' };

export class SqlGameRows implements GameRows {
  constructor(
    private readonly driver: SqlDriver,
    private readonly channel: string,
  ) {}

  async create(game: NewGameRow): Promise<void> {
    try {
      await this.driver.query(
        `INSERT INTO games (id, game, version, config, seed, seats, host_token_hash, mode, turn_seconds, bot_pace_ms, grace_seconds, listed, rematch_of, studio_board, fair, waiting, auto_start, room_code)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
        [
          game.id,
          game.game,
          game.version,
          JSON.stringify(game.config),
          game.seed,
          JSON.stringify(game.seats),
          game.hostTokenHash,
          game.mode,
          game.turnSeconds,
          game.botPaceMs,
          game.graceSeconds ?? null,
          game.listed ?? false,
          game.rematchOf ?? null,
          game.studioBoard ?? null,
          game.fair ?? false,
          game.waiting ?? false,
          game.autoStart ?? false,
          game.roomCode ?? null,
        ],
      );
    } catch (err) {
      if (sqlState(err) === UNIQUE_VIOLATION) throw new StoreError('DUPLICATE_GAME', `game ${game.id} exists already`);
      throw err;
    }
  }

  async get(id: string): Promise<GameRow | null> {
    const [row] = await this.driver.query<unknown>('SELECT * FROM games WHERE id = $1', [id]);
    return row === undefined ? null : gameRow(row);
  }

  async byRoomCode(code: string): Promise<string | null> {
    const [row] = await this.driver.query<{ id: string }>('SELECT id FROM games WHERE room_code = $1', [code]);
    return row?.id ?? null;
  }

  async start(id: string, seats: readonly StoredSeat[], rating: RatingAtStart = NOT_JUDGED): Promise<boolean> {
    const notice: StoreEvent = { type: 'seats', gameId: id };
    const rated = 'seats' in rating ? JSON.stringify(rating.seats) : null;
    const note = 'unrated' in rating ? rating.unrated : null;
    // Once: of two starts (two hosts' clicks, two instances), one finds the game waiting.
    const rows = await this.driver.query(
      `WITH changed AS (UPDATE games SET waiting = false, seats = $2::jsonb, rated_seats = $5::jsonb, rating_note = $6
                         WHERE id = $1 AND waiting RETURNING id)
       SELECT pg_notify($3, $4) FROM changed`,
      [id, JSON.stringify(seats), this.channel, JSON.stringify(notice), rated, note],
    );
    return rows.length === 1;
  }

  async rematchOf(id: string): Promise<string | null> {
    const [row] = await this.driver.query<{ id: string }>('SELECT id FROM games WHERE rematch_of = $1', [id]);
    return row?.id ?? null;
  }

  async listed(limit: number): Promise<GameRow[]> {
    const rows = await this.driver.query<unknown>(
      'SELECT * FROM games WHERE listed ORDER BY created_at DESC LIMIT $1',
      [limit],
    );
    return rows.map(gameRow);
  }

  async unfinished(): Promise<string[]> {
    const rows = await this.driver.query<{ id: string }>('SELECT id FROM games WHERE NOT finished ORDER BY created_at');
    return rows.map((r) => r.id);
  }

  async updateSeats(id: string, seats: readonly StoredSeat[], mark?: StoredSeatMark): Promise<void> {
    const notice: StoreEvent = { type: 'seats', gameId: id };
    // One statement: the notification goes out exactly when the update commits.
    const rows = await this.driver.query(
      `WITH changed AS (UPDATE games SET seats = $2::jsonb, seat_marks = seat_marks || $5::jsonb WHERE id = $1 RETURNING id)
       SELECT pg_notify($3, $4) FROM changed`,
      [id, JSON.stringify(seats), this.channel, JSON.stringify(notice), JSON.stringify(mark ? [mark] : [])],
    );
    if (rows.length === 0) throw new StoreError('UNKNOWN_GAME', `no game ${id}`);
  }

  async swapSeats(id: string, expected: readonly StoredSeat[], seats: readonly StoredSeat[]): Promise<boolean> {
    const notice: StoreEvent = { type: 'seats', gameId: id };
    // jsonb equality ignores key order: the seats as this instance read them, or nothing is changed.
    const rows = await this.driver.query(
      `WITH changed AS (UPDATE games SET seats = $2::jsonb WHERE id = $1 AND seats = $3::jsonb RETURNING id)
       SELECT pg_notify($4, $5) FROM changed`,
      [id, JSON.stringify(seats), JSON.stringify(expected), this.channel, JSON.stringify(notice)],
    );
    return rows.length === 1;
  }
}
