import { seedCommitment, SEED_COMMITMENT_PREFIX } from '../../engine/core';
import styles from './seed-facts.module.css';

/**
 * The game's seed as far as it may be known: while the game runs, only its commitment (the seed fixes every roll and
 * draw, so it is hidden information); once the game is over, the seed beside it, checked here in the browser.
 */
export function SeedFacts({ commitment, seed }: { commitment: string; seed: string | null }) {
  const matches = seed !== null && seedCommitment(seed) === commitment;
  return (
    <section className={styles.facts} aria-label="Seed" data-testid="seed-facts">
      <p>
        Seed commitment (SHA-256 of “{SEED_COMMITMENT_PREFIX}” and the seed): <code data-testid="seed-commitment">{commitment}</code>
      </p>
      {seed === null ? (
        <p>The seed is revealed when the game ends: it fixes every roll and draw, so nobody may know it before.</p>
      ) : (
        <p>
          Seed: <code data-testid="seed">{seed}</code> —{' '}
          {matches ? <span className={styles.match}>it matches the commitment shown during the game.</span> : <span className={styles.mismatch}>it does not match the commitment.</span>}
        </p>
      )}
    </section>
  );
}
