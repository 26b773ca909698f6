/**
 * The names a table gives its seats. The rules never read them, but the new-game forms and the server must judge
 * them alike (a name too long is refused rather than cut, no two players share one, and nothing hides in one), and
 * this is the one layer both may run.
 */
// confusables: the Unicode look-alikes of Latin letters (Cyrillic "а", Greek "Α", fullwidth "Ａ", Roman numeral "Ⅰ"…)
// mapped to the letters they imitate, from Unicode's own confusables data: "Аnn" must not pass for a second "Ann".
import { remove as withoutLookAlikes } from 'confusables';

/** A seat's longest name, in characters as a person counts them (graphemes: an emoji flag is one): it fits a card. */
export const SEAT_NAME_MAX = 24;

export type SeatNameProblem =
  | { readonly kind: 'tooLong'; readonly seat: number; readonly length: number }
  | { readonly kind: 'taken'; readonly seat: number; readonly by: number }
  | { readonly kind: 'hidden'; readonly seat: number; readonly char: string };

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** A name as it is kept: trimmed, in Unicode's composed form (NFC), so one name has one spelling. */
export const normalSeatName = (name: string): string => name.trim().normalize('NFC');

/** The name's length as a person counts it: user-perceived characters, not UTF-16 units. */
export const seatNameLength = (name: string): number => [...graphemes.segment(normalSeatName(name))].length;

/**
 * Characters that show nothing, or reorder what follows, in a name: controls, zero-width characters, bidirectional
 * overrides and isolates (format characters, `Cf`). An emoji's own joiners and tags (👩‍💻, a subdivision flag) are
 * part of the emoji and allowed. Returns the first one, as "U+202E", or null.
 */
export function hiddenCharacter(name: string): string | null {
  for (const { segment } of graphemes.segment(name)) {
    if (/\p{Extended_Pictographic}/u.test(segment)) continue;
    const hidden = /[\p{Cc}\p{Cf}\u2028\u2029]/u.exec(segment);
    if (hidden) return `U+${hidden[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return null;
}

/**
 * Two names are one when they read alike: whatever their case, width (NFKC) or look-alike letters of other scripts
 * ("Ada", " ADA", "Ａｄａ" and "Аda" with a Cyrillic А).
 */
export const nameKey = (name: string): string =>
  withoutLookAlikes(normalSeatName(name).normalize('NFKC')).toLocaleLowerCase('en');

/**
 * What is wrong with the seats' names, seat by seat: a hidden character, longer than `SEAT_NAME_MAX`, or reading like
 * an earlier seat's (`by`).
 */
export function seatNameProblems(names: readonly string[]): SeatNameProblem[] {
  const problems: SeatNameProblem[] = [];
  const firstSeat = new Map<string, number>();
  names.forEach((name, seat) => {
    const char = hiddenCharacter(name);
    if (char) problems.push({ kind: 'hidden', seat, char });
    const length = seatNameLength(name);
    if (length > SEAT_NAME_MAX) problems.push({ kind: 'tooLong', seat, length });
    const by = firstSeat.get(nameKey(name));
    if (by === undefined) firstSeat.set(nameKey(name), seat);
    else problems.push({ kind: 'taken', seat, by });
  });
  return problems;
}

/** The problem in words, as the form shows it beside the seat and the server answers it. */
export function describeSeatNameProblem(problem: SeatNameProblem, names: readonly string[]): string {
  if (problem.kind === 'hidden') {
    return `Seat ${problem.seat + 1}’s name holds an invisible character (${problem.char}: a control, zero-width or text-direction character): type the name again without it.`;
  }
  if (problem.kind === 'tooLong') {
    return `Seat ${problem.seat + 1}’s name is ${problem.length} characters long: a name has at most ${SEAT_NAME_MAX}, so shorten it by ${problem.length - SEAT_NAME_MAX}.`;
  }
  return `Seat ${problem.seat + 1} has the same name as seat ${problem.by + 1} (“${normalSeatName(names[problem.by] ?? '')}”): give each player a name of their own.`;
}
