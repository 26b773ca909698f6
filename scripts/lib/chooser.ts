/** A small deterministic PRNG (xorshift32): the same seed plays the same choices and pauses. */
export function chooser(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}
