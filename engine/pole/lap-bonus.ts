import type { SeatId } from '../core/types';
import type { Draft } from './draft';
import { noteLapCompleted } from './game-length';

/**
 * Seed §3.4 / P8: "each time you pass or land on GO, collect +300 Tz", including the move that completes the
 * last lap. `crossed` lists the progress values that are multiples of the ring size reached by a forward move.
 */
export function passGo(d: Draft, seat: SeatId, crossed: readonly number[]): void {
  for (const mark of crossed) {
    collectGoBonus(d, seat);
    const laps = mark / d.ringSize;
    if (laps >= 1) {
      d.emit({ type: 'lapCompleted', seat, laps });
      noteLapCompleted(d, seat, laps);
    }
  }
}

/** P8: the GO bonus itself (also for a backward move that lands exactly on GO). */
export function collectGoBonus(d: Draft, seat: SeatId): void {
  d.transfer('bank', seat, d.rules.goBonus, 'goBonus', 0);
}
