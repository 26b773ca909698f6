/**
 * On-chain Tezos Pole games on the server: the host asks this coordinator before and after every action of a game
 * whose tokens live on Tezos. It holds no logic of its own; each part of the game's life has its module:
 *
 * - `budget.ts`: what a new game may cost the bank, held until it is registered; the bank's budget for pages.
 * - `deposits.ts`: what people send the bank to pay for their games beyond its daily allowance, and what goes back.
 * - `move-gate.ts`: what a move passes through (ChainMoves asks it): the gate, holdings, settlement, the kept step.
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
import type { SeedReveal } from '../../chain/pole-bridge';
import { Approvals } from './approvals';
import { botWallet } from './bot-wallets';
import { Budget } from './budget';
import { ChainInfoReader, type ChainInfo } from './chain-info';
import type { ChainGameRow, ChainStore } from './chain-store';
import { Closing } from './closing';
import { Deposits } from './deposits';
import { GameChains, isReady } from './game-chain';
import { grantsOf, type WalletGrants } from './grants';
import { Holdings } from './holdings';
import { LoggedSteps, type LoggedStep } from './logged-steps';
import { MoveGate } from './move-gate';
import { Pauses } from './pauses';
import { ChainRuntime, type ChainGamesOptions, type ChainHostHooks } from './runtime';
import type { ChainSettings } from './settings';
import { Settlement } from './settle';
import { Setup } from './setup';

export type { BankBudget, GameExtras, GameQuote } from './budget';
export type { DepositInfo } from './deposits';
export type { ChainInfo, ChainOpInfo, GameGrantInfo } from './chain-info';
export type { KeptStep } from './game-chain';
export type { SeatGrant, WalletGrants } from './grants';
export type { LoggedStep } from './logged-steps';
export { isTransient, type ChainGamesOptions, type ChainHostHooks, type ChainWait } from './runtime';

export class ChainGames {
  /** What a new game may cost the bank (`prepare`, held until `release`) and what the bank holds (`report`). */
  readonly budget: Budget;
  /** People's deposits for their games beyond the bank's allowance: named, held, claimed, refunded. */
  readonly deposits: Deposits;
  /** The seats' wallets: claim, check, the `join_game` call and its submission. */
  readonly approvals: Approvals;
  /** What each move of an on-chain game passes through (ChainMoves). */
  readonly moves: MoveGate;
  readonly #rt: ChainRuntime;
  readonly #games: GameChains;
  readonly #setup: Setup;
  readonly #pauses: Pauses;
  readonly #logged: LoggedSteps;
  readonly #closing: Closing;
  readonly #info: ChainInfoReader;

  constructor(store: ChainStore, settings: ChainSettings, options: ChainGamesOptions = {}) {
    const rt = (this.#rt = new ChainRuntime(store, settings, options));
    const games = (this.#games = new GameChains(rt));
    this.deposits = new Deposits(rt);
    this.budget = new Budget(rt, this.deposits);
    const pauses = (this.#pauses = new Pauses(rt, games));
    this.#setup = new Setup(rt, games, pauses);
    this.approvals = new Approvals(rt, games);
    const logged = (this.#logged = new LoggedSteps(rt, games));
    this.moves = new MoveGate({
      games,
      pauses,
      logged,
      holdings: new Holdings(rt, games, logged),
      settlement: new Settlement(rt, games),
    });
    this.#closing = new Closing(rt, games, logged, this.deposits);
    this.#info = new ChainInfoReader(rt, games);
  }

  get network(): ChainSettings['network'] {
    return this.#rt.settings.network;
  }

  bindHost(hooks: ChainHostHooks): void {
    this.#rt.bindHost(hooks);
  }

  /**
   * Stores a prepared game (its game row is stored already) and starts its setup in the background — unless it waits
   * for its people: its tokens are made when it starts (`start`), so a game nobody comes to costs nothing.
   */
  async register(row: ChainGameRow, waiting = false): Promise<void> {
    const game = await this.#games.register(row);
    if (!waiting) this.#setup.run(game);
  }

  /**
   * A waiting game starts: `bots` are the seats its people did not take, played by bots from now on (each gets a
   * pool wallet); its setup starts in the background (tokens, the bots' joins).
   */
  async start(gameId: string, bots: readonly number[]): Promise<void> {
    const game = await this.#games.need(gameId);
    if (bots.length > 0) {
      const seats = await Promise.all(
        game.row.seats.map(async (s, seat) =>
          bots.includes(seat)
            ? { address: (await botWallet(this.#rt.settings.bankSecretKey, seat)).address, bot: true, approval: null }
            : s,
        ),
      );
      await this.#games.saveSeats(game, seats);
    }
    this.#setup.run(game);
  }

  /**
   * Loads the chain side of a game the host is loading (null: an off-chain game), resumes its setup and the joins
   * being looked for, sends the logged steps still in the bank's queue or on their way and, when the step after
   * `seq` was kept or in flight when the server stopped, retries it. `logged(k)`: the game's logged action at seq k
   * (1-based, k ≤ seq). A `waiting` game's setup waits for its start.
   */
  async attach(
    gameId: string,
    seq: number,
    logged: (seq: number) => LoggedStep | undefined,
    waiting = false,
  ): Promise<boolean> {
    const game = await this.#games.load(gameId);
    if (!game) return false;
    if (!isReady(game) && !waiting) this.#setup.run(game);
    this.approvals.resume(game);
    await this.#logged.reconcile(game, seq, logged);
    await this.#logged.resume(game, seq);
    await this.#pauses.restore(game, seq);
    return true;
  }

  isOnChain(gameId: string): boolean {
    return this.#games.has(gameId);
  }

  // ---- the end of a game: the bank's power ends with it ----

  /** The game is over: closes it on-chain in the background, revealing `final` (its seed and final state hash). */
  gameOver(gameId: string, final?: SeedReveal): void {
    this.#closing.gameOver(gameId, final);
  }

  /**
   * Closes the finished games left open on-chain (the server stopped first), and goes on with the deposits being
   * looked for or refunded. Call once the host is open.
   */
  async resumeClosing(): Promise<void> {
    await this.#closing.resume();
    await this.deposits.resume();
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
    return this.#rt.background.idle();
  }

  close(): void {
    this.#rt.background.close();
    this.#rt.content.closeOwn(this.#rt.onError);
    for (const game of this.#games.all()) {
      this.#pauses.cancel(game);
      this.#closing.cancel(game);
    }
  }
}
