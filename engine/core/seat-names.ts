/**
 * The names a table gives its seats. The rules never read them, but the new-game forms and the server must judge
 * them alike (a name too long is refused rather than cut, and no two players share one), and this
 * is the one layer both may run.
 */

/** A seat's longest name, in UTF-16 code units like every text limit of the protocol: it fits a player card. */
export const SEAT_NAME_MAX = 24;

export type SeatNameProblem =
  | { readonly kind: 'tooLong'; readonly seat: number; readonly length: number }
  | { readonly kind: 'taken'; readonly seat: number; readonly by: number };

/** Two names are one when they read alike: trimmed, in one Unicode form, whatever their case ("Ada" and " ADA"). */
const nameKey = (name: string): string => name.trim().normalize('NFC').toLocaleLowerCase('en');

/**
 * What is wrong with the seats' names, seat by seat: longer than `SEAT_NAME_MAX` (trimmed), or the name of an
 * earlier seat (`by`).
 */
export function seatNameProblems(names: readonly string[]): SeatNameProblem[] {
  const problems: SeatNameProblem[] = [];
  const firstSeat = new Map<string, number>();
  names.forEach((name, seat) => {
    const length = name.trim().length;
    if (length > SEAT_NAME_MAX) problems.push({ kind: 'tooLong', seat, length });
    const by = firstSeat.get(nameKey(name));
    if (by === undefined) firstSeat.set(nameKey(name), seat);
    else problems.push({ kind: 'taken', seat, by });
  });
  return problems;
}

/** The problem in words, as the form shows it beside the seat and the server answers it. */
export function describeSeatNameProblem(problem: SeatNameProblem, names: readonly string[]): string {
  if (problem.kind === 'tooLong') {
    return `Seat ${problem.seat + 1}’s name is ${problem.length} characters long: a name has at most ${SEAT_NAME_MAX}, so shorten it by ${problem.length - SEAT_NAME_MAX}.`;
  }
  return `Seat ${problem.seat + 1} has the same name as seat ${problem.by + 1} (“${(names[problem.by] ?? '').trim()}”): give each player a name of their own.`;
}
