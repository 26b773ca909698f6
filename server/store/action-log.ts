import type { Actor, GameEvent } from '../../engine';
import { StoreError } from '../errors';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, sqlState, type SqlDriver } from './driver';
import { actionRowSchema, parseRow, seatFromText, seatToText } from './rows';
import type { ActionLog, ActionRow, StoreEvent } from './types';

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

/**
 * The actions table in SQL: a store's `actions` room, the append-only log of every game. Each append is announced
 * on the store's NOTIFY channel when it commits.
 */
export class SqlActionLog implements ActionLog {
  /** Appends waiting for the statement on its way (see append). */
  private readonly appends: PendingAppend[] = [];
  private appending = false;

  constructor(
    private readonly driver: SqlDriver,
    private readonly channel: string,
  ) {}

  /**
   * Appends go to the database as one statement at a time per store: those that arrive while one is on its way
   * leave together in the next (a group commit, docs/capacity.md). Alone, an append leaves at once; under load, one
   * statement, one commit and one round trip carry many games' actions.
   */
  append(
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

  async list(gameId: string, after = 0, upTo = Number.MAX_SAFE_INTEGER): Promise<ActionRow[]> {
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
}
