/**
 * The balance lab: thousands of complete bot games of one board on the server, summed into what an artist and a
 * board designer want to know: how much royalty a Tz spent on each piece earned back, whether a seat wins more
 * often, and how long games run. Every game is reproducible: game i is played with seed `${seed}/i`, and the seed
 * defaults to one derived from the board id, so the same board and game count give the same report.
 */
import { z } from 'zod';
import { isConfigError } from '../../engine/core/errors';
import { playToEnd } from '../../engine/core/play';
import { parseBoard, pole, poleBots, TileTally, type Board, type PoleBot, type PoleConfigInput, type TileRow } from '../../engine/pole';
import { GameError, StudioError } from '../errors';
import { issuesLine } from '../../chain/studio/schema';

/** At most this many games per run: a few seconds of one core (see the bench `studio: balance lab`). */
export const MAX_LAB_GAMES = 5000;
export const DEFAULT_LAB_GAMES = 2000;

const botName = z.enum(['heuristic', 'random']);

export const labOptionsSchema = z
  .object({
    games: z.number().int().min(1).max(MAX_LAB_GAMES).default(DEFAULT_LAB_GAMES),
    players: z.number().int().min(2).max(6).default(4),
    /** One bot for every seat, or one per seat. */
    bots: z.union([botName, z.array(botName).min(2).max(6)]).default('heuristic'),
    seed: z.string().min(1).max(100).optional(),
    /** Games played between two yields to the event loop, so a server keeps answering during a run. */
    chunk: z.number().int().min(1).max(1000).default(25),
  })
  .strict()
  .refine((o) => typeof o.bots === 'string' || o.bots.length === o.players, { message: 'give one bot, or one per player', path: ['bots'] });

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
  readonly length: { readonly unit: 'rounds'; readonly mean: number; readonly min: number; readonly max: number; readonly histogram: readonly LengthBin[] };
}

/** At most this many bars in the length histogram. */
const MAX_BINS = 20;

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Equal-width bins of whole rounds from the shortest game to the longest, at most MAX_BINS of them. */
function histogram(lengths: readonly number[]): LengthBin[] {
  const min = Math.min(...lengths);
  const max = Math.max(...lengths);
  const width = Math.max(1, Math.ceil((max - min + 1) / MAX_BINS));
  const bins: LengthBin[] = [];
  for (let from = min; from <= max; from += width) bins.push({ from, to: Math.min(max, from + width - 1), count: 0 });
  const counts = bins.map(() => 0);
  for (const l of lengths) counts[Math.floor((l - min) / width)]! += 1;
  return bins.map((b, i) => ({ ...b, count: counts[i]! }));
}

/**
 * Plays `games` complete bot games of `board` and reports on them. Runs in chunks, yielding to the event loop
 * between them.
 * @throws HostError 422 `BAD_BOARD` (the engine refuses the board), `BAD_LAB_OPTIONS`.
 */
export async function runBalanceLab(board: unknown, options: LabOptions = {}): Promise<BalanceLabReport> {
  const parsedOptions = labOptionsSchema.safeParse(options);
  if (!parsedOptions.success) throw new StudioError('BAD_LAB_OPTIONS', `invalid balance lab options: ${issuesLine(parsedOptions.error)}`);
  const { games, players, chunk } = parsedOptions.data;
  let parsed: Board;
  try {
    parsed = parseBoard(board);
  } catch (err) {
    if (isConfigError(err)) throw new GameError('BAD_BOARD', `the engine refuses this board: ${err.issues.join('; ') || err.message}`);
    throw err;
  }
  const botNames = typeof parsedOptions.data.bots === 'string' ? new Array<string>(players).fill(parsedOptions.data.bots) : parsedOptions.data.bots;
  const bots: PoleBot[] = botNames.map((name) => poleBots[name as keyof typeof poleBots]);
  const seed = parsedOptions.data.seed ?? `lab/${parsed.id}`;
  // The same input object every game: parseBoard caches by object, so setup does not validate the board again.
  const config: PoleConfigInput = { players, board };
  const totals = new TileTally(parsed);
  const seatWins = new Array<number>(players).fill(0);
  const orderWins = new Array<number>(players).fill(0);
  const lengths: number[] = [];
  for (let i = 0; i < games; i++) {
    if (i > 0 && i % chunk === 0) await yieldToEventLoop();
    const result = playToEnd(pole, config, `${seed}/${i}`, bots, { onAction: (_before, _after, _seat, events) => totals.add(events) });
    for (const seat of result.outcome.winners) {
      seatWins[seat]! += 1 / result.outcome.winners.length;
      orderWins[(seat - result.state.firstSeat + players) % players]! += 1 / result.outcome.winners.length;
    }
    lengths.push(Math.ceil(result.state.turn / players));
  }
  return {
    board: { id: parsed.id, name: parsed.name },
    games,
    players,
    bots: botNames,
    seed,
    tiles: totals.rows().flatMap((row): LabTile[] => {
      if (row.kind !== 'artist') return [];
      const { kind: _kind, ...tile } = row;
      return [tile];
    }),
    winRateBySeat: seatWins.map((w) => w / games),
    winRateByTurnOrder: orderWins.map((w) => w / games),
    length: {
      unit: 'rounds',
      mean: lengths.reduce((s, l) => s + l, 0) / games,
      min: Math.min(...lengths),
      max: Math.max(...lengths),
      histogram: histogram(lengths),
    },
  };
}
