import type { GameId } from '../../engine/core/types';

/** What the command line asks for, already validated against the game's simulator. */
export interface SimulationOptions {
  readonly players: number;
  readonly games: number;
  readonly seed: string;
  /** One bot name per seat. */
  readonly bots: readonly string[];
  /** A board file (JSON), for games whose boards are data. */
  readonly boardFile?: string;
}

/** The fields every game's report has; a game adds its own (Tezos Pole adds per-tile statistics). */
export interface SummaryReport {
  readonly game: GameId;
  readonly games: number;
  readonly players: number;
  readonly seed: string;
  readonly bots: readonly string[];
  readonly meanTurns: number;
  readonly p95Turns: number;
  readonly meanActions: number;
  /** Mean final score over every seat of every game. */
  readonly meanScore: number;
  /** Wins per game for each seat; a win shared by k seats counts 1/k for each, so the entries sum to 1. */
  readonly winRateBySeat: readonly number[];
  readonly meanScoreBySeat: readonly number[];
}

/**
 * One game's simulator. Adding a game to `simulate` is one entry in ./games.ts pointing at one of these.
 * `format` renders the report for people; `--json` prints the report itself.
 */
export interface Simulator<R extends SummaryReport = SummaryReport> {
  readonly game: GameId;
  readonly players: { readonly min: number; readonly max: number };
  readonly bots: readonly string[];
  readonly defaultBot: string;
  readonly acceptsBoard: boolean;
  run(options: SimulationOptions): R;
  format(report: R): string;
}
