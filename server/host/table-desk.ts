import type { SeatId } from '../../engine';
import { GameError, TableError } from '../errors';
import { lobbyJoinRequestSchema, rematchRequestSchema, type JoinedSeat, type LobbyGame } from '../protocol';
import type { GameRow, NewGameRow, StoredSeat } from '../store';
import type { RequestContext } from './access';
import type { LiveGame } from './live-game';
import { parseRequest, type ParsedGameRequest, type PreparedGame } from './new-game';
import { holderKeys } from './seat-holders';
import type { Seats } from './seats';
import type { HostShared } from './shared';
import { storeCall } from './store-call';
import { joinLobbySeat, joinRematchSeat, lobbyEntry, lobbySeat, rematchRequest, rematchRow } from './tables';
import { hashToken, newToken } from './tokens';
import { checkWalletBinding } from './wallet-binding';

/** The newest listed games the lobby looks at: a page's worth, not every public game ever made. */
const LOBBY_SIZE = 50;

export interface TableDeskDeps extends Pick<
  HostShared,
  'store' | 'clock' | 'chain' | 'games' | 'holders' | 'presence'
> {
  readonly seats: Seats;
  /** A seat was just taken (in the game's queue): a waiting game may start by itself (waiting-room.ts). */
  readonly seatTaken: (live: LiveGame) => Promise<void>;
  /** The game a create request asks for, ready to store. */
  readonly prepare: (req: ParsedGameRequest) => Promise<PreparedGame>;
  /** Stores a prepared game and starts it, as creating one does. */
  readonly launch: (
    row: NewGameRow,
    state: unknown,
    onChain: PreparedGame['onChain'],
    context: RequestContext,
  ) => Promise<LiveGame>;
}

/**
 * Who sits at a table next: the rematch of a finished game, and the lobby's public games and their free seats. The
 * seats come from the pure functions of tables.ts; this stores them, in the game's queue, with the store's
 * compare-and-set, so two instances never give one seat twice.
 */
export class TableDesk {
  constructor(private readonly deps: TableDeskDeps) {}

  /**
   * "Play again": a seat of a finished game (its invite token), or the hot-seat host, asks for the rematch
   * — the same seats, options, house rules and board, a new seed; an on-chain game's gets new tokens through the
   * normal set-up (a signed-in wallet, within its limits). The first ask creates it, every later one (on any app
   * instance: the store's unique `rematch_of` decides a race) gets the same. A seat then takes its own seat in it,
   * with a token minted now; the hot-seat host keeps its token, which hosts the rematch too.
   * @throws HostError 400 MALFORMED_REQUEST, 403 BAD_TOKEN | SPECTATOR_CANNOT_JOIN, 404, 409 GAME_NOT_OVER |
   *   REMATCH_SEAT_LEFT | SEAT_JOINED, and an on-chain game's creation refusals (401 SIGN_IN_REQUIRED, 429, 503)
   */
  async rematch(id: string, request: unknown, context: RequestContext = {}): Promise<JoinedSeat> {
    const parsed = parseRequest(rematchRequestSchema, request, 'not a rematch request');
    const live = await this.deps.games.live(id);
    const holder = await this.deps.seats.holder(live, parsed.token, undefined, context);
    if (holder.kind === 'spectator')
      throw new TableError(
        'SPECTATOR_CANNOT_JOIN',
        "a rematch is played by the game's seats: open your own seat's link to join it",
      );
    if (!live.row.finished) throw new GameError('GAME_NOT_OVER', 'a rematch starts once this game is over');
    if (holder.kind === 'seat' && live.row.seats[holder.seat]!.botTakeover) {
      throw new TableError(
        'REMATCH_SEAT_LEFT',
        `seat ${holder.seat + 1} left this game: its bot plays it in the rematch`,
      );
    }
    // An on-chain seat's rematch is its wallet's: the browser holding the seat must be signed in as it.
    if (holder.kind === 'seat') await checkWalletBinding(this.deps.chain, live, holder.seat, context);
    const rematchId = await this.deps.games.inQueue(id, () => this.rematchOfFinished(live, context));
    if (holder.kind === 'host') {
      // The host token hosts the rematch too: the browser (and wallet) holding this game hold that one.
      await storeCall(() => this.deps.holders.hold(holderKeys(context), rematchId, null, live.row.hostTokenHash));
      return { id: rematchId, seat: null, token: null };
    }
    const next = await this.deps.games.live(rematchId);
    const token = newToken();
    await this.deps.games.inQueue(rematchId, async () => {
      await this.seatPerson(next, (row) => joinRematchSeat(row, holder.seat, hashToken(token)));
      await this.deps.seatTaken(next);
    });
    return { id: rematchId, seat: holder.seat, token };
  }

  /** The rematch of a finished game once someone asked for it, else null. @throws HostError 404 */
  async rematchOf(id: string): Promise<string | null> {
    return this.knownRematch(await this.deps.games.live(id));
  }

  /**
   * The lobby: the newest listed games, newest first — waiting (a free seat may be joined), playing or finished (to
   * watch).
   */
  async lobby(): Promise<LobbyGame[]> {
    const rows = await storeCall(() => this.deps.store.games.listed(LOBBY_SIZE));
    const now = this.deps.clock.now();
    return rows.map((row) => lobbyEntry(row, now));
  }

  /**
   * A lobby join: takes a free seat of a listed game (the one asked for, else the first), under the
   * joiner's name if given, with a token minted now — the creator's earlier invite for that seat stops working, so two
   * joiners never share a seat.
   * @throws HostError 400 MALFORMED_REQUEST | NAME_TOO_LONG | DUPLICATE_NAME, 404 UNKNOWN_GAME | NOT_IN_LOBBY, 409
   *   GAME_OVER | SEAT_TAKEN | NO_FREE_SEAT
   */
  async joinLobby(request: unknown): Promise<JoinedSeat> {
    const { game: id, seat: wanted, name } = parseRequest(lobbyJoinRequestSchema, request, 'not a lobby join');
    const live = await this.deps.games.live(id);
    // As unknown as an unknown game's: a private game's seats are for its invites only.
    if (!live.row.listed) throw new TableError('NOT_IN_LOBBY', `game ${id} is not in the lobby: it is private`);
    return this.seatNewcomer(live, wanted, name);
  }

  /**
   * Seats a newcomer (the lobby's joiner, or the room link's) in a free seat of a waiting game — the one asked for,
   * else the first — under their name if given, with a token minted now for their browser alone; the game starts if
   * that was the last seat and it starts by itself.
   * @throws HostError 400 NAME_TOO_LONG | DUPLICATE_NAME, 409 GAME_OVER | NOT_WAITING | SEAT_TAKEN | NO_FREE_SEAT
   */
  async seatNewcomer(live: LiveGame, wanted: SeatId | undefined, name: string | undefined): Promise<JoinedSeat> {
    const token = newToken();
    let seat = 0;
    await this.deps.games.inQueue(live.id, async () => {
      await this.seatPerson(live, (row) => {
        if (row.finished) throw new TableError('GAME_OVER', 'this game is over: pick another in the lobby');
        if (!row.waiting)
          throw new GameError('NOT_WAITING', 'this game has started: its seats are taken (you may still watch it)');
        seat = lobbySeat(row, wanted);
        return joinLobbySeat(row, seat, hashToken(token), name);
      });
      this.deps.presence.publish(live);
      await this.deps.seatTaken(live);
    });
    return { id: live.id, seat, token };
  }

  /** A finished game's rematch, if there is one: from memory, else from the store (another instance may have made it). */
  async knownRematch(live: LiveGame): Promise<string | null> {
    if (!live.row.finished) return null;
    live.rematch ??= await storeCall(() => this.deps.store.games.rematchOf(live.id));
    return live.rematch;
  }

  /**
   * The rematch of a finished game: the one made already, else a new one. Runs in the old game's queue, so one
   * instance makes one; of two instances, the store's unique `rematch_of` lets one insert win, and the other reads it.
   */
  private async rematchOfFinished(live: LiveGame, context: RequestContext): Promise<string> {
    const known = await this.knownRematch(live);
    if (known) return known;
    const req = rematchRequest(live.row, this.deps.chain?.isOnChain(live.id) ?? false);
    const prepared = await this.deps.prepare(req);
    try {
      await this.deps.launch(rematchRow(live.row, prepared), prepared.state, prepared.onChain, context);
      live.rematch = prepared.row.id;
    } catch (err) {
      live.rematch = await this.deps.store.games.rematchOf(live.id).catch(() => null);
      if (!live.rematch) throw err;
    }
    return live.rematch;
  }

  /**
   * Seats a person: `seat` makes the new seats from the game's (or refuses). They are stored only if the
   * stored seats are still the ones it saw; if another instance changed them meanwhile, it sees theirs and decides
   * again — so two people on two instances never get one seat. Runs in the game's queue.
   * @throws HostError what `seat` throws; 409 SEAT_TAKEN when the seats keep changing under it
   */
  async seatPerson(live: LiveGame, seat: (row: GameRow) => StoredSeat[]): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const seats = seat(live.row);
      if (await storeCall(() => this.deps.store.games.swapSeats(live.id, live.row.seats, seats))) {
        live.row = { ...live.row, seats };
        return;
      }
      const stored = await storeCall(() => this.deps.store.games.get(live.id));
      if (!stored) throw new GameError('UNKNOWN_GAME', `no game ${live.id}`);
      live.row = { ...live.row, seats: stored.seats, finished: live.row.finished || stored.finished };
    }
    throw new TableError('SEAT_TAKEN', 'the seats changed while you joined: look again and pick a free one');
  }
}
