/**
 * Who sits at a table: the rematch of a finished game and the lobby's public games, as pure functions of
 * the stored rows. TableDesk (table-desk.ts) runs them in the game's queue and stores what they return.
 */
import {
  describeSeatNameProblem,
  normalSeatName,
  seatNameProblems,
  type SeatId,
  type SeatNameProblem,
} from '../../engine';
import { RequestError, TableError } from '../errors';
import type { LobbyGame } from '../protocol';
import type { GameRow, NewGameRow, StoredSeat } from '../store';
import type { ParsedGameRequest, PreparedGame } from './new-game';

/** The refusal's code of each name problem (400). */
export const NAME_CODES = {
  tooLong: 'NAME_TOO_LONG',
  taken: 'DUPLICATE_NAME',
  hidden: 'NAME_HIDDEN_CHARACTER',
} as const satisfies Record<SeatNameProblem['kind'], string>;

/** Config keys the server sets itself: the seats decide `players`, the chain set-up `onChainHoldings`. */
const SERVER_KEYS = new Set(['players', 'onChainHoldings']);

/** The options a game was created with (its house rules and board included), as a create request gives them. */
const givenOptions = (row: GameRow): Record<string, unknown> =>
  Object.fromEntries(Object.entries(row.config as Record<string, unknown>).filter(([key]) => !SERVER_KEYS.has(key)));

/**
 * The create request of `row`'s rematch: the same seats (names, kinds, bot strategies), options, house rules, board,
 * mode and timers; no seed, so a new one is drawn. An on-chain game's is on-chain again (new tokens, and a deposit
 * of its own when the bank's allowance does not cover it). A studio board is read from the studio again, never copied
 * from the old config.
 */
export function rematchRequest(row: GameRow, onChain: boolean): ParsedGameRequest {
  const options = givenOptions(row);
  if (row.studioBoard !== null) delete options.board;
  return {
    game: row.game,
    options,
    seats: row.seats.map((s) => ({ name: s.name, kind: s.kind })),
    mode: row.mode,
    turnSeconds: row.turnSeconds,
    botPaceMs: row.botPaceMs,
    ...(row.graceSeconds === null ? {} : { graceSeconds: row.graceSeconds }),
    public: row.listed,
    ...(row.studioBoard === null ? {} : { studioBoard: row.studioBoard }),
    ...(onChain ? { onChain: {} } : {}),
  };
}

/**
 * The rematch as stored: the old game's host token still hosts it (the hot-seat device plays on with it), a seat that
 * left the old game is its bot's from the start, and every other human seat waits for its person, whose token is
 * minted when they join with the old seat's (`joinRematchSeat`): no invite of the new game exists before.
 */
export function rematchRow(old: GameRow, prepared: PreparedGame): NewGameRow {
  const seats = prepared.row.seats.map((s, i): StoredSeat => ({
    ...s,
    tokenHash: null,
    botTakeover: old.seats[i]?.botTakeover ?? false,
  }));
  return { ...prepared.row, seats, hostTokenHash: old.hostTokenHash, listed: old.listed, rematchOf: old.id };
}

/**
 * The seats of a rematch after the old game's `seat` joins with `tokenHash`.
 * @throws HostError 409 REMATCH_SEAT_LEFT (its bot plays it) | SEAT_JOINED (joined already)
 */
export function joinRematchSeat(row: GameRow, seat: SeatId, tokenHash: string): StoredSeat[] {
  const taken = row.seats[seat];
  if (!taken || taken.kind !== 'human' || taken.botTakeover)
    throw new TableError('REMATCH_SEAT_LEFT', `seat ${seat + 1} left the last game: its bot plays it in the rematch`);
  if (taken.tokenHash !== null)
    throw new TableError(
      'SEAT_JOINED',
      `seat ${seat + 1} has joined the rematch already (its link is the one that joined)`,
    );
  return row.seats.map((s, i) => (i === seat ? { ...s, tokenHash, taken: true } : s));
}

/**
 * A listed game's free seats: human, not its bot's, with an invite nobody has used yet. A rematch's seats waiting for
 * their people have no invite yet, so they are not free.
 */
export const freeSeats = (row: GameRow): SeatId[] =>
  row.seats.flatMap((s, seat) =>
    s.kind === 'human' && !s.botTakeover && !s.taken && s.tokenHash !== null ? [seat] : [],
  );

/** A listed game's seats with the first human seat taken: its creator holds that invite. */
export function creatorSeatTaken(seats: readonly StoredSeat[]): StoredSeat[] {
  const first = seats.findIndex((s) => s.kind === 'human');
  return seats.map((s, i) => (i === first ? { ...s, taken: true } : s));
}

/** The seats with `seat` marked taken, or null when it is so already (nothing to store). */
export function markTaken(seats: readonly StoredSeat[], seat: SeatId): StoredSeat[] | null {
  if (seats[seat]?.taken) return null;
  return seats.map((s, i) => (i === seat ? { ...s, taken: true } : s));
}

function optionWords(row: GameRow): string[] {
  const words = Object.entries(givenOptions(row)).map(([key, value]) =>
    key === 'board' ? 'own board' : typeof value === 'object' && value !== null ? key : `${key} ${String(value)}`,
  );
  if (row.turnSeconds !== null) words.push(`turn timer ${row.turnSeconds} s`);
  return words;
}

/** A listed game as the lobby shows it, `now` (ms) its clock. */
export function lobbyEntry(row: GameRow, now: number): LobbyGame {
  const free = new Set(freeSeats(row));
  return {
    id: row.id,
    game: row.game,
    status: row.finished ? 'finished' : row.waiting ? 'waiting' : 'playing',
    seats: row.seats.map((s, seat) => ({ seat, name: s.name, kind: s.kind, free: free.has(seat) })),
    options: optionWords(row),
    ageSeconds: Math.max(0, Math.floor((now - row.createdAt.getTime()) / 1000)),
  };
}

/**
 * The seat a lobby join takes: the one asked for, else the first free one.
 * @throws HostError 409 SEAT_TAKEN (the one asked for is not free) | NO_FREE_SEAT
 */
export function lobbySeat(row: GameRow, wanted: SeatId | undefined): SeatId {
  const free = freeSeats(row);
  if (wanted !== undefined) {
    if (!free.includes(wanted))
      throw new TableError('SEAT_TAKEN', `seat ${wanted + 1} is not free any more: pick another or let the lobby pick`);
    return wanted;
  }
  const [first] = free;
  if (first === undefined) throw new TableError('NO_FREE_SEAT', 'every seat of this game is taken now');
  return first;
}

/**
 * The seats after a lobby join of `seat` with `tokenHash` (the seat's invite minted anew, so the creator's earlier
 * invite for it stops working), under the joiner's `name` if given: checked as every seat's name is.
 * @throws HostError 400 NAME_TOO_LONG | DUPLICATE_NAME
 */
export function joinLobbySeat(row: GameRow, seat: SeatId, tokenHash: string, name: string | undefined): StoredSeat[] {
  const chosen = name?.trim() ? normalSeatName(name) : undefined;
  const seats = row.seats.map((s, i) => (i === seat ? { ...s, name: chosen ?? s.name, tokenHash, taken: true } : s));
  const names = seats.map((s) => s.name);
  const problem = seatNameProblems(names).find((p) => p.seat === seat || (p.kind === 'taken' && p.by === seat));
  if (problem) throw new RequestError(NAME_CODES[problem.kind], describeSeatNameProblem(problem, names));
  return seats;
}
