import type { Outcome, SeatId } from '../core/types';
import type { Draft } from './draft';
import type { EndReason, GotopolyPublic, GotopolyStanding } from './state';

/**
 * G16: "The first student to land exactly on GO with at least 9 term credits and cash ≥ 0 wins." Called when a
 * student lands on GO (passing it does nothing). Returns true when the game is won.
 */
export function checkDegree(d: Draft, seat: SeatId): boolean {
  const student = d.student(seat);
  if (student.credits < d.rules.creditsToWin || student.cash < 0) return false;
  finishGame(d, 'degree', seat);
  return true;
}

/**
 * Standings. G16: the graduate ranks first. G18: "students rank by term credits, then cash; still tied, shared."
 * Retired students rank after every student still on the course.
 */
export function standingsOf(
  state: Pick<GotopolyPublic, 'students' | 'uncles' | 'estates'>,
  graduate: SeatId | null,
): GotopolyStanding[] {
  const rows = state.students.map((s, seat) => ({
    seat,
    credits: s.credits,
    cash: s.cash,
    uncleCash: state.uncles[seat]!.cash,
    properties: state.estates.filter((e) => e.owner === seat).length,
    key: [seat === graduate ? 1 : 0, s.retired ? 0 : 1, s.credits, s.cash],
  }));
  const compare = (a: (typeof rows)[number], b: (typeof rows)[number]) => {
    for (let k = 0; k < a.key.length; k++) if (a.key[k] !== b.key[k]) return b.key[k]! - a.key[k]!;
    return 0;
  };
  const sorted = rows.slice().sort((a, b) => compare(a, b) || a.seat - b.seat);
  const ranks: number[] = [];
  sorted.forEach((row, i) => {
    const prev = sorted[i - 1];
    ranks[row.seat] = prev && compare(prev, row) === 0 ? ranks[prev.seat]! : i + 1;
  });
  return sorted.map(({ key: _key, ...row }) => ({ ...row, rank: ranks[row.seat]!, score: row.credits }));
}

/** Ends the game: a graduate (G16), the time limit (G18) or no student left on the course. */
export function finishGame(d: Draft, reason: EndReason, graduate: SeatId | null): void {
  const standings = standingsOf(d, graduate);
  const winners = standings.filter((s) => s.rank === 1).map((s) => s.seat);
  d.stage = { kind: 'over', reason, winners };
  d.emit({ type: 'gameEnded', reason, winners, standings });
}

export interface GotopolyOutcome extends Outcome {
  readonly reason: EndReason;
  readonly standings: readonly GotopolyStanding[];
}

export function gotopolyOutcome(state: GotopolyPublic): GotopolyOutcome | null {
  const { stage } = state;
  if (stage.kind !== 'over') return null;
  const graduate = stage.reason === 'degree' ? stage.winners[0]! : null;
  return { reason: stage.reason, winners: stage.winners, standings: standingsOf(state, graduate) };
}
