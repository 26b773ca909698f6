import { randomInt, rngFromSeed, type RandomGenerator } from './rng';
import type { GameRecord, RecordedAction } from './record';
import type { Bot, GameDefinition, GameEvent, Outcome, SeatId } from './types';

/** A bot that picks uniformly among the legal actions: the baseline for every game. */
export function randomBot<S, A>(definition: Pick<GameDefinition<S, A, unknown>, 'legal'>): Bot<S, A> {
  return {
    name: 'random',
    choose(state, seat, rng) {
      const options = definition.legal(state, seat);
      if (options.length === 0) throw new Error(`random bot: seat ${seat} has no legal action`);
      return options[randomInt(rng, 0, options.length - 1)]!;
    },
  };
}

export interface PlayResult<S, A, C, E extends GameEvent> {
  readonly state: S;
  readonly record: GameRecord<C, A>;
  readonly outcome: Outcome;
  /** The events of every action (only when `collectEvents`). */
  readonly events: E[];
}

export interface PlayOptions<S, E extends GameEvent> {
  /** Safety net: a game that needs more actions than this is a bug. */
  readonly maxActions?: number;
  readonly collectEvents?: boolean;
  /** Called after every applied action (property tests check invariants here). */
  readonly onAction?: (before: S, after: S, seat: SeatId, events: readonly E[]) => void;
}

export interface BotStep<S, A, E extends GameEvent> {
  readonly seat: SeatId;
  readonly action: A;
  readonly state: S;
  readonly events: E[];
}

/**
 * One action of a bot-played game: the first pending seat's bot chooses and the action is applied. Returns null
 * when nothing is pending (the game is over). `rng` is the bots' generator and is advanced.
 */
export function playStep<S, A, C, E extends GameEvent>(
  definition: GameDefinition<S, A, C, E>,
  state: S,
  bots: readonly Bot<S, A>[],
  rng: RandomGenerator,
): BotStep<S, A, E> | null {
  const decisions = definition.pending(state);
  if (decisions.length === 0) return null;
  const seat = decisions[0]!.seat;
  const bot = bots[seat];
  if (!bot) throw new Error(`no bot for seat ${seat}`);
  const action = bot.choose(state, seat, rng);
  const step = definition.apply(state, seat, action);
  return { seat, action, state: step.state, events: step.events };
}

/** The bots' generator of a game: seeded from the game seed, so a bot-played game is reproducible. */
export const botRngFor = (seed: string): RandomGenerator => rngFromSeed(`${seed}/bots`);

/**
 * Plays a game to its end with one bot per seat. The bots' randomness is seeded from the game seed,
 * so the whole run (and therefore the record) is reproducible.
 */
export function playToEnd<S, A, C, E extends GameEvent>(
  definition: GameDefinition<S, A, C, E>,
  config: C,
  seed: string,
  bots: readonly Bot<S, A>[],
  options: PlayOptions<S, E> = {},
): PlayResult<S, A, C, E> {
  const maxActions = options.maxActions ?? 100_000;
  const botRng = botRngFor(seed);
  let state = definition.setup(config, seed);
  const actions: RecordedAction<A>[] = [];
  const events: E[] = [];
  for (let step = playStep(definition, state, bots, botRng); step; step = playStep(definition, state, bots, botRng)) {
    options.onAction?.(state, step.state, step.seat, step.events);
    if (options.collectEvents) events.push(...step.events);
    actions.push({ seat: step.seat, action: step.action });
    state = step.state;
    if (actions.length > maxActions) throw new Error(`game did not end within ${maxActions} actions`);
  }
  const outcome = definition.outcome(state);
  if (!outcome) throw new Error('no decision is pending but the game has no outcome');
  return {
    state,
    outcome,
    events,
    record: { game: definition.id, version: definition.version, config, seed, actions },
  };
}

/**
 * Wins of `bot` in `games` games with `others` in every other seat, its seat moving round the table game by game
 * (a shared win counts its share); game `i` is played from seed `${seed}/${i}`. `onGame` hears each game's index and
 * the wins so far (progress for a person).
 */
export function winsInTurningSeat<S, A, C extends { players: number }, E extends GameEvent>(
  definition: GameDefinition<S, A, C, E>,
  config: C,
  bot: Bot<S, A>,
  others: Bot<S, A>,
  games: number,
  seed: string,
  onGame?: (game: number, wins: number) => void,
): number {
  let wins = 0;
  for (let i = 0; i < games; i++) {
    const seat = i % config.players;
    const bots = Array.from({ length: config.players }, (_, s) => (s === seat ? bot : others));
    const { outcome } = playToEnd(definition, config, `${seed}/${i}`, bots);
    if (outcome.winners.includes(seat)) wins += 1 / outcome.winners.length;
    onGame?.(i, wins);
  }
  return wins;
}
