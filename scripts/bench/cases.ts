import { devnetCases } from './devnet';
import { fa2GasCases } from './fa2-gas';
import { michelsonCases } from './michelson';
import { poleCases } from './pole';
import type { BenchCase } from './types';

/** Every benchmark, in report order. Later benchmarks (Michelson VM, devnet RPC, SSE) add their list here. */
export const benchCases: readonly BenchCase[] = [...poleCases, ...michelsonCases, ...devnetCases, ...fa2GasCases];
