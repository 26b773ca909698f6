/**
 * The tiles a pawn passes between two snapshots of a game. The board is drawn from snapshots (the engine is not
 * asked), so a move is the change of a pawn's progress — tiles travelled since Start — walked one tile at a time.
 */
import type { PoleEvent } from '../../engine/pole';

/**
 * The progress counts a pawn passes through, one tile at a time, from `from` along each leg in turn (a positive leg
 * forward, a negative one back); the last is where it stops. Progress keeps counting past Start, so the board
 * position of each (progress modulo the ring) wraps round from the last tile to Start and on.
 */
export function stepPath(from: number, legs: readonly number[]): number[] {
  const path: number[] = [];
  let at = from;
  for (const leg of legs) {
    const step = Math.sign(leg);
    for (let k = 0; k < Math.abs(leg); k++) {
      at += step;
      path.push(at);
    }
  }
  return path;
}

/**
 * The legs of a pawn's move from progress `before` to `after`: the latest of the seat's recent moves (`steps`,
 * oldest first) that add up to it — a roll of 5 then an event's "back 3" walks 5 forward, then 3 back. Null when
 * none do.
 */
export function moveLegs(before: number, after: number, steps: readonly number[]): number[] | null {
  let sum = 0;
  for (let i = steps.length - 1; i >= 0; i--) {
    sum += steps[i]!;
    if (sum === after - before) return steps.slice(i);
  }
  return null;
}

/**
 * How a Tezos Pole pawn walks from progress `before` to `after` on a ring of `ring` tiles: leg by leg when the
 * seat's recent moves explain it; else the whole change at once (a turn that ended in the same action keeps its
 * moves in the turn before); straight there — null — when it is more than a lap (snapshots missed).
 */
export function poleLegs(before: number, after: number, steps: readonly number[], ring: number): number[] | null {
  const change = after - before;
  return moveLegs(before, after, steps) ?? (Math.abs(change) <= ring ? [change] : null);
}

/** A seat's moves among Tezos Pole events, in order: each die roll's or event tile's tiles, signed. */
export function poleMoveSteps(events: readonly PoleEvent[], seat: number): number[] {
  return events.flatMap((e) => (e.type === 'moved' && e.seat === seat ? [e.steps] : []));
}
