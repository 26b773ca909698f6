/**
 * The balance lab's games and their sums. The same code plays a stretch of a run's games in the calling thread and
 * in the lab's workers (lab-worker.ts), and one merge turns the stretches into the report, so a report never depends
 * on where its games were played, or on how many threads shared them.
 */
import { playToEnd } from '../../engine/core/play';
import type { SeatId } from '../../engine/core/types';
import {
  parseBoard,
  pole,
  poleBots,
  TileTally,
  type Board,
  type PoleBotName,
  type PoleConfigInput,
} from '../../engine/pole';
import type { BalanceLabReport, LabTile, LengthBin } from './balance-lab';

/** Everything a thread needs to play any game of a run; structured-cloneable, so a worker receives it whole. */
export interface LabPlan {
  /** The board as stored (the engine validated it before the run started). */
  readonly board: unknown;
  readonly players: number;
  readonly bots: readonly PoleBotName[];
  /** Game i is played with seed `${seed}/i`. */
  readonly seed: string;
}

/** One game as the report needs it. */
export interface LabGame {
  readonly winners: readonly SeatId[];
  readonly firstSeat: SeatId;
  /** Length in rounds (one turn of every player). */
  readonly rounds: number;
}

/** What games `from` to `to` (excluded) of a run add up to. */
export interface LabPart {
  readonly from: number;
  readonly to: number;
  /** The artist tiles' sums over these games, in board order; `royaltyPerTz` is left to the merge. */
  readonly tiles: readonly LabTile[];
  /** The games in index order. */
  readonly games: readonly LabGame[];
}

/** At most this many bars in the length histogram. */
const MAX_BINS = 20;

/**
 * Plays games `from`…`to - 1` of `plan`. The plan's board object is reused for every game: parseBoard caches by
 * object, so setup does not validate the board again.
 */
export function playLabGames(plan: LabPlan, from: number, to: number): LabPart {
  const config: PoleConfigInput = { players: plan.players, board: plan.board };
  const bots = plan.bots.map((name) => poleBots[name]);
  const totals = new TileTally(parseBoard(plan.board));
  const games: LabGame[] = [];
  for (let i = from; i < to; i++) {
    const result = playToEnd(pole, config, `${plan.seed}/${i}`, bots, {
      onAction: (_before, _after, _seat, events) => totals.add(events),
    });
    games.push({
      winners: result.outcome.winners,
      firstSeat: result.state.firstSeat,
      rounds: Math.ceil(result.state.turn / plan.players),
    });
  }
  return {
    from,
    to,
    tiles: totals.rows().flatMap((row): LabTile[] => {
      if (row.kind !== 'artist') return [];
      const { kind: _kind, ...tile } = row;
      return [tile];
    }),
    games,
  };
}

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
 * The report of a run from its parts, in any order. Fractions (a shared win's 1/k) are summed game by game in index
 * order, so the floating-point result is the same however the games were split; the tile sums are whole Tz and
 * counts, exact in any grouping.
 * @throws Error when the parts do not cover games 0…n-1 exactly once (a bug of the caller).
 */
export function labReport(plan: LabPlan, board: Board, parts: readonly LabPart[]): BalanceLabReport {
  const ordered = [...parts].sort((a, b) => a.from - b.from);
  const games = ordered.flatMap((part, i) => {
    if (part.from !== (ordered[i - 1]?.to ?? 0) || part.games.length !== part.to - part.from)
      throw new Error(`lab parts do not cover the run: ${part.from}–${part.to}`);
    return part.games;
  });
  const { players } = plan;
  const seatWins = new Array<number>(players).fill(0);
  const orderWins = new Array<number>(players).fill(0);
  for (const game of games) {
    for (const seat of game.winners) {
      seatWins[seat]! += 1 / game.winners.length;
      orderWins[(seat - game.firstSeat + players) % players]! += 1 / game.winners.length;
    }
  }
  const lengths = games.map((g) => g.rounds);
  const tiles = ordered.slice(1).reduce<readonly LabTile[]>(
    (sums, part) =>
      sums.map((t, i) => {
        const add = part.tiles[i]!;
        return {
          ...t,
          landed: t.landed + add.landed,
          bought: t.bought + add.bought,
          royalties: t.royalties + add.royalties,
          spent: t.spent + add.spent,
        };
      }),
    ordered[0]!.tiles,
  );
  return {
    board: { id: board.id, name: board.name },
    games: games.length,
    players,
    bots: [...plan.bots],
    seed: plan.seed,
    tiles: tiles.map((t) => ({ ...t, royaltyPerTz: t.spent > 0 ? t.royalties / t.spent : null })),
    winRateBySeat: seatWins.map((w) => w / games.length),
    winRateByTurnOrder: orderWins.map((w) => w / games.length),
    length: {
      unit: 'rounds',
      mean: lengths.reduce((s, l) => s + l, 0) / games.length,
      min: Math.min(...lengths),
      max: Math.max(...lengths),
      histogram: histogram(lengths),
    },
  };
}
