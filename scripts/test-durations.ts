/**
 * `npm run test:durations -- --report FILE`: writes test/durations.json, each test file's duration in a run (from
 * Vitest's JSON report, as `.ci/run` writes it). The sequencer (test/sequencer.ts) starts the longest files first
 * by it on a clone whose Vitest cache is empty — CI's — so a slow file does not start last and hold the run up alone.
 * Stale figures only change the order, never a result: run it again when the suite's shape changes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CliError, runCli } from './lib/cli';

const reportSchema = z.object({
  testResults: z.array(z.object({ name: z.string(), startTime: z.number(), endTime: z.number() })),
});

const ROOT = path.resolve(import.meta.dirname, '..');
const DURATIONS_FILE = path.join(ROOT, 'test', 'durations.json');

await runCli({
  name: 'test:durations',
  synopsis: 'npm run test:durations -- --report FILE',
  flags: {
    report: { type: 'string', value: 'FILE', help: "Vitest's JSON report (default test-results/vitest-report.json)" },
  },
  main: ({ flags }) => {
    const file = path.resolve(flags.report ?? path.join(ROOT, 'test-results', 'vitest-report.json'));
    let report: z.infer<typeof reportSchema>;
    try {
      report = reportSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    } catch (err) {
      throw new CliError(`${file} is not a Vitest JSON report: ${err instanceof Error ? err.message : String(err)}`);
    }
    // By the path from the checkout's root, whichever checkout ran them (every test file lives in test/).
    const fromRoot = (file: string): string => file.slice(file.lastIndexOf('/test/') + 1);
    const durations = Object.fromEntries(
      report.testResults
        .map((t) => [fromRoot(t.name), Math.round((t.endTime - t.startTime) / 100) / 10] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    writeFileSync(DURATIONS_FILE, `${JSON.stringify(durations, null, 2)}\n`);
    process.stdout.write(`${path.relative(ROOT, DURATIONS_FILE)}: ${Object.keys(durations).length} files\n`);
  },
});
