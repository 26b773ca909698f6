import type { SeatId } from '../core/types';
import type { Draft } from './draft';
import { hasRailcard } from './card-deck';
import type { Student } from './state';
import { LONDON } from './boards/london';

/**
 * G10: "Rail fare = £25 × 2^(n−1), where n is the station's order along the anticlockwise route from GO (Liverpool
 * St £25, Fenchurch St £50, Marylebone £100, King's Cross £200); a Student Railcard takes 40 % off."
 */
export function railFare(space: number, student: Pick<Student, 'kept'>, railcardDiscount: number): number {
  const n = LONDON.stationOrder.get(space);
  if (n === undefined) throw new Error(`internal: space ${space} is not a station`);
  const fare = 25 * 2 ** (n - 1);
  return hasRailcard(student) ? Math.round((fare * (100 - railcardDiscount)) / 100) : fare;
}

/** G10: at a station the student chooses to go home or sleep rough. */
export function landOnStation(d: Draft, seat: SeatId, space: number): void {
  const fare = railFare(space, d.student(seat), d.rules.railcardDiscount);
  const stage = d.stage;
  if (stage.kind === 'movement') d.stage = { ...stage, decision: { kind: 'station', space, fare } };
}

/**
 * G10: "go home — pay the rail fare and receive a handout of 2d6 × term credits × £3 — or sleep rough (pay nothing,
 * receive nothing). No term credit either way." The caller has checked the fare is affordable.
 */
export function goHome(d: Draft, seat: SeatId, space: number, fare: number): void {
  d.transfer({ student: seat }, 'bank', fare, 'railFare', space);
  const dice = [d.rollD6(), d.rollD6()];
  const handout = (dice[0]! + dice[1]!) * d.student(seat).credits * d.rules.handoutPerCredit;
  d.transfer('bank', { student: seat }, handout, 'handout', space);
  d.emit({ type: 'wentHome', seat, space, fare, dice, handout });
}
