import type { SqlDriver } from './driver';
import type { SnapshotRow, Snapshots } from './types';

/** The snapshots table in SQL: a store's `snapshots` room. */
export class SqlSnapshots implements Snapshots {
  constructor(private readonly driver: SqlDriver) {}

  async save(gameId: string, seq: number, state: unknown): Promise<void> {
    await this.driver.query(
      'INSERT INTO snapshots (game_id, seq, state) VALUES ($1, $2, $3::jsonb) ON CONFLICT DO NOTHING',
      [gameId, seq, JSON.stringify(state)],
    );
  }

  async latest(gameId: string, atOrBefore = 2_147_483_647): Promise<SnapshotRow | null> {
    const [row] = await this.driver.query<{ seq: number; state: unknown }>(
      'SELECT seq, state FROM snapshots WHERE game_id = $1 AND seq <= $2 ORDER BY seq DESC LIMIT 1',
      [gameId, Math.min(atOrBefore, 2_147_483_647)],
    );
    return row ? { seq: row.seq, state: row.state } : null;
  }
}
