import type { GameId, Outcome } from '../../engine/core/types';
import { mean, percentile } from '../lib/stats';
import { formatTable, num, pct, type Column } from '../lib/table';
import type { SimulationOptions, SummaryReport } from './types';

/** Accumulates the game-independent statistics of a run, one finished game at a time. */
export class OutcomeTally {
  private readonly turns: number[] = [];
  private readonly actions: number[] = [];
  private readonly wins: number[];
  private readonly scoreSums: number[];

  constructor(private readonly players: number) {
    this.wins = new Array<number>(players).fill(0);
    this.scoreSums = new Array<number>(players).fill(0);
  }

  add(outcome: Outcome, turns: number, actions: number): void {
    this.turns.push(turns);
    this.actions.push(actions);
    for (const seat of outcome.winners) this.wins[seat]! += 1 / outcome.winners.length;
    for (const s of outcome.standings) this.scoreSums[s.seat]! += s.score;
  }

  summary(game: GameId, options: SimulationOptions): SummaryReport {
    const games = this.turns.length;
    const meanScoreBySeat = this.scoreSums.map((sum) => sum / games);
    return {
      game,
      games,
      players: this.players,
      seed: options.seed,
      bots: options.bots,
      meanTurns: mean(this.turns),
      p95Turns: percentile(this.turns, 95),
      meanActions: mean(this.actions),
      meanScore: mean(meanScoreBySeat),
      winRateBySeat: this.wins.map((w) => w / games),
      meanScoreBySeat,
    };
  }
}

/** The summary lines and the by-seat table, shared by every game's human-readable report. */
export function formatSummary(title: string, report: SummaryReport): string {
  const bots = new Set(report.bots).size === 1 ? report.bots[0]! : report.bots.join(',');
  const seats = report.winRateBySeat.map((winRate, seat) => ({ seat, winRate, score: report.meanScoreBySeat[seat]! }));
  const columns: Column<(typeof seats)[number]>[] = [
    { header: 'seat', align: 'right', cell: (r) => String(r.seat) },
    { header: 'win rate', align: 'right', cell: (r) => pct(r.winRate) },
    { header: 'mean score', align: 'right', cell: (r) => num(r.score, 1) },
  ];
  return [
    `${title}: ${num(report.games)} games, ${report.players} players, bots ${bots}, seed "${report.seed}"`,
    `(game i is played with seed "${report.seed}/i", i = 0…${report.games - 1})`,
    '',
    `turns    mean ${num(report.meanTurns, 1)}   p95 ${num(report.p95Turns)}`,
    `actions  mean ${num(report.meanActions, 1)}`,
    `score    mean ${num(report.meanScore, 1)}`,
    '',
    formatTable(columns, seats),
  ].join('\n');
}
