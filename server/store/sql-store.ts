import { z } from 'zod';
import { SqlActionLog } from './action-log';
import { SqlChatLog } from './chat-log';
import type { SqlDriver } from './driver';
import { SqlFairChains } from './fair-chains';
import { SqlGameRows } from './game-rows';
import { MIGRATIONS, MIGRATIONS_TABLE, MIGRATION_LOCK_KEY } from './schema';
import { SqlRatingsBook } from './ratings-book';
import { SqlSnapshots } from './snapshots';
import type { GameStore, StoreEvent, StoreListener } from './types';

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

/**
 * The GameStore in SQL, shared by the PGlite and PostgreSQL stores (same schema, same queries). It migrates, listens
 * and closes; its rooms (game-rows.ts, action-log.ts, chat-log.ts, fair-chains.ts, snapshots.ts) hold the queries,
 * each over the same driver and NOTIFY channel.
 */
export class SqlGameStore implements GameStore {
  readonly games: SqlGameRows;
  readonly actions: SqlActionLog;
  readonly chat: SqlChatLog;
  readonly fair: SqlFairChains;
  readonly snapshots: SqlSnapshots;
  readonly ratings: SqlRatingsBook;
  private readonly listeners = new Set<StoreListener>();
  private stopListening: (() => Promise<void>) | null = null;
  private listening: Promise<void> | null = null;

  /** `channel`: the NOTIFY channel; distinct per schema so stores on one database in other schemas do not mix. */
  constructor(
    private readonly driver: SqlDriver,
    private readonly channel: string,
  ) {
    this.games = new SqlGameRows(driver, channel);
    this.actions = new SqlActionLog(driver, channel);
    this.chat = new SqlChatLog(driver, channel);
    this.fair = new SqlFairChains(driver);
    this.snapshots = new SqlSnapshots(driver);
    this.ratings = new SqlRatingsBook(driver);
  }

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
