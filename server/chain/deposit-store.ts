/**
 * The `chain_deposits` table (schema.ts migration 10): what people sent the bank to pay for their on-chain games, and
 * what went back to them. A deposit's life: `pending` (named by its sender, looked for on-chain) → `held` (found: a
 * transfer from its sender to the bank) or `failed`; `held` → `used` (claimed by one game) or `refunding` (not used in
 * time); `used` → `refunding` (the game ended, or its creation was refused); `refunding` → `refunded` (the rest sent
 * back) or `kept` (nothing left to send back).
 */
import { z } from 'zod';
import type { SqlClient } from '../store/driver';
import { parseRow } from '../store/rows';

export const DEPOSIT_STATUSES = ['pending', 'held', 'failed', 'used', 'refunding', 'refunded', 'kept'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export interface DepositRow {
  readonly opHash: string;
  /** The signed-in wallet that named it: the transfer must come from it. */
  readonly source: string;
  /** The bank it was sent to (the app's bank when it was named). */
  readonly bank: string;
  /** The head level when it was named, less a margin: where looking for it starts. */
  readonly fromLevel: number;
  readonly status: DepositStatus;
  /** What the transfer brought the bank (0 until found). */
  readonly amountMutez: number;
  readonly level: number | null;
  readonly error: string | null;
  /** The game it pays for, once claimed. */
  readonly gameId: string | null;
  /** What goes back to the source, once decided. */
  readonly refundMutez: number | null;
  readonly refundOp: string | null;
  /** The head level when the refund was injected: where looking for it starts. */
  readonly refundLevel: number | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

const depositRowSchema = z.object({
  op_hash: z.string(),
  source: z.string(),
  bank: z.string(),
  from_level: z.number().int(),
  status: z.enum(DEPOSIT_STATUSES),
  amount_mutez: z.coerce.number().int(),
  level: z.number().int().nullable(),
  error: z.string().nullable(),
  game_id: z.string().nullable(),
  refund_mutez: z.coerce.number().int().nullable(),
  refund_op: z.string().nullable(),
  refund_level: z.number().int().nullable(),
  created_at: z.coerce.date(),
  updated_at: z.coerce.date(),
});

function toDeposit(row: unknown): DepositRow {
  const r = parseRow(depositRowSchema, row, 'chain_deposits');
  return {
    opHash: r.op_hash,
    source: r.source,
    bank: r.bank,
    fromLevel: r.from_level,
    status: r.status,
    amountMutez: r.amount_mutez,
    level: r.level,
    error: r.error,
    gameId: r.game_id,
    refundMutez: r.refund_mutez,
    refundOp: r.refund_op,
    refundLevel: r.refund_level,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The columns a status change may set, by their row names. */
type DepositChange = Partial<
  Pick<DepositRow, 'amountMutez' | 'level' | 'error' | 'refundMutez' | 'refundOp' | 'refundLevel'>
>;

const COLUMNS: Record<keyof DepositChange, string> = {
  amountMutez: 'amount_mutez',
  level: 'level',
  error: 'error',
  refundMutez: 'refund_mutez',
  refundOp: 'refund_op',
  refundLevel: 'refund_level',
};

export class DepositStore {
  constructor(private readonly sql: SqlClient) {}

  /** Names a deposit (status `pending`); one already named by `source` is returned as it is. */
  async name(opHash: string, source: string, bank: string, fromLevel: number): Promise<DepositRow> {
    await this.sql.query(
      `INSERT INTO chain_deposits (op_hash, source, bank, from_level, status) VALUES ($1, $2, $3, $4, 'pending')
       ON CONFLICT (op_hash, source) DO NOTHING`,
      [opHash, source, bank, fromLevel],
    );
    return (await this.get(opHash, source))!;
  }

  async get(opHash: string, source: string): Promise<DepositRow | null> {
    const [row] = await this.sql.query<unknown>('SELECT * FROM chain_deposits WHERE op_hash = $1 AND source = $2', [
      opHash,
      source,
    ]);
    return row === undefined ? null : toDeposit(row);
  }

  /** The deposit another wallet holds for the same operation, if any (a transfer has one source). */
  async heldByAnother(opHash: string, source: string): Promise<DepositRow | null> {
    const [row] = await this.sql.query<unknown>(
      `SELECT * FROM chain_deposits WHERE op_hash = $1 AND source <> $2 AND status NOT IN ('pending', 'failed') LIMIT 1`,
      [opHash, source],
    );
    return row === undefined ? null : toDeposit(row);
  }

  async ofGame(gameId: string): Promise<DepositRow | null> {
    const [row] = await this.sql.query<unknown>('SELECT * FROM chain_deposits WHERE game_id = $1', [gameId]);
    return row === undefined ? null : toDeposit(row);
  }

  /** Deposits with work left: being looked for, held unused, or being refunded. */
  async open(): Promise<DepositRow[]> {
    const rows = await this.sql.query<unknown>(
      `SELECT * FROM chain_deposits WHERE status IN ('pending', 'held', 'refunding') ORDER BY created_at`,
    );
    return rows.map(toDeposit);
  }

  /** The games whose deposit is still in use though they are over (the server stopped before settling them). */
  async usedByFinishedGames(): Promise<string[]> {
    const rows = await this.sql.query<{ game_id: string }>(
      `SELECT d.game_id FROM chain_deposits d JOIN games g ON g.id = d.game_id WHERE d.status = 'used' AND g.finished`,
    );
    return rows.map((r) => r.game_id);
  }

  /** Sum of what is held unused (the bank holds it for the people who sent it). */
  async heldMutez(): Promise<number> {
    const [row] = await this.sql.query<{ held: string | number | null }>(
      `SELECT sum(amount_mutez) AS held FROM chain_deposits WHERE status IN ('held', 'used')`,
    );
    return Number(row?.held ?? 0);
  }

  /**
   * Moves the deposit from `from` to `to` with `change`; false when it was not in `from` (another request or
   * instance moved it first): each move happens once.
   */
  async move(
    opHash: string,
    source: string,
    from: DepositStatus,
    to: DepositStatus,
    change: DepositChange = {},
  ): Promise<boolean> {
    const entries = Object.entries(change) as [keyof DepositChange, unknown][];
    const sets = entries.map(([key], i) => `${COLUMNS[key]} = $${i + 5}`);
    const rows = await this.sql.query<unknown>(
      `UPDATE chain_deposits SET status = $4, updated_at = now()${sets.map((s) => `, ${s}`).join('')}
        WHERE op_hash = $1 AND source = $2 AND status = $3 RETURNING op_hash`,
      [opHash, source, from, to, ...entries.map(([, v]) => v)],
    );
    return rows.length === 1;
  }

  /** Claims a held deposit of at least `needMutez` for `gameId`; false when it is not (any more) such a deposit. */
  async claim(opHash: string, source: string, gameId: string, needMutez: number): Promise<boolean> {
    const rows = await this.sql.query<unknown>(
      `UPDATE chain_deposits SET status = 'used', game_id = $3, updated_at = now()
        WHERE op_hash = $1 AND source = $2 AND status = 'held' AND amount_mutez >= $4 RETURNING op_hash`,
      [opHash, source, gameId, needMutez],
    );
    return rows.length === 1;
  }

  /** Notes the refund's operation once injected (a restart looks it up rather than sending it again). */
  async noteRefund(opHash: string, source: string, refundOp: string, refundLevel: number): Promise<void> {
    await this.sql.query(
      `UPDATE chain_deposits SET refund_op = $3, refund_level = $4, updated_at = now()
        WHERE op_hash = $1 AND source = $2 AND status = 'refunding'`,
      [opHash, source, refundOp, refundLevel],
    );
  }
}
