/** The refusals every game's `apply` makes before its rules: a seat not in the game, or an action out of turn. */
import { RuleError } from './errors';
import type { Decision, SeatId } from './types';

/** UNKNOWN_SEAT: `seat` is none of the game's `seats` seats. */
export function checkSeat(seat: SeatId, seats: number): void {
  if (!Number.isInteger(seat) || seat < 0 || seat >= seats) {
    throw new RuleError('UNKNOWN_SEAT', `seat ${String(seat)} is not in this game`, { seat });
  }
}

/** NOT_YOUR_TURN: the decision pending is another seat's. */
export function checkTurn(decision: Decision, seat: SeatId): void {
  if (decision.seat !== seat) {
    // Seats as people number them, from 1 (the table, the log and the replay's verdict read these words).
    throw new RuleError('NOT_YOUR_TURN', `seat ${decision.seat + 1} must decide now, not seat ${seat + 1}`, {
      pending: decision.seat,
    });
  }
}

/** WRONG_DECISION: an action of `type` answers the kind of decision `answers` gives it (null: none), not the pending one. */
export function checkAnswers<T extends string>(
  type: T,
  answers: Readonly<Record<T, string | null>>,
  decision: Decision,
): void {
  if (answers[type] !== decision.kind) {
    throw new RuleError('WRONG_DECISION', `"${type}" does not answer the pending "${decision.kind}" decision`, {
      pending: decision.kind,
    });
  }
}
