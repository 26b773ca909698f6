/**
 * The rating model: Weng and Lin's Bayesian approximation (2011) with the Plackett-Luce ranking model, as the
 * `openskill` package implements it. Picked over Elo and Glicko because a free-for-all of 2 to 6 players with ties is
 * what it rates directly (Elo rates pairs; splitting a 5-player finish into 10 duels over-counts it), over TrueSkill
 * because that one is patented and its factor-graph libraries for JavaScript are unkept, and because openskill is
 * small, pure JavaScript, MIT-licensed and deterministic: the verifier (`npm run verify -- ratings`) recomputes every
 * figure with the same function and gets the same floating-point numbers.
 *
 * A skill is a belief: μ the estimate, σ its uncertainty. Leaderboards sort by the conservative rating μ − 3σ, which
 * a newcomer (25 − 3 × 8.33 = 0) has to earn.
 */
import { rate, rating } from 'openskill';

export interface Skill {
  readonly mu: number;
  readonly sigma: number;
}

/** A player's skill before their first rated game of a kind: openskill's defaults, μ 25 and σ 25/3. */
export const NEW_SKILL: Skill = Object.freeze({ ...rating() });

/** The rating a leaderboard shows and sorts by: μ − 3σ, about a 99.7 % lower bound of the player's skill. */
export const conservative = (s: Skill): number => s.mu - 3 * s.sigma;

/** One rated player's place in a finished game: `rank` 1 is first; tied players share one. */
export interface Finisher {
  readonly skill: Skill;
  readonly rank: number;
}

/** The players' skills after one game, in the order given. At least two players. */
export function rateFinish(finishers: readonly Finisher[]): Skill[] {
  if (finishers.length < 2) throw new RangeError(`a rated game has at least 2 players, not ${finishers.length}`);
  const teams = finishers.map((f) => [{ mu: f.skill.mu, sigma: f.skill.sigma }]);
  const after = rate(teams, { rank: finishers.map((f) => f.rank) });
  return after.map(([s]) => ({ mu: s!.mu, sigma: s!.sigma }));
}
