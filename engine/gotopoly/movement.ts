import { RuleError } from '../core/errors';
import type { SeatId } from '../core/types';
import { isBankrupt } from './bankruptcy';
import type { Draft } from './draft';
import { sendToJail } from './jail';
import { positionOf } from './ring';
import { land } from './spaces';
import { endTurn } from './term';

/** G6: a student starts with one each of 1–6. */
export const FRESH_TOKENS: readonly number[] = [1, 2, 3, 4, 5, 6];

/** G6: "the token is replaced by its opposite face (7 − value)". */
export const oppositeFace = (token: number): number => 7 - token;

/** The token set after spending `token`: one `token` out, its opposite face in, kept sorted. */
export function spendToken(tokens: readonly number[], token: number): number[] {
  const k = tokens.indexOf(token);
  if (k < 0) throw new Error(`internal: token ${token} not held`);
  const out = tokens.slice();
  out.splice(k, 1);
  out.push(oppositeFace(token));
  return out.sort((a, b) => a - b);
}

/**
 * G6 and G14: the student spends a token. "Using a move token whose value is ≤ the number of RISK cards held sends the
 * student to jail instead of moving." Otherwise they pay £1 per space, move that many spaces anticlockwise and act
 * on the space they land on.
 * @throws RuleError TOKEN_NOT_HELD
 */
export function moveWithToken(d: Draft, seat: SeatId, token: number): void {
  const student = d.student(seat);
  if (!student.tokens.includes(token)) {
    throw new RuleError('TOKEN_NOT_HELD', `student ${seat} holds tokens ${student.tokens.join(', ')}, not a ${token}`, {
      tokens: student.tokens,
    });
  }
  const tokens = spendToken(student.tokens, token);
  d.updateStudent(seat, { tokens });
  d.emit({ type: 'tokenUsed', seat, token, replacement: oppositeFace(token) });
  const stage = d.stage;
  if (stage.kind === 'movement') d.stage = { ...stage, token };
  if (token <= student.risk) {
    sendToJail(d, seat, 'risk');
    return endTurn(d);
  }
  d.transfer({ student: seat }, 'bank', token * d.rules.farePerSpace, 'fare');
  advance(d, seat, token, 'token');
  if (isBankrupt(d, seat)) return;
  land(d, seat);
}

/**
 * Moves a student `steps` spaces along the anticlockwise route (back when negative). G12: "No money for passing
 * GO" — passing it only counts a lap, which decides the move order (G7).
 */
export function advance(d: Draft, seat: SeatId, steps: number, by: 'token' | 'card'): void {
  const before = d.student(seat).progress;
  const after = before + steps;
  d.updateStudent(seat, { progress: after });
  d.emit({ type: 'moved', seat, from: positionOf(before), to: positionOf(after), steps, by });
  const lapsBefore = Math.floor(before / 40);
  const lapsAfter = Math.floor(after / 40);
  if (lapsAfter > lapsBefore && after % 40 !== 0) d.emit({ type: 'passedGo', seat, laps: lapsAfter });
}
