import { z } from 'zod';
import { parseOptions } from '../core/parse';

/** Table options; defaults are the rules' and rulings' (T1–T10). */
export const tenConfigSchema = z
  .object({
    /** 1–5 players; 1 is the solo score attack (T10). */
    players: z.number().int().min(1).max(5),
    /** Set-up: "Give each player 5 black currency tokens." */
    startingTokens: z.number().int().min(0).max(10).default(5),
    /** Contents: 50 black currency tokens, 15 white bust tokens, shared by the supply and the players. */
    tokenSupply: z.number().int().min(0).max(500).default(50),
    bustSupply: z.number().int().min(0).max(100).default(15),
    /** T4: "A player may hold at most ten currency tokens at a time." */
    tokenCap: z.number().int().min(1).max(100).default(10),
    /** T5: a bust token always pays 3. */
    bustTokenValue: z.number().int().min(1).max(10).default(3),
    /** T10: the solo player's previous best score, to compare with (absent: no previous game). */
    previousBest: z.number().int().min(0).max(40).optional(),
  })
  .strict()
  .refine((c) => c.startingTokens * c.players <= c.tokenSupply, {
    message: 'not enough currency tokens for every player',
    path: ['tokenSupply'],
  });

export type TenConfigInput = z.input<typeof tenConfigSchema>;
export type TenRules = Readonly<z.output<typeof tenConfigSchema>>;

/** @throws ConfigError `BAD_CONFIG` naming each bad option. */
export const resolveConfig = (input: unknown): TenRules => parseOptions(tenConfigSchema, input, 'Ten');
