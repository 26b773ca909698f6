import { LONDON, positionOf, railFare, rentOf, type GotopolyView } from '../../engine/gotopoly';
import { formatPounds } from './gotopoly-log';

/** Where a move token would take a student, and what would happen there, for the token chooser. */
export interface TokenPreview {
  readonly token: number;
  /** The space reached; null when the token sends the student to jail instead (G14: token ≤ RISK cards). */
  readonly space: number | null;
  readonly fare: number;
  /** A few words on the landing: "rent £12 to Bao’s uncle, then study or work", "Go To Jail!"… */
  readonly hint: string;
  /** The landing costs the student money or freedom. */
  readonly warn: boolean;
}

/**
 * Previews spending `token` for `seat`'s student from public information only (card draws stay a surprise): the
 * fare (G6), the space reached (anticlockwise) and its rent, fare or bill as the rules would charge them now.
 */
export function previewToken(view: GotopolyView, seat: number, token: number, names: readonly string[]): TokenPreview {
  const student = view.students[seat]!;
  if (token <= student.risk) {
    return {
      token,
      space: null,
      fare: 0,
      hint: `a ${token} with ${student.risk} RISK card${student.risk > 1 ? 's' : ''}: straight to jail`,
      warn: true,
    };
  }
  const fare = token * view.config.farePerSpace;
  const space = positionOf(student.progress + token);
  const s = LONDON.spaces[space]!;
  const cashAfter = student.cash - fare;
  const say = (hint: string, warn = false) => ({ token, space, fare, hint, warn });
  switch (s.kind) {
    case 'go':
      return student.credits >= view.config.creditsToWin && cashAfter >= 0
        ? say('GO with enough credits: you graduate!')
        : say(`GO: nothing (a degree needs ${view.config.creditsToWin} credits)`);
    case 'property': {
      const estate = view.estates[space]!;
      if (estate.visited === view.term) return say('rent already paid this term: free, then study or work');
      if (estate.owner === seat) return say('your uncle’s: free, then study or work');
      const { amount } = rentOf(view.estates, space, s);
      const to = estate.owner === null ? 'the bank' : `${names[estate.owner] ?? `Seat ${estate.owner + 1}`}’s uncle`;
      return say(`rent ${formatPounds(amount)} to ${to}, then study or work`, amount > cashAfter);
    }
    case 'station':
      return say(
        `station: fare home ${formatPounds(railFare(space, student, view.config.railcardDiscount))} or sleep rough`,
      );
    case 'utility':
      return say(`bill ${formatPounds(s.billPerPip * token)} or a RISK card`);
    case 'tax':
      return say(`tax ${formatPounds(s.amount)}`, true);
    case 'card':
      return say(`draw ${s.deck === 'chance' ? 'Chance' : 'Community Chest'}`);
    case 'go-to-jail':
      return say('Go To Jail!', true);
    case 'jail':
      return say('just visiting');
    case 'free-parking':
      return say('Free Parking: nothing happens');
  }
}

/** G4: the sealed bids as numbers, or why they cannot be sent: blank counts as 0; whole pounds; total ≤ cash. */
export function parseBids(
  inputs: readonly string[],
  cash: number,
): { bids: number[]; total: number; error: string | null } {
  const bids = inputs.map((v) => (v.trim() === '' ? 0 : Number(v)));
  const total = bids.reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);
  if (bids.some((b) => !Number.isInteger(b) || b < 0))
    return { bids, total, error: 'Bids are whole pounds, 0 or more.' };
  if (total > cash)
    return {
      bids,
      total,
      error: `Your bids total ${formatPounds(total)}, more than your uncle’s ${formatPounds(cash)}.`,
    };
  return { bids, total, error: null };
}
