/** `npm run fit:collector` and the logistic regression under it (scripts/fit/collector-fit.ts, scripts/lib/logistic.ts). */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fitLogistic } from '../../scripts/lib/logistic';
import { FEATURES } from '../../scripts/fit/collector-fit';
import { runScript } from './run-script';

/** Points on a grid, labelled by which side of 2x − y + 0.5 = 0 they lie. */
function grid(): { xs: number[][]; ys: (0 | 1)[] } {
  const xs: number[][] = [];
  for (let i = -10; i <= 10; i++) for (let j = -10; j <= 10; j++) xs.push([i / 4, j / 4]);
  return { xs, ys: xs.map(([x, y]) => (2 * x! - y! + 0.5 > 0 ? 1 : 0)) };
}

const side = (fit: { bias: number; weights: readonly number[] }, x: readonly number[]) =>
  fit.bias + fit.weights.reduce((sum, w, j) => sum + w * x[j]!, 0) >= 0 ? 1 : 0;

describe('fitLogistic', () => {
  it('finds the line that separates two classes, in the features’ own units', () => {
    const { xs, ys } = grid();
    const fit = fitLogistic(
      xs,
      ys,
      xs.map(() => 1),
    );
    expect(xs.filter((x, i) => side(fit, x) !== ys[i]).length).toBe(0);
    // The boundary's direction: weight on y is minus half the weight on x.
    expect(fit.weights[1]! / fit.weights[0]!).toBeCloseTo(-0.5, 1);
  });

  it('a row of weight 0 changes nothing; a heavy row pulls the boundary towards it', () => {
    const { xs, ys } = grid();
    const ones = xs.map(() => 1);
    const base = fitLogistic(xs, ys, ones);
    const withIgnored = fitLogistic([...xs, [2, -2]], [...ys, 0], [...ones, 0]);
    expect(withIgnored.bias).toBeCloseTo(base.bias, 6);
    expect(withIgnored.weights[0]).toBeCloseTo(base.weights[0]!, 6);
    // The same wrong-side row, weighted heavily, is now on the fitted rule's side it claims.
    const pulled = fitLogistic([...xs, [0.4, 0]], [...ys, 0], [...ones, 500]);
    expect(side(base, [0.4, 0])).toBe(1);
    expect(side(pulled, [0.4, 0])).toBe(0);
  });

  it('refuses rows and labels of different lengths', () => {
    expect(() => fitLogistic([[1]], [1, 0], [1])).toThrow(/rows and labels differ/);
  });
});

describe('npm run fit:collector', () => {
  it('labels the offers of a few games, fits, reports the regret and win shares, and writes a rule module', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'fit-collector-')), 'collector-rule.ts');
    const run = await runScript('fit-collector.ts', ['--games', '5', '--rollouts', '4', '--check', '40', '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\d+ offers in 5 games, 4 paired rollouts each/);
    expect(run.stdout).toMatch(/regret per game, the rule before: \d+\.\d\d/);
    expect(run.stdout).toMatch(/regret per game, the new rule's fit on games left out of it: \d+\.\d\d/);
    expect(run.stdout).toMatch(/over 40 games: the rule before \d+\.\d\d %, the new rule \d+\.\d\d %/);
    const rule = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as { bias: number; weights: object };
    expect(Object.keys(rule.weights)).toEqual([...FEATURES]);
    const module = readFileSync(out, 'utf8');
    expect(module).toContain('export const COLLECTOR_RULE: BuyRule = {');
    expect(module).toContain(`bias: ${rule.bias},`);
    for (const [name, weight] of Object.entries(rule.weights)) expect(module).toContain(`${name}: ${weight},`);
  });

  it('refuses too few games with the flag’s own message', async () => {
    const run = await runScript('fit-collector.ts', ['--games', '2']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--games must be a whole number at least 5, not "2"');
  });
});
