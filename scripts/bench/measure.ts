import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { max, median, min } from '../lib/stats';
import type { BenchCase, BenchResult } from './types';

/** How long one sample runs: long enough to swamp timer resolution and GC noise, short enough for ≥ 5 samples. */
export const SAMPLE_MS = 250;

/** Calls `step` until SAMPLE_MS have passed; `step` returns how much work it did. */
function loop(step: () => number): { work: number; ms: number } {
  const start = performance.now();
  let work = 0;
  for (;;) {
    work += step();
    const ms = performance.now() - start;
    if (ms >= SAMPLE_MS) return { work, ms };
  }
}

/** Work per second, where `once` returns how much work it did (1 per game, or the actions it applied). */
export function throughput(once: () => number): number {
  const { work, ms } = loop(once);
  return (work * 1000) / ms;
}

/** Mean milliseconds per call of `once`. */
export function latency(once: () => void): number {
  const { work, ms } = loop(() => {
    once();
    return 1;
  });
  return ms / work;
}

/** Mean milliseconds per call of an asynchronous `once` (a request and its reply). */
export async function latencyAsync(once: () => Promise<void>): Promise<number> {
  const start = performance.now();
  let calls = 0;
  for (;;) {
    await once();
    calls++;
    const ms = performance.now() - start;
    if (ms >= SAMPLE_MS) return ms / calls;
  }
}

/** Warm-up samples (JIT, caches) are taken and discarded before the measured ones. */
export async function runCase(bench: BenchCase, samples: number, warmups: number): Promise<BenchResult> {
  const sample = await bench.prepare();
  try {
    for (let i = 0; i < warmups; i++) await sample();
    const values: number[] = [];
    for (let i = 0; i < samples; i++) values.push(await sample());
    return { name: bench.name, unit: bench.unit, median: median(values), min: min(values), max: max(values) };
  } finally {
    await bench.teardown?.();
  }
}

/** Forces a full collection (V8's `gc`, exposed at run time) and answers the JS heap in use, in bytes. */
export function heapAfterGc(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}
