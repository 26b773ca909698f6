import type { Student } from '../../engine/gotopoly';

/**
 * How a student's pawn goes from one snapshot to the next: the spaces moved, walked (forward, or back for a card's
 * "go back"), or null — straight there — when the student was sent to jail (G14) or back to GO on a restart (G15).
 */
export function studentLegs(before: Student, after: Student): number[] | null {
  if (after.jailed !== null && before.jailed === null) return null;
  if (after.restarts !== before.restarts || after.retired) return null;
  return [after.progress - before.progress];
}
