/**
 * Fitting the Tezos Pole collector's buy rule (engine/pole/collector.ts) by one step of policy iteration:
 *
 * 1. The collector with the shipped rule plays games against three normal bots; every piece it is offered is a row.
 * 2. Each row is labelled with what buying is worth there: the strong player's own rollouts (engine/core/search.ts:
 *    the same worlds, continuation policies and valuation) of buy and of pass, paired in each world, averaged.
 * 3. A logistic regression of "buying is better" on the offer's features, each row weighted by how much the choice
 *    matters there, gives the new rule: the shipped rule improved by one decision, made cheap enough for rollouts.
 *
 * Run again from the new rule, it is the next step; the steps stop paying once the rule's regret (below) is small.
 */
import { determinizePole, pole, poleBots, type PoleAction, type PoleState, type PoleView } from '../../engine/pole';
import { buyFeatures, buys, collectorBot, type BuyFeatures, type BuyRule } from '../../engine/pole/collector';
import { poleDecision } from '../../engine/pole/decisions';
import { poleSearch } from '../../engine/pole/strong';
import { playToEnd, winsInTurningSeat } from '../../engine/core/play';
import { freshRngState, playout } from '../../engine/core/search';
import { rngFromSeed } from '../../engine/core/rng';
import type { Bot, SeatId } from '../../engine/core/types';
import { fitLogistic } from '../lib/logistic';

/** The rule's features in a fixed order: the columns of the regression. */
export const FEATURES = [
  'profitPerTz',
  'copiesLeft',
  'cash',
  'cashAfter',
  'lapsToGo',
  'worth',
  'bestAhead',
  'lastLap',
] as const satisfies readonly (keyof BuyFeatures)[];

const SEATS = 4;

/** One offer the collector met, and what buying was worth there (win-and-rank value, search.ts's scale). */
export interface BuyLabel {
  readonly game: number;
  readonly features: BuyFeatures;
  /** Mean over the worlds of value(buy) − value(pass): positive when buying is better. */
  readonly gain: number;
}

export interface LabelOptions {
  readonly rule: BuyRule;
  readonly games: number;
  /** Worlds per offer, each played out once with buy and once with pass. */
  readonly rollouts: number;
  /** Game g is played with seed `${seed}/${g}`, the collector in seat g mod 4. */
  readonly seed: string;
  /** Called after each game (progress for a person). */
  readonly onGame?: (game: number) => void;
}

/** What buying is worth in `state` for `seat`: the search's own paired rollouts, `rollouts` worlds. */
function buyGain(
  state: PoleState,
  seat: SeatId,
  rollouts: number,
  worldSeed: string,
  self: Bot<PoleState, PoleAction>,
) {
  const game = { ...poleSearch, selfRollout: self };
  const view = pole.view(state, seat) as PoleView;
  const rng = rngFromSeed(worldSeed);
  let sum = 0;
  for (let k = 0; k < rollouts; k++) {
    const world = { state: determinizePole(view, seat, rng), rolloutState: freshRngState(rng) };
    sum += playout(game, world, seat, { type: 'buy' })! - playout(game, world, seat, { type: 'pass' })!;
  }
  return sum / rollouts;
}

/** Step 1 and 2: the offers the rule meets, labelled. */
export function labelOffers(options: LabelOptions): BuyLabel[] {
  const { rule, games, rollouts, seed } = options;
  const collector = collectorBot(rule);
  const labels: BuyLabel[] = [];
  for (let g = 0; g < games; g++) {
    const watched: Bot<PoleState, PoleAction> = {
      name: 'collector',
      choose(state, seat, rng) {
        const decision = poleDecision(state);
        if (decision?.kind === 'buy') {
          const features = buyFeatures(state, seat, decision.tile);
          const gain = buyGain(state, seat, rollouts, `${seed}/${g}/${state.seq}`, collector);
          labels.push({ game: g, features, gain });
        }
        return collector.choose(state, seat, rng);
      },
    };
    const seat = g % SEATS;
    const bots = Array.from({ length: SEATS }, (_, s) => (s === seat ? watched : poleBots.normal));
    playToEnd(pole, { players: SEATS }, `${seed}/${g}`, bots);
    options.onGame?.(g);
  }
  return labels;
}

/** Step 3: the rule that best tells, weighted by what is at stake, the offers where buying is better. */
export function fitRule(labels: readonly BuyLabel[], penalty = 0.01): BuyRule {
  const fit = fitLogistic(
    labels.map((l) => FEATURES.map((f) => l.features[f])),
    labels.map((l) => (l.gain > 0 ? 1 : 0)),
    labels.map((l) => Math.abs(l.gain)),
    { penalty },
  );
  const weights = Object.fromEntries(FEATURES.map((f, j) => [f, round(fit.weights[j]!)])) as BuyRule['weights'];
  return { bias: round(fit.bias), weights };
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;

/**
 * What `rule` gives away on `labels`: the sum, over the offers where it chooses the worse, of how much worse, per game
 * (in points of the value's scale × 100, about points of win share). 0 for a rule that never errs.
 */
export function regretPerGame(rule: BuyRule, labels: readonly BuyLabel[]): number {
  return (100 * regret(rule, labels)) / gamesIn(labels);
}

/** The value `rule` loses on `labels`, summed. */
function regret(rule: BuyRule, labels: readonly BuyLabel[]): number {
  let lost = 0;
  for (const l of labels) if (buys(rule, l.features) !== l.gain > 0) lost += Math.abs(l.gain);
  return lost;
}

const gamesIn = (labels: readonly BuyLabel[]) => new Set(labels.map((l) => l.game)).size || 1;

/** The regret of rules fitted without each fifth of the games, on that fifth: the fit's regret on games it never saw. */
export function crossValidatedRegret(labels: readonly BuyLabel[], penalty = 0.01, folds = 5): number {
  let lost = 0;
  for (let fold = 0; fold < folds; fold++) {
    const train = labels.filter((l) => l.game % folds !== fold);
    const test = labels.filter((l) => l.game % folds === fold);
    if (train.length > 0 && test.length > 0) lost += regret(fitRule(train, penalty), test);
  }
  return (100 * lost) / gamesIn(labels);
}

/** The collector's share of the wins, in percent, against three normal bots (seat turning, seeds `${seed}/g`). */
export function winShare(rule: BuyRule, games: number, seed: string): number {
  return (100 * winsInTurningSeat(pole, { players: SEATS }, collectorBot(rule), poleBots.normal, games, seed)) / games;
}

/** engine/pole/collector-rule.ts for `rule`, with how it was made. */
export function ruleModule(rule: BuyRule, provenance: readonly string[]): string {
  const weights = FEATURES.map((f) => `    ${f}: ${rule.weights[f]},`).join('\n');
  const lines = provenance.map((line) => ` * ${line}`.trimEnd()).join('\n');
  return `import type { BuyRule } from './collector';

/**
${lines}
 */
export const COLLECTOR_RULE: BuyRule = {
  bias: ${rule.bias},
  weights: {
${weights}
  },
};
`;
}
