/**
 * The strong players' search, shared by every game: flat Monte-Carlo over the root's candidate actions with UCB1,
 * on determinized states (information-set sampling) and common random numbers.
 *
 * - A strong player sees only its seat's view (`definition.view(state, seat)`). Each game's `determinize` turns that
 *   view into a full state consistent with it: what the seat cannot see (face-down piles, other seats' sealed bids,
 *   the PRNG) is drawn afresh from the player's own generator.
 * - One iteration: pick a candidate by UCB1, take the next sampled world for that candidate, apply the candidate, play
 *   the game out with the game's rollout policies (the heuristic bot for the other seats, the game's own policy for
 *   the searching seat) and score the seat's placing.
 * - Worlds are shared between candidates: the k-th sample of every candidate is played in world k (the same
 *   determinization, the same game PRNG, the same rollout generator). Two candidates are then compared on the same
 *   dice and the same shuffles as far as their games stay alike, which takes most of the luck out of the comparison
 *   (common random numbers) at no cost.
 * - Deterministic for a given generator and budget; `shouldStop` (a deadline the caller checks, since the engine has
 *   no clock) ends the search early. With no iteration done, the game's first candidate is played: its own rollout
 *   policy's choice for the seat.
 */
import { isRuleError } from './errors';
import { rngFromState, type RandomGenerator, type RngState } from './rng';
import type { Bot, GameDefinition, GameId, Outcome, SeatId } from './types';

/** How long a strong player may think: `iterations` rollouts at most, fewer when `shouldStop` answers true. */
export interface SearchBudget {
  readonly iterations: number;
  readonly shouldStop?: () => boolean;
}

/** A player that decides from its seat's view only (`definition.view(state, seat)`), never from the full state. */
export interface StrongPlayer<V = unknown, A = unknown> {
  readonly name: 'strong';
  /** The iterations a move gets without a budget: about 300 ms on one core. */
  readonly defaultIterations: number;
  choose(view: V, seat: SeatId, rng: RandomGenerator, budget?: SearchBudget): A;
}

/** What a game gives the search. */
export interface SearchGame<S, V, A> {
  readonly id: GameId;
  readonly definition: Pick<GameDefinition<S, A, unknown>, 'pending' | 'legal' | 'apply' | 'outcome'>;
  /** A full state `seat` could be in, given its view: the hidden parts drawn from `rng` (determinize.ts). */
  determinize(view: V, seat: SeatId, rng: RandomGenerator): S;
  /**
   * The actions compared at the root, a pruned subset of the legal ones (menus of bids and payments can be long);
   * the first is the seat's own rollout policy's choice, played when there is no time to search.
   */
  candidates(state: S, seat: SeatId, rng: RandomGenerator): readonly A[];
  /** The policy that plays the other seats in the rollouts: the opponents as the seat expects them to play. */
  readonly rollout: Bot<S, A>;
  /**
   * The policy that plays the searching seat's own later decisions in the rollouts (default: `rollout`). A flat search
   * improves on its rollout policy by one decision; a stronger own policy lifts the whole search.
   */
  readonly selfRollout?: Bot<S, A>;
  /** Rollouts stop after this many actions and `value` scores the unfinished game. */
  readonly maxRolloutActions: number;
  /** The state's worth to `seat`, in [0, 1]: its placing when the game is over, an estimate otherwise. */
  value(state: S, seat: SeatId, rng: RandomGenerator): number;
  readonly defaultIterations: number;
  /** UCB1's exploration constant (values are in [0, 1]). */
  readonly exploration?: number;
  /** Standard errors by which a candidate must beat the first to be played instead (see `best`). */
  readonly confidence?: number;
}

/** A generator of its own, seeded from `rng` (four draws; never the all-zero state xoroshiro cannot leave). */
export function forkRng(rng: RandomGenerator): RandomGenerator {
  return rngFromState(freshRngState(rng));
}

/** A game PRNG state drawn from `rng`: what a determinized state gets instead of the game's hidden one. */
export function freshRngState(rng: RandomGenerator): RngState {
  return [rng.next(), rng.next(), rng.next(), rng.next() | 1];
}

/**
 * A root's candidates as a game proposes them: each action once (compared by its JSON, as records store actions), in
 * the order first proposed — so the seat's own policy's choice, proposed first, stays first.
 */
export class Candidates<A> {
  readonly list: A[] = [];
  private readonly seen = new Set<string>();

  add(...actions: readonly A[]): this {
    for (const action of actions) {
      const key = JSON.stringify(action);
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.list.push(action);
    }
    return this;
  }
}

/**
 * A placing as a value in [0, 1]: `winWeight` of it is the win (shared among tied winners), the rest the rank
 * (1 for first, 0 for last), which tells a near miss from a rout and so steadies the estimate.
 */
export function placingValue(outcome: Outcome, seat: SeatId, winWeight: number): number {
  const players = outcome.standings.length;
  const win = outcome.winners.includes(seat) ? 1 / outcome.winners.length : 0;
  if (players <= 1) return win;
  const rank = outcome.standings.find((s) => s.seat === seat)?.rank ?? players;
  return winWeight * win + (1 - winWeight) * ((players - rank) / (players - 1));
}

interface Arm<A> {
  readonly action: A;
  /** The value of each rollout, by world: the k-th sample was played in world k. */
  readonly samples: number[];
  total: number;
}

/** A determinized state and the generator of its rollouts: every candidate played in it meets the same luck. */
export interface World<S> {
  readonly state: S;
  readonly rolloutState: RngState;
}

const DEFAULT_EXPLORATION = 0.5;
const DEFAULT_CONFIDENCE = 1;

/** The strong player of a game: flat Monte-Carlo with UCB1 over `game.candidates` (see the top of this file). */
export function flatMonteCarlo<S, V, A>(game: SearchGame<S, V, A>): StrongPlayer<V, A> {
  const exploration = game.exploration ?? DEFAULT_EXPLORATION;
  const confidence = game.confidence ?? DEFAULT_CONFIDENCE;
  return {
    name: 'strong',
    defaultIterations: game.defaultIterations,
    choose(view, seat, rng, budget) {
      const iterations = budget?.iterations ?? game.defaultIterations;
      const shouldStop = budget?.shouldStop;
      // The worlds come from a generator of their own, drawn in order as the search first needs each one.
      const worldRng = forkRng(rng);
      const worlds: World<S>[] = [];
      const world = (k: number): World<S> => {
        while (worlds.length <= k) {
          const state = game.determinize(view, seat, worldRng);
          worlds.push({ state, rolloutState: freshRngState(worldRng) });
        }
        return worlds[k]!;
      };

      const first = world(0).state;
      const legal = game.definition.legal(first, seat);
      if (legal.length === 0) throw new Error(`strong player: seat ${seat} has nothing to decide`);
      if (legal.length === 1) return legal[0]!;
      const arms: Arm<A>[] = game.candidates(first, seat, rng).map((action) => ({ action, samples: [], total: 0 }));
      if (arms.length === 0) return legal[0]!;
      if (arms.length === 1) return arms[0]!.action;

      let done = 0;
      while (done < iterations && arms.length > 1 && !shouldStop?.()) {
        const k = select(arms, done, exploration);
        const arm = arms[k]!;
        const sample = playout(game, world(arm.samples.length), seat, arm.action);
        done++;
        if (sample === null) {
          // A candidate the rules refuse (a pruned menu built wrong): drop it rather than fail the move.
          arms.splice(k, 1);
          continue;
        }
        arm.samples.push(sample);
        arm.total += sample;
      }
      return best(arms, confidence).action;
    },
  };
}

/** UCB1: every arm once, in order, then the highest mean plus its exploration bonus. */
function select<A>(arms: readonly Arm<A>[], done: number, exploration: number): number {
  let chosen = 0;
  let top = -Infinity;
  const logTotal = Math.log(done + 1);
  for (let k = 0; k < arms.length; k++) {
    const arm = arms[k]!;
    const visits = arm.samples.length;
    if (visits === 0) return k;
    const score = arm.total / visits + exploration * Math.sqrt(logTotal / visits);
    if (score > top) [chosen, top] = [k, score];
  }
  return chosen;
}

/**
 * The first candidate (the seat's own policy's choice) unless another beats it for sure: by more than `confidence`
 * standard errors of their paired difference over the worlds both were played in. Of those that do, the best mean.
 * Many decisions hardly matter (a copy of an edition bought now or next lap); there a noisy estimate would otherwise
 * pick at random, and the policy's own choice is the better bet.
 */
function best<A>(arms: readonly Arm<A>[], confidence: number): Arm<A> {
  const base = arms[0]!;
  let chosen = base;
  let chosenMean = mean(base);
  for (const arm of arms.slice(1)) {
    const n = Math.min(arm.samples.length, base.samples.length);
    if (n < 2 || mean(arm) <= chosenMean) continue;
    let sum = 0;
    let squares = 0;
    for (let k = 0; k < n; k++) {
      const diff = arm.samples[k]! - base.samples[k]!;
      sum += diff;
      squares += diff * diff;
    }
    const diffMean = sum / n;
    const variance = Math.max(0, (squares - n * diffMean * diffMean) / (n - 1));
    if (diffMean > confidence * Math.sqrt(variance / n)) [chosen, chosenMean] = [arm, mean(arm)];
  }
  return chosen;
}

const mean = <A>(arm: Arm<A>): number => (arm.samples.length ? arm.total / arm.samples.length : -Infinity);

/**
 * One rollout as the search scores it: `action` in `world`, then the rollout policies for everyone; null when the
 * rules refuse `action`. Exported for tools that measure what a decision is worth (scripts/fit-collector.ts).
 */
export function playout<S, V, A>(game: SearchGame<S, V, A>, world: World<S>, seat: SeatId, action: A): number | null {
  const { definition, rollout } = game;
  const self = game.selfRollout ?? rollout;
  let state: S;
  try {
    state = definition.apply(world.state, seat, action).state;
  } catch (err) {
    if (isRuleError(err)) return null;
    throw err;
  }
  const rng = rngFromState(world.rolloutState);
  for (let step = 0; step < game.maxRolloutActions; step++) {
    const pending = definition.pending(state);
    if (pending.length === 0) break;
    const next = pending[0]!.seat;
    const policy = next === seat ? self : rollout;
    state = definition.apply(state, next, policy.choose(state, next, rng)).state;
  }
  // Valued from a generator of the world's, not the rollout's: every candidate's game is valued with the same draws.
  return game.value(state, seat, forkRng(rngFromState(world.rolloutState)));
}
