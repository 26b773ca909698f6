/** Small descriptive statistics for simulation and benchmark reports. */

export function mean(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Nearest-rank percentile (p in 0–100): always one of the observed values, so "p95 turns" is a real game length. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = values.slice().sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

/** The middle value (mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function min(values: readonly number[]): number {
  return values.reduce((a, b) => Math.min(a, b), Infinity);
}

export function max(values: readonly number[]): number {
  return values.reduce((a, b) => Math.max(a, b), -Infinity);
}
