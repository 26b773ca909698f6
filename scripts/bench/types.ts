/**
 * One benchmark: `prepare` does the setup that must not be timed and returns the sampler; each call of the
 * sampler measures one sample in `unit`. `bench.ts` warms the sampler up, then takes several samples.
 */
export interface BenchCase {
  readonly name: string;
  readonly unit: string;
  /** The figure the code aims at, shown beside the result; a goal, not a test. */
  readonly goal?: { readonly atLeast: number } | { readonly atMost: number };
  /** Synchronous cases return the sampler; asynchronous ones (a devnet over HTTP) a promise of one. */
  prepare(): Sampler | Promise<Sampler>;
  /** Releases what `prepare` started (servers), after the samples. */
  teardown?(): Promise<void>;
}

export type Sampler = () => number | Promise<number>;

/** The summary of one case's samples; `--json` prints an array of these. */
export interface BenchResult {
  readonly name: string;
  readonly unit: string;
  readonly median: number;
  readonly min: number;
  readonly max: number;
}
