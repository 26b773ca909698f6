import { applyRolled, rollOf, type Actor } from '../../engine';
import { GameError } from '../errors';
import type { GameRow } from '../store';
import { gameKits } from './game-kits';

/** A stored game's state at seq 0. @throws HostError 500 REPLAY_FAILED when its config no longer sets up. */
export function setupStored(row: GameRow): unknown {
  try {
    return gameKits[row.game].definition.setup(row.config, row.seed, row.version);
  } catch (err) {
    throw new GameError(
      'REPLAY_FAILED',
      `game ${row.id}: its stored config does not set up: ${(err as Error).message}`,
    );
  }
}

/**
 * The roll that reseeds the state before action `seq` of a provably fair game, from the seed and the link
 * the acting seat gave; null in a plain-seed game.
 */
export function rollFor(row: GameRow, seq: number, contribution: string | null | undefined): string | null {
  return row.fair ? rollOf(row.seed, row.id, seq, contribution ?? null) : null;
}

/** Applies a stored action. @throws HostError 500 REPLAY_FAILED when it does not apply (a corrupt log or a changed engine). */
export function replayStep(
  row: GameRow,
  state: unknown,
  action: { seq: number; seat: Actor; action: unknown; contribution?: string | null },
) {
  try {
    return applyRolled(
      gameKits[row.game].definition,
      state,
      action.seat,
      action.action,
      rollFor(row, action.seq, action.contribution),
    );
  } catch (err) {
    throw new GameError(
      'REPLAY_FAILED',
      `game ${row.id}: stored action ${action.seq} does not apply: ${(err as Error).message}`,
    );
  }
}
