import { isAddress } from '../../chain/validate';
import { type SeatId } from '../../engine';

import { type ChainGames, type GameExtras } from '../chain/chain-games';
import { AccessError, ChainGameError } from '../errors';
import { type ChatEntry, type CreateGameResponse } from '../protocol';
import type { Rate } from '../limits';
import type { GameStore, NewGameRow } from '../store';

import { checkActor, targetSeat, type RequestContext } from './access';
import { Automation } from './automation';
import { Broker, type StreamCaps } from './broker';
import { BackgroundWork } from './background';
import { ChatDesk } from './chat-desk';
import { systemClock, type Clock } from '../../chain/clock';
import { getBoard } from '../studio/boards';
import type { LiveGame } from './live-game';
import { LiveGames } from './live-games';
import { TablePresence } from './presence';
import { Moves } from './moves';
import { Records } from './records';
import { Seats } from './seats';
import { TableDesk } from './table-desk';
import { ViewDesk } from './view-desk';
import { gamePath, parseGameRequest, prepareGame, type ParsedGameRequest, type PreparedGame } from './new-game';

import { holderKeys, SeatHolders } from './seat-holders';
import { storeCall } from './store-call';

import { seatInfos } from './views';

export interface GameHostOptions {
  /** Time and timers (tests pass a ManualClock). */
  readonly clock?: Clock;
  /** A snapshot of the state is stored every this many actions (restarts replay at most this many). */
  readonly snapshotEvery?: number;
  /** On open, load every unfinished game so its bots and timers run again (default true). */
  readonly resume?: boolean;
  /** Where failures of background work (bot moves, snapshots, catch-ups) are reported. */
  readonly onError?: (err: unknown) => void;
  /** On-chain Tezos Pole games (server/chain); without it, creating one is refused with CHAIN_NOT_CONFIGURED. */
  readonly chain?: ChainGames | null;
  /** Why there is no `chain` (shown when someone asks for an on-chain game). */
  readonly chainUnavailable?: string;
  /**
   * A game untouched this long (ms) leaves memory, and is rebuilt from its snapshot and log when next asked for
   * (default 5 minutes; 0: never). See `evictIdle`.
   */
  readonly idleMs?: number;
  /** Live event streams at once, per game and per client (default: no cap). */
  readonly streams?: StreamCaps;
  /** Chat posts per seat (default: unlimited — the routes pass the environment's POLE_RATE_CHAT). */
  readonly chatRate?: Rate | null;
}

/**
 * Hosts games over a GameStore (ARCHITECTURE.md "Hosting"): creates them, checks and applies actions (the store's
 * append is the optimistic lock), keeps live games in memory (rebuilt from snapshot + log after a restart), plays
 * bots and turn timers, fans updates out to subscribers, and follows other instances through the store's
 * notifications. Every public method either succeeds or throws a HostError and changes nothing.
 */
export class GameHost {
  private readonly games: LiveGames;
  private readonly background: BackgroundWork;
  private readonly broker: Broker;
  private readonly chatDesk: ChatDesk;
  private readonly seatHolders: SeatHolders;
  private readonly automation: Automation;
  private readonly presence: TablePresence;
  readonly seats: Seats;
  readonly moves: Moves;
  readonly tables: TableDesk;
  readonly records: Records;
  readonly views: ViewDesk;
  private readonly clock: Clock;
  private readonly onError: (err: unknown) => void;
  readonly chain: ChainGames | null;
  private readonly chainUnavailable: string;
  private unlisten: (() => Promise<void>) | null = null;
  private closed = false;

  private constructor(
    readonly store: GameStore,
    options: GameHostOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.onError = options.onError ?? ((err) => console.error('[game host]', err));
    this.background = new BackgroundWork(this.onError);
    this.chain = options.chain ?? null;
    this.chainUnavailable = options.chainUnavailable ?? 'on-chain games are not configured on this server';
    this.broker = new Broker(options.streams, (id, seat) => this.presence.left(id, seat));
    this.presence = new TablePresence({
      clock: this.clock,
      broker: this.broker,
      held: (id) => this.games.held(id),
      closed: () => this.closed,
      graceEnded: (id, seat) => this.seats.graceEnded(id, seat),
    });
    this.seatHolders = new SeatHolders(store.sql);
    this.chatDesk = new ChatDesk({
      store,
      broker: this.broker,
      clock: this.clock,
      live: (id) => this.games.live(id),
      holder: (live, token, seat, context) => this.seats.holder(live, token, seat, context),
      rate: options.chatRate ?? null,
    });
    this.automation = new Automation(
      this.clock,
      (id, seat, seq, reason) => this.moves.autoMove(id, seat, seq, reason),
      this.onError,
      undefined,
      (id) => !(this.chain?.mayMove(id) ?? true),
    );
    this.games = new LiveGames({
      store,
      clock: this.clock,
      chain: this.chain,
      automation: this.automation,
      idleMs: Math.max(0, options.idleMs ?? 300_000),
      inUse: (id) => this.broker.count(id) > 0 || this.presence.graces.running(id),
      presence: (live, seat) => this.presence.of(live, seat),
      catchUp: (live) => this.moves.catchUp(live),
    });
    this.seats = new Seats({
      store,
      games: this.games,
      holders: this.seatHolders,
      presence: this.presence,
      automation: this.automation,
      background: this.background,
      closed: () => this.closed,
    });
    this.moves = new Moves({
      store,
      clock: this.clock,
      chain: this.chain,
      games: this.games,
      seats: this.seats,
      presence: this.presence,
      broker: this.broker,
      automation: this.automation,
      chat: this.chatDesk,
      background: this.background,
      snapshotEvery: Math.max(1, options.snapshotEvery ?? 50),
      onError: this.onError,
      closed: () => this.closed,
    });
    this.tables = new TableDesk({
      store,
      clock: this.clock,
      chain: this.chain,
      games: this.games,
      seats: this.seats,
      holders: this.seatHolders,
      prepare: (req) => this.prepare(req),
      launch: (row, state, onChain, context) => this.launch(row, state, onChain, context),
    });
    this.records = new Records({
      games: this.games,
      chain: this.chain,
      moves: this.moves,
      holders: this.seatHolders,
    });
    this.views = new ViewDesk({
      store,
      chain: this.chain,
      games: this.games,
      broker: this.broker,
      presence: this.presence,
      seats: this.seats,
      chat: this.chatDesk,
      tables: this.tables,
      moves: this.moves,
    });
    this.chain?.bindHost({ retry: (id) => this.moves.retryKept(id), changed: (id) => this.moves.chainChanged(id) });
  }

  /** A host listening to the store; with `resume`, the unfinished games' bots and timers run again. */
  static async open(store: GameStore, options: GameHostOptions = {}): Promise<GameHost> {
    const host = new GameHost(store, options);
    host.unlisten = await store.listen((event) => host.moves.followStore(event));
    // In the background: the first request need not wait for every unfinished game to be rebuilt (`idle` does).
    if (options.resume ?? true) {
      host.background.add(
        store.unfinishedGames().then(async (ids) => {
          for (const id of ids) {
            const live = await host.games.live(id).catch(host.onError);
            // A restarted server has no connections: everyone who was at an online table gets the grace to come
            // back; a seat whose invite nobody opened yet keeps waiting for its person, as before the restart.
            if (live)
              for (const [seat, info] of live.row.seats.entries()) if (info.taken) host.presence.away(live, seat);
          }
        }),
      );
      // On-chain games that finished while nobody closed them: the bank's power over the players' copies ends.
      if (host.chain) host.background.add(host.chain.resumeClosing());
    }
    return host;
  }

  /**
   * Creates a game: validates the request and the engine config (players = seats), draws the seed and the tokens.
   * An on-chain game costs the bank tez (its tokens, its bots' wallets): only a signed-in wallet creates one, within
   * its limits and the bank's balance.
   * @throws HostError 400 MALFORMED_REQUEST | NAME_TOO_LONG | DUPLICATE_NAME | PLAYERS_FROM_SEATS, 422 the engine's ConfigError code, 401
   *   SIGN_IN_REQUIRED, 429 CHAIN_GAME_LIMIT | CHAIN_BOT_LIMIT, 503 BANK_LOW | CHAIN_NOT_CONFIGURED
   */
  async create(request: unknown, context: RequestContext = {}): Promise<CreateGameResponse> {
    this.games.sweep();
    const req = parseGameRequest(request);
    const { row, state, hostToken, invites, onChain } = await this.prepare(req);
    const live = await this.launch(row, state, onChain, context);
    return { id: row.id, seats: seatInfos(live.row, live), hostToken, invites, spectatorPath: gamePath(row.id) };
  }

  /**
   * The game `req` asks for, ready to store: its seed and tokens drawn, an on-chain game's studio board read from the
   * store (its artists are never taken from a request). @throws HostError 404, and what prepareGame refuses
   */
  private async prepare(req: ParsedGameRequest): Promise<PreparedGame> {
    const studioId = req.onChain?.studioBoard;
    const board = studioId === undefined ? null : await storeCall(() => getBoard(this.store.sql, studioId));
    return prepareGame(req, board);
  }

  /** Stores a prepared game (an on-chain one set up for Tezos first), holds it in memory and starts its bots and timers. */
  private async launch(
    row: NewGameRow,
    state: unknown,
    onChain: GameExtras | null,
    context: RequestContext,
  ): Promise<LiveGame> {
    let chainRow = null;
    if (onChain) {
      if (!this.chain) throw new ChainGameError('CHAIN_NOT_CONFIGURED', this.chainUnavailable);
      if (!context.address)
        throw new AccessError(
          'SIGN_IN_REQUIRED',
          'sign in with your wallet to create a game on Tezos: the bank pays for its tokens and its bots',
        );
      chainRow = await this.chain.prepare(row.id, row.config, row.seats, context.address, onChain);
    }
    try {
      await storeCall(() => this.store.createGame(row));
      if (chainRow) await storeCall(() => this.chain!.register(chainRow));
    } finally {
      if (chainRow) this.chain!.release(row.id);
    }
    const live = this.games.start(row, state);
    await this.games.inQueue(row.id, async () => this.automation.plan(live));
    return live;
  }

  /**
   * A seat posts to an online game's chat: a message or an emote, delivered on every stream of the game
   * and stored with it, never in its record. See ChatDesk.post. @throws HostError 400, 403, 404, 409, 429
   */
  chat(id: string, request: unknown, context: RequestContext = {}): Promise<ChatEntry> {
    return this.chatDesk.post(id, request, context);
  }

  /** The game's host mutes or unmutes a seat's chat (null: it was so already). See ChatDesk.mute. @throws HostError 400, 403, 404, 409 */
  muteChat(id: string, request: unknown, context: RequestContext = {}): Promise<ChatEntry | null> {
    return this.chatDesk.mute(id, request, context);
  }

  /**
   * Binds a human seat of an on-chain game to the signed-in wallet (the token must hold the seat).
   * @throws HostError 401 SIGN_IN_REQUIRED, 403, 404, 409 SEAT_CLAIMED | ADDRESS_IN_GAME
   */
  async claimSeat(
    id: string,
    token: string | undefined,
    seat: SeatId | undefined,
    context: RequestContext,
  ): Promise<void> {
    const { chain, target, live } = await this.chainSeat(id, token, seat, context);
    if (!context.address) throw new AccessError('SIGN_IN_REQUIRED', 'sign in with your wallet to claim a seat');
    await chain.claim(id, target, context.address);
    // The wallet now holds the seat: signing in on another device finds it again.
    await storeCall(() =>
      this.seatHolders.hold(holderKeys({ address: context.address }), id, target, live.row.seats[target]!.tokenHash!),
    );
  }

  /** The operator approval a seat's wallet signs. @throws HostError 403, 404, 409 */
  async approvalCall(
    id: string,
    token: string | undefined,
    seat: SeatId | undefined,
    context: RequestContext,
  ): Promise<unknown> {
    const { chain, target } = await this.chainSeat(id, token, seat, context);
    chain.checkWallet(id, target, context.address ?? null);
    return chain.approvalCall(id, target);
  }

  /** A seat's approval was sent (`opHash`) or is to be checked again (null). @throws HostError 400, 401, 403, 404, 409 */
  async submitApproval(
    id: string,
    token: string | undefined,
    seat: SeatId | undefined,
    opHash: string | null,
    context: RequestContext,
  ): Promise<void> {
    const { chain, target } = await this.chainSeat(id, token, seat, context);
    await chain.submitApproval(id, target, context.address ?? null, opHash);
  }

  /**
   * What a wallet granted the bank in on-chain games (the games it joined, live or ended) and any FA2 operator
   * approval of the bank left from earlier app versions, with the call that revokes it.
   * @throws HostError 400 BAD_ADDRESS, 503 CHAIN_NOT_CONFIGURED | CHAIN_UNAVAILABLE
   */
  async walletGrants(address: string): Promise<Awaited<ReturnType<ChainGames['grantsOf']>>> {
    if (!isAddress(address)) throw new AccessError('BAD_ADDRESS', `not a Tezos address: ${JSON.stringify(address)}`);
    if (!this.chain) throw new ChainGameError('CHAIN_NOT_CONFIGURED', this.chainUnavailable);
    return this.chain.grantsOf(address);
  }

  /** A game's chain status (tokens, seats' wallets and approvals, operations, pause). @throws HostError 404 */
  async chainInfo(id: string): Promise<Awaited<ReturnType<ChainGames['info']>>> {
    await this.games.live(id);
    if (!this.chain) throw new ChainGameError('NOT_ON_CHAIN', `game ${id} is not an on-chain game`);
    return this.chain.info(id);
  }

  private async chainSeat(
    id: string,
    token: string | undefined,
    seat: SeatId | undefined,
    context: RequestContext,
  ): Promise<{ chain: ChainGames; target: SeatId; live: LiveGame }> {
    const live = await this.games.live(id);
    const holder = await this.seats.holder(live, token, seat, context);
    const target = targetSeat(holder, seat); // a seat/token mismatch is refused, never read as the token's seat
    if (!this.chain?.isOnChain(id)) throw new ChainGameError('NOT_ON_CHAIN', `game ${id} is not an on-chain game`);
    checkActor(live.row, holder, target);
    return { chain: this.chain, target, live };
  }

  /** Resolves when no bot move, catch-up or snapshot write is running (tests drive a ManualClock with it). */
  async idle(): Promise<void> {
    await this.automation.idle();
    await this.background.idle();
  }

  /** Stops timers, listening and subscriptions; waits for running work. The store stays open (its owner closes it). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.automation.stop();
    this.presence.graces.stop();
    this.chain?.close();
    await this.unlisten?.();
    await this.idle();
    this.broker.closeAll();
  }

  // ---- internals ----

  /** Drops the games idle for `olderThanMs` (default `idleMs`) from memory; see LiveGames.evictIdle. */
  evictIdle(olderThanMs?: number): number {
    return this.games.evictIdle(olderThanMs);
  }

  /** Games held in memory now (tests, benchmarks). */
  get liveGames(): number {
    return this.games.size;
  }
}
