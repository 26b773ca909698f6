import {
  SYSTEM,
  applyRolled,
  followsInChain,
  isRuleError,
  personalityFor,
  rngFromSeed,
  stateHash,
  type Actor,
  type GameEvent,
  type SeatId,
} from '../../engine';
import { ChainMoves } from '../chain/chain-moves';
import { GameError, isHostError, isStoreError, RuleRefusal } from '../errors';
import { plainMoves, type EngineStep, type MovePolicy, type MoveSteps } from '../move-policy';
import { actionRequestSchema, type ActionResponse } from '../protocol';
import type { StoreEvent } from '../store';
import { storeFailure } from '../store/failure';
import { checkActor, type RequestContext } from './access';
import { playedByBot, type AutoReason } from './automation';
import type { ChatDesk } from './chat-desk';
import { pendingSeats, type LiveGame, type LoggedAction } from './live-game';
import { parseRequest } from './new-game';
import { replayStep, rollFor } from './replay';
import type { Seats } from './seats';
import type { HostShared } from './shared';
import { storeCall } from './store-call';
import type { StrongPool } from '../bots/strong-pool';
import { finishInStore } from './game-ratings';
import { keepMark, markTimedOut } from './timer-marks';
import { updateFor } from './views';

/** Days without a move after which an unfinished game is abandoned: it ends, and its seed is revealed. */
export const ABANDONED_AFTER_DAYS = 14;
const DAY_MS = 86_400_000;

export interface MovesDeps extends Pick<
  HostShared,
  'store' | 'clock' | 'chain' | 'games' | 'presence' | 'broker' | 'automation' | 'background' | 'closed'
> {
  readonly seats: Seats;
  readonly chat: ChatDesk;
  /** A snapshot of the state is stored every this many actions. */
  readonly snapshotEvery: number;
  /** Where strong bots search (a worker thread); a move it cannot give is the normal bot's. */
  readonly strong: Pick<StrongPool, 'choose'>;
  readonly onError: (err: unknown) => void;
}

/**
 * The one path every move takes, whoever makes it (a seat, the system, a bot, a turn timer, a kept step the chain
 * lets through again, another instance): checked against the game's seq and the rules, through the chain's gate in
 * an on-chain game, appended to the log (the store's append is the optimistic lock), then applied and sent to every
 * stream, with the game's bots and timers planned anew.
 */
/** How a move is logged besides its action: a kept move tried again, a timer's default move, a seat's link. */
interface CommitOptions {
  readonly retrying?: boolean;
  readonly timedOut?: boolean;
  readonly contribution?: string | null;
}

export class Moves {
  /** The policy of a game on Tezos (none without a chain side). */
  private readonly chainMoves: ChainMoves | null;

  constructor(private readonly deps: MovesDeps) {
    this.chainMoves = deps.chain ? new ChainMoves(deps.chain.moves, deps.onError) : null;
  }

  /**
   * Applies one action of a seat, if `seq` is the game's seq and the engine accepts it.
   * @throws HostError 400 MALFORMED_REQUEST | MALFORMED_ACTION, 403, 404, 409 STALE, 422 the RuleError's code
   */
  async act(id: string, request: unknown, context: RequestContext = {}): Promise<ActionResponse> {
    const {
      token,
      seat,
      seq,
      action,
      contribution = null,
    } = parseRequest(actionRequestSchema, request, 'not an action request');
    const live = await this.deps.games.live(id);
    const holder = await this.deps.seats.holder(live, token, seat, context);
    checkActor(live.row, holder, seat);
    if (contribution !== null && !live.row.fair)
      throw new GameError('BAD_CONTRIBUTION', 'this game keeps a plain seed: its rolls take no links');
    this.deps.chain?.approvals.checkWallet(id, seat, context.address ?? null); // an on-chain seat is played by its wallet only
    return this.deps.games.inQueue(id, async () => {
      checkActor(live.row, holder, seat); // the seat may have been taken over while this request queued
      await this.deps.seats.noteTaken(live, seat);
      // The seat saw a later seq than this instance holds: its stream is on another instance, whose append has not
      // reached this one yet. The log has it: read it before judging the request stale.
      if (seq > live.seq) await this.catchUp(live);
      if (contribution !== null) await this.checkLink(live, seat, contribution);
      return { seq: await this.commit(live, seat, action, seq, { contribution }) };
    });
  }

  /**
   * A provably fair seat's link must be the next one of the chain it registered (FAIRNESS.md): one it could skip
   * ahead in, or replace, would let it choose among rolls. @throws HostError 400 BAD_CONTRIBUTION
   */
  private async checkLink(live: LiveGame, seat: SeatId, link: string): Promise<void> {
    if (live.fair.expected(seat) === null) {
      // Registered on another instance: the store has it.
      for (const chain of await storeCall(() => this.deps.store.fair.list(live.id))) live.fair.add(chain);
    }
    const expected = live.fair.expected(seat);
    if (expected === null)
      throw new GameError(
        'BAD_CONTRIBUTION',
        `seat ${seat + 1} has registered no hash chain in this game: register its head first`,
      );
    if (!followsInChain(link, expected)) {
      const used = live.fair.list().find((c) => c.seat === seat)?.used ?? 0;
      throw new GameError(
        'BAD_CONTRIBUTION',
        `that link does not follow seat ${seat + 1}'s chain: its SHA-256 must be the last link given (${used} given so far)`,
        { used },
      );
    }
  }

  /**
   * Records a fact from outside the game (on-chain holdings) as an action of the `system` seat, for server-side
   * callers only (the chain bridge); it is replayed like any other action.
   * @throws HostError 400 MALFORMED_ACTION, 404, 409 STALE, 422 the RuleError's code
   */
  async actAsSystem(id: string, seq: number, action: unknown): Promise<ActionResponse> {
    const live = await this.deps.games.live(id);
    return this.deps.games.inQueue(id, async () => ({ seq: await this.commit(live, SYSTEM, action, seq) }));
  }

  /**
   * A game nobody has moved in for ABANDONED_AFTER_DAYS is abandoned (FAIRNESS.md): it ends where it
   * stands — no further move is taken — so its seed can be revealed and its record can prove every roll made; an
   * on-chain game is closed and revealed like a finished one. Checked when its record or its snapshot is asked for.
   */
  async abandonIfIdle(live: LiveGame): Promise<void> {
    const idle = () =>
      !live.row.finished &&
      this.deps.clock.now() - live.lastMoveAt >= ABANDONED_AFTER_DAYS * DAY_MS &&
      live.kit.definition.outcome(live.state) === null;
    if (!idle()) return;
    await this.deps.games.inQueue(live.id, async () => {
      if (!idle()) return;
      await storeCall(() => finishInStore(this.deps.store, live));
      this.deps.automation.cancel(live.id);
      this.ended(live);
    });
  }

  /**
   * Applies an action at `expectedSeq` and appends it; must run in the game's queue. The game's move policy takes it
   * from there (server/move-policy.ts): off the chain the engine's step is logged; on Tezos the holders are read
   * first, the step's operations checked before it is logged and sent after, and a chain that does not answer keeps
   * it (`retrying` when it is tried again). The system seat's facts are logged plainly. A `timedOut` seat's default
   * move is logged with its mark.
   */
  private async commit(
    live: LiveGame,
    seat: Actor,
    action: unknown,
    expectedSeq: number,
    options: CommitOptions = {},
  ): Promise<number> {
    const { retrying = false, timedOut = false, contribution = null } = options;
    if (live.row.waiting)
      throw new GameError('GAME_WAITING', 'this game waits for its players: nothing moves until its host starts it');
    if (live.row.finished && live.kit.definition.outcome(live.state) === null) {
      throw new GameError(
        'GAME_OVER',
        `this game was abandoned: nobody moved for ${ABANDONED_AFTER_DAYS} days, so it ended where it stood and its seed is revealed`,
      );
    }
    if (expectedSeq !== live.seq) {
      throw new GameError('STALE', `the game is at seq ${live.seq}, not ${expectedSeq}`, { seq: live.seq });
    }
    const steps: MoveSteps = {
      get state() {
        return live.state;
      },
      get seq() {
        return live.seq;
      },
      step: () => this.engineStep(live, seat, action, contribution),
      append: (step) => this.append(live, seat, action, step, timedOut, contribution),
      recordFact: async (fact) => {
        await this.append(live, SYSTEM, fact, this.engineStep(live, SYSTEM, fact));
      },
      logged: (seq) => live.log[seq - 1],
    };
    const policy = seat === SYSTEM ? plainMoves : this.policyOf(live.id);
    return policy.commit({ gameId: live.id, seat, action, retrying, contribution }, steps);
  }

  /** The game's move policy: on Tezos while its chain side holds it, else plain. */
  private policyOf(id: string): MovePolicy {
    return this.chainMoves && this.deps.chain!.isOnChain(id) ? this.chainMoves : plainMoves;
  }

  /** The engine's step (a provably fair game's state reseeded by the action's roll first), or its refusal as a HostError. */
  private engineStep(live: LiveGame, seat: Actor, action: unknown, contribution: string | null = null): EngineStep {
    try {
      return applyRolled(live.kit.definition, live.state, seat, action, rollFor(live.row, live.seq + 1, contribution));
    } catch (err) {
      if (!isRuleError(err)) throw err;
      throw new RuleRefusal(err.code, err.message, err.detail);
    }
  }

  /** Appends an applied step at the next seq (a `timedOut` seat's default move marked); must run in the game's queue. */
  private async append(
    live: LiveGame,
    seat: Actor,
    action: unknown,
    step: EngineStep,
    timedOut = false,
    contribution: string | null = null,
  ): Promise<number> {
    const seq = live.seq + 1;
    const events = timedOut && typeof seat === 'number' ? markTimedOut(seat, step.events) : step.events;
    try {
      await this.deps.store.actions.append(live.id, seq, seat, action, events, contribution);
    } catch (err) {
      if (isStoreError(err) && err.code === 'SEQ_TAKEN') {
        // Another instance appended first: take its action instead, and tell this caller to look again.
        await this.catchUp(live);
        throw new GameError('STALE', `another action landed first; the game is at seq ${live.seq}`, { seq: live.seq });
      }
      throw storeFailure(err, 'the action could not be saved');
    }
    this.applied(live, { seat, action, events, contribution }, step.state);
    return seq;
  }

  /** The chain came back for a paused game: its kept step is tried again, in the game's queue. */
  retryKept(id: string): void {
    this.deps.background.add(
      this.deps.games.inQueue(id, async () => {
        const live = this.deps.games.held(id);
        const kept = this.deps.chain?.moves.kept(id);
        if (!live || !kept || this.deps.closed()) return;
        if (live.seq !== kept.baseSeq) this.deps.chain!.moves.dropKept(id);
        else {
          try {
            await this.commit(live, kept.seat, kept.action, live.seq, {
              retrying: true,
              contribution: kept.contribution ?? null,
            });
          } catch (err) {
            // A refusal reaches the player through the game itself; only the unexpected is reported.
            if (!isHostError(err)) throw err;
          }
        }
        this.deps.automation.plan(live);
      }),
    );
  }

  /** A chain-side change (set up, paused, resumed) may let bots and timers run again: they are planned anew. */
  chainChanged(id: string): void {
    const live = this.deps.games.held(id);
    if (live && !this.deps.closed())
      this.deps.background.add(this.deps.games.inQueue(id, async () => this.deps.automation.plan(live)));
  }

  /** After an action is in the store: advance the live game, notify subscribers, snapshot, plan bots and timers. */
  private applied(live: LiveGame, entry: LoggedAction, state: unknown): void {
    live.advance(entry, state);
    live.lastUsed = this.deps.clock.now();
    live.lastMoveAt = live.lastUsed;
    this.deps.games.sweep();
    const seq = live.seq;
    this.deps.automation.plan(live); // first: the update carries the new deadlines
    this.deps.broker.publish(live.id, seq, (viewer) => updateFor(live, seq, state, entry.events, viewer));
    if (seq % this.deps.snapshotEvery === 0)
      this.deps.background.add(this.deps.store.snapshots.save(live.id, seq, state));
    if (!live.row.finished && live.kit.definition.outcome(state)) {
      // The game's end and its ratings are one transaction (server/store/ratings-book.ts); its rating's reader waits.
      live.ending = finishInStore(this.deps.store, live);
      this.deps.background.add(live.ending);
      this.ended(live);
    }
  }

  /**
   * The game is over, or abandoned: the bank's power over the players' copies ends with it, no grace runs, and its
   * streams close (nothing more will come; a page that reads it again finds its seed revealed).
   */
  private ended(live: LiveGame): void {
    live.row = { ...live.row, finished: true };
    this.deps.chain?.gameOver(live.id, { seed: live.row.seed, finalHash: stateHash(live.state) });
    this.deps.presence.graces.cancelGame(live.id);
    this.deps.broker.end(live.id);
  }

  /** Applies the actions other instances appended; must run in the game's queue. */
  async catchUp(live: LiveGame): Promise<void> {
    const rows = await this.deps.store.actions.list(live.id, live.seq);
    for (const r of rows) {
      if (r.seq !== live.seq + 1) break;
      this.follow(live, r.seq, r.seat, r.action, r.events, r.contribution);
    }
  }

  /**
   * Applies action `seq` another instance logged (its stored events give the timer's mark, if any); must run in the
   * game's queue, with `seq` the next one.
   */
  private follow(
    live: LiveGame,
    seq: number,
    seat: Actor,
    action: unknown,
    stored: readonly GameEvent[],
    contribution: string | null = null,
  ): void {
    let step;
    try {
      step = replayStep(live.row, live.state, { seq, seat, action, contribution });
    } catch (err) {
      // This copy cannot follow the log: drop it, so the next access rebuilds from the store (or fails loudly).
      this.deps.games.drop(live.id);
      throw err;
    }
    this.applied(live, { seat, action, events: keepMark(stored, step.events), contribution }, step.state);
  }

  /** A bot's move or a timed-out seat's default move, if the game is still where the timer left it. */
  autoMove(id: string, seat: SeatId, seq: number, reason: AutoReason): Promise<void> {
    // An evicted game's turn timer: rebuilding the game plans its timers again from the kept deadline, and the due
    // one fires then (not here: the rebuild runs in the game's queue).
    if (!this.deps.games.held(id) && !this.deps.closed()) return this.deps.games.live(id).then(() => undefined);
    return this.deps.games.inQueue(id, async () => {
      const live = this.deps.games.held(id);
      if (!live || live.seq !== seq || this.deps.closed()) return;
      if (!(this.deps.chain?.moves.mayMove(id) ?? true)) return; // an on-chain game being set up or paused
      if (playedByBot(live, seat) !== (reason === 'bot')) return;
      if (!pendingSeats(live).includes(seat)) return;
      const fallback = () => live.kit.defaultAction(live.state, seat);
      let action: unknown;
      try {
        action = reason === 'bot' ? await this.botChoice(live, seat) : fallback();
      } catch (err) {
        this.deps.onError(err);
        action = fallback();
      }
      try {
        await this.commit(live, seat, action, seq, { timedOut: reason === 'timer' });
      } catch (err) {
        if (isHostError(err) && err.status === 409) return; // another instance moved first: it planned the rest
        if (isHostError(err) && err.code === 'CHAIN_PAUSED') return; // kept: the chain coordinator sends it again
        if (!(isHostError(err) && err.status === 422 && reason === 'bot')) throw err;
        // A bot proposing an illegal move is a bug; the default move keeps the game going.
        this.deps.onError(err);
        await this.commit(live, seat, fallback(), seq);
      }
    });
  }

  /**
   * The seat's bot's choice; its randomness is seeded from the game seed, seq and seat, so it is reproducible, and it
   * leans as the seat's personality says (drawn from the game's id: each bot of a table its own). A person's seat its
   * bot plays is played at the normal level. A strong bot searches from the seat's view alone, in a
   * worker thread; when it gives no move (it failed, or ran past its budget) the normal bot's is played.
   */
  private async botChoice(live: LiveGame, seat: SeatId): Promise<unknown> {
    const kind = live.row.seats[seat]!.kind;
    const seed = `${live.row.seed}/bots/${live.seq}/${seat}`;
    if (kind === 'strong') {
      const view = live.kit.view(live.state, seat);
      const searched = await this.deps.strong.choose(live.row.game, view, seat, seed);
      if (searched !== null && searched !== undefined) return searched;
      // Told, not thrown: the table goes on with the normal bot's move, and whoever watches the errors sees why.
      this.deps.onError(
        new Error(
          `the strong bot of seat ${seat + 1} in game ${live.id} gave no move in its time: the normal bot played`,
        ),
      );
    }
    const bot = live.kit.bot(kind === 'easy' ? 'easy' : 'normal', personalityFor(live.id, seat));
    return bot.choose(live.state, seat, rngFromSeed(seed));
  }

  /**
   * What the store tells of other instances: an action (applied at once when the notification carries it, else read
   * from the log), changed seats, a chat entry, or a `resync` after the listener was away (everything read again).
   */
  followStore(event: StoreEvent): void {
    if (this.deps.closed()) return;
    const targets =
      event.type === 'resync'
        ? this.deps.games.all()
        : [this.deps.games.held(event.gameId)].filter((g) => g !== undefined);
    for (const live of targets) {
      if (event.type === 'chat' || event.type === 'resync')
        this.deps.background.add(
          this.deps.chat.caughtUp(live, event.type === 'chat' ? event.n : Number.MAX_SAFE_INTEGER),
        );
      if (event.type === 'chat') continue;
      if (event.type === 'action' && event.seq <= live.seq) continue; // our own append, or old news
      const work = this.deps.games.inQueue(live.id, async () => {
        // The notification carries the action: the next one is applied as it comes, without a query.
        if (event.type === 'action' && event.logged && event.seq === live.seq + 1) {
          const { seat, action, timedOut, contribution } = event.logged;
          this.follow(
            live,
            event.seq,
            seat,
            action,
            timedOut && typeof seat === 'number' ? markTimedOut(seat, []) : [],
            contribution ?? null,
          );
          return;
        }
        if (event.type !== 'action') await this.deps.seats.reload(live);
        await this.catchUp(live);
        this.deps.automation.plan(live);
      });
      this.deps.background.add(work);
    }
  }
}
