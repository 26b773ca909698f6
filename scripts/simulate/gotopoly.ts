import { playToEnd } from '../../engine/core/play';
import { gotopoly, gotopolyBots, type EndReason, type GotopolyBot } from '../../engine/gotopoly';
import { BOT_NAMES, botNamed } from './bot-levels';
import { formatTable, num, pct } from '../lib/table';
import { SpaceTally, formatSpaces, type SpaceRow } from './gotopoly-spaces';
import { OutcomeTally, formatSummary } from './summary';
import type { SimulationOptions, Simulator, SummaryReport } from './types';

export interface GotopolyReport extends SummaryReport {
  /** How games ended, as shares of all games: a degree (G16), the time limit (G18) or every student retired (G15). */
  readonly endings: Readonly<Record<EndReason, number>>;
  /** Mean number of times a student went into the red per game (G15). */
  readonly meanBankruptcies: number;
  /** Every space of the London board, in board order; totals over all games. */
  readonly spaces: readonly SpaceRow[];
}

const botOf = (name: string): GotopolyBot => botNamed('gotopoly', 'Gotopoly', gotopolyBots, name);

const ENDINGS: readonly { reason: EndReason; text: string }[] = [
  { reason: 'degree', text: 'won with a degree (G16)' },
  { reason: 'timeLimit', text: 'ended by the time limit (G18)' },
  { reason: 'noStudents', text: 'every student retired (G15)' },
];

export const gotopolySimulator: Simulator<GotopolyReport> = {
  game: 'gotopoly',
  players: { min: 2, max: 6 },
  bots: BOT_NAMES,
  defaultBot: 'normal',
  acceptsBoard: false,

  run(options: SimulationOptions): GotopolyReport {
    const bots = options.bots.map(botOf);
    const outcomes = new OutcomeTally(options.players);
    const spaces = new SpaceTally();
    const endings: Record<EndReason, number> = { degree: 0, timeLimit: 0, noStudents: 0 };
    let bankruptcies = 0;
    for (let i = 0; i < options.games; i++) {
      const result = playToEnd(gotopoly, { players: options.players }, `${options.seed}/${i}`, bots, {
        onAction: (_before, _after, _seat, events) => {
          spaces.add(events);
          for (const e of events) if (e.type === 'bankrupt') bankruptcies++;
        },
      });
      outcomes.add(result.outcome, result.state.term, result.record.actions.length);
      if (result.state.stage.kind === 'over') endings[result.state.stage.reason] += 1;
    }
    return {
      ...outcomes.summary('gotopoly', options),
      endings: {
        degree: endings.degree / options.games,
        timeLimit: endings.timeLimit / options.games,
        noStudents: endings.noStudents / options.games,
      },
      meanBankruptcies: bankruptcies / options.games,
      spaces: spaces.rows(),
    };
  },

  format(report: GotopolyReport): string {
    return [
      formatSummary('Gotopoly on the London board (turns = terms, score = term credits)', report),
      formatTable(
        [
          { header: 'games', cell: (r) => r.text },
          { header: 'share', align: 'right', cell: (r) => pct(report.endings[r.reason]) },
        ],
        ENDINGS,
      ),
      `students went into the red ${num(report.meanBankruptcies, 2)} times per game (G15)`,
      '',
      `Spaces (totals over ${num(report.games)} games; mean price = mean winning sealed bid)`,
      '',
      formatSpaces(report.spaces),
    ].join('\n');
  },
};
