/**
 * The end of a game, when the bank's power over the players' copies ends: once the game is over the bank closes it
 * on-chain (`close_game`, a `close` row), once, revealing the game's seed and final state hash in the same operation
 * (the contract checks the seed against the commitment made when the game was opened: FAIRNESS.md), and burning the
 * bots' copies just before (nobody collects them; the storage of their ledger entries goes to the next game's mints).
 * A chain that does not answer gets it again with backoff, and a restart closes the finished games left open. Once
 * closed (or never opened), what the game's deposit did not pay for goes back to its creator (deposits.ts).
 */
import type { BurnRequest } from '../../chain/fa2-editions';
import type { SeedReveal } from '../../chain/pole-bridge';
import type { Deposits } from './deposits';
import type { GameChain, GameChains } from './game-chain';
import type { LoggedSteps } from './logged-steps';
import { isTransient, messageOf, type ChainRuntime } from './runtime';
import { isFinal } from './steps';

export class Closing {
  constructor(
    private readonly rt: ChainRuntime,
    private readonly games: GameChains,
    private readonly logged: LoggedSteps,
    private readonly deposits: Deposits,
  ) {}

  /**
   * The game is over: closes it on-chain in the background, revealing `final` (its seed and final state hash). A
   * refusal is reported. Nothing to do for an off-chain game or one closed (and revealed) already.
   */
  gameOver(gameId: string, final?: SeedReveal): void {
    const game = this.games.get(gameId);
    if (!game) return;
    if (final) game.reveal = final;
    this.#run(game);
  }

  /** Closes the finished games left open on-chain (the server stopped first), and settles their deposits. */
  async resume(): Promise<void> {
    const ids = new Set([
      ...(await this.rt.store.finishedOpenGames(this.rt.settings.contract)),
      ...(await this.rt.store.deposits.usedByFinishedGames()),
    ]);
    for (const id of ids) {
      try {
        const game = await this.games.load(id);
        if (game) this.#run(game);
      } catch (e) {
        this.rt.onError(e);
      }
    }
  }

  /** Cancels the planned retry (the chain side closes). */
  cancel(game: GameChain): void {
    game.closing.timer?.();
  }

  #run(game: GameChain): void {
    if (game.closing.running || this.rt.background.closed) return;
    if (isClosed(game)) {
      this.rt.background.add(this.deposits.settle(game.row.gameId).catch(this.rt.onError));
      return;
    }
    game.closing.running = true;
    this.rt.background.add(
      this.#close(game)
        .then(async () => {
          game.closing.attempts = 0;
          this.rt.host.changed(game.row.gameId);
          await this.deposits.settle(game.row.gameId).catch(this.rt.onError);
        })
        .catch((e) => {
          if (!isTransient(e)) throw e;
          game.closing.attempts++;
          if (this.rt.background.closed) return;
          game.closing.timer = this.rt.clock.setTimer(this.rt.backoff(game.closing.attempts - 1), () => {
            game.closing.timer = null;
            this.#run(game);
          });
        })
        .finally(() => {
          game.closing.running = false;
        }),
    );
  }

  /** What the bots hold once every step of the game is in (the head: nothing of the game is on its way). */
  async #botCopies(game: GameChain): Promise<BurnRequest[]> {
    if (game.row.plan.created === null || game.row.plan.game?.closed) return [];
    return botCopiesOf(game, await game.bridge.headLevel());
  }

  /** Sends `close_game` as a `close` row (one row for every try), and records the closed game in the plan. */
  async #close(game: GameChain): Promise<void> {
    const id = game.row.gameId;
    // Another app instance may have closed it: its plan says so.
    const stored = await this.rt.store.getGame(id);
    if (stored?.plan.game?.closed) await this.games.follow(game, stored);
    if (isClosed(game)) return;
    if (!game.row.plan.game && game.row.plan.created === null) return; // never opened: nothing to close
    await this.logged.drained(game); // the game's last steps are in before its end (a mint into a closed game is refused)
    const earlier = (await this.rt.store.listOps(id)).reverse().find((o) => o.kind === 'close' && !isFinal(o));
    // The reveal is kept with the row: a restart's retry (resumeClosing, without the host) reveals it too.
    const reveal = game.reveal ?? earlier?.detail.reveal ?? null;
    const op = earlier
      ? this.rt.ops.of(earlier)
      : await this.rt.ops.sending(id, { kind: 'close', ...(reveal ? { detail: { reveal } } : {}) });
    await op.send({
      error: null,
      ...(reveal && !earlier?.detail.reveal ? { detail: { ...earlier?.detail, reveal } } : {}),
    });
    try {
      const closed = await game.bridge.closeGame({
        ...(reveal ? { reveal } : {}),
        sweep: await this.#botCopies(game),
        onInjected: (hash) => op.note({ opHash: hash }),
      });
      if (closed?.revealError) this.rt.onError(new Error(`game ${id}: ${closed.revealError}`));
      if (closed) await this.games.savePlan(game, game.bridge.plan!, closed.level);
      await op.confirm({
        error: null,
        level: closed?.level ?? null,
        ...(closed?.opHash ? { opHash: closed.opHash } : {}),
        detail: { costMutez: closed?.costMutez ?? 0 },
      });
    } catch (e) {
      if (isTransient(e)) await op.retryLater(messageOf(e));
      else await op.fail(messageOf(e));
      throw e;
    }
  }
}

/**
 * What the bots still hold of the game's tokens, burnt as the game closes (CloseOptions.sweep): only bots that joined
 * the game on-chain, whose copies the bank may burn while it is open.
 */
async function botCopiesOf(game: GameChain, minLevel: number): Promise<BurnRequest[]> {
  const bots = game.row.seats.flatMap((s) =>
    s.bot && s.address !== null && s.approval?.status === 'confirmed' ? [s.address] : [],
  );
  return game.bridge.copiesHeldBy([...new Set(bots)], minLevel);
}

/** Whether closing has nothing left to send: closed, and a committed seed revealed unless the host told none. */
function isClosed(game: GameChain): boolean {
  const { plan } = game.row;
  return plan.game?.closed != null && (plan.seed === undefined || plan.seed.revealed !== null || game.reveal === null);
}
