import { z } from 'zod';
import { parseOptions } from '../core/parse';

const pounds = (max: number) => z.number().int().min(0).max(max);

/**
 * Table options. Every ruling that is a real choice is an option whose default is the ruling's
 * (docs/rules/gotopoly.md). The board (G1) and the decks (G13) are fixed data (boards/london.ts,
 * decks/poly-fied.ts), so states stay small.
 */
export const gotopolyConfigSchema = z
  .object({
    players: z.number().int().min(2).max(6),
    /** G2: a student's grant, also the fresh grant after a restart (G15). */
    studentGrant: pounds(100_000).default(200),
    /** G2: an uncle's starting cash. */
    uncleCash: pounds(1_000_000).default(2000),
    /** G3: properties auctioned before the first term. */
    openingLots: z.number().int().min(0).max(22).default(6),
    /** G3: properties auctioned each term. */
    lotsPerTerm: z.number().int().min(0).max(22).default(2),
    /** G6: fare per space moved. */
    farePerSpace: pounds(100).default(1),
    /** G8: pay for a term of work instead of studying. */
    wage: pounds(10_000).default(25),
    /** G10: handout = 2d6 × term credits × this. */
    handoutPerCredit: pounds(1000).default(3),
    /** G10: the Student Railcard's discount, in percent. */
    railcardDiscount: z.number().int().min(0).max(100).default(40),
    /** G14: the fee that buys a student out of jail. */
    bail: pounds(10_000).default(50),
    /** G14: turns a student sits in jail before walking out. */
    jailTurns: z.number().int().min(1).max(10).default(3),
    /**
     * G14 is silent on what happens to RISK cards; without a way to shed them a student holding six would go
     * straight back to jail on every move. Going to jail (by any route) therefore hands them all back.
     */
    jailClearsRisk: z.boolean().default(true),
    /** G16: term credits needed for a degree. */
    creditsToWin: z.number().int().min(1).max(40).default(9),
    /** G18: the game ends after this many terms without a winner. */
    maxTerms: z.number().int().min(1).max(1000).default(150),
    /** G5: trade offers an uncle may make in one Build/Trade phase (keeps the phase finite). */
    tradeOffersPerTerm: z.number().int().min(0).max(20).default(3),
  })
  .strict();

export type GotopolyConfigInput = z.input<typeof gotopolyConfigSchema>;
export type GotopolyRules = Readonly<z.output<typeof gotopolyConfigSchema>>;

/** @throws ConfigError `BAD_CONFIG` naming each bad option. */
export const resolveConfig = (input: unknown): GotopolyRules => parseOptions(gotopolyConfigSchema, input, 'Gotopoly');
