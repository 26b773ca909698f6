/**
 * Runs the benchmark cases (./bench/cases.ts) and prints the median, min and max of their samples (`--help` lists the flags).
 * Goals are shown for reading, never enforced: timing depends on the machine.
 */
import { runCli, UsageError, type CommandLine } from './lib/cli';
import { intFlag } from './lib/flag-values';
import { formatTable, num } from './lib/table';
import { SAMPLE_MS, runCase } from './bench/measure';
import type { BenchCase, BenchResult } from './bench/types';

const WARMUPS = 2;

const FLAGS = {
  filter: {
    type: 'string',
    value: 'TEXT',
    help: 'run only the cases whose name contains TEXT, in any case (default: every case)',
  },
  samples: {
    type: 'string',
    value: 'N',
    help: `measured samples per case, 5–1000, each ~${SAMPLE_MS} ms after ${WARMUPS} warm-ups (default 7)`,
  },
  json: { type: 'boolean', help: 'print an array of {name, unit, median, min, max}' },
} as const;

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

async function bench({ flags }: CommandLine<typeof FLAGS>): Promise<void> {
  const samples = intFlag('samples', flags.samples, 7, 5, 1000);
  // The cases load every engine, the devnet and the app's server: not for a --help or a mistyped flag.
  const { benchCases } = await import('./bench/cases');
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
    process.stdout.write(
      `${JSON.stringify(
        rows.map((r) => r.result),
        null,
        2,
      )}\n`,
    );
    return;
  }
  process.stdout.write(
    `Node ${process.version}, ${samples} samples of ~${SAMPLE_MS} ms per case after ${WARMUPS} warm-ups\n\n`,
  );
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
}

await runCli({ name: 'bench', synopsis: 'npm run -s bench -- [flags]', flags: FLAGS, main: bench });
