/**
 * Runs the benchmark cases (./bench/cases.ts) and prints the median, min and max of their samples (see USAGE).
 * Goals are shown for reading, never enforced: timing depends on the machine.
 */
import { intFlag, parseFlags } from './lib/args';
import { UsageError, runCli } from './lib/cli';
import { formatTable, num } from './lib/table';
import { benchCases } from './bench/cases';
import { SAMPLE_MS, runCase } from './bench/measure';
import type { BenchCase, BenchResult } from './bench/types';

const WARMUPS = 2;

const USAGE = `usage: npm run -s bench -- [--filter TEXT] [--samples N] [--json]

  --filter   run only the cases whose name contains TEXT (case-insensitive)
  --samples  measured samples per case, ≥ 5 (default 7); each sample runs ~${SAMPLE_MS} ms after ${WARMUPS} warm-up samples
  --json     print an array of {name, unit, median, min, max}
`;

const FLAGS = { filter: 'string', samples: 'string', json: 'boolean', help: 'boolean' } as const;

function goalText(bench: BenchCase): string {
  if (!bench.goal) return '';
  // A whole goal as it is, a fraction (a ratio's 1.8) with its decimals.
  const shown = (n: number) => num(n, Number.isInteger(n) ? 0 : 2);
  return 'atLeast' in bench.goal ? `≥ ${shown(bench.goal.atLeast)}` : `≤ ${shown(bench.goal.atMost)}`;
}

function goalMet(bench: BenchCase, median: number): string {
  if (!bench.goal) return '';
  return ('atLeast' in bench.goal ? median >= bench.goal.atLeast : median <= bench.goal.atMost) ? 'yes' : 'NO';
}

/** Throughputs are large numbers, latencies small: pick decimals so both read well. */
const value = (n: number) => num(n, n >= 100 ? 0 : n >= 10 ? 1 : 2);

await runCli('bench', USAGE, async () => {
  const flags = parseFlags(process.argv.slice(2), FLAGS);
  if (flags.help) {
    process.stdout.write(USAGE);
    return;
  }
  const samples = intFlag('samples', flags.samples, 7, 5, 1000);
  const filter = flags.filter?.toLowerCase();
  const selected = benchCases.filter((c) => filter === undefined || c.name.toLowerCase().includes(filter));
  if (selected.length === 0) throw new UsageError(`--filter "${flags.filter}" matches no benchmark`);

  const rows: { bench: BenchCase; result: BenchResult }[] = [];
  for (const bench of selected) {
    rows.push({ bench, result: await runCase(bench, samples, WARMUPS) });
    // A full run takes several seconds: show progress to a person, never into a pipe or a test.
    if (process.stderr.isTTY) process.stderr.write(`done: ${bench.name}\n`);
  }
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(rows.map((r) => r.result), null, 2)}\n`);
    return;
  }
  process.stdout.write(`Node ${process.version}, ${samples} samples of ~${SAMPLE_MS} ms per case after ${WARMUPS} warm-ups\n\n`);
  process.stdout.write(
    formatTable(
      [
        { header: 'benchmark', cell: (r) => r.bench.name },
        { header: 'unit', cell: (r) => r.result.unit },
        { header: 'median', align: 'right', cell: (r) => value(r.result.median) },
        { header: 'min', align: 'right', cell: (r) => value(r.result.min) },
        { header: 'max', align: 'right', cell: (r) => value(r.result.max) },
        { header: 'goal', align: 'right', cell: (r) => goalText(r.bench) },
        { header: 'met', cell: (r) => goalMet(r.bench, r.result.median) },
      ],
      rows,
    ),
  );
});
