import type { SeatId } from '../../engine';
import { AccessError, GameError } from '../errors';
import { chainRequestSchema, holdSeatRequestSchema, type HeldSeatResponse, type SeatMarkKind } from '../protocol';
import { checkActor, holderOf, targetSeat, type Holder, type RequestContext } from './access';
import type { LiveGame } from './live-game';
import { parseRequest } from './new-game';
import { browserHolder, heldHolder, holderKeys, walletHolder } from './seat-holders';
import type { HostShared } from './shared';
import { storeCall } from './store-call';
import { markTaken } from './tables';
import { hashToken } from './tokens';
import { checkWalletBinding } from './wallet-binding';

export interface SeatsDeps extends Pick<
  HostShared,
  'store' | 'games' | 'holders' | 'presence' | 'automation' | 'background' | 'closed' | 'chain'
> {
  /** A seat was just taken (in the game's queue): a waiting game may start by itself (waiting-room.ts). */
  readonly seatTaken?: (live: LiveGame) => Promise<void>;
}

/**
 * Who sits where: who a request is, a seat that leaves or is taken back, the seats a browser or a wallet holds, a
 * provably fair seat's hash chain, and the bot that takes over a seat whose person stayed away past its grace.
 */
export class Seats {
  constructor(private readonly deps: SeatsDeps) {}

  /**
   * Who a request is, in one place: its explicit token if it has one, else the seat its browser holds in
   * this game, else the signed-in wallet's (`seat`: which one, when they hold several).
   * @throws HostError 403 BAD_TOKEN (a token of no seat)
   */
  async holder(
    live: LiveGame,
    token: string | undefined,
    seat: SeatId | undefined,
    context: RequestContext,
  ): Promise<Holder> {
    if (token !== undefined && token !== '') return holderOf(live.row, token);
    const keys = holderKeys(context);
    if (keys.length === 0) return { kind: 'spectator' };
    return heldHolder(live.row, await storeCall(() => this.deps.holders.held(keys, live.id)), seat);
  }

  /**
   * The token's seat leaves: its bot plays it from now on (the hot-seat host token names the seat). Leaving twice is
   * fine.
   * @throws HostError 400 SEAT_REQUIRED, 403 NOT_YOUR_SEAT…, 404
   */
  async leave(id: string, token: string | undefined, seat?: SeatId, context: RequestContext = {}): Promise<void> {
    const live = await this.deps.games.live(id);
    const holder = await this.holder(live, token, seat, context);
    const target = targetSeat(holder, seat);
    await checkWalletBinding(this.deps.chain, live, target, context);
    await this.deps.games.inQueue(id, async () => {
      if (live.row.seats[target]?.botTakeover) return;
      checkActor(live.row, holder, target);
      // Before the start, leaving frees the seat (its link may come back; a newcomer may take it): no bot plays yet.
      if (live.row.waiting) await this.free(live, target);
      else await this.change(live, target, 'left');
    });
  }

  /**
   * The person whose seat its bot plays (they left, or their grace ran out) takes it back, from their
   * invite link (the hot-seat host token names the seat), while the game runs; the log tells everyone.
   * @throws HostError 400 SEAT_REQUIRED, 403 NOT_YOUR_SEAT | TOKEN_REQUIRED | BOT_SEAT | UNKNOWN_SEAT, 404, 409
   *   GAME_OVER | SEAT_NOT_TAKEN_OVER
   */
  async rejoin(id: string, token: string | undefined, seat?: SeatId, context: RequestContext = {}): Promise<void> {
    const live = await this.deps.games.live(id);
    const holder = await this.holder(live, token, seat, context);
    const target = targetSeat(holder, seat);
    await checkWalletBinding(this.deps.chain, live, target, context);
    await this.deps.games.inQueue(id, async () => {
      const info = live.row.seats[target];
      if (!info) throw new AccessError('UNKNOWN_SEAT', `seat ${target} is not in this game`, { seat: target });
      if (info.kind !== 'human') throw new AccessError('BOT_SEAT', `seat ${target} is played by a bot`);
      if (live.kit.definition.outcome(live.state))
        throw new GameError('GAME_OVER', 'the game is over: there is no seat to take back');
      if (!info.botTakeover)
        throw new GameError('SEAT_NOT_TAKEN_OVER', `${info.name} plays this seat already: its bot does not`);
      await this.change(live, target, 'back');
      // Taken back without a stream open (another device, a script): the grace to connect runs from now.
      this.deps.presence.away(live, target);
    });
  }

  /**
   * This browser (`context.browser`, and the signed-in wallet) now holds the seat of the token in the body:
   * later requests need no token. Handing over the same token again changes nothing.
   * @throws HostError 400 MALFORMED_REQUEST, 403 BAD_TOKEN, 404
   */
  async hold(id: string, request: unknown, context: RequestContext): Promise<HeldSeatResponse> {
    const parsed = parseRequest(holdSeatRequestSchema, request, 'expected { token }');
    const live = await this.deps.games.live(id);
    const holder = holderOf(live.row, parsed.token);
    if (holder.kind === 'spectator' && !holder.onlineHost)
      throw new AccessError('BAD_TOKEN', 'this token does not belong to this game');
    const seat = holder.kind === 'seat' ? holder.seat : null;
    await storeCall(() => this.deps.holders.hold(holderKeys(context), id, seat, hashToken(parsed.token)));
    return { access: holder.kind, seat };
  }

  /** A wallet just signed in on a browser: it holds that browser's seats from now on ("My games"). */
  async adopt(browser: string | null, address: string): Promise<void> {
    if (browser === null) return;
    await storeCall(() => this.deps.holders.adopt(browserHolder(browser), walletHolder(address)));
  }

  /** This browser and the signed-in wallet forget every seat they hold in a game ("Forget this game"). */
  async forget(id: string, context: RequestContext): Promise<void> {
    await storeCall(() => this.deps.holders.forget(holderKeys(context), id));
  }

  /**
   * A seat of a provably fair game registers its hash chain's head, once: its links count from the next
   * action. @throws HostError 400 MALFORMED_REQUEST, 403, 404, 409 NOT_FAIR | CHAIN_REGISTERED | GAME_OVER
   */
  async registerChain(
    id: string,
    request: unknown,
    context: RequestContext = {},
  ): Promise<{ seat: SeatId; head: string; at: number }> {
    const { token, seat, head } = parseRequest(chainRequestSchema, request, 'not a chain registration');
    const live = await this.deps.games.live(id);
    const holder = await this.holder(live, token, seat, context);
    checkActor(live.row, holder, seat);
    await checkWalletBinding(this.deps.chain, live, seat, context);
    if (!live.row.fair) throw new GameError('NOT_FAIR', 'this game keeps a plain seed: it takes no hash chains');
    return this.deps.games.inQueue(id, async () => {
      if (live.row.finished) throw new GameError('GAME_OVER', 'this game is over: its rolls are all made');
      const chain = { seat, head, at: live.seq };
      if (!(await storeCall(() => this.deps.store.fair.register(id, chain)))) {
        throw new GameError(
          'CHAIN_REGISTERED',
          `seat ${seat + 1} has registered its hash chain already: the first one stays`,
        );
      }
      live.fair.add(chain);
      return chain;
    });
  }

  /**
   * Records, once, that an online game's seat is taken: its token opened a stream or acted. The lobby
   * offers it no more, and a restarted server gives it the grace to come back. Runs in the game's queue.
   */
  async noteTaken(live: LiveGame, seat: SeatId): Promise<void> {
    if (live.row.mode !== 'online') return;
    const seats = markTaken(live.row.seats, seat);
    if (!seats) return;
    await storeCall(() => this.deps.store.games.updateSeats(live.id, seats));
    live.row = { ...live.row, seats };
    await this.deps.seatTaken?.(live);
  }

  /** A waiting game's seat is free again. Runs in the game's queue. */
  private async free(live: LiveGame, seat: SeatId): Promise<void> {
    const seats = live.row.seats.map((s, i) => (i === seat ? { ...s, taken: false } : s));
    await storeCall(() => this.deps.store.games.updateSeats(live.id, seats));
    live.row = { ...live.row, seats };
    this.deps.presence.publish(live);
  }

  /** A grace ran out: if the seat is still away and its person's, its bot plays for it from now, and the log says so. */
  graceEnded(id: string, seat: SeatId): void {
    this.deps.background.add(
      this.deps.games.inQueue(id, async () => {
        const live = this.deps.games.held(id);
        if (
          !live ||
          this.deps.closed() ||
          live.row.finished ||
          live.row.waiting || // a seat of a waiting game stays its person's: no bot plays before the start
          live.row.seats[seat]?.botTakeover ||
          this.deps.presence.connected(id, seat)
        )
          return;
        await this.change(live, seat, 'away');
      }),
    );
  }

  /**
   * Another instance changed the game's seats (or this one missed what it did): take the stored ones. A takeover
   * there ends the seat's grace here too. Runs in the game's queue.
   */
  async reload(live: LiveGame): Promise<void> {
    const row = await this.deps.store.games.get(live.id);
    if (!row) return;
    const started = live.row.waiting && !row.waiting;
    live.row = { ...live.row, seats: row.seats, seatMarks: row.seatMarks, waiting: row.waiting };
    if (started) this.deps.automation.plan(live);
    for (const seat of row.seats.keys())
      if (row.seats[seat]!.botTakeover) this.deps.presence.graces.cancel(live.id, seat);
    this.deps.presence.publish(live);
  }

  /**
   * A human seat's bot takes over (`away`, `left`) or hands it back (`back`), stored with the mark the log shows;
   * bots and timers are planned again and every stream is told. Must run in the game's queue.
   */
  private async change(live: LiveGame, seat: SeatId, mark: SeatMarkKind): Promise<void> {
    const botTakeover = mark !== 'back';
    const seats = live.row.seats.map((s, i) => (i === seat ? { ...s, botTakeover } : s));
    const entry = { n: live.row.seatMarks.length + 1, afterSeq: live.seq, seat, mark };
    await storeCall(() => this.deps.store.games.updateSeats(live.id, seats, entry));
    live.row = { ...live.row, seats, seatMarks: [...live.row.seatMarks, entry] };
    if (botTakeover) live.deadlines.delete(seat);
    this.deps.presence.graces.cancel(live.id, seat);
    this.deps.automation.plan(live);
    this.deps.presence.publish(live);
  }
}
