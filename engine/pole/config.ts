import { z } from 'zod';
import { parseOptions } from '../core/parse';
import { parseBoard, type Board } from './board';
import { GENESIS } from './boards/genesis';

/**
 * Table options. Every ruling that is a real choice is an option whose default is the ruling's
 * (docs/rules/tezos-pole.md).
 */
export const poleConfigSchema = z
  .object({
    /** P1: 2–6 players. */
    players: z.number().int().min(2).max(6),
    /** P3: the board; Genesis when omitted. Validated with parseBoard. */
    board: z.unknown().optional(),
    /** P1: starting cash. */
    startingCash: z.number().int().min(0).max(1_000_000).default(1000),
    /** P8: paid for passing or landing on GO. */
    goBonus: z.number().int().min(0).max(100_000).default(300),
    /** P9: the game ends when a pawn completes this many laps. */
    laps: z.number().int().min(1).max(50).default(5),
    /** P5: how many copies of one edition a player may hold. */
    editionCopiesPerPlayer: z.number().int().min(1).max(1000).default(1),
    /** P6: royalty rate in percent of the list price. */
    royaltyRate: z.number().int().min(1).max(100).default(10),
    /** P6: the minimum royalty in Tz. */
    royaltyMinimum: z.number().int().min(0).max(100_000).default(5),
    /** P6: "split" shares R among the owners; "each" pays R to every owner. */
    royaltySplit: z.enum(['split', 'each']).default('split'),
    /** P12 tweak: floor any valuation below 10 Tz at 10 Tz. */
    valuationFloor: z.boolean().default(false),
    /** P12 tweak: 20 % royalty in 3-player games. */
    threePlayerRoyalty20: z.boolean().default(false),
    /** P12 tweak: once per game a player may roll 3d6 instead of 1d6. */
    l2Move: z.boolean().default(false),
    /** P13: holders may be replaced by recorded `holdings` actions of the system seat (on-chain games). */
    onChainHoldings: z.boolean().default(false),
  })
  .strict();

export type PoleConfigInput = z.input<typeof poleConfigSchema>;
export type PoleRules = Omit<z.output<typeof poleConfigSchema>, 'board'> & { readonly board: Board };

/** @throws ConfigError `BAD_CONFIG` (naming each bad option) or `BAD_BOARD`. */
export function resolveConfig(input: unknown): PoleRules {
  const { board, ...options } = parseOptions(poleConfigSchema, input, 'Tezos Pole');
  // Genesis too is validated like any board (once: parseBoard remembers a board it has read).
  return { ...options, board: parseBoard(board === undefined ? GENESIS : board) };
}
