import type { SeatId } from '../core/types';
import { returnKeptCard } from './card-deck';
import type { Draft } from './draft';
import { FRESH_TOKENS } from './movement';
import { endTurn } from './term';
import { finishGame } from './winning';

/**
 * G15: "A student whose cash goes below zero is thrown off the course." When the student is in the red, the rest of
 * the turn is abandoned and they must choose: restart or retire. Returns true in that case.
 */
export function isBankrupt(d: Draft, seat: SeatId): boolean {
  const { cash } = d.student(seat);
  if (cash >= 0) return false;
  const stage = d.stage;
  if (stage.kind === 'movement' && stage.decision.kind !== 'bankrupt') {
    d.emit({ type: 'bankrupt', seat, cash });
    d.stage = { ...stage, decision: { kind: 'bankrupt' } };
  }
  return true;
}

/** The bank writes off what the student owes (the creditors were paid in full), and takes back kept cards. */
function clearStudent(d: Draft, seat: SeatId): void {
  d.transfer('bank', { student: seat }, -d.student(seat).cash, 'writeOff');
  for (const kept of d.student(seat).kept) returnKeptCard(d, seat, kept);
}

/**
 * G15: "they either restart at GO with a fresh £200 grant, a fresh token set and no term credits, or retire. Their
 * uncle plays on." A restarted student also hands in RISK cards and is out of jail.
 */
export function restartOrRetire(d: Draft, seat: SeatId, restart: boolean): void {
  clearStudent(d, seat);
  if (restart) {
    d.transfer('bank', { student: seat }, d.rules.studentGrant, 'grant');
    const { restarts } = d.student(seat);
    d.updateStudent(seat, {
      progress: 0,
      credits: 0,
      tokens: FRESH_TOKENS,
      risk: 0,
      jailed: null,
      restarts: restarts + 1,
    });
    d.emit({ type: 'restarted', seat });
    return endTurn(d);
  }
  d.updateStudent(seat, { retired: true, jailed: null, risk: 0 });
  d.emit({ type: 'retired', seat });
  if (d.students.every((s) => s.retired)) return finishGame(d, 'noStudents', null);
  endTurn(d);
}
