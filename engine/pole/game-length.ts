import type { SeatId } from '../core/types';
import type { Draft } from './draft';

/**
 * Seed §4 / P9: "The instant any pawn completes its 5th full lap, finish that player's tile resolution and the
 * game ends immediately." Completing the last lap only marks the end; resolve.ts ends the game once the queue of
 * that tile's resolution is empty, so nobody else moves.
 */
export function noteLapCompleted(d: Draft, seat: SeatId, laps: number): void {
  if (laps >= d.rules.laps && seat === d.current) d.endTriggered = true;
}
