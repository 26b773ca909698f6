import { playsVersion, stateHash, type SeatId } from '../../engine';
import type { Clock } from '../../chain/clock';
import type { ChainGames } from '../chain/chain-games';
import { GameError } from '../errors';
import type { GameRow, GameStore, NewGameRow } from '../store';
import { playedByBot, type Automation } from './automation';
import { gameKits } from './game-kits';
import { LiveGame, type LoggedAction } from './live-game';
import type { SeatPresence } from './presence';
import { replayStep, setupStored } from './replay';
import { SerialQueues } from './serial';
import { storeCall } from './store-call';
import { keepMark } from './timer-marks';

export interface LiveGamesDeps {
  readonly store: GameStore;
  readonly clock: Clock;
  readonly chain: ChainGames | null;
  readonly automation: Automation;
  /** A game untouched this long (ms) leaves memory (0: never). */
  readonly idleMs: number;
  /** Whether something outside memory holds the game: an open event stream, or a seat's grace running. */
  readonly inUse: (id: string) => boolean;
  /** Whether a seat's person is at the table, as every game held tells its seats. */
  readonly presence: (live: LiveGame, seat: SeatId) => SeatPresence;
  /** Applies the actions other instances appended meanwhile; runs in the game's queue. */
  readonly catchUp: (live: LiveGame) => Promise<void>;
}

/**
 * The games held in memory: each loaded on first access (rebuilt from its latest snapshot and the log), dropped
 * again once idle (`evictIdle`), and each with its queue, in which everything that changes it runs, one task at a
 * time.
 */
export class LiveGames {
  private readonly cache = new Map<string, LiveGame>();
  private readonly loading = new Map<string, Promise<LiveGame>>();
  private readonly queues = new SerialQueues();
  private lastSweep = 0;
  /** Turn-timer deadlines of games evicted while a human seat's timer runs, restored when the game is rebuilt. */
  private readonly dormant = new Map<
    string,
    { readonly seq: number; readonly deadlines: readonly [SeatId, number][] }
  >();

  constructor(private readonly deps: LiveGamesDeps) {}

  /** The live game, loading (and caching) it on first access. @throws HostError 404 UNKNOWN_GAME */
  async live(id: string): Promise<LiveGame> {
    const cached = this.cache.get(id);
    if (cached) cached.lastUsed = this.deps.clock.now();
    this.sweep();
    if (cached) return cached;
    let loading = this.loading.get(id);
    if (!loading) {
      loading = this.load(id).finally(() => this.loading.delete(id));
      this.loading.set(id, loading);
    }
    return loading;
  }

  /** The game if memory holds it now: a timer that fires or a stream that closes does not load one. */
  held(id: string): LiveGame | undefined {
    return this.cache.get(id);
  }

  /** Every game in memory now. */
  all(): LiveGame[] {
    return [...this.cache.values()];
  }

  /** A game just stored: held from now on, as just used and just moved. */
  start(row: NewGameRow, state: unknown): LiveGame {
    const stored: GameRow = {
      ...row,
      graceSeconds: row.graceSeconds ?? null,
      seatMarks: [],
      listed: row.listed ?? false,
      rematchOf: row.rematchOf ?? null,
      studioBoard: row.studioBoard ?? null,
      fair: row.fair ?? false,
      waiting: row.waiting ?? false,
      autoStart: row.autoStart ?? false,
      roomCode: row.roomCode ?? null,
      ratedSeats: null,
      createdAt: new Date(this.deps.clock.now()),
      finished: false,
    };
    const live = this.tracked(new LiveGame(stored, gameKits[row.game], state, []));
    live.lastUsed = this.deps.clock.now();
    live.lastMoveAt = live.lastUsed;
    this.cache.set(row.id, live);
    return live;
  }

  /** Forgets a copy that cannot follow the log: the next access rebuilds it from the store (or fails loudly). */
  drop(id: string): void {
    this.cache.delete(id);
    this.deps.automation.cancel(id);
  }

  /** Runs `task` in the game's queue: a game's tasks run one at a time, in arrival order. */
  inQueue<T>(id: string, task: () => Promise<T>): Promise<T> {
    return this.queues.run(id, task);
  }

  /**
   * Drops from memory the games untouched for `olderThanMs` (default `idleMs`) that nothing holds: no event stream
   * open, no work queued, no bot to move, and not an unfinished on-chain game (its chain coordinator calls back into
   * it). Each is rebuilt from its latest snapshot and the log when next asked for; a human seat's turn timer keeps
   * running and brings its game back, with the same deadline, when it fires. It runs by itself on the host's
   * activity, at most every quarter of `idleMs`. Returns how many games left memory.
   */
  evictIdle(olderThanMs = this.deps.idleMs): number {
    const now = this.deps.clock.now();
    let evicted = 0;
    for (const [id, live] of this.cache) {
      if (now - live.lastUsed < olderThanMs || this.queues.busy(id) || this.loading.has(id) || this.deps.inUse(id))
        continue;
      if (this.botToMove(live) || (!live.row.finished && this.deps.chain?.isOnChain(id))) continue;
      if (live.deadlines.size > 0) this.dormant.set(id, { seq: live.seq, deadlines: [...live.deadlines] });
      this.cache.delete(id);
      evicted++;
    }
    return evicted;
  }

  /** How many games memory holds now. */
  get size(): number {
    return this.cache.size;
  }

  /** Evicts idle games when a quarter of `idleMs` has passed since the last time. */
  sweep(): void {
    const now = this.deps.clock.now();
    if (this.deps.idleMs === 0 || now - this.lastSweep < this.deps.idleMs / 4) return;
    this.lastSweep = now;
    this.evictIdle();
  }

  private botToMove(live: LiveGame): boolean {
    const { definition } = live.kit;
    return !definition.outcome(live.state) && definition.pending(live.state).some((d) => playedByBot(live, d.seat));
  }

  /** The game's seats reach the browser with who is at the table. */
  private tracked(live: LiveGame): LiveGame {
    live.presence = (seat) => this.deps.presence(live, seat);
    return live;
  }

  /** Rebuilds a game from its latest snapshot and the actions after it; events before the snapshot come from the log. */
  private async load(id: string): Promise<LiveGame> {
    const { store, chain } = this.deps;
    const row = await storeCall(() => store.games.get(id));
    if (!row) throw new GameError('UNKNOWN_GAME', `no game ${id}`);
    const kit = gameKits[row.game];
    if (!playsVersion(kit.definition, row.version)) {
      throw new GameError(
        'UNSUPPORTED_VERSION',
        `game ${id} was created with ${row.game} engine version ${row.version}`,
      );
    }
    const [snapshot, rows, chains] = await storeCall(() =>
      Promise.all([store.snapshots.latest(id), store.actions.list(id), row.fair ? store.fair.list(id) : []]),
    );
    rows.forEach((r, i) => {
      if (r.seq !== i + 1) throw new GameError('CORRUPT_LOG', `game ${id}: action ${i + 1} is missing`);
    });
    const base = snapshot && snapshot.seq <= rows.length ? snapshot : null;
    let state = base ? base.state : setupStored(row);
    const log: LoggedAction[] = rows.map((r) => ({
      seat: r.seat,
      action: r.action,
      events: r.events,
      contribution: r.contribution,
    }));
    for (let i = base?.seq ?? 0; i < rows.length; i++) {
      const step = replayStep(row, state, rows[i]!);
      state = step.state;
      log[i] = { ...log[i]!, events: keepMark(rows[i]!.events, step.events) };
    }
    const live = this.tracked(new LiveGame(row, kit, state, log, chains));
    live.lastUsed = this.deps.clock.now();
    live.lastMoveAt = (rows.at(-1)?.createdAt ?? row.createdAt).getTime();
    const dormant = this.dormant.get(id);
    this.dormant.delete(id);
    if (dormant?.seq === live.seq) for (const [seat, at] of dormant.deadlines) live.deadlines.set(seat, at);
    this.cache.set(id, live);
    await chain?.attach(id, live.seq, (seq) => live.log[seq - 1], row.waiting);
    // Over (or abandoned) before a stop, perhaps not closed on-chain yet.
    if (row.finished || kit.definition.outcome(state))
      chain?.gameOver(id, { seed: row.seed, finalHash: stateHash(state) });
    // An action appended while this load read the log was announced before the game was cached: catch up once.
    await this.inQueue(id, async () => {
      await this.deps.catchUp(live);
      this.deps.automation.plan(live);
    });
    return live;
  }
}
