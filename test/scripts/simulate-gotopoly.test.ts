import { beforeAll, describe, expect, it } from 'vitest';
import { playToEnd } from '../../engine/core/play';
import { LONDON, gotopoly, gotopolyBots } from '../../engine/gotopoly';
import type { GotopolyReport } from '../../scripts/simulate/gotopoly';
import { printedJson, simulateRuns, type ScriptRun } from './run-script';

describe('simulate --game gotopoly', () => {
  let report: GotopolyReport;
  let mixed: GotopolyReport;
  let text: ScriptRun;

  beforeAll(async () => {
    const [json, mixedJson, printed] = await simulateRuns(
      'gotopoly',
      ['--players', '3', '--games', '30', '--seed', 'g', '--json'],
      ['--players', '2', '--games', '20', '--bot', 'random,heuristic', '--json'],
      ['--games', '5'],
    );
    report = printedJson(json!);
    mixed = printedJson(mixedJson!);
    text = printed!;
  });

  it('reports the run it was asked for, with the same JSON shape as Tezos Pole', () => {
    expect(report).toMatchObject({
      game: 'gotopoly',
      games: 30,
      players: 3,
      seed: 'g',
      bots: ['normal', 'normal', 'normal'],
    });
    expect(report.winRateBySeat).toHaveLength(3);
    expect(report.winRateBySeat.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(report.meanTurns).toBeGreaterThan(1);
  });

  it('gives the share of games won by a degree (G16) and ended by the time limit (G18); they sum to 1 with retirements', () => {
    const { degree, timeLimit, noStudents } = report.endings;
    expect(degree + timeLimit + noStudents).toBeCloseTo(1, 9);
    expect(degree).toBeGreaterThan(0);
  });

  it('matches playing the same games directly: game i uses seed "<seed>/i"', () => {
    const bots = [gotopolyBots.heuristic, gotopolyBots.heuristic, gotopolyBots.heuristic];
    let terms = 0;
    for (let i = 0; i < 30; i++) terms += playToEnd(gotopoly, { players: 3 }, `g/${i}`, bots).state.term;
    expect(report.meanTurns).toBeCloseTo(terms / 30, 9);
  });

  it('has a row for all 40 spaces with landings, rent collected and auction prices', () => {
    expect(report.spaces.map((s) => s.id)).toEqual(LONDON.spaces.map((s) => s.id));
    const landed = report.spaces.reduce((sum, s) => sum + s.landed, 0);
    expect(landed).toBeGreaterThan(30 * 5);
    for (const s of report.spaces) {
      if (s.kind !== 'property') {
        expect(s.rent, s.id).toBe(0);
        expect(s.auctioned, s.id).toBe(0);
        continue;
      }
      expect(s.sold).toBeLessThanOrEqual(s.auctioned);
      if (s.sold === 0) expect(s.meanPrice).toBeNull();
      else expect(s.meanPrice).toBeGreaterThan(0);
    }
    // The opening auction alone sells 6 properties a game (unless bids tie).
    expect(report.spaces.reduce((sum, s) => sum + s.sold, 0)).toBeGreaterThan(30 * 4);
    expect(report.spaces.reduce((sum, s) => sum + s.rent, 0)).toBeGreaterThan(0);
  });

  it('takes one bot per seat', () => {
    expect(mixed.bots).toEqual(['random', 'heuristic']);
    // The heuristic student wins most games against the random one.
    expect(mixed.winRateBySeat[1]).toBeGreaterThan(mixed.winRateBySeat[0]!);
  });

  it('prints the summary, how games ended, and the space table with every space name', () => {
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Gotopoly on the London board');
    expect(text.stdout).toContain('won with a degree (G16)');
    expect(text.stdout).toContain('ended by the time limit (G18)');
    for (const space of LONDON.spaces) expect(text.stdout).toContain(space.name);
    expect(text.stdout).toMatch(/mean price £/);
  });
});
