/**
 * On-chain Tezos Pole games on the server: the host asks this coordinator before and after every
 * action of a game whose tokens live on Tezos.
 *
 * - Setup, in the background after the game is created: the bank opens the game on-chain and creates its tokens
 *   (one batch), funds the bots' wallets, and each bot joins the game on-chain (`join_game`). People claim their seat
 *   with the wallet they signed in with and join from their own wallet. Nobody moves until every seat has joined.
 *   Joining lets the bank burn the seat's copies of this game's tokens (flip, forfeit: P7) while the game is live,
 *   and no longer: the contract ends that power when the game is closed or reaches its end date.
 * - Before a roll or a flip (the only actions that can pay a royalty, end the game with its valuation, or sell a
 *   copy back), the holders are read from the TzKT API and, when they differ from the engine's, recorded as the
 *   system seat's P13 `holdings` action. The read does not wait for the game's own operations: those not
 *   in the indexer's balances yet are counted on top, so a copy on its way is not taken for one that left. The
 *   roll that ends the game waits for them all to be in and indexed: its valuation scores the real holders.
 * - After the engine accepted an action, its chain operations (mint on purchase or free copy, burn on flip,
 *   burn and retire on forfeit) are checked: mints are simulated at the head (a refusal rejects the action, nothing
 *   changes), the host stores the action, and the bank's queue sends them — one batch per block with every other
 *   game's (chain/pole-bridge/bank-sender.ts, Tezos's 1M rule) — while the game goes on. A step with a burn waits for
 *   its block before it is stored (the copy must leave its holder's wallet: P7). A chain or indexer that does not
 *   answer a move pauses the game with the reason, keeps the action and tries it again with backoff; a queued step
 *   is sent again with backoff on its own. A queued step refused for good later (the contract changed its mind:
 *   closed game, bank no longer minter) is `failed` and reported: nothing of it is on-chain, and the next read
 *   records its copy as never arrived (P13: out of the game), so the chain and the game agree again.
 * - Every operation is a `chain_ops` row (held → queued → pending → confirmed | failed; see ChainOpStatus), so the
 *   record lists its hashes (rows batched together share one) and a restart finds what was in flight: a logged step
 *   still queued is sent, one injected before a crash is looked up on-chain, not sent twice. One process sends for
 *   a bank key: two app instances sharing one would break the 1M rule.
 * - Once the game is over the bank closes it on-chain (`close_game`, a `close` row), once; a chain that does not
 *   answer gets it again with backoff, and a restart closes the finished games left open.
 * - Provably fair (FAIRNESS.md): the commitment to the game's seed goes on-chain in the operation that opens the game,
 *   and the seed with the final state hash (told by the host's `gameOver`) in the one that closes it, where the
 *   contract checks the seed against the commitment; the record lists both operations (`seedOps`).
 */
import {
  BridgeError,
  isBridgeError,
  type ChainOp,
  type HoldingsAction,
  type SeedReveal,
  type TokenPlan,
} from '../../chain/pole-bridge';
import type { Fa2Call } from '../../chain/fa2-editions';
import type { SeatId } from '../../engine';
import { pole, readChangesHoldings, type PoleEvent, type PoleState } from '../../engine/pole';
import stableJson from 'safe-stable-stringify';
import { ChainGameError, GameError, type HostError } from '../errors';
import type { ChainGameRow, ChainOpRow, ChainStore } from './chain-store';
import type { ChainSettings } from './settings';
import { sleep } from '../../chain/clock';
import { Approvals } from './approvals';
import { Budget, type BankBudget, type GameExtras } from './budget';
import { Pauses } from './pauses';
import { Setup } from './setup';
import { ChainInfoReader, type ChainInfo } from './chain-info';
import { grantsOf, type WalletGrants } from './grants';
import { addressesOf, GameChains, isReady, type GameChain, type KeptStep } from './game-chain';
import {
  ChainRuntime,
  isTransient,
  messageOf,
  type ChainGamesOptions,
  type ChainHostHooks,
  type ChainWait,
} from './runtime';
import { fateOf, isConfirmed, isFinal, isHeld, isInjected, isOnItsWay, isQueued, isVoid, type OpRecord } from './steps';

export { isTransient, type ChainGamesOptions, type ChainHostHooks, type ChainWait } from './runtime';
export type { BankBudget, GameExtras } from './budget';
export type { ChainInfo, ChainOpInfo, GameGrantInfo } from './chain-info';
export type { KeptStep } from './game-chain';
export type { SeatGrant, WalletGrants } from './grants';

/** A logged action as `attach` is told it (the host's log entry at a seq). */
export interface LoggedStep {
  readonly seat: unknown;
  readonly action: unknown;
}

/** Ops that must be on-chain before the game may take their step: a burn takes a copy from its holder (P7). */
const needsInclusion = (ops: readonly ChainOp[]): boolean => ops.some((o) => o.kind !== 'mint');

const actionType = (action: unknown): unknown => (action as { type?: unknown } | null)?.type;

export class ChainGames {
  readonly #rt: ChainRuntime;
  readonly #games: GameChains;
  readonly #budget: Budget;
  readonly #pauses: Pauses;
  readonly #setup: Setup;
  readonly #approvals: Approvals;
  readonly #info: ChainInfoReader;
  readonly #onWait: ChainGamesOptions['onWait'];

  constructor(store: ChainStore, settings: ChainSettings, options: ChainGamesOptions = {}) {
    this.#rt = new ChainRuntime(store, settings, options);
    this.#games = new GameChains(this.#rt);
    this.#budget = new Budget(this.#rt);
    this.#pauses = new Pauses(this.#rt, this.#games);
    this.#setup = new Setup(this.#rt, this.#games, this.#pauses);
    this.#approvals = new Approvals(this.#rt, this.#games);
    this.#info = new ChainInfoReader(this.#rt, this.#games);
    this.#onWait = options.onWait;
  }

  #waited(gameId: string, what: ChainWait, started: number): void {
    this.#onWait?.(gameId, what, performance.now() - started);
  }

  get network(): ChainSettings['network'] {
    return this.#rt.settings.network;
  }

  bindHost(hooks: ChainHostHooks): void {
    this.#rt.bindHost(hooks);
  }

  // ---- creation and setup ----

  /**
   * The chain row of a new on-chain game (nothing stored or sent), held against its creator's limits and the bank's
   * balance until `release`: call it once the game is registered, or failed to be.
   * @throws HostError 422 CHAIN_BAD_BOARD, 429 CHAIN_GAME_LIMIT | CHAIN_BOT_LIMIT, 503 BANK_LOW | CHAIN_UNAVAILABLE
   */
  prepare(
    gameId: string,
    config: unknown,
    seats: readonly { readonly kind: string }[],
    creator: string,
    extras: GameExtras = {},
  ): Promise<ChainGameRow> {
    return this.#budget.prepare(gameId, config, seats, creator, extras);
  }

  /** A prepared game is registered (or will never be): it no longer holds a place of its own. */
  release(gameId: string): void {
    this.#budget.release(gameId);
  }

  /** What the bank holds and how many of the largest games that pays for. @throws HostError 503 CHAIN_UNAVAILABLE */
  budget(): Promise<BankBudget> {
    return this.#budget.report();
  }

  /** Stores a prepared game (its game row is stored already) and starts its setup in the background. */
  async register(row: ChainGameRow): Promise<void> {
    this.#setup.run(await this.#games.register(row));
  }

  /**
   * Loads the chain side of a game the host is loading (null: an off-chain game), resumes its setup, sends the
   * logged steps still in the bank's queue or on their way and, when the step after `seq` was kept or in flight when
   * the server stopped, retries it. `logged(k)`: the game's logged action at seq k (1-based, k ≤ seq).
   */
  async attach(gameId: string, seq: number, logged: (seq: number) => LoggedStep | undefined): Promise<boolean> {
    const game = await this.#games.load(gameId);
    if (!game) return false;
    if (!isReady(game)) this.#setup.run(game);
    this.#approvals.resume(game);
    // A step taken (`held`) whose action reached the log before the server stopped goes to the bank; one that did not is void.
    for (const row of await this.#rt.store.listOps(gameId)) {
      if (row.kind !== 'step' || !isHeld(row) || row.seq === null || row.seq > seq) continue;
      const entry = logged(row.seq);
      const op = this.#rt.ops.of(row);
      if (entry !== undefined && sameStep(row, entry)) await op.queue();
      else await op.fail('another move was played at this point of the game');
    }
    await this.#resumeSteps(game, seq);
    await this.#pauses.restore(game, seq);
    return true;
  }

  isOnChain(gameId: string): boolean {
    return this.#games.has(gameId);
  }

  /** Whether bots and turn timers may run: setup done, no pause, no kept step. */
  mayMove(gameId: string): boolean {
    const game = this.#games.get(gameId);
    return !game || (isReady(game) && game.pause === null && game.kept === null);
  }

  // ---- seats ----

  /** @throws HostError 409 SEAT_CLAIMED | ADDRESS_IN_GAME, 403 BOT_SEAT, 400 BAD_ADDRESS */
  claim(gameId: string, seat: SeatId, address: string): Promise<void> {
    return this.#approvals.claim(gameId, seat, address);
  }

  /** @throws HostError 401 SIGN_IN_REQUIRED, 403 WRONG_WALLET | SEAT_NOT_CLAIMED */
  checkWallet(gameId: string, seat: SeatId, address: string | null): void {
    this.#approvals.checkWallet(gameId, seat, address);
  }

  /** The `join_game` call a seat's player signs. @throws HostError 409 CHAIN_NOT_READY, 403 SEAT_NOT_CLAIMED */
  approvalCall(gameId: string, seat: SeatId): Promise<Fa2Call> {
    return this.#approvals.call(gameId, seat);
  }

  /** @throws HostError 400 BAD_OP_HASH, 403 SEAT_NOT_CLAIMED | WRONG_WALLET, 409 CHAIN_NOT_READY */
  submitApproval(gameId: string, seat: SeatId, address: string | null, opHash: string | null): Promise<void> {
    return this.#approvals.submit(gameId, seat, address, opHash);
  }

  // ---- actions ----

  /**
   * Reads the game's chain row again when another app instance changed it (its plan after a step it sent, a seat's
   * approval), so this instance never sends a step from a stale plan nor writes one back. Call before `gate`.
   */
  async refresh(gameId: string): Promise<void> {
    const game = this.#games.get(gameId);
    if (game) await this.#games.reload(game);
  }

  /**
   * Whether a seat may act now.
   * @throws HostError 409 CHAIN_NOT_READY (setup or approvals missing), 503 CHAIN_PAUSED (a step is kept)
   */
  gate(gameId: string, retrying: boolean): void {
    const game = this.#games.get(gameId);
    if (!game) return;
    if (!isReady(game)) {
      const waiting =
        game.row.plan.created === null
          ? "the game's tokens are being created"
          : 'every seat must be claimed by its wallet and approve the bank first';
      throw new ChainGameError(
        'CHAIN_NOT_READY',
        game.setupError
          ? `the game could not be set up on-chain: ${game.setupError}`
          : `the game has not started: ${waiting}`,
      );
    }
    this.#pauses.check(game, retrying);
  }

  /** The step kept while the chain was away, if any. */
  kept(gameId: string): KeptStep | null {
    return this.#games.get(gameId)?.kept ?? null;
  }

  /** The kept step can no longer apply (the game moved on elsewhere): forget it. */
  dropKept(gameId: string): void {
    this.#pauses.forget(gameId, 'another move was played at this point of the game');
  }

  /**
   * The P13 `holdings` action to record before `action`, when it is a roll or a flip and the chain's holders would
   * change the engine's (a copy that left the game is recorded once; a read that finds what the engine already made
   * of the last one, e.g. a returned copy kept out of play, records nothing); null otherwise.
   * @throws BridgeError BRIDGE_INDEXER (transient), BRIDGE_*
   */
  async holdingsBefore(gameId: string, state: PoleState, action: unknown): Promise<HoldingsAction | null> {
    const game = this.#games.get(gameId);
    if (!game) return null;
    const type = actionType(action);
    if (type !== 'roll' && type !== 'flip') return null;
    if (game.kept) {
      // A kept step whose operations went out was read before it was first tried; read now, its own mint could
      // already show and be taken for a copy from outside the game (P13: copies in play never increase by a read).
      const step = await this.#rt.store.latestStep(gameId, state.seq + 1);
      if (step && !isVoid(step)) return null;
    }
    const tiles = game.row.plan.tokens.map((t) => t.tile);
    // The roll that ends the game (its valuation scores the holders) reads them once every operation of the game is
    // in and indexed; any other read takes the game's own operations still on their way into account instead.
    const ends = type === 'roll' && rollEnds(state, action);
    if (ends) await this.#drained(game);
    const started = performance.now();
    try {
      const { action: read, level } = await game.bridge.readHoldingsAt(
        tiles,
        addressesOf(game),
        ends ? game.row.lastLevel : game.readLevel,
        (at) => this.#unindexed(game, at),
      );
      game.readLevel = Math.max(game.readLevel, level);
      return readChangesHoldings(state, read) ? read : null;
    } finally {
      this.#waited(gameId, 'read', started);
    }
  }

  /**
   * The game's step operations not in the indexer's balances at `level`: queued, injected and not included by then
   * (looked up on the node), or included after it. Failed steps changed nothing on-chain.
   */
  async #unindexed(game: GameChain, level: number): Promise<ChainOp[]> {
    const out: ChainOp[] = [];
    for (const row of await this.#rt.store.listOps(game.row.gameId)) {
      // Sent or to be sent by the bank; a step the game has not logged yet is in none of its reads.
      if (row.kind !== 'step' || !(isOnItsWay(row) || isConfirmed(row))) continue;
      let included = isConfirmed(row) ? row.level : null;
      if (isInjected(row) && row.opHash) {
        const found = await game.bridge.lookup(row.opHash, row.detail.fromLevel ?? game.row.lastLevel);
        included = found?.applied ? found.level : null;
      }
      if (isConfirmed(row) && included === null) continue; // nothing was sent
      if (included === null || included > level) out.push(...(row.detail.ops ?? []));
    }
    return out;
  }

  /**
   * Takes the chain operations of an accepted step (seq = the state's seq after it) before the host logs it.
   * Mints only (a purchase, a free copy): simulated at the node's head so a refusal refuses the move, then `held`
   * and returned at once — `committed` puts them in the bank's queue once the step is logged, and the game goes on
   * while they are sent. A step with a burn (flip, forfeit: P7) waits for its operations' inclusion, as
   * the copy must really leave its holder's wallet before the game takes it. A step confirmed before a restart is
   * recognised, not sent again.
   * @throws BridgeError (transient: the caller keeps the step with `keep`), HostError 422 CHAIN_REJECTED
   */
  async settle(
    gameId: string,
    seq: number,
    seat: SeatId,
    action: unknown,
    events: readonly PoleEvent[],
  ): Promise<void> {
    const game = this.#games.get(gameId);
    if (!game) return;
    const plan = game.bridge.plan!;
    if (plan.appliedSeq !== null && seq <= plan.appliedSeq) return; // confirmed and recorded before a restart
    let ops: ChainOp[];
    try {
      ops = game.bridge.chainOpsFor(events, addressesOf(game));
    } catch (e) {
      throw new ChainGameError('CHAIN_REJECTED', `this move cannot be put on-chain: ${messageOf(e)}`);
    }
    const earlier = await this.#rt.store.latestStep(gameId, seq);
    if (earlier && !isVoid(earlier) && (earlier.seat !== seat || stableJson(earlier.action) !== stableJson(action))) {
      // Another move holds this seq on-chain (kept here, or sent by another app instance): this one is stale.
      throw new GameError('STALE', `another move is being put on-chain at seq ${seq}: look again`);
    }
    if (ops.length === 0) return;
    // Confirmed (a burn step whose logging a stop cut short) or logged already (by another app instance).
    if (earlier && (isConfirmed(earlier) || isQueued(earlier))) return;
    let op: OpRecord;
    if (earlier && !isVoid(earlier)) {
      // The step was kept: this instance takes it only if no other one is taking it right now.
      op = this.#rt.ops.of(earlier);
      if (!(await op.take(this.#rt.confirmationMs * 2))) {
        throw new BridgeError(
          'BRIDGE_UNCONFIRMED',
          `step ${seq} of game ${gameId} is being sent by another app instance`,
        );
      }
      if (earlier.opHash) {
        try {
          if (await this.#adoptEarlier(game, earlier, op, ops, seq)) return;
        } catch (e) {
          if (isTransient(e)) await op.retryLater(e.message);
          throw e;
        }
      }
    } else {
      op = await this.#rt.ops.held(gameId, { seq, seat, action, detail: { ops } });
    }
    if (!needsInclusion(ops)) {
      const started = performance.now();
      try {
        await game.bridge.dryRun(ops);
      } catch (e) {
        if (isTransient(e)) {
          await op.retryLater(e.message);
          throw e;
        }
        await op.fail(messageOf(e));
        if (isBridgeError(e))
          throw new ChainGameError('CHAIN_REJECTED', `Tezos refused this move, so it did not happen: ${e.message}`, {
            bridge: e.code,
          });
        throw e;
      } finally {
        this.#waited(gameId, 'check', started);
      }
      await op.hold({ error: null, detail: { ops } });
      return;
    }
    await op.send({ error: null, detail: { ops } });
    const started = performance.now();
    let fromLevel = game.row.lastLevel;
    try {
      fromLevel = await game.bridge.headLevel();
      const applied = await game.bridge.apply(ops, {
        seq,
        onInjected: (opHash) => op.note({ opHash, detail: { ops, fromLevel } }),
      });
      await this.#games.savePlan(game, game.bridge.plan!, applied?.level);
      await op.confirm({ level: applied?.level ?? null, ...(applied ? { opHash: applied.opHash } : {}) });
    } catch (e) {
      if (isTransient(e)) {
        await op.retryLater(e.message, e.detail.opHash ? { opHash: e.detail.opHash, detail: { ops, fromLevel } } : {});
        throw e;
      }
      await op.fail(messageOf(e));
      if (isBridgeError(e))
        throw new ChainGameError('CHAIN_REJECTED', `Tezos refused this move, so it did not happen: ${e.message}`, {
          bridge: e.code,
        });
      throw e;
    } finally {
      this.#waited(gameId, 'inclusion', started);
    }
  }

  /** The step at `seq` is in the game's log: its operations go to the bank's queue (nothing to do for a step without). */
  async committed(gameId: string, seq: number): Promise<void> {
    const game = this.#games.get(gameId);
    if (!game) return;
    const row = await this.#rt.store.latestStep(gameId, seq);
    if (!row || !isHeld(row)) return;
    const op = this.#rt.ops.of(row);
    await op.queue();
    this.#deliver(game, { ...row, status: op.status });
  }

  /**
   * The step taken at `seq` did not reach the log here (another app instance logged first, `logged`): it is void,
   * unless the logged one is this very step.
   */
  async abandon(gameId: string, seq: number, logged: LoggedStep | undefined): Promise<void> {
    const game = this.#games.get(gameId);
    const row = game ? await this.#rt.store.latestStep(gameId, seq) : null;
    if (!game || !row || !isHeld(row)) return;
    if (logged && sameStep(row, logged)) return this.committed(gameId, seq);
    await this.#rt.ops.of(row).fail('another move was played at this point of the game');
  }

  /** Sends the game's logged steps (seq ≤ `upTo`) still queued or on their way, as the server left them. */
  async #resumeSteps(game: GameChain, upTo = Infinity): Promise<void> {
    for (const row of await this.#rt.store.listOps(game.row.gameId)) {
      if (row.kind === 'step' && isOnItsWay(row) && row.seq !== null && row.seq <= upTo) this.#deliver(game, row);
    }
  }

  /**
   * Delivers a logged step's operations in the background, through the bank's one sender (batched with whatever
   * else the bank sends meanwhile): retried with backoff while Tezos does not answer, looked up rather than sent
   * again once injected. A refusal now, after the game moved on, marks the step `failed` and is reported: nothing
   * of it is on-chain, and the next holdings read (P13) records the copy that never arrived as out of the game, so
   * the chain and the game agree again.
   */
  #deliver(game: GameChain, row: ChainOpRow): void {
    const busy = this.#rt.deliveries.find(game.row.gameId, row.id);
    if (busy) {
      // A stopped predecessor's delivery: this one goes on with whatever it leaves undone.
      if (busy.owner !== this) this.#rt.inBackground(busy.work.then(() => this.#resumeSteps(game)));
      return;
    }
    if (this.#rt.closed) return;
    this.#rt.inBackground(
      this.#rt.deliveries.add(game.row.gameId, row.id, this, this.#send(game, row).catch(this.#rt.onError)),
    );
  }

  async #send(game: GameChain, row: ChainOpRow): Promise<void> {
    const op = this.#rt.ops.of(row);
    const ops = row.detail.ops ?? [];
    let opHash = isInjected(row) ? row.opHash : null;
    let fromLevel = row.detail.fromLevel ?? game.row.lastLevel;
    for (let attempt = 0; !this.#rt.closed; attempt++) {
      try {
        if (opHash) {
          const fate = await fateOf(game.bridge, opHash, fromLevel);
          if (fate?.applied) return await this.#confirm(game, op, opHash, fate.level);
          opHash = null; // included and failed, or expired: nothing of it is on-chain, it goes again
        }
        fromLevel = await game.bridge.headLevel();
        const applied = await game.bridge.apply(ops, {
          onInjected: (hash) => {
            opHash = hash;
            return op.send({ opHash: hash, error: null, detail: { ops, fromLevel } });
          },
        });
        return await this.#confirm(game, op, applied?.opHash ?? null, applied?.level ?? null);
      } catch (e) {
        if (!isTransient(e)) {
          await op.fail(messageOf(e));
          throw new ChainGameError(
            'CHAIN_REFUSED_LATER',
            `Tezos refused step ${row.seq} of game ${game.row.gameId} after the game took it; nothing of it is on-chain (the next holdings read records what never arrived): ${messageOf(e)}`,
          );
        }
        if (e.detail.opHash) opHash = e.detail.opHash;
        if (opHash) await op.send({ error: e.message, opHash, detail: { ops, fromLevel } });
        else await op.queue({ error: e.message });
        await sleep(this.#rt.clock, this.#rt.backoff(attempt));
      }
    }
  }

  async #confirm(game: GameChain, op: OpRecord, opHash: string | null, level: number | null): Promise<void> {
    await op.confirm({ error: null, level, ...(opHash ? { opHash } : {}) });
    if (level !== null) await this.#games.saveLevel(game, level);
  }

  /**
   * Waits until none of the game's logged steps is queued or on its way (this process delivers them all): the
   * game's `lastLevel` is then the last one's. The wait is reported (`onWait`).
   * @throws BridgeError BRIDGE_UNCONFIRMED (transient: still on its way after the confirmation timeout)
   */
  async #drained(game: GameChain): Promise<void> {
    const started = performance.now();
    try {
      await this.#resumeSteps(game);
      await this.#rt.deliveries.settled(
        game.row.gameId,
        this.#rt.clock,
        this.#rt.clock.now() + this.#rt.confirmationMs,
      );
      const open = (await this.#rt.store.listOps(game.row.gameId)).find((o) => o.kind === 'step' && isOnItsWay(o));
      if (open)
        throw new BridgeError('BRIDGE_UNCONFIRMED', `step ${open.seq} of game ${game.row.gameId} is not on-chain yet`);
    } finally {
      this.#waited(game.row.gameId, 'drain', started);
    }
  }

  /** A step injected before (a crash, an unconfirmed inclusion): true when it is on-chain and now recorded. */
  async #adoptEarlier(
    game: GameChain,
    earlier: ChainOpRow,
    op: OpRecord,
    ops: ChainOp[],
    seq: number,
  ): Promise<boolean> {
    // Still in the mempool, perhaps (fateOf throws): sending again could apply it twice. Wait for it instead.
    const fate = await fateOf(game.bridge, earlier.opHash!, earlier.detail.fromLevel ?? game.row.lastLevel);
    if (fate?.applied) {
      game.bridge.adopt(ops, seq);
      await this.#games.savePlan(game, game.bridge.plan!, fate.level);
      await op.confirm({ level: fate.level, error: null });
      return true;
    }
    if (fate) {
      await op.fail(`operation ${earlier.opHash} failed at level ${fate.level}`);
      throw new ChainGameError(
        'CHAIN_REJECTED',
        `Tezos refused this move, so it did not happen: operation ${earlier.opHash} failed`,
      );
    }
    return false;
  }

  /** Keeps a step the chain could not take; returns the error to answer the request with (its action is not lost). */
  keep(gameId: string, step: KeptStep, err: unknown): HostError {
    return this.#pauses.keep(this.#games.get(gameId)!, step, err);
  }

  /** The kept step went through (or there was none): the pause ends. */
  resumed(gameId: string): void {
    const game = this.#games.get(gameId);
    if (game) this.#pauses.resumed(game);
  }

  /** A kept step failed for good (the rules or the chain now refuse it): forget it, so the player can choose again. */
  rejected(gameId: string, reason: string): void {
    this.#pauses.forget(gameId, reason);
  }

  // ---- the end of a game: the bank's power ends with it ----

  /**
   * The game is over: closes it on-chain in the background (`close_game`), once, revealing `final` (its seed and
   * final state hash) in the same operation. While Tezos does not answer it is tried again with backoff; a refusal
   * is reported. Nothing to do for an off-chain game or one closed (and revealed) already.
   */
  gameOver(gameId: string, final?: SeedReveal): void {
    const game = this.#games.get(gameId);
    if (!game) return;
    if (final) game.reveal = final;
    this.#runClose(game);
  }

  /** Whether closing still has something to send: the closing itself, or a committed seed's reveal the host told. */
  #closeDone(game: GameChain, plan: TokenPlan = game.row.plan): boolean {
    return (
      plan.game?.closed != null && (plan.seed === undefined || plan.seed.revealed !== null || game.reveal === null)
    );
  }

  /** Closes the finished games left open on-chain (the server stopped first). Call once the host is open. */
  async resumeClosing(): Promise<void> {
    for (const id of await this.#rt.store.finishedOpenGames(this.#rt.settings.contract)) {
      try {
        const game = await this.#games.load(id);
        if (game) this.#runClose(game);
      } catch (e) {
        this.#rt.onError(e);
      }
    }
  }

  #runClose(game: GameChain): void {
    if (game.closing.running || this.#rt.closed || this.#closeDone(game)) return;
    game.closing.running = true;
    this.#rt.inBackground(
      this.#close(game)
        .then(() => {
          game.closing.attempts = 0;
          this.#rt.host.changed(game.row.gameId);
        })
        .catch((e) => {
          if (!isTransient(e)) throw e;
          game.closing.attempts++;
          if (this.#rt.closed) return;
          game.closing.timer = this.#rt.clock.setTimer(this.#rt.backoff(game.closing.attempts - 1), () => {
            game.closing.timer = null;
            this.#runClose(game);
          });
        })
        .finally(() => {
          game.closing.running = false;
        }),
    );
  }

  /** Sends `close_game` as a `close` row (one row for every try), and records the closed game in the plan. */
  async #close(game: GameChain): Promise<void> {
    const id = game.row.gameId;
    // Another app instance may have closed it: its plan says so.
    const stored = await this.#rt.store.getGame(id);
    if (stored?.plan.game?.closed) await this.#games.follow(game, stored);
    if (this.#closeDone(game)) return;
    if (!game.row.plan.game && game.row.plan.created === null) return; // never opened: nothing to close
    await this.#drained(game); // the game's last steps are in before its end (a mint into a closed game is refused)
    const earlier = (await this.#rt.store.listOps(id)).reverse().find((o) => o.kind === 'close' && !isFinal(o));
    // The reveal is kept with the row: a restart's retry (resumeClosing, without the host) reveals it too.
    const reveal = game.reveal ?? earlier?.detail.reveal ?? null;
    const op = earlier
      ? this.#rt.ops.of(earlier)
      : await this.#rt.ops.sending(id, { kind: 'close', ...(reveal ? { detail: { reveal } } : {}) });
    await op.send({
      error: null,
      ...(reveal && !earlier?.detail.reveal ? { detail: { ...earlier?.detail, reveal } } : {}),
    });
    try {
      const closed = await game.bridge.closeGame({
        ...(reveal ? { reveal } : {}),
        onInjected: (hash) => op.note({ opHash: hash }),
      });
      if (closed?.revealError) this.#rt.onError(new Error(`game ${id}: ${closed.revealError}`));
      if (closed) await this.#games.savePlan(game, game.bridge.plan!, closed.level);
      await op.confirm({
        error: null,
        level: closed?.level ?? null,
        ...(closed?.opHash ? { opHash: closed.opHash } : {}),
      });
    } catch (e) {
      if (isTransient(e)) await op.retryLater(messageOf(e));
      else await op.fail(messageOf(e));
      throw e;
    }
  }

  /** @throws HostError 400 BAD_ADDRESS, 503 CHAIN_UNAVAILABLE */
  grantsOf(address: string): Promise<WalletGrants> {
    return grantsOf(this.#rt, address);
  }

  // ---- reading ----

  /** The chain status of a game for pages and the API. @throws HostError 404 NOT_ON_CHAIN */
  info(gameId: string): Promise<ChainInfo> {
    return this.#info.read(gameId);
  }

  /** Waits for background work (setup, approvals, deliveries, closings) to settle: tests. */
  idle(): Promise<void> {
    return this.#rt.idle();
  }

  close(): void {
    this.#rt.close();
    for (const game of this.#games.all()) {
      this.#pauses.cancel(game);
      game.closing.timer?.();
    }
  }

  // ---- internals ----
}

const sameStep = (row: ChainOpRow, logged: LoggedStep): boolean =>
  logged.seat === row.seat && stableJson(logged.action) === stableJson(row.action);

/** Whether `roll` ends the game: its own turn is the last (the engine ends it once the turn's decisions are made). */
function rollEnds(state: PoleState, roll: unknown): boolean {
  const seat = pole.pending(state)[0]?.seat;
  if (seat === undefined) return false;
  try {
    const next = pole.apply(state, seat, roll).state;
    return next.endTriggered || pole.outcome(next) !== null;
  } catch {
    return false; // the engine refuses it: it ends nothing
  }
}
