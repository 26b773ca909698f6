import { describe, expect, it } from 'vitest';
import { gotopolyConfigSchema } from '../../engine/gotopoly';
import { poleConfigSchema } from '../../engine/pole';
import { tenConfigSchema } from '../../engine/ten';
import { GAME_IDS, GAMES } from '../../ui/lib/game-catalog';
import {
  CONFIG_SCHEMAS,
  OPTION_WORDS,
  changedOptions,
  defaultOptionValues,
  optionFields,
  optionProblems,
  parseNumberInput,
  seatRange,
} from '../../ui/home/options-form';

describe('options-form', () => {
  it('offers every option of each config schema except players, board and on-chain holdings (chosen as "On Tezos"), each with words', () => {
    for (const game of GAME_IDS) {
      const keys = Object.keys(CONFIG_SCHEMAS[game].shape).filter(
        (k) => k !== 'players' && k !== 'board' && k !== 'onChainHoldings',
      );
      expect(optionFields(game).map((f) => f.key)).toEqual(keys);
      expect(Object.keys(OPTION_WORDS[game]).sort()).toEqual([...keys].sort());
    }
  });

  it('reads kinds, bounds and defaults from the schemas', () => {
    const pole = optionFields('pole');
    const laps = pole.find((f) => f.key === 'laps')!;
    expect(laps).toMatchObject({ kind: 'number', min: 1, max: 50, integer: true, default: 5, ruling: 'P9' });
    expect(pole.find((f) => f.key === 'royaltySplit')).toMatchObject({ kind: 'enum', default: 'split' });
    expect(pole.find((f) => f.key === 'l2Move')).toMatchObject({ kind: 'boolean', default: false, ruling: 'P12' });
    const best = optionFields('ten').find((f) => f.key === 'previousBest')!;
    expect(best).toMatchObject({ kind: 'number', optional: true, default: undefined, ruling: 'T10' });
    expect(optionFields('gotopoly').find((f) => f.key === 'jailClearsRisk')).toMatchObject({
      kind: 'boolean',
      default: true,
    });
  });

  it('defaults are the engine’s, and unchanged defaults are not sent', () => {
    const poleDefaults = poleConfigSchema.parse({ players: 2 });
    const values = defaultOptionValues('pole');
    for (const [k, v] of Object.entries(values)) expect(v).toEqual((poleDefaults as Record<string, unknown>)[k]);
    for (const game of GAME_IDS) expect(changedOptions(game, defaultOptionValues(game))).toEqual({});
    expect(changedOptions('pole', { ...values, laps: 3, l2Move: true })).toEqual({ laps: 3, l2Move: true });
    expect(changedOptions('ten', { ...defaultOptionValues('ten'), previousBest: 12 })).toEqual({ previousBest: 12 });
  });

  it('changed options set up a game the engine accepts', () => {
    const options = changedOptions('gotopoly', { ...defaultOptionValues('gotopoly'), wage: 40, jailClearsRisk: false });
    expect(gotopolyConfigSchema.parse({ players: 3, ...options })).toMatchObject({ wage: 40, jailClearsRisk: false });
  });

  it('names each problem by its label, including cross-field refinements', () => {
    expect(optionProblems('pole', 4, defaultOptionValues('pole'))).toEqual([]);
    const tooMany = optionProblems('ten', 5, { ...defaultOptionValues('ten'), startingTokens: 10, tokenSupply: 40 });
    expect(tooMany.some((p) => p.startsWith('Currency tokens in the game'))).toBe(true);
    expect(tenConfigSchema.safeParse({ players: 5, startingTokens: 10, tokenSupply: 40 }).success).toBe(false);
    const bad = optionProblems('pole', 2, { ...defaultOptionValues('pole'), laps: 0 });
    expect(bad[0]).toMatch(/^Laps to finish: /);
    expect(optionProblems('pole', 2, { ...defaultOptionValues('pole'), laps: Number.NaN }).length).toBe(1);
  });

  it('seat ranges agree with the catalogue', () => {
    for (const game of GAME_IDS) {
      expect(seatRange(game)).toEqual({ min: GAMES[game].minSeats, max: GAMES[game].maxSeats });
      expect(GAMES[game].defaultSeats).toBeGreaterThanOrEqual(GAMES[game].minSeats);
      expect(GAMES[game].defaultSeats).toBeLessThanOrEqual(GAMES[game].maxSeats);
    }
  });

  it('parses number inputs', () => {
    expect(parseNumberInput('')).toBeNull();
    expect(parseNumberInput(' 12 ')).toBe(12);
    expect(parseNumberInput('x')).toBeNaN();
  });
});
