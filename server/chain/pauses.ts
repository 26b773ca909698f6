/**
 * A game's pause while the chain does not answer: why, until when, and the step it keeps meanwhile (a move the chain
 * or its indexer could not take), which the host runs again with backoff (`ChainHostHooks.retry`) until it goes
 * through or is refused for good. Nobody moves while a game is paused.
 */
import { isBridgeError } from '../../chain/pole-bridge';
import { ChainGameError, type HostError } from '../errors';
import type { GameChain, GameChains, KeptStep } from './game-chain';
import { messageOf, type ChainRuntime } from './runtime';
import { isHeld, isInjected, isRetrying, isVoid } from './steps';

export class Pauses {
  constructor(
    private readonly rt: ChainRuntime,
    private readonly games: GameChains,
  ) {}

  /** Pauses the game with `code` and `reason` until `delay` from now (told to the host). */
  pause(game: GameChain, code: string, reason: string, attempts = 1, delay = this.rt.tuning.backoff.first): void {
    game.pause = { code, reason, retryAt: this.rt.clock.now() + delay, attempts };
    this.rt.host.changed(game.row.gameId);
  }

  /** Ends a pause for `code`, if the game is paused for it (the caller tells the host). */
  lift(game: GameChain, code: string): void {
    if (game.pause?.code === code) game.pause = null;
  }

  /**
   * @throws HostError 503 CHAIN_PAUSED while a step is kept or the game paused (unless this is the kept step's retry)
   */
  check(game: GameChain, retrying: boolean): void {
    if (!retrying && (game.kept || game.pause)) {
      throw new ChainGameError(
        'CHAIN_PAUSED',
        `the game is paused: ${game.pause?.reason ?? 'a move is waiting for Tezos'}`,
        { retryAt: game.pause?.retryAt ?? null },
      );
    }
  }

  /**
   * Keeps a step the chain or its indexer could not take: the game pauses with the reason and the step is sent
   * again with backoff. Returns the error to answer the request with (its action is not lost).
   */
  keep(game: GameChain, step: KeptStep, err: unknown): HostError {
    const attempts = (game.kept ? (game.pause?.attempts ?? 0) : 0) + 1;
    game.kept = step;
    const delay = this.rt.backoff(attempts - 1);
    const what =
      isBridgeError(err) && err.code === 'BRIDGE_INDEXER'
        ? 'the indexer (TzKT API) did not answer'
        : 'the Tezos node did not answer';
    this.pause(game, 'CHAIN_UNAVAILABLE', `${what}: ${messageOf(err)}`, attempts, delay);
    this.#retryKept(game, delay);
    return new ChainGameError(
      'CHAIN_PAUSED',
      `${what}. Your move is kept and will be sent again in ${Math.ceil(delay / 1000)} s; the game waits until then.`,
      { retryAt: game.pause!.retryAt },
    );
  }

  /**
   * After a restart: the step after `seq`, kept or in flight when the server stopped, is kept again and retried at
   * once.
   */
  async restore(game: GameChain, seq: number): Promise<void> {
    const step = await this.rt.store.latestStep(game.row.gameId, seq + 1);
    if (step && !isVoid(step) && step.seat !== null && step.action !== null) {
      game.kept = { seat: step.seat, action: step.action, baseSeq: seq };
      this.#retryKept(game, 0);
    }
  }

  /** The kept step went through (or there was none): the pause ends. */
  resumed(game: GameChain): void {
    if (game.kept || game.pause) this.#clearKept(game);
  }

  /** Ends the pause; the kept step's row, if it never went through, is marked failed with `reason`. */
  forget(gameId: string, reason: string): void {
    const game = this.games.get(gameId);
    if (!game?.kept) return;
    const seq = game.kept.baseSeq + 1;
    this.#clearKept(game);
    this.rt.background.add(
      this.rt.store
        .latestStep(gameId, seq)
        .then((row) =>
          row && (isHeld(row) || isInjected(row) || isRetrying(row)) ? this.rt.ops.of(row).fail(reason) : undefined,
        ),
    );
  }

  /** Cancels the kept step's planned retry (the chain side closes). */
  cancel(game: GameChain): void {
    game.timer?.();
  }

  #clearKept(game: GameChain): void {
    game.kept = null;
    game.pause = null;
    game.timer?.();
    game.timer = null;
    this.rt.host.changed(game.row.gameId);
  }

  #retryKept(game: GameChain, delay: number): void {
    game.timer?.();
    game.timer = null;
    if (this.rt.background.closed) return;
    game.timer = this.rt.clock.setTimer(delay, () => {
      game.timer = null;
      this.rt.host.retry(game.row.gameId);
    });
  }
}
