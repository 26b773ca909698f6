import { describe, expect, it } from 'vitest';
import { printedJson, runScript } from './run-script';

// Shape only: timings depend on the machine and are never asserted.
describe('bench', () => {
  it('--json --filter prints an array of {name, unit, median, min, max} for the matching cases', async () => {
    const run = await runScript('bench.ts', ['--json', '--filter', 'stateHash', '--samples', '5']);
    const results = printedJson<Record<string, unknown>[]>(run);
    expect(results).toHaveLength(1);
    const [result] = results;
    expect(Object.keys(result!).sort()).toEqual(['max', 'median', 'min', 'name', 'unit']);
    expect(result).toMatchObject({ name: expect.stringContaining('stateHash'), unit: 'ms' });
    const { min, median, max } = result as { min: number; median: number; max: number };
    expect(min).toBeLessThanOrEqual(median);
    expect(median).toBeLessThanOrEqual(max);
  });

  it('a filter that matches nothing, or too few samples, is a usage error', async () => {
    const [none, few] = await Promise.all([
      runScript('bench.ts', ['--filter', 'no-such-benchmark']),
      runScript('bench.ts', ['--samples', '2']),
    ]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('matches no benchmark');
    expect(few.code).toBe(2);
    expect(few.stderr).toContain('--samples must be a whole number from 5');
  });
});
