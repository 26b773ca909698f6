import type { SeatId } from '../../engine';
import { HostError } from '../errors';
import type { GameRow } from '../store';
import { tokenMatches } from './tokens';

/** Who a token is: the host (every human seat), one seat's player, or nobody in particular (a spectator). */
export type Holder = { readonly kind: 'host' } | { readonly kind: 'seat'; readonly seat: SeatId } | { readonly kind: 'spectator' };

/** @throws HostError 403 BAD_TOKEN when the token is neither the host's nor a seat's. */
export function holderOf(row: GameRow, token: string | undefined): Holder {
  if (token === undefined || token === '') return { kind: 'spectator' };
  if (tokenMatches(token, row.hostTokenHash)) return { kind: 'host' };
  const seat = row.seats.findIndex((s) => tokenMatches(token, s.tokenHash));
  if (seat >= 0) return { kind: 'seat', seat };
  throw new HostError(403, 'BAD_TOKEN', 'this token does not belong to this game');
}

const isHuman = (row: GameRow, seat: SeatId): boolean => row.seats[seat]?.kind === 'human';

function checkSeat(row: GameRow, seat: SeatId): void {
  if (!Number.isInteger(seat) || seat < 0 || seat >= row.seats.length) {
    throw new HostError(403, 'UNKNOWN_SEAT', `seat ${seat} is not in this game`, { seat });
  }
}

/**
 * Whose view a reader gets. The host picks any human seat with `seat` (default: the first pending human seat, else
 * the first human seat); a seat's player gets its own; a spectator no seat. Nobody gets a bot's view (a bot's
 * sealed bid is as secret as a person's).
 * @throws HostError 403
 */
export function viewerSeat(row: GameRow, holder: Holder, seat: SeatId | undefined, pending: readonly SeatId[]): SeatId | null {
  if (holder.kind === 'spectator') {
    if (seat !== undefined) throw new HostError(403, 'TOKEN_REQUIRED', "a seat's view needs its token");
    return null;
  }
  if (holder.kind === 'seat') {
    if (seat !== undefined && seat !== holder.seat) throw new HostError(403, 'NOT_YOUR_SEAT', `this token holds seat ${holder.seat}, not seat ${seat}`);
    return holder.seat;
  }
  if (seat === undefined) {
    const humans = row.seats.map((_, s) => s).filter((s) => isHuman(row, s));
    return humans.find((s) => pending.includes(s)) ?? humans[0] ?? null;
  }
  checkSeat(row, seat);
  if (!isHuman(row, seat)) throw new HostError(403, 'BOT_SEAT', `seat ${seat} is played by a bot`);
  return seat;
}

/**
 * Checks that `holder` may act for `seat` now: the host for any human seat, a seat's player for its own; never for a
 * bot's seat or one under bot takeover.
 * @throws HostError 403
 */
export function checkActor(row: GameRow, holder: Holder, seat: SeatId): void {
  if (holder.kind === 'spectator') throw new HostError(403, 'TOKEN_REQUIRED', 'acting needs a token');
  checkSeat(row, seat);
  if (holder.kind === 'seat' && holder.seat !== seat) {
    throw new HostError(403, 'NOT_YOUR_SEAT', `this token holds seat ${holder.seat}, not seat ${seat}`);
  }
  if (!isHuman(row, seat)) throw new HostError(403, 'BOT_SEAT', `seat ${seat} is played by a bot`);
  if (row.seats[seat]!.botTakeover) throw new HostError(403, 'SEAT_LEFT', `seat ${seat} has left; its bot plays it`);
}
