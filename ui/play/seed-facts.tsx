import { seedCommitment, SEED_COMMITMENT_PREFIX } from '../../engine/core';
import type { SeatChainStanding } from './fair-chain';
import styles from './seed-facts.module.css';
import { usePlayWords, type PlayWords } from './play-words';

/**
 * How the game's rolls are made: provably fair — the server's seed, committed before the first move, mixed
 * with the acting seat's chain link (`chain`: this browser's seat, null for a spectator) — or a plain seed, which
 * decides every roll by itself.
 */
export type SeedMode = { readonly fair: false } | { readonly fair: true; readonly chain: SeatChainStanding | null };

function ChainLine({ chain, words }: { chain: SeatChainStanding; words: PlayWords['seed'] }) {
  switch (chain.kind) {
    case 'held':
      return (
        <p data-chain="held">
          {words.held[0]}
          <span data-testid="links-given">{chain.given}</span>
          {words.held[1]}
        </p>
      );
    case 'registering':
      return <p data-chain="registering">{words.registering}</p>;
    case 'absent':
      return (
        <p data-chain="absent" className={styles.warning}>
          {words.absent}
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
  const words = usePlayWords().seed;
  const matches = seed !== null && seedCommitment(seed) === commitment;
  return (
    <section className={styles.facts} aria-label={words.label} data-testid="seed-facts">
      {mode.fair ? (
        <>
          <p data-testid="seed-mode" data-mode="fair">
            <strong className={styles.mode}>{words.fairMode}</strong>
            {words.fairText}
          </p>
          {mode.chain && <ChainLine chain={mode.chain} words={words} />}
        </>
      ) : (
        <p data-testid="seed-mode" data-mode="plain">
          <strong className={styles.mode}>{words.plainMode}</strong>
          {words.plainText}
        </p>
      )}
      <p>
        {words.commitment(SEED_COMMITMENT_PREFIX)}
        <code data-testid="seed-commitment">{commitment}</code>
      </p>
      {seed === null ? (
        <p>{words.hidden}</p>
      ) : (
        <p>
          {words.seed}
          <code data-testid="seed">{seed}</code> —{' '}
          {matches ? (
            <span className={styles.match}>{words.matches}</span>
          ) : (
            <span className={styles.mismatch}>{words.mismatch}</span>
          )}
        </p>
      )}
    </section>
  );
}
