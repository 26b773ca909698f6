/**
 * The on-chain half of `npm run verify` (FAIRNESS.md): what the editions contract keeps for a game — the commitment it
 * recorded when the game opened, and the seed and final state hash it checked and stored when it closed — read back
 * through the TzKT API and compared with the record.
 */
import type { Network } from '../../chain/networks';
import { isIndexerError } from '../../chain/errors';
import { readSeedCommit } from '../../chain/indexer';
import { seedCommitment, type GameRecord } from '../../engine';

export interface ChainVerdict {
  readonly ok: boolean;
  readonly network: string;
  readonly contract: string;
  readonly message: string;
}

/** Compares the record's commitment, seed and final hash with the contract's, as the network's TzKT API has them. */
export async function checkOnChain(
  record: GameRecord,
  game: { contract: string; gameId: string },
  network: Network,
): Promise<ChainVerdict> {
  const { contract, gameId } = game;
  const verdict = (ok: boolean, message: string): ChainVerdict => ({ ok, network: network.name, contract, message });
  let kept;
  try {
    kept = await readSeedCommit(network.tzktUrl, contract, gameId);
  } catch (err) {
    if (isIndexerError(err))
      return verdict(false, `the TzKT API at ${network.tzktUrl} could not be read: ${err.message}`);
    throw err;
  }
  if (!kept) return verdict(false, `the contract keeps no seed commitment for game ${gameId}`);
  // A plain-seed record has no commitment of its own: the one its seed gives is what the contract must keep.
  const commitment = record.fair?.commitment ?? seedCommitment(record.seed);
  if (kept.commitment !== commitment)
    return verdict(false, `the contract's commitment ${kept.commitment} is not the record's ${commitment}`);
  if (kept.seed === null)
    return verdict(false, 'the contract has the commitment, but the seed was never revealed on-chain');
  if (kept.seed !== record.seed)
    return verdict(
      false,
      `the seed revealed on-chain is not the record's: the contract checked "${kept.seed}" against the commitment`,
    );
  if (kept.finalHash !== record.finalHash)
    return verdict(
      false,
      `the contract's final state hash ${String(kept.finalHash)} is not the record's ${String(record.finalHash)}`,
    );
  return verdict(true, 'the commitment, the revealed seed and the final state hash are the contract’s own');
}
