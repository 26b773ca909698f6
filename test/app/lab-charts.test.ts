/**
 * The balance lab's charts, rendered with react-dom/server: x labels that would not fit under their bars
 * are turned, the win-rate charts draw the fair share 1/n, two tiles of one title get distinct labels, and every
 * chart is an image with a title and a description and its figures in a table.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BalanceLabReport, LabTile } from '../../server/studio/balance-lab';
import { LabCharts } from '../../ui/studio/lab-panel';

const tile = (index: number, title: string, royaltyPerTz: number | null): LabTile => ({
  index,
  id: `tile-${index}`,
  title,
  artist: 'Rafa Quintero',
  price: 120,
  multiplier: 2,
  editionSize: 1,
  landed: 10,
  bought: 2,
  royalties: 60,
  spent: 240,
  royaltyPerTz,
});

function report(tiles: readonly LabTile[], winRateBySeat: readonly number[]): BalanceLabReport {
  return {
    board: { id: 'b', name: 'B' },
    games: 400,
    players: winRateBySeat.length,
    bots: winRateBySeat.map(() => 'heuristic'),
    seed: 'lab/b',
    tiles,
    winRateBySeat,
    winRateByTurnOrder: [...winRateBySeat].reverse(),
    length: {
      unit: 'rounds',
      mean: 21,
      min: 12,
      max: 30,
      histogram: [
        { from: 12, to: 20, count: 150 },
        { from: 21, to: 30, count: 250 },
      ],
    },
  };
}

/** The rendered charts, one markup string per <figure>. */
const figures = (r: BalanceLabReport): string[] =>
  renderToStaticMarkup(createElement(LabCharts, { report: r }))
    .split('<figure')
    .slice(1);

/** The SVG texts that label bars (their text begins with one of `names`): their text and their rotation, if any. */
function xLabels(figure: string, names: readonly string[]): { text: string; rotate: string | null }[] {
  const svg = figure.slice(0, figure.indexOf('</svg><table'));
  return [...svg.matchAll(/<text([^>]*)>(?:<tspan[^>]*>)?([^<]*)</g)]
    .filter((m) => names.some((n) => m[2]!.startsWith(n.slice(0, 10))))
    .map((m) => ({ text: m[2]!, rotate: /transform="(rotate\([^"]*\))"/.exec(m[1]!)?.[1] ?? null }));
}

/** The `y` attribute of the bar drawn for `key` and of the fair-share line, in the plot's coordinates. */
const barTop = (figure: string, key: string): number =>
  Number(new RegExp(`<rect[^>]* y="([^"]+)"[^>]* data-key="${key}"`).exec(figure)?.[1]);
function referenceLine(figure: string): { y1: number; y2: number; x2: number; label: string } | null {
  const m =
    /data-testid="chart-reference"[^>]*><line[^>]* y1="([^"]+)" x2="([^"]+)" y2="([^"]+)"[^>]*><\/line><text[^>]*>([^<]*)<\/text>/.exec(
      figure,
    );
  return m ? { y1: Number(m[1]), x2: Number(m[2]), y2: Number(m[3]), label: m[4]! } : null;
}

const GENESIS_LIKE = [
  tile(1, 'Harbour at Block Zero', 0.4),
  tile(3, 'Sunfold', 1.25),
  tile(4, 'Cathedral of Blocks', 0.8),
  tile(6, 'Last Light Protocol', null),
  tile(8, 'Sunfold', 0.3),
  tile(9, 'Noise from a Dead Channel', 0.9),
  tile(11, 'Eight Moons', 0.7),
  tile(12, 'Textile Motherboard', 0.6),
  tile(14, 'Fruit Trees in Refracted Light', 0.5),
  tile(15, 'Shadows at Noon', 1.1),
];

describe('the balance lab’s charts', () => {
  it('turns x labels that would not fit under their bars, and leaves short ones level', () => {
    // Six tiles: a narrow chart, where long titles side by side would run into each other.
    const six = GENESIS_LIKE.slice(0, 6);
    const [tiles, seats] = figures(report(six, [0.25, 0.25, 0.25, 0.25]));
    const turned = xLabels(
      tiles!,
      six.map((t) => t.title),
    );
    expect(turned).toHaveLength(six.length);
    for (const label of turned) expect(label.rotate).toMatch(/^rotate\(-40, /);
    const level = xLabels(seats!, ['Seat ']);
    expect(level.map((l) => l.text)).toEqual(['Seat 1', 'Seat 2', 'Seat 3', 'Seat 4']);
    for (const label of level) expect(label.rotate).toBeNull();
  });

  it('tells two tiles of one title apart by their place on the board, on the chart and in its table', () => {
    const [tiles] = figures(report(GENESIS_LIKE, [0.5, 0.5]));
    const texts = xLabels(
      tiles!,
      GENESIS_LIKE.map((t) => t.title),
    ).map((l) => l.text);
    expect(texts).toContain('Sunfold (#3)');
    expect(texts).toContain('Sunfold (#8)');
    expect(texts).toContain('Cathedral of Blocks');
    expect(new Set(texts).size).toBe(texts.length);
    expect(tiles).toContain('<th scope="row">Sunfold (#3)</th><td>1.25</td>');
    expect(tiles).toContain('<th scope="row">Sunfold (#8)</th><td>0.30</td>');
  });

  it('draws the fair share 1/n across both win-rate charts, at the height of a bar that wins 1/n of the games', () => {
    const [royalty, bySeat, byOrder, lengths] = figures(report(GENESIS_LIKE, [0.25, 0.4, 0.2, 0.15]));
    expect(referenceLine(royalty!)).toBeNull();
    expect(referenceLine(lengths!)).toBeNull();
    for (const figure of [bySeat!, byOrder!]) {
      const line = referenceLine(figure)!;
      expect(line.label).toBe('Fair share 25%');
      expect(line.y1).toBe(line.y2);
      expect(line.x2).toBeGreaterThan(0);
    }
    // Seat 1 won exactly a quarter of the games: its bar reaches the line.
    expect(barTop(bySeat!, '0')).toBeCloseTo(referenceLine(bySeat!)!.y1, 6);
    expect(barTop(byOrder!, '3')).toBeCloseTo(referenceLine(byOrder!)!.y1, 6);

    const three = figures(report(GENESIS_LIKE, [0.5, 1 / 3, 1 / 6]))[1]!;
    expect(referenceLine(three)!.label).toBe('Fair share 33%');
    expect(barTop(three, '1')).toBeCloseTo(referenceLine(three)!.y1, 6);
  });

  it('gives every chart a title, a description and its figures as a table', () => {
    for (const figure of figures(report(GENESIS_LIKE, [0.25, 0.4, 0.2, 0.15]))) {
      const svg = /<svg[^>]* role="img" aria-labelledby="([^" ]+) ([^"]+)"/.exec(figure);
      expect(svg).not.toBeNull();
      expect(figure).toMatch(new RegExp(`<title id="${svg![1]}">[^<]+</title><desc id="${svg![2]}">[^<]+</desc>`));
      expect(figure).toMatch(/<table[^>]*><caption>[^<]+<\/caption>/);
    }
    const bySeat = figures(report(GENESIS_LIKE, [0.25, 0.4, 0.2, 0.15]))[1]!;
    expect(bySeat).toContain('<desc id="');
    expect(bySeat).toContain('The dashed line is the fair share of 25%: one game in 4 for each seat.</desc>');
  });
});
