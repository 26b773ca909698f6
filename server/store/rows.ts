import { z } from 'zod';
import type { Actor } from '../../engine';
import { seatKindSchema } from '../protocol';
import { StoreError } from '../errors';
import type { GameRow } from './types';

// Rows are a boundary too (another instance, an older version, a hand edit): parse them, do not cast them.
const storedSeatSchema = z.object({
  name: z.string(),
  kind: seatKindSchema,
  tokenHash: z.string().nullable(),
  botTakeover: z.boolean(),
  taken: z.boolean().optional(),
});
const gameRowSchema = z.object({
  id: z.string(),
  game: z.enum(['pole', 'gotopoly', 'ten']),
  version: z.number().int(),
  config: z.unknown(),
  seed: z.string(),
  seats: z.array(storedSeatSchema),
  host_token_hash: z.string(),
  mode: z.enum(['hotseat', 'online']),
  turn_seconds: z.number().int().nullable(),
  bot_pace_ms: z.number().int(),
  grace_seconds: z.number().int().nullable(),
  seat_marks: z.array(
    z.object({
      n: z.number().int(),
      afterSeq: z.number().int(),
      seat: z.number().int(),
      mark: z.enum(['away', 'left', 'back']),
    }),
  ),
  created_at: z.date(),
  finished: z.boolean(),
  listed: z.boolean(),
  rematch_of: z.string().nullable(),
  studio_board: z.string().nullable(),
  fair: z.boolean(),
  waiting: z.boolean(),
  auto_start: z.boolean(),
  room_code: z.string().nullable(),
  rated_seats: z.array(z.object({ seat: z.number().int().min(0), address: z.string() })).nullable(),
});
export const actionRowSchema = z.object({
  seq: z.number().int(),
  seat: z.string(),
  action: z.unknown(),
  events: z.array(z.object({ type: z.string() }).loose()),
  contribution: z.string().nullable(),
  created_at: z.date(),
});
export const chainRowSchema = z.object({ seat: z.number().int().min(0), head: z.string(), at_seq: z.number().int() });
export const chatRowSchema = z.object({
  n: z.number().int(),
  seat: z.number().int(),
  kind: z.enum(['text', 'emote', 'mute', 'unmute']),
  body: z.string(),
  created_at: z.date(),
});

export function parseRow<T>(schema: z.ZodType<T>, row: unknown, what: string): T {
  const parsed = schema.safeParse(row);
  if (!parsed.success) throw new StoreError('BAD_ROW', `unreadable ${what} row: ${parsed.error.message}`);
  return parsed.data;
}

export function gameRow(row: unknown): GameRow {
  const r = parseRow(gameRowSchema, row, 'games');
  return {
    id: r.id,
    game: r.game,
    version: r.version,
    config: r.config,
    seed: r.seed,
    seats: r.seats,
    hostTokenHash: r.host_token_hash,
    mode: r.mode,
    turnSeconds: r.turn_seconds,
    botPaceMs: r.bot_pace_ms,
    graceSeconds: r.grace_seconds,
    seatMarks: r.seat_marks,
    createdAt: r.created_at,
    finished: r.finished,
    listed: r.listed,
    rematchOf: r.rematch_of,
    studioBoard: r.studio_board,
    fair: r.fair,
    waiting: r.waiting,
    autoStart: r.auto_start,
    roomCode: r.room_code,
    ratedSeats: r.rated_seats,
  };
}

export const seatToText = (seat: Actor): string => String(seat);
export const seatFromText = (text: string): Actor => (text === 'system' ? 'system' : Number(text));
