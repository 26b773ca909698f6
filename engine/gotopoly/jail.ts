import { RuleError } from '../core/errors';
import type { SeatId } from '../core/types';
import { jailCardOf, returnKeptCard } from './card-deck';
import type { Draft } from './draft';
import { routeOffset } from './ring';
import { endTurn } from './term';

/**
 * G14: "Go To Jail (space or card) sends the student to jail", as does a token used with too many RISK cards. The
 * token is moved to the jail square, on the current lap. With `jailClearsRisk` (default) the RISK cards are handed in.
 */
export function sendToJail(d: Draft, seat: SeatId, cause: 'space' | 'card' | 'risk'): void {
  const student = d.student(seat);
  const progress = Math.floor(student.progress / 40) * 40 + routeOffset(d.board.jail);
  const risk = d.rules.jailClearsRisk ? 0 : student.risk;
  d.updateStudent(seat, { progress, jailed: 0, risk });
  d.emit({ type: 'sentToJail', seat, cause, risk });
}

/**
 * G14: "In jail: leave after 3 turns, or earlier by paying £50 or using a Get Out Of Jail Free card." Serving a turn
 * ends it; the third served turn sets the student free to move next term. Paying or using the card frees the
 * student at once, who then picks a token this turn.
 * @throws RuleError CANNOT_AFFORD, NO_JAIL_CARD
 */
export function jailChoice(d: Draft, seat: SeatId, choice: 'serve' | 'payBail' | 'useJailCard'): void {
  const stage = d.stage;
  if (stage.kind !== 'movement') throw new Error('internal: not in Movement');
  const student = d.student(seat);
  if (choice === 'serve') {
    const turns = (student.jailed ?? 0) + 1;
    d.emit({ type: 'jailTurnServed', seat, turns });
    if (turns >= d.rules.jailTurns) {
      d.updateStudent(seat, { jailed: null });
      d.emit({ type: 'leftJail', seat, how: 'served' });
    } else {
      d.updateStudent(seat, { jailed: turns });
    }
    return endTurn(d);
  }
  if (choice === 'payBail') {
    if (student.cash < d.rules.bail) {
      throw new RuleError('CANNOT_AFFORD', `bail is £${d.rules.bail}; student ${seat} has £${student.cash}`);
    }
    d.transfer({ student: seat }, 'bank', d.rules.bail, 'bail');
  } else {
    const card = jailCardOf(student);
    if (!card) throw new RuleError('NO_JAIL_CARD', `student ${seat} holds no Get Out Of Jail Free card`);
    returnKeptCard(d, seat, card);
  }
  d.updateStudent(seat, { jailed: null });
  d.emit({ type: 'leftJail', seat, how: choice === 'payBail' ? 'bail' : 'card' });
  d.stage = { ...stage, decision: { kind: 'token' } };
}
