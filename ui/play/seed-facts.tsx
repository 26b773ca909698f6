import { seedCommitment, SEED_COMMITMENT_PREFIX } from '../../engine/core';
import type { SeatChainStanding } from './fair-chain';
import styles from './seed-facts.module.css';

/**
 * How the game's rolls are made: provably fair — the server's seed, committed before the first move, mixed
 * with the acting seat's chain link (`chain`: this browser's seat, null for a spectator) — or a plain seed, which
 * decides every roll by itself.
 */
export type SeedMode = { readonly fair: false } | { readonly fair: true; readonly chain: SeatChainStanding | null };

function ChainLine({ chain }: { chain: SeatChainStanding }) {
  switch (chain.kind) {
    case 'held':
      return (
        <p data-chain="held">
          Your rolls mix in your browser’s links: <span data-testid="links-given">{chain.given}</span> given.
        </p>
      );
    case 'registering':
      return (
        <p data-chain="registering">
          Your browser is registering its chain for your seat; until the server has it, your rolls are the host’s alone.
        </p>
      );
    case 'absent':
      return (
        <p data-chain="absent" className={styles.warning}>
          This browser holds no chain for your seat: your rolls are the host’s alone.
        </p>
      );
  }
}

/**
 * The game's seed as far as it may be known: while the game runs, only its commitment (the seed fixes every roll and
 * draw, so it is hidden information); once the game is over, the seed beside it, checked here in the browser. Above
 * them, the game's mode: whether anyone but the host had a hand in the rolls.
 */
export function SeedFacts({ commitment, seed, mode }: { commitment: string; seed: string | null; mode: SeedMode }) {
  const matches = seed !== null && seedCommitment(seed) === commitment;
  return (
    <section className={styles.facts} aria-label="Seed" data-testid="seed-facts">
      {mode.fair ? (
        <>
          <p data-testid="seed-mode" data-mode="fair">
            <strong className={styles.mode}>Provably fair</strong>: the server committed to its seed before the first
            move, and every roll mixes the seed with the acting player’s link from a chain their browser registered, so
            neither the host nor a player could choose one.
          </p>
          {mode.chain && <ChainLine chain={mode.chain} />}
        </>
      ) : (
        <p data-testid="seed-mode" data-mode="plain">
          <strong className={styles.mode}>Plain seed</strong>: the host knows every roll (a hot-seat or bot game, or a
          seed its creator typed).
        </p>
      )}
      <p>
        Seed commitment (SHA-256 of “{SEED_COMMITMENT_PREFIX}” and the seed):{' '}
        <code data-testid="seed-commitment">{commitment}</code>
      </p>
      {seed === null ? (
        <p>The seed is revealed when the game ends: it fixes every roll and draw, so nobody may know it before.</p>
      ) : (
        <p>
          Seed: <code data-testid="seed">{seed}</code> —{' '}
          {matches ? (
            <span className={styles.match}>it matches the commitment shown during the game.</span>
          ) : (
            <span className={styles.mismatch}>it does not match the commitment.</span>
          )}
        </p>
      )}
    </section>
  );
}
