/** A refused option is said in a sentence a person acts on, not in the validator's words ("Too small: expected …"). */
import { describe, expect, it } from 'vitest';
import { isEngineError } from '../../../engine/core';
import { gameKits } from '../../../server/host/game-kits';

const refusal = (game: keyof typeof gameKits, options: Record<string, unknown>): string => {
  try {
    gameKits[game].definition.setup({ players: 2, ...options }, 'seed');
  } catch (err) {
    if (isEngineError(err)) return err.message;
    throw err;
  }
  throw new Error('accepted');
};

describe('option errors', () => {
  it.each([
    ['pole', { laps: 0 }, 'laps must be at least 1'],
    ['pole', { laps: 2.5 }, 'laps must be a whole number'],
    ['pole', { laps: 'two' }, 'laps must be a number'],
    ['pole', { startingCash: 10 ** 12 }, 'startingCash must be at most 1,000,000'],
    ['ten', { nope: 1 }, 'there is no option "nope" here'],
  ] as const)('%s %j: "%s"', (game, options, words) => {
    const message = refusal(game, options);
    expect(message).toContain(words);
    expect(message).not.toMatch(/Too small|Too big|Invalid input|Unrecognized key|expected /);
  });
});
