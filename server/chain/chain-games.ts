/**
 * On-chain Tezos Pole games on the server: the host asks this coordinator before and after every action of a game
 * whose tokens live on Tezos. It holds no logic of its own; each part of the game's life has its module:
 *
 * - `budget.ts`: what a new game may cost the bank, held until it is registered; the bank's budget for pages.
 * - `setup.ts`: the game opened on-chain with its tokens and seed commitment, the bots funded and joined.
 * - `approvals.ts`: the seats' wallets and their `join_game`; nobody moves until every seat has joined.
 * - `holdings.ts`: the P13 holdings read before a roll or a flip.
 * - `settle.ts`: a step's operations checked (and a burn included) before the host logs it.
 * - `logged-steps.ts`: a logged step's operations, queued and delivered through the bank's one sender.
 * - `pauses.ts`: the pause and the kept step while the chain does not answer.
 * - `closing.ts`: `close_game` with the seed's reveal once the game is over.
 * - `chain-info.ts`, `grants.ts`: read models for pages and the API.
 * - `steps.ts`: the life of a `chain_ops` row; `game-chain.ts`: each game's chain side in memory; `runtime.ts`: what
 *   they all share; `deliveries.ts`: the steps on their way, for every ChainGames of the process.
 *
 * One process sends for a bank key: two app instances sharing one would break Tezos's one-operation-per-block rule.
 */
import type { HoldingsAction, SeedReveal } from '../../chain/pole-bridge';
import type { Fa2Call } from '../../chain/fa2-editions';
import type { SeatId } from '../../engine';
import type { PoleEvent, PoleState } from '../../engine/pole';
import { ChainGameError, type HostError } from '../errors';
import { Approvals } from './approvals';
import { Budget, type BankBudget, type GameExtras } from './budget';
import { ChainInfoReader, type ChainInfo } from './chain-info';
import type { ChainGameRow, ChainStore } from './chain-store';
import { Closing } from './closing';
import { GameChains, isReady, type KeptStep } from './game-chain';
import { grantsOf, type WalletGrants } from './grants';
import { Holdings } from './holdings';
import { ANOTHER_MOVE, LoggedSteps, type LoggedStep } from './logged-steps';
import { Pauses } from './pauses';
import { ChainRuntime, type ChainGamesOptions, type ChainHostHooks } from './runtime';
import type { ChainSettings } from './settings';
import { Settlement } from './settle';
import { Setup } from './setup';

export type { BankBudget, GameExtras } from './budget';
export type { ChainInfo, ChainOpInfo, GameGrantInfo } from './chain-info';
export type { KeptStep } from './game-chain';
export type { SeatGrant, WalletGrants } from './grants';
export type { LoggedStep } from './logged-steps';
export { isTransient, type ChainGamesOptions, type ChainHostHooks, type ChainWait } from './runtime';

export class ChainGames {
  readonly #rt: ChainRuntime;
  readonly #games: GameChains;
  readonly #budget: Budget;
  readonly #setup: Setup;
  readonly #approvals: Approvals;
  readonly #pauses: Pauses;
  readonly #holdings: Holdings;
  readonly #settlement: Settlement;
  readonly #logged: LoggedSteps;
  readonly #closing: Closing;
  readonly #info: ChainInfoReader;

  constructor(store: ChainStore, settings: ChainSettings, options: ChainGamesOptions = {}) {
    const rt = (this.#rt = new ChainRuntime(store, settings, options));
    const games = (this.#games = new GameChains(rt));
    this.#budget = new Budget(rt);
    this.#pauses = new Pauses(rt, games);
    this.#setup = new Setup(rt, games, this.#pauses);
    this.#approvals = new Approvals(rt, games);
    this.#logged = new LoggedSteps(rt, games);
    this.#holdings = new Holdings(rt, games, this.#logged);
    this.#settlement = new Settlement(rt, games);
    this.#closing = new Closing(rt, games, this.#logged);
    this.#info = new ChainInfoReader(rt, games);
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
   * Loads the chain side of a game the host is loading (null: an off-chain game), resumes its setup and the joins
   * being looked for, sends the logged steps still in the bank's queue or on their way and, when the step after
   * `seq` was kept or in flight when the server stopped, retries it. `logged(k)`: the game's logged action at seq k
   * (1-based, k ≤ seq).
   */
  async attach(gameId: string, seq: number, logged: (seq: number) => LoggedStep | undefined): Promise<boolean> {
    const game = await this.#games.load(gameId);
    if (!game) return false;
    if (!isReady(game)) this.#setup.run(game);
    this.#approvals.resume(game);
    await this.#logged.reconcile(game, seq, logged);
    await this.#logged.resume(game, seq);
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
    this.#pauses.forget(gameId, ANOTHER_MOVE);
  }

  /** @throws BridgeError BRIDGE_INDEXER (transient), BRIDGE_* */
  holdingsBefore(gameId: string, state: PoleState, action: unknown): Promise<HoldingsAction | null> {
    return this.#holdings.before(gameId, state, action);
  }

  /** @throws BridgeError (transient: the caller keeps the step with `keep`), HostError 422 CHAIN_REJECTED */
  settle(gameId: string, seq: number, seat: SeatId, action: unknown, events: readonly PoleEvent[]): Promise<void> {
    return this.#settlement.settle(gameId, seq, seat, action, events);
  }

  /** The step at `seq` is in the game's log: its operations go to the bank's queue. */
  committed(gameId: string, seq: number): Promise<void> {
    return this.#logged.committed(gameId, seq);
  }

  /** The step taken at `seq` did not reach the log here: void, unless `logged` is this very step. */
  abandon(gameId: string, seq: number, logged: LoggedStep | undefined): Promise<void> {
    return this.#logged.abandon(gameId, seq, logged);
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

  /** The game is over: closes it on-chain in the background, revealing `final` (its seed and final state hash). */
  gameOver(gameId: string, final?: SeedReveal): void {
    this.#closing.gameOver(gameId, final);
  }

  /** Closes the finished games left open on-chain (the server stopped first). Call once the host is open. */
  resumeClosing(): Promise<void> {
    return this.#closing.resume();
  }

  // ---- reading ----

  /** @throws HostError 400 BAD_ADDRESS, 503 CHAIN_UNAVAILABLE */
  grantsOf(address: string): Promise<WalletGrants> {
    return grantsOf(this.#rt, address);
  }

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
      this.#closing.cancel(game);
    }
  }
}
