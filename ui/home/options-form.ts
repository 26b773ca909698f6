import { z } from 'zod';
import type { GameId } from '../../engine/core';
import { gotopolyConfigSchema } from '../../engine/gotopoly';
import { poleConfigSchema } from '../../engine/pole';
import { tenConfigSchema } from '../../engine/ten';

/**
 * The new-game form's table options, derived from each engine's zod config schema: the field kinds, bounds, enum
 * choices and defaults are read from the schema (so the form never drifts from the rules); only the words — a label,
 * the ruling id the schema's comment cites, a hint — are written here. `players` is decided by the seats and `board`
 * is fixed data, so neither is a field.
 */

interface FieldBase {
  readonly key: string;
  readonly label: string;
  /** The ruling the schema comment cites (docs/rules/), e.g. "P6". */
  readonly ruling: string | null;
  readonly hint: string | null;
}
export interface NumberField extends FieldBase {
  readonly kind: 'number';
  readonly min: number;
  readonly max: number;
  readonly integer: boolean;
  /** Absent (undefined) for an optional number with no default: the field may stay empty. */
  readonly default: number | undefined;
  readonly optional: boolean;
}
export interface BooleanField extends FieldBase {
  readonly kind: 'boolean';
  readonly default: boolean;
}
export interface EnumField extends FieldBase {
  readonly kind: 'enum';
  readonly choices: readonly { readonly value: string; readonly label: string }[];
  readonly default: string;
}
export type OptionField = NumberField | BooleanField | EnumField;

/** A form's values: null = an empty optional number. */
export type OptionValues = Readonly<Record<string, number | boolean | string | null>>;

interface Words {
  readonly label: string;
  readonly ruling?: string;
  readonly hint?: string;
  readonly choices?: Readonly<Record<string, string>>;
}

/** Labels and ruling ids, from the comments in engine/<game>/config.ts. */
export const OPTION_WORDS: Readonly<Record<GameId, Readonly<Record<string, Words>>>> = {
  pole: {
    startingCash: { label: 'Starting cash (Tz)', ruling: 'P1' },
    goBonus: { label: 'Start bonus for passing or landing on GO (Tz)', ruling: 'P8' },
    laps: { label: 'Laps to finish', ruling: 'P9', hint: 'The game ends when a pawn completes this many laps.' },
    editionCopiesPerPlayer: { label: 'Copies of one edition a player may hold', ruling: 'P5' },
    royaltyRate: { label: 'Royalty rate (% of the list price)', ruling: 'P6' },
    royaltyMinimum: { label: 'Minimum royalty (Tz)', ruling: 'P6' },
    royaltySplit: {
      label: 'Royalty with several owners',
      ruling: 'P6',
      choices: { split: 'split among the owners', each: 'paid to each owner' },
    },
    valuationFloor: { label: 'Valuation floor: no piece is valued below 10 Tz', ruling: 'P12' },
    threePlayerRoyalty20: { label: '20 % royalty in 3-player games', ruling: 'P12' },
    l2Move: { label: 'L2 move: once per game a player may roll 3d6', ruling: 'P12' },
  },
  gotopoly: {
    studentGrant: { label: 'Student grant (£)', ruling: 'G2', hint: 'Also the fresh grant after a restart (G15).' },
    uncleCash: { label: 'Uncle’s starting cash (£)', ruling: 'G2' },
    openingLots: { label: 'Properties auctioned before the first term', ruling: 'G3' },
    lotsPerTerm: { label: 'Properties auctioned each term', ruling: 'G3' },
    farePerSpace: { label: 'Fare per space moved (£)', ruling: 'G6' },
    wage: { label: 'Pay for a term of work (£)', ruling: 'G8' },
    handoutPerCredit: { label: 'Handout per term credit (2d6 × credits × this, £)', ruling: 'G10' },
    railcardDiscount: { label: 'Student Railcard discount (%)', ruling: 'G10' },
    bail: { label: 'Bail (£)', ruling: 'G14' },
    jailTurns: { label: 'Turns in jail before walking out', ruling: 'G14' },
    jailClearsRisk: { label: 'Going to jail hands back every RISK card', ruling: 'G14' },
    creditsToWin: { label: 'Term credits for a degree', ruling: 'G16' },
    maxTerms: { label: 'Terms before the game ends without a winner', ruling: 'G18' },
    tradeOffersPerTerm: { label: 'Trade offers per uncle per Build/Trade phase', ruling: 'G5' },
  },
  ten: {
    startingTokens: { label: 'Currency tokens each player starts with' },
    tokenSupply: { label: 'Currency tokens in the game' },
    bustSupply: { label: 'Bust tokens in the game' },
    tokenCap: { label: 'Most currency tokens a player may hold', ruling: 'T4' },
    bustTokenValue: { label: 'Value of a bust token', ruling: 'T5' },
    previousBest: {
      label: 'Solo: your previous best score',
      ruling: 'T10',
      hint: 'Leave empty if there is no previous game.',
    },
  },
};

/**
 * Fields that are not table options: the seats decide `players`; the board is data (Genesis, or a studio board);
 * `onChainHoldings` is set by choosing to play on Tezos.
 */
const NOT_OPTIONS = new Set(['players', 'board', 'onChainHoldings']);

export const CONFIG_SCHEMAS: Readonly<Record<GameId, z.ZodObject>> = {
  pole: poleConfigSchema,
  gotopoly: gotopolyConfigSchema,
  ten: tenConfigSchema,
};

const humanize = (key: string) => key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

/** The option fields of a game, in the schema's order. */
export function optionFields(game: GameId): OptionField[] {
  const schema = CONFIG_SCHEMAS[game];
  const defaults = engineDefaults(game, seatRange(game).min);
  const fields: OptionField[] = [];
  for (const [key, raw] of Object.entries(schema.shape)) {
    if (NOT_OPTIONS.has(key)) continue;
    let type: z.ZodType = raw as z.ZodType;
    let optional = false;
    while (type instanceof z.ZodDefault || type instanceof z.ZodOptional) {
      if (type instanceof z.ZodOptional) optional = true;
      type = type.unwrap() as z.ZodType;
    }
    const words = OPTION_WORDS[game][key];
    const base = {
      key,
      label: words?.label ?? humanize(key),
      ruling: words?.ruling ?? null,
      hint: words?.hint ?? null,
    };
    const dflt = defaults[key];
    if (type instanceof z.ZodNumber) {
      fields.push({
        ...base,
        kind: 'number',
        min: type.minValue ?? Number.MIN_SAFE_INTEGER,
        max: type.maxValue ?? Number.MAX_SAFE_INTEGER,
        integer: type.isInt ?? false,
        default: typeof dflt === 'number' ? dflt : undefined,
        optional: optional && typeof dflt !== 'number',
      });
    } else if (type instanceof z.ZodBoolean) {
      fields.push({ ...base, kind: 'boolean', default: dflt === true });
    } else if (type instanceof z.ZodEnum) {
      const values = type.options.map(String);
      fields.push({
        ...base,
        kind: 'enum',
        choices: values.map((value) => ({ value, label: words?.choices?.[value] ?? value })),
        default: typeof dflt === 'string' ? dflt : values[0]!,
      });
    }
    // Any other kind of option (none today) keeps the engine's default: it is simply not offered.
  }
  return fields;
}

/** The engine's `players` bounds. */
export function seatRange(game: GameId): { min: number; max: number } {
  const players = CONFIG_SCHEMAS[game].shape.players as z.ZodNumber;
  return { min: players.minValue ?? 1, max: players.maxValue ?? 6 };
}

/** The engine's own defaults for `players` seats (the rulings'). */
export function engineDefaults(game: GameId, players: number): Record<string, unknown> {
  const parsed = CONFIG_SCHEMAS[game].safeParse({ players });
  return parsed.success ? parsed.data : {};
}

/** The form's starting values: every field at the engine's default (null for an optional number without one). */
export function defaultOptionValues(game: GameId): Record<string, number | boolean | string | null> {
  return Object.fromEntries(optionFields(game).map((f) => [f.key, f.default ?? null]));
}

/**
 * The `options` of a CreateGameRequest: only the values that differ from the engine's defaults (so the record
 * says exactly what the table changed); an empty optional number is left out.
 */
export function changedOptions(game: GameId, values: OptionValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of optionFields(game)) {
    const value = values[field.key];
    if (value === null || value === undefined) continue;
    if (value !== field.default) out[field.key] = value;
  }
  return out;
}

/** What the engine would refuse, in words naming each field's label ([] = fine). */
export function optionProblems(game: GameId, players: number, values: OptionValues): string[] {
  const parsed = CONFIG_SCHEMAS[game].safeParse({ players, ...changedOptions(game, values) });
  if (parsed.success) return [];
  const labels = new Map(optionFields(game).map((f) => [f.key, f.label]));
  return parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const label = key === 'players' ? 'Players' : (labels.get(key) ?? (key || 'Options'));
    return `${label}: ${issue.message}`;
  });
}

/** Parses what a number input holds: null when empty, NaN when not a number. */
export function parseNumberInput(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  return Number(t);
}
