import { playToEnd } from '../../engine/core/play';
import { cardById, ten, tenBots, type TenBot, type TenEvent } from '../../engine/ten';
import { BOT_NAMES, botNamed } from './bot-levels';
import { mean } from '../lib/stats';
import { formatTable, num, pct } from '../lib/table';
import { OutcomeTally, formatSummary } from './summary';
import type { SimulationOptions, Simulator, SummaryReport } from './types';

type JokerKind = 'colourJoker' | 'whiteJoker' | 'wild';

export interface JokerAuctionRow {
  readonly kind: JokerKind;
  readonly auctioned: number;
  readonly sold: number;
  /** Mean winning bid; null when none sold. */
  readonly meanPrice: number | null;
}

export interface TenReport extends SummaryReport {
  /** Turns that ended in a bust, as a share of all turns (T3). */
  readonly bustRate: number;
  /** Of the busts, the share caused by currency cards alone. */
  readonly currencyBustShare: number;
  /** Turns that ended by taking the number cards / the currency (T4), as shares of all turns. */
  readonly tookNumbersRate: number;
  readonly tookCurrencyRate: number;
  /** Market purchases per game (T6). */
  readonly meanPurchases: number;
  /** Joker auctions by kind of joker (T7). */
  readonly jokers: readonly JokerAuctionRow[];
}

const botOf = (name: string): TenBot => botNamed('ten', 'Ten', tenBots, name);

/** Run totals read from the engine's events only. */
class TenTally {
  turns = 0;
  busts = 0;
  currencyBusts = 0;
  tookNumbers = 0;
  tookCurrency = 0;
  purchases = 0;
  private readonly auctions = new Map<JokerKind, { auctioned: number; prices: number[] }>(
    (['colourJoker', 'whiteJoker', 'wild'] as const).map((k) => [k, { auctioned: 0, prices: [] }]),
  );

  add(events: readonly TenEvent[]): void {
    for (const e of events) {
      switch (e.type) {
        case 'busted':
          this.busts++;
          if (e.cause === 'currency') this.currencyBusts++;
          break;
        case 'tookNumbers':
          this.tookNumbers++;
          break;
        case 'tookCurrency':
          this.tookCurrency++;
          break;
        case 'bought':
          this.purchases++;
          break;
        case 'auctionOpened':
          this.auctions.get(cardById(e.joker).kind as JokerKind)!.auctioned++;
          break;
        case 'auctionWon':
          this.auctions.get(cardById(e.joker).kind as JokerKind)!.prices.push(e.price);
          break;
        default:
          break;
      }
    }
  }

  jokers(): JokerAuctionRow[] {
    return [...this.auctions].map(([kind, { auctioned, prices }]) => ({
      kind,
      auctioned,
      sold: prices.length,
      meanPrice: prices.length ? mean(prices) : null,
    }));
  }
}

const JOKER_NAMES: Record<JokerKind, string> = {
  colourJoker: 'colour # joker',
  whiteJoker: 'white numbered joker',
  wild: 'white # (wild)',
};

export const tenSimulator: Simulator<TenReport> = {
  game: 'ten',
  players: { min: 1, max: 5 },
  bots: BOT_NAMES,
  defaultBot: 'normal',
  acceptsBoard: false,

  run(options: SimulationOptions): TenReport {
    const bots = options.bots.map(botOf);
    const outcomes = new OutcomeTally(options.players);
    const tally = new TenTally();
    for (let i = 0; i < options.games; i++) {
      const result = playToEnd(ten, { players: options.players }, `${options.seed}/${i}`, bots, {
        onAction: (_before, _after, _seat, events) => tally.add(events),
      });
      outcomes.add(result.outcome, result.state.turn, result.record.actions.length);
      // The first turn starts in setup, before any event: count turns from the state.
      tally.turns += result.state.turn;
    }
    return {
      ...outcomes.summary('ten', options),
      bustRate: tally.busts / tally.turns,
      currencyBustShare: tally.busts ? tally.currencyBusts / tally.busts : 0,
      tookNumbersRate: tally.tookNumbers / tally.turns,
      tookCurrencyRate: tally.tookCurrency / tally.turns,
      meanPurchases: tally.purchases / options.games,
      jokers: tally.jokers(),
    };
  },

  format(report: TenReport): string {
    return [
      formatSummary('Ten (score = points from the longest run per colour, T9)', report),
      `turns ending in a bust  ${pct(report.bustRate)}   (by currency cards: ${pct(report.currencyBustShare)} of busts)`,
      `took the numbers        ${pct(report.tookNumbersRate)}`,
      `took the currency       ${pct(report.tookCurrencyRate)}`,
      `market purchases        ${num(report.meanPurchases, 1)} per game`,
      '',
      `Joker auctions (totals over ${num(report.games)} games)`,
      '',
      formatTable(
        [
          { header: 'joker', cell: (r) => JOKER_NAMES[r.kind] },
          { header: 'auctioned', align: 'right', cell: (r) => num(r.auctioned) },
          { header: 'sold', align: 'right', cell: (r) => num(r.sold) },
          { header: 'mean price', align: 'right', cell: (r) => num(r.meanPrice, 2) },
        ],
        report.jokers,
      ),
    ].join('\n');
  },
};
