/** Test helpers every game's tests share. */
import { expect } from 'vitest';
import { isRuleError, stateHash, type Actor, type GameDefinition } from '../../engine';
import { ConfigError, RuleError } from '../../engine/core/errors';
import { thrown } from './thrown';
import { rngFromSeed, rollDie, type RngState } from '../../engine/core/rng';

/**
 * Applies an action that must be refused; returns the RuleError code, checking the message says something and the
 * state is untouched.
 */
export function refusedCodeWith<S>(
  definition: Pick<GameDefinition<S, unknown, unknown>, 'apply'>,
  state: S,
  seat: Actor,
  action: unknown,
): string {
  const before = stateHash(state);
  let code = 'accepted';
  try {
    definition.apply(state, seat, action);
  } catch (err) {
    if (!isRuleError(err)) throw err;
    expect(err.message.length).toBeGreaterThan(5);
    code = err.code;
  }
  expect(stateHash(state)).toBe(before);
  return code;
}

/** Runs `fn`, which must throw a ConfigError; returns it. */
export const configError = (fn: () => unknown): ConfigError => thrown(fn, ConfigError);

/** Runs `fn`, which must throw a RuleError; returns it. */
export const ruleError = (fn: () => unknown): RuleError => thrown(fn, RuleError);

/** The events of type `type`, typed as that kind of event. */
export function ofType<E extends { readonly type: string }, T extends E['type']>(
  events: readonly E[],
  type: T,
): Extract<E, { type: T }>[] {
  return events.filter((e): e is Extract<E, { type: T }> => e.type === type);
}

/** An RNG state whose next d6 rolls are exactly `dice` (found by search over seeds; fine for ≤ 6 dice). */
export function rngFor(dice: readonly number[]): RngState {
  for (let i = 0; i < 5_000_000; i++) {
    const rng = rngFromSeed(`rig-${dice.join('')}-${i}`);
    const start = rng.getState();
    if (dice.every((d) => rollDie(rng, 6) === d)) return start;
  }
  throw new Error(`no seed found for dice ${dice.join(',')}`);
}
