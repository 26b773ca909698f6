import { systemClock, type Clock } from '../../chain/clock';
import type { ChainGames, GameQuote } from '../chain/chain-games';
import { AccessError, RequestError } from '../errors';
import type { Rate } from '../limits';
import type { CreateGameResponse } from '../protocol';
import type { GameStore, NewGameRow } from '../store';
import { getBoard } from '../studio/boards';
import type { RequestContext } from './access';
import { Automation } from './automation';
import { BackgroundWork } from '../background-work';
import { Broker, type StreamCaps } from './broker';
import { ChainDesk } from './chain-desk';
import { ChatDesk } from './chat-desk';
import type { LiveGame } from './live-game';
import { LiveGames } from './live-games';
import { Moves } from './moves';
import { gamePath, parseGameRequest, prepareGame, type ParsedGameRequest, type PreparedGame } from './new-game';
import { TablePresence } from './presence';
import { StrongPool } from '../bots/strong-pool';
import { RatingsDesk } from './ratings-desk';
import { Records } from './records';
import { SeatHolders } from './seat-holders';
import { Seats } from './seats';
import type { HostShared } from './shared';
import { storeCall } from './store-call';
import { TableDesk } from './table-desk';
import { ViewDesk } from './view-desk';
import { roomPath, WaitingRoom } from './waiting-room';
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
  /** A strong bot's time for one move (ms, default STRONG_BUDGET_MS) and, for tests, its most iterations. */
  readonly strongBudget?: { readonly ms?: number; readonly iterations?: number };
}

/**
 * Hosts games over a GameStore (ARCHITECTURE.md "Server"): it creates them and runs their lifecycle (open, idle,
 * close, eviction), and every request goes to one of its rooms: `views` (snapshots and streams), `moves`, `seats`,
 * `tables` (rematch and lobby), `chat`, `records` and `chain` (an on-chain game's Tezos side). Every public method of
 * the host and its rooms either succeeds or throws a HostError and changes nothing.
 */
export class GameHost {
  readonly views: ViewDesk;
  readonly moves: Moves;
  readonly seats: Seats;
  readonly tables: TableDesk;
  /** Waiting games: Start, the room link, starting by itself once every seat is taken. */
  readonly waitingRoom: WaitingRoom;
  readonly chat: ChatDesk;
  readonly records: Records;
  /** Players, ratings and leaderboards (the ratings change with a game's end, game-ratings.ts). */
  readonly ratings: RatingsDesk;
  readonly chain: ChainDesk;
  private readonly games: LiveGames;
  private readonly presence: TablePresence;
  private readonly seatHolders: SeatHolders;
  /** Where strong bots search their moves, off the event loop. */
  private readonly strong: StrongPool;
  private readonly broker: Broker;
  private readonly automation: Automation;
  private readonly background: BackgroundWork;
  private readonly clock: Clock;
  private readonly onError: (err: unknown) => void;
  private unlisten: (() => Promise<void>) | null = null;
  private closed = false;

  private constructor(
    readonly store: GameStore,
    options: GameHostOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.onError = options.onError ?? ((err) => console.error('[game host]', err));
    this.background = new BackgroundWork(this.onError);
    const chain = options.chain ?? null;
    this.broker = new Broker(options.streams, (id, seat) => this.presence.left(id, seat));
    this.presence = new TablePresence({
      clock: this.clock,
      broker: this.broker,
      held: (id) => this.games.held(id),
      closed: () => this.closed,
      graceEnded: (id, seat) => this.seats.graceEnded(id, seat),
    });
    this.seatHolders = new SeatHolders(store.sql);
    this.strong = new StrongPool(this.clock, options.strongBudget?.ms, options.strongBudget?.iterations);
    this.automation = new Automation(
      this.clock,
      (id, seat, seq, reason) => this.moves.autoMove(id, seat, seq, reason),
      this.onError,
      undefined,
      (id) => !(chain?.moves.mayMove(id) ?? true),
    );
    this.games = new LiveGames({
      store,
      clock: this.clock,
      chain,
      automation: this.automation,
      idleMs: Math.max(0, options.idleMs ?? 300_000),
      inUse: (id) => this.broker.count(id) > 0 || this.presence.graces.running(id),
      presence: (live, seat) => this.presence.of(live, seat),
      catchUp: (live) => this.moves.catchUp(live),
    });
    const shared: HostShared = {
      store,
      clock: this.clock,
      chain,
      games: this.games,
      broker: this.broker,
      presence: this.presence,
      automation: this.automation,
      background: this.background,
      holders: this.seatHolders,
      closed: () => this.closed,
    };
    this.chat = new ChatDesk({
      ...shared,
      live: (id) => this.games.live(id),
      holder: (live, token, seat, context) => this.seats.holder(live, token, seat, context),
      rate: options.chatRate ?? null,
    });
    this.seats = new Seats({ ...shared, seatTaken: (live) => this.waitingRoom.seatTaken(live) });
    this.moves = new Moves({
      ...shared,
      seats: this.seats,
      chat: this.chat,
      snapshotEvery: Math.max(1, options.snapshotEvery ?? 50),
      onError: this.onError,
      strong: this.strong,
    });
    this.tables = new TableDesk({
      ...shared,
      seats: this.seats,
      seatTaken: (live) => this.waitingRoom.seatTaken(live),
      prepare: (req) => this.prepare(req),
      launch: (row, state, onChain, context) => this.launch(row, state, onChain, context),
    });
    this.records = new Records({ ...shared, moves: this.moves });
    this.ratings = new RatingsDesk(shared);
    this.waitingRoom = new WaitingRoom({
      ...shared,
      seatNewcomer: (live, seat, name) => this.tables.seatNewcomer(live, seat, name),
    });
    this.views = new ViewDesk({
      ...shared,
      seats: this.seats,
      waitingRoom: this.waitingRoom,
      chat: this.chat,
      tables: this.tables,
      moves: this.moves,
    });
    this.chain = new ChainDesk({
      ...shared,
      seats: this.seats,
      unavailable: options.chainUnavailable ?? 'on-chain games are not configured on this server',
    });
    chain?.bindHost({
      retry: (id) => this.moves.retryKept(id),
      changed: (id) => this.moves.chainChanged(id),
      opsChanged: (id) => this.broker.publishChain(id),
    });
  }

  /** A host listening to the store; with `resume`, the unfinished games' bots and timers run again. */
  static async open(store: GameStore, options: GameHostOptions = {}): Promise<GameHost> {
    const host = new GameHost(store, options);
    host.unlisten = await store.listen((event) => host.moves.followStore(event));
    // In the background: the first request need not wait for every unfinished game to be rebuilt (`idle` does).
    if (options.resume ?? true) {
      host.background.add(
        store.games.unfinished().then(async (ids) => {
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
      if (host.chain.games) host.background.add(host.chain.games.resumeClosing());
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
    return {
      id: row.id,
      seats: seatInfos(live.row, live),
      hostToken,
      invites,
      spectatorPath: gamePath(row.id),
      roomPath: row.roomCode ? roomPath(row.roomCode) : null,
    };
  }

  /**
   * What an on-chain game as `request` asks for would cost at most, and whether the bank's allowance pays for it or
   * its creator's deposit must: the new-game page says so before anything is signed. Nothing is stored.
   * @throws HostError 400 MALFORMED_REQUEST (not on-chain) and what `create` refuses of its request, 401
   *   SIGN_IN_REQUIRED, 503 CHAIN_NOT_CONFIGURED | CHAIN_UNAVAILABLE
   */
  async quote(request: unknown, context: RequestContext = {}): Promise<GameQuote> {
    const req = parseGameRequest(request);
    if (!req.onChain) throw new RequestError('MALFORMED_REQUEST', 'a quote is for a game on Tezos: set "onChain"');
    const { row, onChain } = await this.prepare(req);
    const chain = this.chain.configured();
    if (!context.address)
      throw new AccessError('SIGN_IN_REQUIRED', 'sign in with your wallet to see what a game on Tezos costs');
    return chain.budget.quote(row.id, row.config, row.seats, context.address, onChain!.extras);
  }

  /**
   * The game `req` asks for, ready to store: its seed and tokens drawn, its studio board read from the store (its
   * artists and art are never taken from a request). @throws HostError 404, and what prepareGame refuses
   */
  private async prepare(req: ParsedGameRequest): Promise<PreparedGame> {
    const studioId = req.studioBoard;
    const board = studioId === undefined ? null : await storeCall(() => getBoard(this.store.sql, studioId));
    return prepareGame(req, board);
  }

  /** Stores a prepared game (an on-chain one set up for Tezos first), holds it in memory and starts its bots and timers. */
  private async launch(
    row: NewGameRow,
    state: unknown,
    onChain: PreparedGame['onChain'],
    context: RequestContext,
  ): Promise<LiveGame> {
    let chainRow = null;
    if (onChain) {
      const chain = this.chain.configured();
      if (!context.address)
        throw new AccessError(
          'SIGN_IN_REQUIRED',
          'sign in with your wallet to create a game on Tezos: the bank pays for its tokens and its bots',
        );
      chainRow = await chain.budget.prepare(
        row.id,
        row.config,
        row.seats,
        context.address,
        onChain.extras,
        onChain.deposit,
      );
    }
    try {
      await storeCall(() => this.store.games.create(row));
      if (chainRow) await storeCall(() => this.chain.games!.register(chainRow, row.waiting ?? false));
    } catch (e) {
      // Refused after all: a deposit it claimed goes back.
      if (chainRow) await this.chain.games!.budget.refused(row.id);
      throw e;
    } finally {
      if (chainRow) this.chain.games!.budget.release(row.id);
    }
    const live = this.games.start(row, state);
    await this.games.inQueue(row.id, async () => this.automation.plan(live));
    return live;
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
    this.chain.games?.close();
    await this.unlisten?.();
    await this.idle();
    await this.strong.stop();
    this.broker.closeAll();
  }

  /** Drops the games idle for `olderThanMs` (default `idleMs`) from memory; see LiveGames.evictIdle. */
  evictIdle(olderThanMs?: number): number {
    return this.games.evictIdle(olderThanMs);
  }

  /** Games held in memory now (tests, benchmarks). */
  get liveGames(): number {
    return this.games.size;
  }
}
