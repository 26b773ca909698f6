/**
 * The balance lab: thousands of complete bot games of one board on the server, summed into what an artist and a
 * board designer want to know: how much royalty a Tz spent on each piece earned back, whether a seat wins more
 * often, and how long games run. Every game is reproducible: game i is played with seed `${seed}/i`, and the seed
 * defaults to one derived from the board id, so the same board and game count give the same report, on any number
 * of worker threads (lab-pool.ts) or in the calling thread.
 */
import { z } from 'zod';
import { isConfigError } from '../../engine/core/errors';
import { parseBoard, type Board, type PoleBotName, type TileRow } from '../../engine/pole';
import { GameError, StudioError } from '../errors';
import { issuesLine } from '../../chain/studio/schema';
import { labReport, playLabGames, type LabPart, type LabPlan } from './lab-games';
import { defaultLabWorkers, labPool, MAX_LAB_WORKERS, type LabProgress } from './lab-pool';

/** At most this many games per run: a second or two of a few cores (see the bench `studio: balance lab`). */
export const MAX_LAB_GAMES = 5000;
export const DEFAULT_LAB_GAMES = 2000;

/**
 * The lab's bots by level (their old names read as the levels they became). Strong bots think 300 ms a move: a lab
 * run of thousands of games with them would take hours, so the lab plays easy and normal ones.
 */
const botName = z
  .enum(['easy', 'normal', 'random', 'heuristic', 'strong'])
  .refine((name) => name !== 'strong', {
    message: 'the lab plays thousands of games: its bots are "easy" or "normal" (a strong bot thinks 300 ms a move)',
  })
  .transform((name): 'easy' | 'normal' => (name === 'random' || name === 'easy' ? 'easy' : 'normal'));

export const labOptionsSchema = z
  .object({
    games: z.number().int().min(1).max(MAX_LAB_GAMES).default(DEFAULT_LAB_GAMES),
    players: z.number().int().min(2).max(6).default(4),
    /** One bot for every seat, or one per seat. */
    bots: z.union([botName, z.array(botName).min(2).max(6)]).default('normal'),
    seed: z.string().min(1).max(100).optional(),
    /** Threads that play the games; 0 plays them in the calling thread. Default: one per core, up to MAX_LAB_WORKERS. */
    workers: z.number().int().min(0).max(MAX_LAB_WORKERS).optional(),
    /**
     * Games in one stretch handed to a worker, or played in the calling thread between two yields to the event loop
     * (so a server keeps answering); progress is told once per stretch.
     */
    chunk: z.number().int().min(1).max(1000).default(25),
  })
  .strict()
  .refine((o) => typeof o.bots === 'string' || o.bots.length === o.players, {
    message: 'give one bot, or one per player',
    path: ['bots'],
  });

export type LabOptions = z.input<typeof labOptionsSchema>;

/** One artist tile's economy over the whole run: its card, landings, copies bought, Tz spent and royalties earned. */
export type LabTile = Omit<Extract<TileRow, { kind: 'artist' }>, 'kind'>;

/** Games that lasted `from`–`to` rounds (both included). */
export interface LengthBin {
  readonly from: number;
  readonly to: number;
  readonly count: number;
}

export interface BalanceLabReport {
  readonly board: { readonly id: string; readonly name: string };
  readonly games: number;
  readonly players: number;
  readonly bots: readonly string[];
  readonly seed: string;
  /** The artist tiles, in board order. */
  readonly tiles: readonly LabTile[];
  /** Wins per game by seat; a win shared by k seats counts 1/k to each, so the rates sum to 1. */
  readonly winRateBySeat: readonly number[];
  /** The same by position in the play order (0 = moves first): seats get their order by a die roll, so a first-mover edge shows here. */
  readonly winRateByTurnOrder: readonly number[];
  /** Game length in rounds (one turn of every player). */
  readonly length: {
    readonly unit: 'rounds';
    readonly mean: number;
    readonly min: number;
    readonly max: number;
    readonly histogram: readonly LengthBin[];
  };
}

/** A lab run that has passed its checks: how many games it plays, and its report to come. */
export interface LabRun {
  readonly games: number;
  /** @throws HostError 500 `LAB_FAILED` when a worker fails or dies. */
  readonly report: Promise<BalanceLabReport>;
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Plays the run in this thread, a chunk after each yield (the first too: starting a run returns before it plays). */
async function playHere(
  plan: LabPlan,
  games: number,
  chunk: number,
  onProgress?: (progress: LabProgress) => void,
): Promise<LabPart[]> {
  const parts: LabPart[] = [];
  for (let from = 0; from < games; from += chunk) {
    await yieldToEventLoop();
    parts.push(playLabGames(plan, from, Math.min(games, from + chunk)));
    onProgress?.({ done: Math.min(games, from + chunk), total: games });
  }
  return parts;
}

/**
 * Checks the board and options at once, then starts playing `games` complete bot games of `board` (on worker
 * threads unless `workers: 0`); `onProgress` hears of the games done as they finish, in order, the last at the total.
 * @throws HostError 422 `BAD_BOARD` (the engine refuses the board), `BAD_LAB_OPTIONS`.
 */
export function startBalanceLab(
  board: unknown,
  options: LabOptions = {},
  onProgress?: (progress: LabProgress) => void,
): LabRun {
  const parsedOptions = labOptionsSchema.safeParse(options);
  if (!parsedOptions.success)
    throw new StudioError('BAD_LAB_OPTIONS', `invalid balance lab options: ${issuesLine(parsedOptions.error)}`);
  const { games, players, chunk } = parsedOptions.data;
  let parsed: Board;
  try {
    parsed = parseBoard(board);
  } catch (err) {
    if (isConfigError(err))
      throw new GameError('BAD_BOARD', `the engine refuses this board: ${err.issues.join('; ') || err.message}`);
    throw err;
  }
  const bots =
    typeof parsedOptions.data.bots === 'string'
      ? new Array<PoleBotName>(players).fill(parsedOptions.data.bots)
      : parsedOptions.data.bots;
  const plan: LabPlan = { board, players, bots, seed: parsedOptions.data.seed ?? `lab/${parsed.id}` };
  const workers = parsedOptions.data.workers ?? defaultLabWorkers();
  const parts =
    workers === 0
      ? playHere(plan, games, chunk, onProgress)
      : labPool().play(plan, games, { workers, chunk, onProgress });
  return { games, report: parts.then((done) => labReport(plan, parsed, done)) };
}

/**
 * Plays `games` complete bot games of `board` and reports on them (startBalanceLab, awaited).
 * @throws HostError 422 `BAD_BOARD`, `BAD_LAB_OPTIONS`; 500 `LAB_FAILED`.
 */
export async function runBalanceLab(
  board: unknown,
  options: LabOptions = {},
  onProgress?: (progress: LabProgress) => void,
): Promise<BalanceLabReport> {
  return startBalanceLab(board, options, onProgress).report;
}
