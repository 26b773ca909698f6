import type { SeatId } from '../core/types';
import type { Property } from './board';
import { groupFullyOwned } from './building';
import type { Draft } from './draft';
import type { Estate } from './state';

/**
 * G9: the rent a property charges now, before the first-lander and own-uncle rules. "Unowned: printed base rent, to
 * the bank. Owned: the rent for its houses, to the owning uncle. All properties of a colour owned by uncles (any
 * uncles) doubles the rent." Seed 7.3 says "the rent is doubled" without exception, so improved rent doubles too.
 */
export function rentOf(
  estates: readonly Estate[],
  space: number,
  property: Property,
): { amount: number; doubled: boolean } {
  const estate = estates[space]!;
  const printed = property.rent[estate.owner === null ? 0 : estate.houses]!;
  const doubled = groupFullyOwned(estates, property);
  return { amount: doubled ? printed * 2 : printed, doubled };
}

/**
 * G8/G9: the student pays rent if they are the term's first lander and it is not their own uncle's property, then
 * decides: study (a term credit) or work (£25). "Only the first student to land on a property in a term pays; later
 * students that term pay nothing (they still study or work)." "A student landing on their own uncle's property pays
 * nothing, and neither does anyone else who lands there later that term." Returns true: a decision is pending.
 */
export function landOnProperty(d: Draft, seat: SeatId, space: number, property: Property): boolean {
  const estate = d.estates[space]!;
  if (estate.visited === d.term) {
    d.emit({ type: 'rentFree', seat, space, why: 'alreadyVisited' });
  } else {
    d.updateEstate(space, { visited: d.term });
    if (estate.owner === seat) {
      d.emit({ type: 'rentFree', seat, space, why: 'ownUncle' });
    } else {
      const { amount, doubled } = rentOf(d.estates, space, property);
      const to = estate.owner ?? 'bank';
      d.emit({ type: 'rent', seat, space, amount, to, doubled });
      d.transfer({ student: seat }, to === 'bank' ? 'bank' : { uncle: to }, amount, 'rent', space);
    }
  }
  const stage = d.stage;
  if (stage.kind === 'movement') d.stage = { ...stage, decision: { kind: 'study', space } };
  return true;
}

/** G8: "study (gain a TERM CREDIT) or work (gain £25)". */
export function studyOrWork(d: Draft, seat: SeatId, space: number, study: boolean): void {
  if (study) {
    const credits = d.student(seat).credits + 1;
    d.updateStudent(seat, { credits });
    d.emit({ type: 'studied', seat, space, credits });
  } else {
    d.transfer('bank', { student: seat }, d.rules.wage, 'wage', space);
    d.emit({ type: 'worked', seat, space, wage: d.rules.wage });
  }
}
