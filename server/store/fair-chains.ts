import { StoreError } from '../errors';
import { FOREIGN_KEY_VIOLATION, sqlState, type SqlDriver } from './driver';
import { chainRowSchema, parseRow } from './rows';
import type { ChainRow, FairChains } from './types';

/** The fair_chains table in SQL: a store's `fair` room. */
export class SqlFairChains implements FairChains {
  constructor(private readonly driver: SqlDriver) {}

  async register(gameId: string, chain: ChainRow): Promise<boolean> {
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

  async list(gameId: string): Promise<ChainRow[]> {
    const rows = await this.driver.query<unknown>(
      'SELECT seat, head, at_seq FROM fair_chains WHERE game_id = $1 ORDER BY seat',
      [gameId],
    );
    return rows.map((row) => {
      const r = parseRow(chainRowSchema, row, 'fair_chains');
      return { seat: r.seat, head: r.head, at: r.at_seq };
    });
  }
}
