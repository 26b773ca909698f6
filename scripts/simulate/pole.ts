import { readFileSync } from 'node:fs';
import { isConfigError } from '../../engine/core/errors';
import { playToEnd } from '../../engine/core/play';
import type { Outcome } from '../../engine/core/types';
import { GENESIS, parseBoard, pole, poleBots, type Board, type PoleBot, type PoleConfigInput } from '../../engine/pole';
import { CliError } from '../lib/cli';
import { BOT_NAMES, botNamed } from './bot-levels';
import { formatTable, num, pct } from '../lib/table';
import { TileTally, formatTiles, type TileRow } from './pole-tiles';
import { OutcomeTally, formatSummary } from './summary';
import type { SimulationOptions, Simulator, SummaryReport } from './types';

export interface PoleReport extends SummaryReport {
  readonly board: { readonly id: string; readonly name: string };
  /**
   * Wins by position in the play order (index 0 = the player who moves first, P2). Seats are assigned the order
   * by a die roll, so this, not winRateBySeat, is where a first-mover advantage shows.
   */
  readonly winRateByTurnOrder: readonly number[];
  /** Every tile of the board, in board order; totals over all games. */
  readonly tiles: readonly TileRow[];
}

/** Reads and validates a board file; the engine's ConfigError names the tile and the field at fault. */
function loadBoard(file: string): { data: unknown; board: Board } {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new CliError(`cannot read board ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    return { data, board: parseBoard(data) };
  } catch (err) {
    if (isConfigError(err)) throw new CliError(`${file}: ${err.message}`);
    throw err;
  }
}

const botOf = (name: string): PoleBot => botNamed('pole', 'Tezos Pole', poleBots, name);

/** Wins by play-order position: a shared win of k seats counts 1/k, as for seats. */
class TurnOrderTally {
  private readonly wins: number[];
  private games = 0;

  constructor(private readonly players: number) {
    this.wins = new Array<number>(players).fill(0);
  }

  add(outcome: Outcome, firstSeat: number): void {
    this.games++;
    for (const seat of outcome.winners) {
      this.wins[(seat - firstSeat + this.players) % this.players]! += 1 / outcome.winners.length;
    }
  }

  rates(): number[] {
    return this.wins.map((w) => w / this.games);
  }
}

const ORDINAL = ['1st', '2nd', '3rd', '4th', '5th', '6th'];

export const poleSimulator: Simulator<PoleReport> = {
  game: 'pole',
  players: { min: 2, max: 6 }, // P1
  bots: BOT_NAMES,
  defaultBot: 'normal',
  acceptsBoard: true,

  run(options: SimulationOptions): PoleReport {
    // The raw board data goes into the config: parseBoard caches by input object, so setup does not re-validate it.
    const custom = options.boardFile === undefined ? undefined : loadBoard(options.boardFile);
    const board = custom?.board ?? GENESIS;
    const config: PoleConfigInput = custom
      ? { players: options.players, board: custom.data }
      : { players: options.players };
    const bots = options.bots.map(botOf);
    const outcomes = new OutcomeTally(options.players);
    const order = new TurnOrderTally(options.players);
    const tiles = new TileTally(board);
    for (let i = 0; i < options.games; i++) {
      const result = playToEnd(pole, config, `${options.seed}/${i}`, bots, {
        onAction: (_before, _after, _seat, events) => tiles.add(events),
      });
      outcomes.add(result.outcome, result.state.turn, result.record.actions.length);
      order.add(result.outcome, result.state.firstSeat);
    }
    return {
      ...outcomes.summary('pole', options),
      board: { id: board.id, name: board.name },
      winRateByTurnOrder: order.rates(),
      tiles: tiles.rows(),
    };
  },

  format(report: PoleReport): string {
    const order = report.winRateByTurnOrder.map((rate, position) => ({ position, rate }));
    return [
      formatSummary(`Tezos Pole on ${report.board.name}`, report),
      formatTable(
        [
          { header: 'turn order', cell: (r) => ORDINAL[r.position]! },
          { header: 'win rate', align: 'right', cell: (r) => pct(r.rate) },
        ],
        order,
      ),
      `Tiles (totals over ${num(report.games)} games; royalty/Tz = royalties earned ÷ Tz spent buying copies)`,
      '',
      formatTiles(report.tiles),
    ].join('\n');
  },
};
