/**
 * The on-chain games' tables (schema.ts migration 2): `chain_games` (one row a game: contract, token plan, the
 * seats' wallets, the last confirmed level) and `chain_ops` (every operation of a game, with the engine step it
 * carries; its statuses and their order: steps.ts). Rows are parsed with zod, like the game store's.
 */
import { z } from 'zod';
import type { ChainOp, SeedReveal, TokenPlan } from '../../chain/pole-bridge';
import { GameError } from '../errors';
import { sqlState, UNIQUE_VIOLATION, type SqlClient } from '../store/driver';
import { parseRow } from '../store/rows';
import { DepositStore } from './deposit-store';
import { OP_STATUSES, RETAKE, type ChainOpStatus } from './steps';

export type ApprovalStatus = 'pending' | 'confirmed' | 'failed';

export interface SeatApproval {
  readonly opHash: string | null;
  readonly status: ApprovalStatus;
  readonly error: string | null;
  /** The head level when the operation was submitted: where looking it up starts. */
  readonly fromLevel: number;
}

export interface ChainSeat {
  /** The seat's wallet; null until its player claims the seat. */
  readonly address: string | null;
  /** A bot's wallet is the server's (bot-wallets.ts); a person's is proven by signing in. */
  readonly bot: boolean;
  /** The seat's `join_game`: the bank may burn its copies of the game's tokens while the game is live. */
  readonly approval: SeatApproval | null;
}

export interface ChainGameRow {
  readonly gameId: string;
  readonly network: string;
  readonly contract: string;
  readonly bank: string;
  readonly plan: TokenPlan;
  readonly seats: readonly ChainSeat[];
  readonly lastLevel: number;
  /** The signed-in wallet that created the game (null: created before sign-in was asked for). */
  readonly creator: string | null;
}

/** `close`: the game's `close_game`, once it is over (every seat's grant ends). */
export type ChainOpKind = 'create' | 'fund' | 'approval' | 'step' | 'close';
export interface ChainOpDetail {
  /** The chain operations of a step (mints, burns, retirements). */
  readonly ops?: readonly ChainOp[];
  /** The head level when the operation was injected: where a lookup starts. */
  readonly fromLevel?: number;
  /** A `close` row's seed and final state hash, revealed with the closing (kept, so a retry after a restart has them). */
  readonly reveal?: SeedReveal;
  /** What the bank paid for the row's calls once confirmed (mutez: fees, storage burnt, tez sent), from the receipts. */
  readonly costMutez?: number;
}

export interface ChainOpRow {
  readonly id: number;
  readonly seq: number | null;
  readonly kind: ChainOpKind;
  readonly seat: number | null;
  readonly action: unknown;
  readonly opHash: string | null;
  readonly status: ChainOpStatus;
  readonly level: number | null;
  readonly error: string | null;
  readonly detail: ChainOpDetail;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

const approvalSchema = z.object({
  opHash: z.string().nullable(),
  status: z.enum(['pending', 'confirmed', 'failed']),
  error: z.string().nullable(),
  fromLevel: z.number().int(),
});
const chainSeatSchema = z.object({
  address: z.string().nullable(),
  bot: z.boolean(),
  approval: approvalSchema.nullable(),
});
const planSchema = z
  .object({
    gameId: z.string(),
    contract: z.string().nullable(),
    tokens: z.array(z.object({ tile: z.number().int(), tokenId: z.string().nullable() }).loose()),
    created: z.object({ opHash: z.string(), level: z.number().int() }).nullable(),
    appliedSeq: z.number().int().nullable(),
  })
  .loose();
const gameRowSchema = z.object({
  game_id: z.string(),
  network: z.string(),
  contract: z.string(),
  bank: z.string(),
  plan: planSchema,
  seats: z.array(chainSeatSchema),
  last_level: z.number().int(),
  creator: z.string().nullable(),
});
const opRowSchema = z.object({
  id: z.union([z.number(), z.string(), z.bigint()]).transform(Number),
  seq: z.number().int().nullable(),
  kind: z.enum(['create', 'fund', 'approval', 'step', 'close']),
  seat: z.number().int().nullable(),
  action: z.unknown(),
  op_hash: z.string().nullable(),
  status: z.enum(OP_STATUSES),
  level: z.number().int().nullable(),
  error: z.string().nullable(),
  detail: z.object({}).loose(),
  created_at: z.date(),
  updated_at: z.date(),
});

const toGame = (row: unknown): ChainGameRow => {
  const r = parseRow(gameRowSchema, row, 'chain_games');
  return {
    gameId: r.game_id,
    network: r.network,
    contract: r.contract,
    bank: r.bank,
    plan: r.plan as unknown as TokenPlan,
    seats: r.seats,
    lastLevel: r.last_level,
    creator: r.creator,
  };
};

const toOp = (row: unknown): ChainOpRow => {
  const r = parseRow(opRowSchema, row, 'chain_ops');
  return {
    id: r.id,
    seq: r.seq,
    kind: r.kind,
    seat: r.seat,
    action: r.action ?? null,
    opHash: r.op_hash,
    status: r.status,
    level: r.level,
    error: r.error,
    detail: r.detail,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
};

export interface NewChainOp {
  readonly kind: ChainOpKind;
  readonly seq?: number | null;
  readonly seat?: number | null;
  readonly action?: unknown;
  readonly status: ChainOpStatus;
  readonly detail?: ChainOpDetail;
}

export interface ChainOpPatch {
  readonly opHash?: string | null;
  readonly status?: ChainOpStatus;
  readonly level?: number | null;
  readonly error?: string | null;
  readonly detail?: ChainOpDetail;
}

export class ChainStore {
  /** What people sent the bank to pay for their games, and what went back (deposit-store.ts). */
  readonly deposits: DepositStore;

  constructor(private readonly sql: SqlClient) {
    this.deposits = new DepositStore(sql);
  }

  async insertGame(row: ChainGameRow): Promise<void> {
    await this.sql.query(
      `INSERT INTO chain_games (game_id, network, contract, bank, plan, seats, last_level, creator) VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8)`,
      [
        row.gameId,
        row.network,
        row.contract,
        row.bank,
        JSON.stringify(row.plan),
        JSON.stringify(row.seats),
        row.lastLevel,
        row.creator,
      ],
    );
  }

  /**
   * The unfinished on-chain games `creator` created, with their bot seats (for the per-wallet limits). A game stuck
   * unfinished counts for 30 days at most: the contract's longest game, after which the bank's power over it ends.
   */
  async liveGamesCreatedBy(creator: string): Promise<{ gameId: string; bots: number }[]> {
    const rows = await this.sql.query<{ game_id: string; bots: number | string }>(
      `SELECT c.game_id, (SELECT count(*) FROM jsonb_array_elements(c.seats) s WHERE (s->>'bot')::boolean) AS bots
         FROM chain_games c JOIN games g ON g.id = c.game_id
        WHERE c.creator = $1 AND NOT g.finished AND g.created_at > now() - interval '30 days' ORDER BY c.game_id`,
      [creator],
    );
    return rows.map((r) => ({ gameId: r.game_id, bots: Number(r.bots) }));
  }

  /**
   * The on-chain games created in the last day, each with what its operations have cost the bank so far (the
   * receipts' sum, `detail.costMutez`) and whether it is settled (closed on-chain, or finished without ever opening).
   * A game paid for by its creator's deposit is not the bank's to count.
   */
  async gamesOfTheDay(): Promise<{ game: ChainGameRow; spentMutez: number; settled: boolean }[]> {
    const rows = await this.sql.query<Record<string, unknown> & { spent: number | string; finished: boolean }>(
      `SELECT c.*, g.finished,
              coalesce((SELECT sum((o.detail->>'costMutez')::bigint) FROM chain_ops o WHERE o.game_id = c.game_id), 0) AS spent
         FROM chain_games c JOIN games g ON g.id = c.game_id
        WHERE g.created_at > now() - interval '1 day'
          AND NOT EXISTS (SELECT 1 FROM chain_deposits d WHERE d.game_id = c.game_id)`,
    );
    return rows.map((r) => {
      const game = toGame(r);
      const closed = game.plan.game?.closed != null || (r.finished && game.plan.created === null);
      return { game, spentMutez: Number(r.spent), settled: closed };
    });
  }

  /** What the game's operations have cost the bank so far (the receipts' sum). */
  async spentOn(gameId: string): Promise<number> {
    const [row] = await this.sql.query<{ spent: string | number | null }>(
      `SELECT coalesce(sum((detail->>'costMutez')::bigint), 0) AS spent FROM chain_ops WHERE game_id = $1`,
      [gameId],
    );
    return Number(row?.spent ?? 0);
  }

  async getGame(gameId: string): Promise<ChainGameRow | null> {
    const [row] = await this.sql.query<unknown>('SELECT * FROM chain_games WHERE game_id = $1', [gameId]);
    return row === undefined ? null : toGame(row);
  }

  /** The on-chain games one of whose seats is bound to `address`, newest first. */
  async gamesOf(address: string): Promise<ChainGameRow[]> {
    const rows = await this.sql.query<unknown>(
      `SELECT c.* FROM chain_games c JOIN games g ON g.id = c.game_id WHERE c.seats @> $1::jsonb ORDER BY g.created_at DESC, c.game_id`,
      [JSON.stringify([{ address }])],
    );
    return rows.map(toGame);
  }

  /** Finished games of `contract` opened on-chain and not closed there yet (the server stopped before closing them). */
  async finishedOpenGames(contract: string): Promise<string[]> {
    const rows = await this.sql.query<{ game_id: string }>(
      `SELECT c.game_id FROM chain_games c JOIN games g ON g.id = c.game_id
        WHERE g.finished AND c.contract = $1 AND jsonb_typeof(c.plan->'game') = 'object' AND jsonb_typeof(c.plan->'game'->'closed') IS DISTINCT FROM 'object'
        ORDER BY c.game_id`,
      [contract],
    );
    return rows.map((r) => r.game_id);
  }

  /** The game's seed (the games table): its commitment goes on-chain with the game (FAIRNESS.md). */
  async seedOf(gameId: string): Promise<string | null> {
    const [row] = await this.sql.query<{ seed: string }>('SELECT seed FROM games WHERE id = $1', [gameId]);
    return row?.seed ?? null;
  }

  async updateGame(
    gameId: string,
    patch: { readonly plan?: TokenPlan; readonly seats?: readonly ChainSeat[]; readonly lastLevel?: number },
  ): Promise<void> {
    await this.sql.query(
      `UPDATE chain_games SET plan = COALESCE($2::jsonb, plan), seats = COALESCE($3::jsonb, seats),
         last_level = GREATEST(last_level, COALESCE($4, last_level)), updated_at = now() WHERE game_id = $1`,
      [
        gameId,
        patch.plan ? JSON.stringify(patch.plan) : null,
        patch.seats ? JSON.stringify(patch.seats) : null,
        patch.lastLevel ?? null,
      ],
    );
  }

  /** @throws HostError 409 STALE when another live step holds the seq (another app instance got there first). */
  async insertOp(gameId: string, op: NewChainOp): Promise<ChainOpRow> {
    try {
      const [row] = await this.sql.query<unknown>(
        `INSERT INTO chain_ops (game_id, seq, kind, seat, action, status, detail) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7::jsonb) RETURNING *`,
        [
          gameId,
          op.seq ?? null,
          op.kind,
          op.seat ?? null,
          op.action === undefined ? null : JSON.stringify(op.action),
          op.status,
          JSON.stringify(op.detail ?? {}),
        ],
      );
      return toOp(row);
    } catch (err) {
      if (sqlState(err) === UNIQUE_VIOLATION)
        throw new GameError('STALE', `another move is being put on-chain at seq ${op.seq ?? '?'}: look again`);
      throw err;
    }
  }

  /** Writes `patch` to the row; returns its game's id (null: no such row). */
  async updateOp(id: number, patch: ChainOpPatch): Promise<string | null> {
    const set: string[] = [];
    const params: unknown[] = [id];
    const add = (column: string, value: unknown, cast = ''): void => {
      params.push(value);
      set.push(`${column} = $${params.length}${cast}`);
    };
    if (patch.opHash !== undefined) add('op_hash', patch.opHash);
    if (patch.status !== undefined) add('status', patch.status);
    if (patch.level !== undefined) add('level', patch.level);
    if (patch.error !== undefined) add('error', patch.error);
    // Merged into what the row has: each write adds what it learnt (a step's calls, then what they cost).
    if (patch.detail !== undefined) {
      params.push(JSON.stringify(patch.detail));
      set.push(`detail = detail || $${params.length}::jsonb`);
    }
    if (set.length === 0) return null;
    const rows = await this.sql.query<{ game_id: string }>(
      `UPDATE chain_ops SET ${set.join(', ')}, updated_at = now() WHERE id = $1 RETURNING game_id`,
      params,
    );
    return rows[0]?.game_id ?? null;
  }

  /**
   * Takes a kept step for trying it again, by steps.ts's `RETAKE` (its only caller: `OpRecord.take`): true when this
   * caller took it. Of two app instances retrying one step, one takes it.
   */
  async takeStep(id: number, staleMs: number): Promise<boolean> {
    const params: unknown[] = [id, staleMs, RETAKE.to];
    const among = (statuses: readonly ChainOpStatus[]): string => statuses.map((s) => `$${params.push(s)}`).join(', ');
    const taken = await this.sql.query(
      `UPDATE chain_ops SET status = $3, updated_at = now()
        WHERE id = $1 AND (status IN (${among(RETAKE.now)}) OR (status IN (${among(RETAKE.stale)}) AND updated_at < now() - ($2 * interval '1 millisecond'))) RETURNING id`,
      params,
    );
    return taken.length > 0;
  }

  /** The game's operations, oldest first. */
  async listOps(gameId: string): Promise<ChainOpRow[]> {
    return (await this.sql.query<unknown>('SELECT * FROM chain_ops WHERE game_id = $1 ORDER BY id', [gameId])).map(
      toOp,
    );
  }

  /** The latest row of the step that would make the game's state `seq` (a step kept while the chain was away). */
  async latestStep(gameId: string, seq: number): Promise<ChainOpRow | null> {
    const [row] = await this.sql.query<unknown>(
      `SELECT * FROM chain_ops WHERE game_id = $1 AND kind = 'step' AND seq = $2 ORDER BY id DESC LIMIT 1`,
      [gameId, seq],
    );
    return row === undefined ? null : toOp(row);
  }
}
