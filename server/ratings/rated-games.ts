/**
 * Which games are rated, and each rated person's place in one (docs/ratings.md says the same in words, and the
 * ratings page shows it). The server judges a game with these functions when it starts and when it ends; the
 * verifier (`npm run verify -- ratings`) derives every placing again from the game's record with `placingsOf`.
 */
import type { Actor, SeatId, Standing } from '../../engine';

export const RATING_RULES = {
  /** A person's seat whose bot played more than this share of its turns (while they were away) spoils the game. */
  botShare: 0.25,
  /** Rated seats a game needs: distinct signed-in wallets, seated before the start. */
  minPeople: 2,
  /** Rated games a player needs to appear on a leaderboard. */
  boardMinGames: 3,
} as const;

/** A seat rated in a game: the wallet signed in on it when the game started. */
export interface RatedSeat {
  readonly seat: SeatId;
  readonly address: string;
}

/** A rated person's place: `rank` 1 is first, tied people share one; a leaver is ranked below everyone who stayed. */
export interface Placing extends RatedSeat {
  readonly rank: number;
  readonly leaver: boolean;
}

/** How a game starts: with the seats it rates, or unrated and why. */
export type RatingAtStart = { readonly seats: readonly RatedSeat[] } | { readonly unrated: string };

/** What is known of a game when it starts. */
export interface StartFacts {
  readonly mode: 'hotseat' | 'online';
  /** Provably fair: its rolls come from the seed and every seat's hash chain (FAIRNESS.md). */
  readonly fair: boolean;
  /** The seats as they start: people's and bots'. */
  readonly seats: readonly { readonly kind: string }[];
  /** The signed-in wallets holding each seat (a seat may be held by none). */
  readonly wallets: readonly RatedSeat[];
}

/**
 * The seats a starting game rates, or why it is not rated: online, provably fair, and at least two people's seats
 * each held by its own signed-in wallet. A wallet holding two seats, or two wallets holding one, makes the game
 * unrated: ratings change only between distinct people.
 */
export function ratedSeatsAtStart(facts: StartFacts): RatingAtStart {
  if (facts.mode !== 'online') return { unrated: 'hot-seat games are not rated' };
  if (!facts.fair) return { unrated: 'only provably fair games are rated' };
  const bySeat = new Map<SeatId, Set<string>>();
  const seatsOf = new Map<string, Set<SeatId>>();
  for (const { seat, address } of facts.wallets) {
    if (facts.seats[seat]?.kind !== 'human') continue;
    bySeat.set(seat, (bySeat.get(seat) ?? new Set()).add(address));
    seatsOf.set(address, (seatsOf.get(address) ?? new Set()).add(seat));
  }
  for (const [address, seats] of seatsOf)
    if (seats.size > 1) return { unrated: `one wallet (${address}) holds ${seats.size} seats` };
  for (const [seat, addresses] of bySeat)
    if (addresses.size > 1) return { unrated: `seat ${seat + 1} is held by ${addresses.size} wallets` };
  const seats = [...bySeat].map(([seat, addresses]) => ({ seat, address: [...addresses][0]! }));
  seats.sort((a, b) => a.seat - b.seat);
  if (seats.length < RATING_RULES.minPeople)
    return { unrated: `a rated game needs ${RATING_RULES.minPeople} signed-in people seated when it starts` };
  return { seats };
}

/** A seat's change in the log: its bot took over (`away`, `left`) or its person came back. */
export interface SeatMarkFact {
  readonly afterSeq: number;
  readonly seat: SeatId;
  readonly mark: 'away' | 'left' | 'back';
}

/** What is known of a game when it ends. */
export interface EndFacts {
  readonly rated: readonly RatedSeat[];
  readonly marks: readonly SeatMarkFact[];
  /** The log, action by action: who acted, and whether it was the turn timer's default move. */
  readonly moves: readonly { readonly seat: Actor; readonly timedOut: boolean }[];
  /** The engine's standings when the game ended with an outcome; null when it was abandoned. */
  readonly standings: readonly Standing[] | null;
  /** The seats whose decision the game waited for when it ended (an abandoned game's). */
  readonly pending: readonly SeatId[];
}

export type RatingVerdict =
  { readonly rated: true; readonly placings: Placing[] } | { readonly rated: false; readonly reason: string };

/**
 * The seats whose people left: their bot plays them at the end (they pressed Leave, or their grace period ran out
 * and they never took the seat back).
 */
export function leaversOf(marks: readonly SeatMarkFact[]): Set<SeatId> {
  const last = new Map<SeatId, SeatMarkFact['mark']>();
  for (const m of marks) last.set(m.seat, m.mark);
  return new Set([...last].flatMap(([seat, mark]) => (mark === 'back' ? [] : [seat])));
}

/** Each seat's turns, and how many of them its bot played while its person was away (the timer's moves are theirs). */
export function botTurns(facts: Pick<EndFacts, 'marks' | 'moves'>): Map<SeatId, { turns: number; bot: number }> {
  const away = new Set<SeatId>();
  const counts = new Map<SeatId, { turns: number; bot: number }>();
  const marks = [...facts.marks].sort((a, b) => a.afterSeq - b.afterSeq);
  let next = 0;
  facts.moves.forEach((move, i) => {
    // Marks made after action i (0-based: seq i) apply to the action at seq i + 1.
    while (next < marks.length && marks[next]!.afterSeq <= i) {
      const m = marks[next++]!;
      if (m.mark === 'back') away.delete(m.seat);
      else away.add(m.seat);
    }
    if (typeof move.seat !== 'number') return;
    const c = counts.get(move.seat) ?? { turns: 0, bot: 0 };
    counts.set(move.seat, { turns: c.turns + 1, bot: c.bot + (away.has(move.seat) && !move.timedOut ? 1 : 0) });
  });
  return counts;
}

/**
 * The placings of a game that ended: the engine's standings among the rated people who stayed, the leavers after
 * them (tied last). An abandoned game has no standings: whoever it waited for left it, everyone else shares first.
 * Ranks are renumbered 1, 2, … without gaps. Null when nobody stayed or, abandoned, nobody held it up.
 */
export function placingsOf(
  rated: readonly RatedSeat[],
  leavers: ReadonlySet<SeatId>,
  standings: readonly Standing[] | null,
  pending: readonly SeatId[],
): Placing[] | null {
  const left = new Set(leavers);
  if (standings === null) for (const seat of pending) left.add(seat);
  const stayed = rated.filter((r) => !left.has(r.seat));
  if (stayed.length === 0) return null;
  if (standings === null && stayed.length === rated.length) return null;
  const rankOf = (seat: SeatId): number => standings?.find((s) => s.seat === seat)?.rank ?? 1;
  const ranks = [...new Set(stayed.map((r) => rankOf(r.seat)))].sort((a, b) => a - b);
  return rated.map((r) =>
    left.has(r.seat)
      ? { ...r, rank: ranks.length + 1, leaver: true }
      : { ...r, rank: ranks.indexOf(rankOf(r.seat)) + 1, leaver: false },
  );
}

/** Whether a game that ended is rated, and how its people placed. */
export function judgeEnd(facts: EndFacts): RatingVerdict {
  const leavers = leaversOf(facts.marks);
  const turns = botTurns(facts);
  for (const { seat } of facts.rated) {
    if (leavers.has(seat)) continue;
    const t = turns.get(seat);
    if (t && t.bot > RATING_RULES.botShare * t.turns)
      return {
        rated: false,
        reason: `seat ${seat + 1}'s bot played ${t.bot} of its ${t.turns} turns (more than ${RATING_RULES.botShare * 100} %)`,
      };
  }
  const placings = placingsOf(facts.rated, leavers, facts.standings, facts.pending);
  if (placings === null)
    return {
      rated: false,
      reason: facts.standings === null ? 'abandoned with nobody holding it up' : 'every rated person left',
    };
  return { rated: true, placings };
}
