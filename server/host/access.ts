import type { SeatId } from '../../engine';
import { AccessError, HostError } from '../errors';
import type { GameRow } from '../store';
import { tokenMatches } from './tokens';

/** Who sends a request, beyond its token: the wallet signed in to this browser (server/auth), if any. */
export interface RequestContext {
  readonly address?: string | null;
  /** The client's network address (server/limits), for the caps on its event streams. */
  readonly client?: string | null;
  /** The browser's id (its httpOnly `tp_browser` cookie): the seats it holds need no token. */
  readonly browser?: string | null;
}

/**
 * Who a token is: the host of a hot-seat game (every human seat), one seat's player, or nobody in particular (a
 * spectator). Online, each seat plays with its own invite token, so there the host token is a spectator's
 * (`onlineHost`): it reads no seat's view and plays no seat.
 */
export type Holder =
  | { readonly kind: 'host' }
  | { readonly kind: 'seat'; readonly seat: SeatId }
  | { readonly kind: 'spectator'; readonly onlineHost?: true };

/** @throws HostError 403 BAD_TOKEN when the token is neither the host's nor a seat's. */
export function holderOf(row: GameRow, token: string | undefined): Holder {
  if (token === undefined || token === '') return { kind: 'spectator' };
  if (tokenMatches(token, row.hostTokenHash))
    return row.mode === 'hotseat' ? { kind: 'host' } : { kind: 'spectator', onlineHost: true };
  const seat = row.seats.findIndex((s) => tokenMatches(token, s.tokenHash));
  if (seat >= 0) return { kind: 'seat', seat };
  throw new AccessError('BAD_TOKEN', 'this token does not belong to this game');
}

const isHuman = (row: GameRow, seat: SeatId): boolean => row.seats[seat]?.kind === 'human';

function checkSeat(row: GameRow, seat: SeatId): void {
  if (!Number.isInteger(seat) || seat < 0 || seat >= row.seats.length) {
    throw new AccessError('UNKNOWN_SEAT', `seat ${seat} is not in this game`, { seat });
  }
}

/** The refusal for a holder naming a seat it does not hold. */
function notYours(holder: Holder, seat: SeatId | undefined): HostError {
  if (holder.kind === 'seat')
    return new AccessError('NOT_YOUR_SEAT', `this token holds seat ${holder.seat}, not seat ${seat}`);
  if (holder.kind === 'spectator' && holder.onlineHost) {
    return new AccessError(
      'NOT_YOUR_SEAT',
      "in an online game each seat plays with its own invite link; the host's token only watches",
    );
  }
  return new AccessError('TOKEN_REQUIRED', "a seat's view and moves need its token");
}

/**
 * The seat a request with `seat` (or none) is about: a seat's player's own (naming another is refused),
 * the hot-seat host's named one.
 * @throws HostError 400 SEAT_REQUIRED (the host named none), 403 NOT_YOUR_SEAT | TOKEN_REQUIRED
 */
export function targetSeat(holder: Holder, seat: SeatId | undefined): SeatId {
  if (holder.kind === 'seat') {
    if (seat !== undefined && seat !== holder.seat) throw notYours(holder, seat);
    return holder.seat;
  }
  if (holder.kind === 'spectator') throw notYours(holder, seat);
  if (seat === undefined) throw new AccessError('SEAT_REQUIRED', 'say which seat');
  return seat;
}

/**
 * Whose view a reader gets. The hot-seat host picks any human seat with `seat` (default: the first pending human
 * seat, else the first human seat); a seat's player gets its own; a spectator (the online host too) no seat. Nobody
 * gets a bot's view (a bot's sealed bid is as secret as a person's).
 * @throws HostError 403
 */
export function viewerSeat(
  row: GameRow,
  holder: Holder,
  seat: SeatId | undefined,
  pending: readonly SeatId[],
): SeatId | null {
  if (holder.kind === 'spectator') {
    if (seat !== undefined) throw notYours(holder, seat);
    return null;
  }
  if (holder.kind === 'seat') return targetSeat(holder, seat);
  if (seat === undefined) {
    const humans = row.seats.map((_, s) => s).filter((s) => isHuman(row, s));
    return humans.find((s) => pending.includes(s)) ?? humans[0] ?? null;
  }
  checkSeat(row, seat);
  if (!isHuman(row, seat)) throw new AccessError('BOT_SEAT', `seat ${seat} is played by a bot`);
  return seat;
}

/**
 * Checks that `holder` may act for `seat` now: the hot-seat host for any human seat, a seat's player for its own;
 * never the online host, never for a bot's seat or one under bot takeover.
 * @throws HostError 403
 */
export function checkActor(row: GameRow, holder: Holder, seat: SeatId): void {
  if (holder.kind === 'spectator') throw notYours(holder, seat);
  checkSeat(row, seat);
  if (holder.kind === 'seat' && holder.seat !== seat) throw notYours(holder, seat);
  if (!isHuman(row, seat)) throw new AccessError('BOT_SEAT', `seat ${seat} is played by a bot`);
  if (row.seats[seat]!.botTakeover) throw new AccessError('SEAT_LEFT', `seat ${seat} has left; its bot plays it`);
}
