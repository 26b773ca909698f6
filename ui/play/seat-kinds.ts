/**
 * Who sits at a seat, in words: a person, or a bot of one of three levels (easy plays at random, normal by the
 * heuristic, strong searches ahead). One table for the new-game form, the seat cards, the lobby and record files.
 */
import type { SeatKind } from '../../server/protocol';

/** The new-game form's choices. */
export const SEAT_KIND_LABELS: Readonly<Record<SeatKind, string>> = {
  human: 'Person',
  easy: 'Bot · easy',
  normal: 'Bot · normal',
  strong: 'Bot · strong',
};

/** A seat card's tag. */
export const SEAT_KIND_TAGS: Readonly<Record<SeatKind, string>> = {
  human: 'human',
  easy: 'easy bot',
  normal: 'normal bot',
  strong: 'strong bot',
};

/** The levels' names before they were levels, as older record files carry them. */
const OLD_NAMES: Readonly<Record<string, SeatKind>> = { random: 'easy', heuristic: 'normal' };

/** A seat kind as a record file names it (its old names too); null when it names none. */
export function seatKindOf(name: unknown): SeatKind | null {
  if (typeof name !== 'string') return null;
  if (name in SEAT_KIND_LABELS) return name as SeatKind;
  return OLD_NAMES[name] ?? null;
}
