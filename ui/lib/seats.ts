/** Seat presentation shared by every Tezos Pole view: default names and pawn colours, by seat index. */

export const DEFAULT_NAMES = ['Ada', 'Bao', 'Cleo', 'Dev', 'Eun', 'Femi'] as const;

/** Six pawn colours that stay distinct from each other and readable on both the paper tiles and the dark board. */
export const SEAT_COLORS = ['#e8553a', '#3b82f6', '#f2b705', '#22a06b', '#a259e6', '#ec4f9a'] as const;

export const seatColor = (seat: number): string => SEAT_COLORS[seat % SEAT_COLORS.length]!;

// A fixed locale, so that the server's render and the browser's agree.
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The letter a pawn or a seat badge shows: the name's first grapheme, upper-cased. A code unit would split an emoji
 * (or a flag, or a letter with its accent) in half and draw the replacement mark "\uFFFD".
 */
export function seatInitial(name: string | undefined): string {
  const first = graphemes.segment((name ?? '').trim()).containing(0)?.segment;
  return first ? first.toUpperCase() : '?';
}

/** Formats whole Tz with thin grouping that does not depend on the browser's locale (server and client agree). */
export function formatTz(amount: number): string {
  const sign = amount < 0 ? '−' : '';
  const digits = String(Math.abs(Math.trunc(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits} Tz`;
}

/** "Ada", "Ada and Bao", "Ada, Bao and Cleo". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
