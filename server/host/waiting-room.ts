/**
 * Waiting rooms: an online game created to wait for its people (`waitingRoom`, and every public game) moves not at
 * all — no roll, no bot, no timer — until it starts: when its host presses Start (with its free seats given to bots,
 * if they say so), or by itself once every human seat is taken (`autoStart`). Its one room link (/r/<code>) seats a
 * newcomer in a free seat, under their own name, with a seat token minted for their browser alone; the lobby does the
 * same for a public game. An on-chain game's tokens are made when it starts (server/chain/setup.ts).
 */
import type { SeatId } from '../../engine';
import { GameError, TableError } from '../errors';
import {
  roomJoinRequestSchema,
  startRequestSchema,
  type JoinedSeat,
  type RoomInfo,
  type WaitingRoomView,
} from '../protocol';
import type { GameRow } from '../store';
import type { Holder, RequestContext } from './access';
import type { LiveGame } from './live-game';
import { parseRequest } from './new-game';
import { ratingAtStart } from './game-ratings';
import { holderKeys } from './seat-holders';
import type { HostShared } from './shared';
import { storeCall } from './store-call';
import { freeSeats } from './tables';
import { tokenMatches } from './tokens';

export interface WaitingRoomDeps extends Pick<
  HostShared,
  'store' | 'games' | 'chain' | 'automation' | 'presence' | 'holders'
> {
  /** Seats a newcomer in a free seat (TableDesk's, which the lobby's join uses too). */
  readonly seatNewcomer: (live: LiveGame, seat: SeatId | undefined, name: string | undefined) => Promise<JoinedSeat>;
}

/** The human seats nobody has taken (a seat that left an earlier game is its bot's already): a start gives them to bots. */
const untaken = (row: GameRow): SeatId[] =>
  row.seats.flatMap((s, seat) => (s.kind === 'human' && !s.taken && !s.botTakeover ? [seat] : []));

/** The room link of a waiting game. */
export const roomPath = (code: string): string => `/r/${encodeURIComponent(code)}`;

export class WaitingRoom {
  constructor(private readonly deps: WaitingRoomDeps) {}

  /**
   * The host starts a waiting game. Seats nobody has taken are refused (409 SEATS_FREE, naming them) unless
   * `fillWithBots`: then bots play them from the start.
   * @throws HostError 400 MALFORMED_REQUEST, 403 NOT_HOST, 404, 409 NOT_WAITING | SEATS_FREE
   */
  async start(id: string, request: unknown, context: RequestContext = {}): Promise<void> {
    const { token, fillWithBots } = parseRequest(startRequestSchema, request, 'not a start request');
    const live = await this.deps.games.live(id);
    await this.checkHost(live, token, context);
    await this.deps.games.inQueue(id, async () => {
      if (!live.row.waiting) throw new GameError('NOT_WAITING', 'this game has started already');
      const free = untaken(live.row);
      if (free.length > 0 && !fillWithBots) {
        const names = free.map((seat) => `seat ${seat + 1} (${live.row.seats[seat]!.name})`).join(', ');
        throw new TableError(
          'SEATS_FREE',
          `nobody has taken ${names} yet: wait for them, or start with bots in ${free.length === 1 ? 'it' : 'them'}`,
          { seats: free },
        );
      }
      await this.startInQueue(live, free);
    });
  }

  /**
   * A seat was just taken (its person's stream opened, or they joined): a waiting game set to start by itself does,
   * once every human seat is. Runs in the game's queue.
   */
  async seatTaken(live: LiveGame): Promise<void> {
    if (live.row.waiting && live.row.autoStart && untaken(live.row).length === 0) await this.startInQueue(live, []);
  }

  /**
   * What the room link shows: the game, its seats (free or taken) and whether it still waits.
   * @throws HostError 404 UNKNOWN_ROOM
   */
  async room(code: string): Promise<RoomInfo> {
    const live = await this.live(code);
    const free = new Set(freeSeats(live.row));
    return {
      id: live.id,
      game: live.row.game,
      waiting: live.row.waiting,
      finished: live.row.finished,
      seats: live.row.seats.map((s, seat) => ({ seat, name: s.name, kind: s.kind, free: free.has(seat) })),
    };
  }

  /**
   * A newcomer takes a free seat through the room link (the one asked for, else the first), under their name if
   * given, with a token minted now for their browser alone; the game starts if that was the last seat and it starts
   * by itself. @throws HostError 400 MALFORMED_REQUEST | NAME_TOO_LONG | DUPLICATE_NAME, 404 UNKNOWN_ROOM, 409
   *   NOT_WAITING | SEAT_TAKEN | NO_FREE_SEAT
   */
  async join(code: string, request: unknown): Promise<JoinedSeat> {
    const { seat: wanted, name } = parseRequest(roomJoinRequestSchema, request, 'not a room join');
    return this.deps.seatNewcomer(await this.live(code), wanted, name);
  }

  /**
   * The waiting room as `holder` sees it (null once the game has started): the room link for its host and its seats,
   * never a spectator, and Start for its host.
   */
  async view(
    live: LiveGame,
    holder: Holder,
    token: string | undefined,
    context: RequestContext,
  ): Promise<WaitingRoomView | null> {
    if (!live.row.waiting) return null;
    const host = await this.isHost(live, token, context);
    const code = live.row.roomCode;
    return {
      autoStart: live.row.autoStart,
      roomPath: code !== null && (host || holder.kind !== 'spectator') ? roomPath(code) : null,
      mayStart: host,
    };
  }

  /** @throws HostError 404 UNKNOWN_ROOM */
  private async live(code: string): Promise<LiveGame> {
    const id = await storeCall(() => this.deps.store.games.byRoomCode(code));
    if (id === null)
      throw new TableError('UNKNOWN_ROOM', 'no game has this room link: ask its host for the link again');
    return this.deps.games.live(id);
  }

  /** @throws HostError 403 NOT_HOST unless the request comes from the game's host */
  private async checkHost(live: LiveGame, token: string | undefined, context: RequestContext): Promise<void> {
    if (!(await this.isHost(live, token, context)))
      throw new TableError('NOT_HOST', "only the game's host starts it: the browser that created it");
  }

  /** Whether a request comes from the game's host: its token, or a browser or wallet that holds it. */
  private async isHost(live: LiveGame, token: string | undefined, context: RequestContext): Promise<boolean> {
    if (token !== undefined && tokenMatches(token, live.row.hostTokenHash)) return true;
    const keys = holderKeys(context);
    if (keys.length === 0) return false;
    const held = await storeCall(() => this.deps.holders.held(keys, live.id));
    return held.some((h) => h.tokenHash === live.row.hostTokenHash);
  }

  /** Starts the game with `bots` playing the seats nobody took; runs in the game's queue. */
  private async startInQueue(live: LiveGame, bots: readonly SeatId[]): Promise<void> {
    const seats = live.row.seats.map((s, seat) =>
      bots.includes(seat) ? { ...s, kind: 'normal' as const, tokenHash: null, taken: false } : s,
    );
    const rating = await storeCall(() => ratingAtStart(this.deps.holders, live, seats));
    if (!(await storeCall(() => this.deps.store.games.start(live.id, seats, rating)))) {
      // Another instance started it: take its seats.
      const stored = await storeCall(() => this.deps.store.games.get(live.id));
      if (stored) live.row = { ...live.row, seats: stored.seats, waiting: false, ratedSeats: stored.ratedSeats };
      return;
    }
    live.row = { ...live.row, seats, waiting: false, ratedSeats: 'seats' in rating ? rating.seats : null };
    if (this.deps.chain?.isOnChain(live.id)) await this.deps.chain.start(live.id, bots);
    this.deps.automation.plan(live);
    this.deps.presence.publish(live);
  }
}
