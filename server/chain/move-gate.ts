/**
 * What a move on an on-chain game passes through, in the order ChainMoves asks (server/chain/chain-moves.ts): the
 * game's row read again, the gate (set up, joined, not paused), the holdings read before a roll or a flip, the step's
 * operations settled before it is logged, then queued once it is, or void when another instance logged first; a
 * step the chain could not take is kept, and a kept step either goes through (the pause ends) or is dropped.
 */
import type { HoldingsAction } from '../../chain/pole-bridge';
import type { SeatId } from '../../engine';
import type { PoleEvent, PoleState } from '../../engine/pole';
import { ChainGameError, type HostError } from '../errors';
import { isReady, type GameChains, type KeptStep } from './game-chain';
import type { Holdings } from './holdings';
import { ANOTHER_MOVE, type LoggedStep, type LoggedSteps } from './logged-steps';
import type { Pauses } from './pauses';
import type { Settlement } from './settle';

export interface MoveGateParts {
  readonly games: GameChains;
  readonly pauses: Pauses;
  readonly holdings: Holdings;
  readonly settlement: Settlement;
  readonly logged: LoggedSteps;
}

export class MoveGate {
  constructor(private readonly parts: MoveGateParts) {}

  /** Whether bots and turn timers may run: setup done, no pause, no kept step. */
  mayMove(gameId: string): boolean {
    const game = this.parts.games.get(gameId);
    return !game || (isReady(game) && game.pause === null && game.kept === null);
  }

  /**
   * Reads the game's chain row again when another app instance changed it (its plan after a step it sent, a seat's
   * approval), so this instance never sends a step from a stale plan nor writes one back. Call before `gate`.
   */
  async refresh(gameId: string): Promise<void> {
    const game = this.parts.games.get(gameId);
    if (game) await this.parts.games.reload(game);
  }

  /**
   * Whether a seat may act now.
   * @throws HostError 409 CHAIN_NOT_READY (setup or approvals missing), 503 CHAIN_PAUSED (a step is kept)
   */
  gate(gameId: string, retrying: boolean): void {
    const game = this.parts.games.get(gameId);
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
    this.parts.pauses.check(game, retrying);
  }

  /** @throws BridgeError BRIDGE_INDEXER (transient), BRIDGE_* */
  holdingsBefore(gameId: string, state: PoleState, action: unknown): Promise<HoldingsAction | null> {
    return this.parts.holdings.before(gameId, state, action);
  }

  /** @throws BridgeError (transient: the caller keeps the step with `keep`), HostError 422 CHAIN_REJECTED */
  settle(gameId: string, seq: number, seat: SeatId, action: unknown, events: readonly PoleEvent[]): Promise<void> {
    return this.parts.settlement.settle(gameId, seq, seat, action, events);
  }

  /** The step at `seq` is in the game's log: its operations go to the bank's queue. */
  committed(gameId: string, seq: number): Promise<void> {
    return this.parts.logged.committed(gameId, seq);
  }

  /** The step taken at `seq` did not reach the log here: void, unless `logged` is this very step. */
  abandon(gameId: string, seq: number, logged: LoggedStep | undefined): Promise<void> {
    return this.parts.logged.abandon(gameId, seq, logged);
  }

  /** Keeps a step the chain could not take; returns the error to answer the request with (its action is not lost). */
  keep(gameId: string, step: KeptStep, err: unknown): HostError {
    return this.parts.pauses.keep(this.parts.games.get(gameId)!, step, err);
  }

  /** The step kept while the chain was away, if any. */
  kept(gameId: string): KeptStep | null {
    return this.parts.games.get(gameId)?.kept ?? null;
  }

  /** The kept step went through (or there was none): the pause ends. */
  resumed(gameId: string): void {
    const game = this.parts.games.get(gameId);
    if (game) this.parts.pauses.resumed(game);
  }

  /** A kept step failed for good (the rules or the chain now refuse it): forget it, so the player can choose again. */
  rejected(gameId: string, reason: string): void {
    this.parts.pauses.forget(gameId, reason);
  }

  /** The kept step can no longer apply (the game moved on elsewhere): forget it. */
  dropKept(gameId: string): void {
    this.parts.pauses.forget(gameId, ANOTHER_MOVE);
  }
}
