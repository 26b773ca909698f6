import type { SeatId } from '../core/types';
import type { Draft } from './draft';
import { collectGoBonus, passGo } from './lap-bonus';
import type { Step } from './state';

/** Board position of a progress count (progress may be negative after moving back over Start). */
export function positionOf(progress: number, ringSize: number): number {
  return ((progress % ringSize) + ringSize) % ringSize;
}

/** Completed laps of a progress count. */
export function lapsOf(progress: number, ringSize: number): number {
  return Math.max(0, Math.floor(progress / ringSize));
}

/**
 * Seed §3.1: "Roll & Move — roll 1d6 and advance that many tiles." With the P12 L2 tweak the player may declare a
 * 3d6 roll instead, once per game.
 */
export function rollAndMove(d: Draft, seat: SeatId, l2: boolean): Step[] {
  const dice = l2 ? [d.rollD6(), d.rollD6(), d.rollD6()] : [d.rollD6()];
  d.lastRoll = dice;
  if (l2) d.updatePlayer(seat, { l2Used: true });
  d.emit({ type: 'rolled', seat, dice, l2 });
  return moveBy(
    d,
    seat,
    dice.reduce((a, b) => a + b, 0),
  );
}

/**
 * Moves a pawn forward (steps > 0) or back (steps < 0) and lands it. Only forward moves pass GO and complete laps;
 * a backward move that lands exactly on GO still "lands on GO" and collects the bonus (P8), without a lap.
 */
export function moveBy(d: Draft, seat: SeatId, steps: number): Step[] {
  const before = d.players[seat]!.progress;
  const after = before + steps;
  const from = positionOf(before, d.ringSize);
  const to = positionOf(after, d.ringSize);
  d.updatePlayer(seat, { progress: after });
  d.emit({ type: 'moved', seat, from, to, steps });
  if (steps > 0) {
    const crossed: number[] = [];
    for (let mark = (Math.floor(before / d.ringSize) + 1) * d.ringSize; mark <= after; mark += d.ringSize) {
      crossed.push(mark);
    }
    passGo(d, seat, crossed);
  } else if (to === 0) {
    collectGoBonus(d, seat);
  }
  return [{ kind: 'land', seat, tile: to }];
}

/** Advances clockwise to a tile ("advance to …"), passing GO on the way if it lies between. */
export function moveTo(d: Draft, seat: SeatId, target: number): Step[] {
  const from = positionOf(d.players[seat]!.progress, d.ringSize);
  const steps = positionOf(target - from, d.ringSize) || d.ringSize;
  return moveBy(d, seat, steps);
}
