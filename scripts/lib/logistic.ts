/**
 * Weighted logistic regression with an L2 penalty, fitted by Newton's method. Hand-written because the fit is tiny
 * (a few features, thousands of rows) and needs per-row weights, which the small JS packages for it do not take;
 * the whole method is the gradient and Hessian below and a linear solve.
 */

export interface LogisticFit {
  /** The intercept, in the features' own units. */
  readonly bias: number;
  /** One weight per feature, in the features' own units: predict 1 when bias + Σ weight × x ≥ 0. */
  readonly weights: readonly number[];
}

export interface LogisticOptions {
  /** The penalty on the standardized weights (not the intercept); larger is smoother. Default 0.01. */
  readonly penalty?: number;
  readonly maxIterations?: number;
}

/**
 * Fits P(y = 1 | x) = σ(bias + weights · x), each row counting `weight[i]` times. The features are standardized for
 * the fit (so the penalty treats them alike) and the result is given back in their own units.
 * @throws when the rows are empty or of different lengths.
 */
export function fitLogistic(
  xs: readonly (readonly number[])[],
  ys: readonly (0 | 1)[],
  rowWeights: readonly number[],
  options: LogisticOptions = {},
): LogisticFit {
  const n = xs.length;
  if (n === 0 || ys.length !== n || rowWeights.length !== n) throw new Error('fitLogistic: rows and labels differ');
  const d = xs[0]!.length;
  const penalty = options.penalty ?? 0.01;
  // Standardized by the rows' weighted mean and spread, so a row of weight 0 counts for nothing at all.
  const total = rowWeights.reduce((sum, w) => sum + w, 0);
  if (!(total > 0)) throw new Error('fitLogistic: every row weighs nothing');
  const mean = new Array<number>(d).fill(0);
  const sd = new Array<number>(d).fill(0);
  xs.forEach((x, r) => x.forEach((v, j) => (mean[j]! += (rowWeights[r]! * v) / total)));
  xs.forEach((x, r) => x.forEach((v, j) => (sd[j]! += (rowWeights[r]! * (v - mean[j]!) ** 2) / total)));
  for (let j = 0; j < d; j++) sd[j] = Math.sqrt(sd[j]!) || 1;
  // Standardized rows with a leading 1 for the intercept.
  const rows = xs.map((x) => [1, ...x.map((v, j) => (v - mean[j]!) / sd[j]!)]);
  const beta = new Array<number>(d + 1).fill(0);
  for (let iteration = 0; iteration < (options.maxIterations ?? 100); iteration++) {
    const gradient = beta.map((b, j) => (j === 0 ? 0 : penalty * b));
    const hessian = beta.map((_, i) => beta.map((__, j) => (i === j && i > 0 ? penalty : 0)));
    for (let r = 0; r < n; r++) {
      const row = rows[r]!;
      let z = 0;
      for (let j = 0; j <= d; j++) z += beta[j]! * row[j]!;
      const p = 1 / (1 + Math.exp(-z));
      const w = rowWeights[r]!;
      const residual = w * (p - ys[r]!);
      const curvature = w * p * (1 - p);
      for (let i = 0; i <= d; i++) {
        gradient[i]! += residual * row[i]!;
        for (let j = 0; j <= i; j++) hessian[i]![j]! += curvature * row[i]! * row[j]!;
      }
    }
    for (let i = 0; i <= d; i++) for (let j = i + 1; j <= d; j++) hessian[i]![j] = hessian[j]![i]!;
    const step = solve(hessian, gradient);
    let largest = 0;
    for (let j = 0; j <= d; j++) {
      beta[j]! -= step[j]!;
      largest = Math.max(largest, Math.abs(step[j]!));
    }
    if (largest < 1e-9) break;
  }
  const weights = mean.map((_, j) => beta[j + 1]! / sd[j]!);
  const bias = beta[0]! - weights.reduce((sum, w, j) => sum + w * mean[j]!, 0);
  return { bias, weights };
}

/** Solves A x = b by Gaussian elimination with partial pivoting (A is small and, here, positive definite). */
function solve(a: readonly (readonly number[])[], b: readonly number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const lead = m[col]![col]!;
    if (lead === 0) throw new Error('fitLogistic: the features are linearly dependent');
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const factor = m[r]![col]! / lead;
      if (factor === 0) continue;
      for (let c = col; c <= n; c++) m[r]![c]! -= factor * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}
