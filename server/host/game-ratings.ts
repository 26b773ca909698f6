import { stateHash } from '../../engine';
import { judgeEnd, ratedSeatsAtStart, type RatedSeat, type RatingAtStart } from '../ratings/rated-games';
import type { GameStore, StoredSeat } from '../store';
import type { RatingChange } from '../store/ratings-book';
import { pendingSeats, type LiveGame } from './live-game';
import type { SeatHolders } from './seat-holders';
import { stillHeld } from './seat-holders';
import { isTimedOut } from './timer-marks';

const WALLET = 'wallet:';

/**
 * Whether a game starting now is rated, and which seats: each wallet signed in on a seat whose token it still holds
 * (server/ratings/rated-games.ts says which games count).
 */
export async function ratingAtStart(
  holders: SeatHolders,
  live: LiveGame,
  seats: readonly StoredSeat[],
): Promise<RatingAtStart> {
  const row = { ...live.row, seats };
  const wallets: RatedSeat[] = [];
  if (row.mode === 'online' && row.fair) {
    for (const h of await holders.holdersOf(live.id)) {
      if (!h.holder.startsWith(WALLET) || h.seat === null || !stillHeld(row, h)) continue;
      wallets.push({ seat: h.seat, address: h.holder.slice(WALLET.length) });
    }
  }
  return ratedSeatsAtStart({ mode: row.mode, fair: row.fair, seats, wallets });
}

/**
 * Marks a game that ended finished in the store, with its ratings in the same transaction when it is rated (an
 * abandoned one too: whoever it waited for is ranked last). Null when it was finished already.
 */
export async function finishInStore(store: GameStore, live: LiveGame): Promise<RatingChange[] | null> {
  const rated = live.row.ratedSeats;
  if (rated === null) return store.ratings.finish({ gameId: live.id, unrated: null });
  const outcome = live.kit.definition.outcome(live.state);
  const verdict = judgeEnd({
    rated,
    marks: live.row.seatMarks,
    moves: live.log.map((entry) => ({ seat: entry.seat, timedOut: entry.events.some(isTimedOut) })),
    standings: outcome?.standings ?? null,
    pending: outcome ? [] : pendingSeats(live),
  });
  if (!verdict.rated) return store.ratings.finish({ gameId: live.id, unrated: verdict.reason });
  return store.ratings.finish({
    gameId: live.id,
    game: live.row.game,
    finalHash: stateHash(live.state),
    placings: verdict.placings,
  });
}
