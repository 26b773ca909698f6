import { z } from 'zod';
import type { Actor, GameEvent, SeatId } from '../../engine';
import { StoreError } from '../errors';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, sqlState, type SqlDriver } from './driver';
import { actionRowSchema, chainRowSchema, chatRowSchema, gameRow, parseRow, seatFromText, seatToText } from './rows';
import { MIGRATIONS, MIGRATIONS_TABLE, MIGRATION_LOCK_KEY } from './schema';
import type {
  ActionRow,
  ChainRow,
  ChatRow,
  GameRow,
  GameStore,
  NewGameRow,
  SnapshotRow,
  StoreEvent,
  StoreListener,
  StoredSeat,
  StoredSeatMark,
} from './types';

const storeEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('action'),
    gameId: z.string(),
    seq: z.number().int(),
    logged: z
      .object({
        seat: z.union([z.literal('system'), z.number().int().min(0)]),
        action: z.unknown(),
        timedOut: z.boolean(),
        contribution: z.string().nullable().optional(),
      })
      .optional(),
  }),
  z.object({ type: z.literal('seats'), gameId: z.string() }),
  z.object({ type: z.literal('chat'), gameId: z.string(), n: z.number().int() }),
]);

/** An append waiting to be sent, and its caller's promise. */
interface PendingAppend {
  readonly gameId: string;
  readonly seq: number;
  readonly seat: Actor;
  readonly action: unknown;
  readonly events: readonly GameEvent[];
  readonly contribution: string | null;
  readonly resolve: () => void;
  readonly reject: (err: unknown) => void;
}

/** At most this many appends per statement (a parameter of a few hundred kB at most). */
const MAX_APPEND_BATCH = 200;
/** NOTIFY payloads must stay under 8,000 bytes: an action too big to ride along is read from the log instead. */
const NOTICE_BYTES = 7900;

/** The notification of an append: the action itself when it fits, else only its seq. */
function actionNotice(append: PendingAppend): string {
  const base: StoreEvent = { type: 'action', gameId: append.gameId, seq: append.seq };
  // The mark server/host/timer-marks.ts puts first in a timed-out move's events (replay cannot give it back).
  const timedOut = append.events.some((e) => e.type === 'timedOut');
  const logged = {
    seat: append.seat,
    action: append.action,
    timedOut,
    ...(append.contribution === null ? {} : { contribution: append.contribution }),
  };
  const full = JSON.stringify({ ...base, logged });
  return Buffer.byteLength(full) <= NOTICE_BYTES ? full : JSON.stringify(base);
}

/** The GameStore in SQL, shared by the PGlite and PostgreSQL stores (same schema, same queries). */
export class SqlGameStore implements GameStore {
  private readonly listeners = new Set<StoreListener>();
  /** Appends waiting for the statement on its way (see appendAction). */
  private readonly appends: PendingAppend[] = [];
  private appending = false;
  private stopListening: (() => Promise<void>) | null = null;
  private listening: Promise<void> | null = null;

  /** `channel`: the NOTIFY channel; distinct per schema so stores on one database in other schemas do not mix. */
  constructor(
    private readonly driver: SqlDriver,
    private readonly channel: string,
  ) {}

  get kind(): 'pglite' | 'postgres' {
    return this.driver.kind;
  }

  get sql(): SqlDriver {
    return this.driver;
  }

  async migrate(): Promise<void> {
    await this.driver.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await tx.exec(MIGRATIONS_TABLE);
      const done = new Set(
        (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version),
      );
      for (const migration of MIGRATIONS) {
        if (done.has(migration.version)) continue;
        await tx.exec(migration.sql);
        await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
      }
    });
  }

  async createGame(game: NewGameRow): Promise<void> {
    try {
      await this.driver.query(
        `INSERT INTO games (id, game, version, config, seed, seats, host_token_hash, mode, turn_seconds, bot_pace_ms, grace_seconds, listed, rematch_of, studio_board, fair)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
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
        ],
      );
    } catch (err) {
      if (sqlState(err) === UNIQUE_VIOLATION) throw new StoreError('DUPLICATE_GAME', `game ${game.id} exists already`);
      throw err;
    }
  }

  async getGame(id: string): Promise<GameRow | null> {
    const [row] = await this.driver.query<unknown>('SELECT * FROM games WHERE id = $1', [id]);
    return row === undefined ? null : gameRow(row);
  }

  async rematchOf(id: string): Promise<string | null> {
    const [row] = await this.driver.query<{ id: string }>('SELECT id FROM games WHERE rematch_of = $1', [id]);
    return row?.id ?? null;
  }

  async listedGames(limit: number): Promise<GameRow[]> {
    const rows = await this.driver.query<unknown>(
      'SELECT * FROM games WHERE listed AND NOT finished ORDER BY created_at DESC LIMIT $1',
      [limit],
    );
    return rows.map(gameRow);
  }

  async unfinishedGames(): Promise<string[]> {
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

  async markFinished(id: string): Promise<void> {
    await this.driver.query('UPDATE games SET finished = true WHERE id = $1', [id]);
  }

  /**
   * Appends go to the database as one statement at a time per store: those that arrive while one is on its way
   * leave together in the next (a group commit, docs/capacity.md). Alone, an append leaves at once; under load, one
   * statement, one commit and one round trip carry many games' actions.
   */
  appendAction(
    gameId: string,
    seq: number,
    seat: Actor,
    action: unknown,
    events: readonly GameEvent[] = [],
    contribution: string | null = null,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      this.appends.push({ gameId, seq, seat, action, events, contribution, resolve, reject });
      if (!this.appending) void this.sendAppends();
    });
  }

  private async sendAppends(): Promise<void> {
    this.appending = true;
    try {
      while (this.appends.length > 0) {
        const batch = this.nextBatch();
        if (batch.length === 1) await this.appendOne(batch[0]!);
        else await this.appendBatch(batch);
      }
    } finally {
      this.appending = false;
    }
  }

  /**
   * The waiting appends that go together: at most MAX_APPEND_BATCH, and one per game and seq (a second append of a
   * seq waits for the next statement, where it meets the first one's row and loses as it should).
   */
  private nextBatch(): PendingAppend[] {
    const batch: PendingAppend[] = [];
    const later: PendingAppend[] = [];
    const keys = new Set<string>();
    for (const append of this.appends) {
      const key = `${append.gameId}/${append.seq}`;
      if (batch.length >= MAX_APPEND_BATCH || keys.has(key)) later.push(append);
      else {
        keys.add(key);
        batch.push(append);
      }
    }
    this.appends.splice(0, this.appends.length, ...later);
    return batch;
  }

  /** One append in one statement: the primary key decides the race, NOTIFY is sent only if (and when) it commits. */
  private async appendOne(append: PendingAppend): Promise<void> {
    try {
      await this.driver.query(
        `WITH appended AS (
           INSERT INTO actions (game_id, seq, seat, action, events, contribution) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $8) RETURNING seq
         )
         SELECT pg_notify($6, $7) FROM appended`,
        [
          append.gameId,
          append.seq,
          seatToText(append.seat),
          JSON.stringify(append.action),
          JSON.stringify(append.events),
          this.channel,
          actionNotice(append),
          append.contribution,
        ],
      );
      append.resolve();
    } catch (err) {
      if (sqlState(err) === UNIQUE_VIOLATION)
        append.reject(new StoreError('SEQ_TAKEN', `action ${append.seq} of game ${append.gameId} is taken`));
      else if (sqlState(err) === FOREIGN_KEY_VIOLATION)
        append.reject(new StoreError('UNKNOWN_GAME', `no game ${append.gameId}`));
      else append.reject(err);
    }
  }

  /**
   * Several games' appends in one statement: a seq already taken is skipped (its append alone fails with SEQ_TAKEN,
   * as it would have by itself) and each inserted row sends its own notification, with the commit.
   */
  private async appendBatch(batch: readonly PendingAppend[]): Promise<void> {
    const rows = batch.map((a) => ({
      g: a.gameId,
      s: a.seq,
      t: seatToText(a.seat),
      a: a.action,
      e: a.events,
      c: a.contribution,
      n: actionNotice(a),
    }));
    let inserted: { game_id: string; seq: number }[];
    try {
      inserted = await this.driver.query<{ game_id: string; seq: number }>(
        `WITH batch AS (
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS r (g text, s integer, t text, a jsonb, e jsonb, c text, n text)
         ), appended AS (
           INSERT INTO actions (game_id, seq, seat, action, events, contribution) SELECT g, s, t, a, e, c FROM batch
           ON CONFLICT (game_id, seq) DO NOTHING
           RETURNING game_id, seq
         )
         SELECT appended.game_id, appended.seq, pg_notify($2, batch.n) FROM appended JOIN batch ON batch.g = appended.game_id AND batch.s = appended.seq`,
        [JSON.stringify(rows), this.channel],
      );
    } catch {
      // A row the batch cannot take (a game that does not exist): each append alone gets its own answer.
      for (const append of batch) await this.appendOne(append);
      return;
    }
    const done = new Set(inserted.map((r) => `${r.game_id}/${r.seq}`));
    for (const append of batch) {
      if (done.has(`${append.gameId}/${append.seq}`)) append.resolve();
      else append.reject(new StoreError('SEQ_TAKEN', `action ${append.seq} of game ${append.gameId} is taken`));
    }
  }

  async listActions(gameId: string, after = 0, upTo = Number.MAX_SAFE_INTEGER): Promise<ActionRow[]> {
    const rows = await this.driver.query<unknown>(
      'SELECT seq, seat, action, events, contribution, created_at FROM actions WHERE game_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq',
      [gameId, after, Math.min(upTo, 2_147_483_647)],
    );
    return rows.map((row) => {
      const r = parseRow(actionRowSchema, row, 'actions');
      return {
        seq: r.seq,
        seat: seatFromText(r.seat),
        action: r.action,
        events: r.events,
        contribution: r.contribution,
        createdAt: r.created_at,
      };
    });
  }

  async registerChain(gameId: string, chain: ChainRow): Promise<boolean> {
    try {
      const rows = await this.driver.query(
        'INSERT INTO fair_chains (game_id, seat, head, at_seq) VALUES ($1, $2, $3, $4) ON CONFLICT (game_id, seat) DO NOTHING RETURNING seat',
        [gameId, chain.seat, chain.head, chain.at],
      );
      return rows.length === 1;
    } catch (err) {
      if (sqlState(err) === FOREIGN_KEY_VIOLATION) throw new StoreError('UNKNOWN_GAME', `no game ${gameId}`);
      throw err;
    }
  }

  async listChains(gameId: string): Promise<ChainRow[]> {
    const rows = await this.driver.query<unknown>(
      'SELECT seat, head, at_seq FROM fair_chains WHERE game_id = $1 ORDER BY seat',
      [gameId],
    );
    return rows.map((row) => {
      const r = parseRow(chainRowSchema, row, 'fair_chains');
      return { seat: r.seat, head: r.head, at: r.at_seq };
    });
  }

  async appendChat(gameId: string, entry: ChatRow): Promise<void> {
    const notice: StoreEvent = { type: 'chat', gameId, n: entry.n };
    try {
      // As appendAction: the primary key decides the race, NOTIFY goes out only with the committed insert.
      await this.driver.query(
        `WITH appended AS (
           INSERT INTO chat_messages (game_id, n, seat, kind, body, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING n
         )
         SELECT pg_notify($7, $8) FROM appended`,
        [
          gameId,
          entry.n,
          entry.seat,
          entry.kind,
          entry.body,
          entry.createdAt.toISOString(),
          this.channel,
          JSON.stringify(notice),
        ],
      );
    } catch (err) {
      if (sqlState(err) === UNIQUE_VIOLATION)
        throw new StoreError('SEQ_TAKEN', `chat entry ${entry.n} of game ${gameId} is taken`);
      if (sqlState(err) === FOREIGN_KEY_VIOLATION) throw new StoreError('UNKNOWN_GAME', `no game ${gameId}`);
      throw err;
    }
  }

  async listChat(gameId: string, after: number, limit: number): Promise<ChatRow[]> {
    const rows = await this.driver.query<unknown>(
      'SELECT n, seat, kind, body, created_at FROM chat_messages WHERE game_id = $1 AND n > $2 ORDER BY n DESC LIMIT $3',
      [gameId, Math.min(after, 2_147_483_647), limit],
    );
    return rows
      .map((row) => {
        const r = parseRow(chatRowSchema, row, 'chat_messages');
        return { n: r.n, seat: r.seat, kind: r.kind, body: r.body, createdAt: r.created_at };
      })
      .reverse();
  }

  async mutedSeats(gameId: string): Promise<SeatId[]> {
    const rows = await this.driver.query<{ seat: number }>(
      `SELECT seat FROM (
         SELECT DISTINCT ON (seat) seat, kind FROM chat_messages WHERE game_id = $1 AND kind IN ('mute', 'unmute') ORDER BY seat, n DESC
       ) latest WHERE kind = 'mute' ORDER BY seat`,
      [gameId],
    );
    return rows.map((r) => r.seat);
  }

  async saveSnapshot(gameId: string, seq: number, state: unknown): Promise<void> {
    await this.driver.query(
      'INSERT INTO snapshots (game_id, seq, state) VALUES ($1, $2, $3::jsonb) ON CONFLICT DO NOTHING',
      [gameId, seq, JSON.stringify(state)],
    );
  }

  async latestSnapshot(gameId: string, atOrBefore = 2_147_483_647): Promise<SnapshotRow | null> {
    const [row] = await this.driver.query<{ seq: number; state: unknown }>(
      'SELECT seq, state FROM snapshots WHERE game_id = $1 AND seq <= $2 ORDER BY seq DESC LIMIT 1',
      [gameId, Math.min(atOrBefore, 2_147_483_647)],
    );
    return row ? { seq: row.seq, state: row.state } : null;
  }

  async listen(listener: StoreListener): Promise<() => Promise<void>> {
    this.listeners.add(listener);
    this.listening ??= this.driver
      .listen(
        this.channel,
        (payload) => this.deliver(payload),
        () => this.broadcast({ type: 'resync' }),
      )
      .then((stop) => {
        this.stopListening = stop;
      });
    await this.listening;
    return async () => {
      this.listeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.listening?.catch(() => undefined);
    await this.stopListening?.();
    await this.driver.close();
  }

  private deliver(payload: string): void {
    let event: StoreEvent;
    try {
      event = storeEventSchema.parse(JSON.parse(payload));
    } catch {
      return; // not ours (someone else NOTIFYing on the channel): ignore
    }
    this.broadcast(event);
  }

  private broadcast(event: StoreEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
