/**
 * Setup of every project: fast-check's properties draw from one fixed seed, so a run of the suite tries the same
 * inputs every time and a failure in CI is a failure on every machine, not a lottery. Exploring is a deliberate act:
 * `PROPERTY_SEED=random` draws a fresh seed (printed with any counterexample), `PROPERTY_SEED=<n>` replays one.
 */
import fc from 'fast-check';

const asked = process.env.PROPERTY_SEED;
/** The seed the suite's properties run from unless the environment names another. */
const SUITE_SEED = 20_261_207;

if (asked !== 'random') {
  const seed = asked === undefined || asked === '' ? SUITE_SEED : Number(asked);
  if (!Number.isSafeInteger(seed)) throw new Error(`PROPERTY_SEED must be an integer or "random", not "${asked}"`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
}
