import type { SeatId } from '../core/types';
import type { Utility } from './board';
import type { Draft } from './draft';

/**
 * G11: "Pay 4 × the move token used (Water Works) or 11 × (Electric Company), or instead take a RISK card. No term
 * credit." The token is the one spent this turn (a card may have carried the student here after it).
 */
export function landOnUtility(d: Draft, seat: SeatId, space: number, utility: Utility): void {
  const stage = d.stage;
  if (stage.kind !== 'movement') return;
  const bill = utility.billPerPip * (stage.token ?? 0);
  d.stage = { ...stage, decision: { kind: 'utility', space, bill } };
}

export function payBill(d: Draft, seat: SeatId, space: number, bill: number): void {
  d.transfer({ student: seat }, 'bank', bill, 'utility', space);
  d.emit({ type: 'paidBill', seat, space, bill });
}

export function takeRisk(d: Draft, seat: SeatId, space: number): void {
  const risk = d.student(seat).risk + 1;
  d.updateStudent(seat, { risk });
  d.emit({ type: 'tookRisk', seat, space, risk });
}
