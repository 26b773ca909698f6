import { beforeAll, describe, expect, it } from 'vitest';
import { playToEnd } from '../../engine/core/play';
import { ten, tenBots } from '../../engine/ten';
import type { TenReport } from '../../scripts/simulate/ten';
import { printedJson, simulateRuns, type ScriptRun } from './run-script';

describe('simulate --game ten', () => {
  let report: TenReport;
  let solo: TenReport;
  let text: ScriptRun;

  beforeAll(async () => {
    const [json, soloJson, printed] = await simulateRuns(
      'ten',
      ['--players', '3', '--games', '40', '--seed', 't', '--json'],
      ['--players', '1', '--games', '10', '--bot', 'random', '--json'],
      ['--games', '5'],
    );
    report = printedJson(json!);
    solo = printedJson(soloJson!);
    text = printed!;
  });

  it("reports the run with the shared JSON shape and Ten's figures: bust rate, mean final score, joker auction prices", () => {
    expect(report).toMatchObject({ game: 'ten', games: 40, players: 3, bots: ['normal', 'normal', 'normal'] });
    expect(report.winRateBySeat.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(report.bustRate).toBeGreaterThan(0);
    expect(report.bustRate + report.tookNumbersRate + report.tookCurrencyRate).toBeCloseTo(1, 9);
    expect(report.meanScore).toBeGreaterThan(0);
    expect(report.jokers.map((j) => j.kind)).toEqual(['colourJoker', 'whiteJoker', 'wild']);
    for (const j of report.jokers) {
      // T1/T2: 8 colour jokers, 9 white numbered jokers and the wild in every game, each auctioned once when drawn.
      expect(j.auctioned).toBe(40 * { colourJoker: 8, whiteJoker: 9, wild: 1 }[j.kind]!);
      expect(j.sold).toBeLessThanOrEqual(j.auctioned);
      if (j.sold) expect(j.meanPrice).toBeGreaterThanOrEqual(1);
    }
  });

  it('matches playing the same games directly: game i uses seed "<seed>/i"', () => {
    const bots = [tenBots.heuristic, tenBots.heuristic, tenBots.heuristic];
    let score = 0;
    for (let i = 0; i < 40; i++) {
      const { outcome } = playToEnd(ten, { players: 3 }, `t/${i}`, bots);
      score += outcome.standings.reduce((sum, s) => sum + s.score, 0) / 3;
    }
    expect(report.meanScore).toBeCloseTo(score / 40, 9);
  });

  it('plays solo (T10) with one seat', () => {
    expect(solo).toMatchObject({ players: 1, bots: ['random'] });
    expect(solo.winRateBySeat).toEqual([1]);
  });

  it('prints the summary, the turn figures and the joker auction table', () => {
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Ten (score');
    expect(text.stdout).toContain('turns ending in a bust');
    expect(text.stdout).toContain('white # (wild)');
    expect(text.stdout).toMatch(/mean price/);
  });
});
