import type { SeatId } from '../../engine';
import { StoreError } from '../errors';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, sqlState, type SqlDriver } from './driver';
import { chatRowSchema, parseRow } from './rows';
import type { ChatLog, ChatRow, StoreEvent } from './types';

/** The chat_messages table in SQL: a store's `chat` room. Each entry is announced on the store's NOTIFY channel. */
export class SqlChatLog implements ChatLog {
  constructor(
    private readonly driver: SqlDriver,
    private readonly channel: string,
  ) {}

  async append(gameId: string, entry: ChatRow): Promise<void> {
    const notice: StoreEvent = { type: 'chat', gameId, n: entry.n };
    try {
      // As an action's append: the primary key decides the race, NOTIFY goes out only with the committed insert.
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

  async list(gameId: string, after: number, limit: number): Promise<ChatRow[]> {
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

  async muted(gameId: string): Promise<SeatId[]> {
    const rows = await this.driver.query<{ seat: number }>(
      `SELECT seat FROM (
         SELECT DISTINCT ON (seat) seat, kind FROM chat_messages WHERE game_id = $1 AND kind IN ('mute', 'unmute') ORDER BY seat, n DESC
       ) latest WHERE kind = 'mute' ORDER BY seat`,
      [gameId],
    );
    return rows.map((r) => r.seat);
  }
}
