import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { playToEnd } from '../../engine/core/play';
import { GENESIS, pole, poleBots } from '../../engine/pole';
import type { PoleReport } from '../../scripts/simulate/pole';
import { printedJson, runScript, type ScriptRun } from './run-script';

type Report = PoleReport;

const simulate = (...args: string[]) => runScript('simulate.ts', args);
const small = ['--game', 'pole', '--players', '3', '--games', '20'];

const parse = (run: ScriptRun): Report => printedJson<Report>(run);

describe('simulate --json', () => {
  let first: ScriptRun;
  let again: ScriptRun;
  let other: ScriptRun;
  let report: Report;

  beforeAll(async () => {
    [first, again, other] = await Promise.all([
      simulate(...small, '--seed', 'alpha', '--json'),
      simulate(...small, '--seed', 'alpha', '--json'),
      simulate(...small, '--seed', 'beta', '--json'),
    ]);
    report = parse(first);
  });

  it('reports the run it was asked for', () => {
    expect(report).toMatchObject({
      game: 'pole',
      games: 20,
      players: 3,
      seed: 'alpha',
      bots: ['normal', 'normal', 'normal'],
    });
    expect(report.meanTurns).toBeGreaterThan(0);
    expect(Number.isInteger(report.p95Turns)).toBe(true);
    expect(report.meanActions).toBeGreaterThanOrEqual(report.meanTurns);
    expect(report.meanScore).toBeGreaterThan(0);
  });

  it('gives every seat and every turn-order position a win rate, and the rates sum to 1 (shared wins split)', () => {
    expect(report.winRateBySeat).toHaveLength(3);
    expect(report.winRateByTurnOrder).toHaveLength(3);
    expect(report.winRateBySeat.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(report.winRateByTurnOrder.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    for (const rate of report.winRateBySeat) expect(rate).toBeGreaterThanOrEqual(0);
  });

  it('has a row for every tile of Genesis, artist tiles with their card data', () => {
    expect(report.tiles.map((t) => t.id)).toEqual(GENESIS.tiles.map((t) => t.id));
    const artists = report.tiles.filter((t) => t.kind === 'artist');
    expect(artists.map((t) => t.id)).toEqual(GENESIS.tiles.filter((t) => t.kind === 'artist').map((t) => t.id));
    for (const row of artists) {
      expect(row).toMatchObject({
        artist: expect.any(String),
        price: expect.any(Number),
        multiplier: expect.any(Number),
        editionSize: expect.any(Number),
      });
    }
  });

  it('keeps the per-tile figures consistent: bought ≤ landed, spent = bought × price, royalty/Tz = royalties ÷ spent', () => {
    const artists = report.tiles.filter((t) => t.kind === 'artist');
    expect(artists.some((t) => t.bought! > 0)).toBe(true);
    expect(artists.some((t) => t.royalties! > 0)).toBe(true);
    for (const row of artists) {
      expect(row.bought!).toBeLessThanOrEqual(row.landed);
      expect(row.spent).toBe(row.bought! * row.price!);
      if (row.spent === 0) expect(row.royaltyPerTz).toBeNull();
      else expect(row.royaltyPerTz).toBeCloseTo(row.royalties! / row.spent!, 12);
    }
    expect(report.tiles.reduce((sum, t) => sum + t.landed, 0)).toBeGreaterThanOrEqual(report.meanTurns * report.games);
  });

  it('prints the same report for the same seed, and a different one for another seed', () => {
    expect(again.stdout).toBe(first.stdout);
    expect(parse(other).seed).toBe('beta');
    expect(other.stdout).not.toBe(first.stdout);
  });

  it('plays game i with seed "<seed>/i", so one game of a run can be replayed alone', async () => {
    const single = parse(
      await simulate('--players', '3', '--games', '1', '--seed', 'alpha', '--bot', 'random', '--json'),
    );
    const game0 = playToEnd(pole, { players: 3 }, 'alpha/0', new Array(3).fill(poleBots.random));
    expect(single.meanTurns).toBe(game0.state.turn);
    expect(single.meanActions).toBe(game0.record.actions.length);
    expect(single.winRateBySeat).toEqual(
      [0, 1, 2].map((s) => (game0.outcome.winners.includes(s) ? 1 / game0.outcome.winners.length : 0)),
    );
  });

  it('takes one bot per seat', async () => {
    const mixed = parse(await simulate('--players', '3', '--games', '2', '--bot', 'random,heuristic,random', '--json'));
    expect(mixed.bots).toEqual(['random', 'heuristic', 'random']);
  });
});

describe('simulate (tables)', () => {
  it('prints the summary, the seat table and the tile table with every artist title', async () => {
    const run = await simulate(...small, '--seed', 'alpha');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('20 games, 3 players');
    expect(run.stdout).toContain('seed "alpha/i"');
    for (const header of [
      'seat',
      'win rate',
      'mean score',
      'turn order',
      'landed',
      'bought',
      'royalties Tz',
      'spent Tz',
      'royalty/Tz',
    ]) {
      expect(run.stdout).toContain(header);
    }
    for (const tile of GENESIS.tiles) if (tile.kind === 'artist') expect(run.stdout).toContain(tile.title);
  });
});

describe('simulate --board', () => {
  const dir = mkdtempSync(join(tmpdir(), 'simulate-test-'));
  const boardFile = (name: string, content: string) => {
    const file = join(dir, name);
    writeFileSync(file, content);
    return file;
  };

  it('plays on a valid board file', async () => {
    const board = { ...GENESIS, id: 'renamed', name: 'Renamed' };
    const report = parse(
      await simulate('--games', '3', '--board', boardFile('ok.json', JSON.stringify(board)), '--json'),
    );
    expect(report.games).toBe(3);
    expect(report).toMatchObject({ board: { id: 'renamed', name: 'Renamed' } });
  });

  it('refuses a board with a bad tile, naming the tile and the field', async () => {
    const tiles = GENESIS.tiles.map((t) => (t.id === 'salt-flats-3' ? { ...t, price: -5 } : t));
    const run = await simulate('--games', '3', '--board', boardFile('bad.json', JSON.stringify({ ...GENESIS, tiles })));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/tile 4 "salt-flats-3": price/);
  });

  it('refuses a file that is not JSON, or missing', async () => {
    const [notJson, missing] = await Promise.all([
      simulate('--board', boardFile('broken.json', '{ "id": ')),
      simulate('--board', join(dir, 'nope.json')),
    ]);
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toContain('cannot read board');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('nope.json');
  });
});

// Each case is a separate process doing almost nothing: run them side by side (context `expect` for concurrency).
describe.concurrent('simulate with bad arguments', () => {
  it.for([
    [['--players', '7'], '--players must be a whole number from 2 to 6'],
    [['--players', '1'], '--players must be a whole number from 2 to 6'],
    [['--games', '0'], '--games must be a whole number at least 1'],
    [['--games'], '--games needs a value'],
    [['--frobnicate'], 'unknown flag --frobnicate'],
    [['--bot', 'genius'], '--bot must name'],
    [['--players', '3', '--bot', 'random,heuristic'], '--bot lists 2 bots for 3 players'],
    [['extra'], 'unexpected argument "extra"'],
  ] as const)('%j → exit 2 with a one-line error and the usage', async ([args, message], { expect }) => {
    const run = await simulate(...args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const [first, blank, usage] = run.stderr.split('\n');
    expect(first).toContain(message);
    expect(blank).toBe('');
    expect(usage).toMatch(/^Usage: /);
  });

  it('--game chess → exit 2, naming the games there are', async ({ expect }) => {
    const run = await simulate('--game', 'chess');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--game must be .*pole.*gotopoly.*ten/);
  });

  it('--board does not apply to gotopoly (its board is the fixed London board)', async ({ expect }) => {
    const run = await simulate('--game', 'gotopoly', '--board', 'whatever.json');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--board does not apply to gotopoly');
  });

  it('--help prints the usage, which documents the per-game seeds', async ({ expect }) => {
    const run = await simulate('--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: /);
    expect(run.stdout).toContain('"<seed>/i"');
  });
});
