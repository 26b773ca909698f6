/** Mutez as tez for people, to the mutez: 12.5, 3.996146, 0.000001 (a deposit or a cost is shown as it is paid). */
export const tezAmount = (mutez: number): string =>
  (mutez / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 6 });
