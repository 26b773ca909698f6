/**
 * A step's chain operations, checked before the host logs it (mint on purchase or free copy, burn on flip, burn and
 * retire on forfeit). Mints are simulated at the head: a refusal rejects the action, nothing changes; the host logs
 * it, and the bank's queue sends them (logged-steps.ts) while the game goes on. A step with a burn waits for its
 * block before it is logged: the copy must leave its holder's wallet (P7). A chain that does not answer keeps the
 * step (`retrying`), which the host tries again (pauses.ts).
 */
import stableJson from 'safe-stable-stringify';
import { BridgeError, isBridgeError, type ChainOp } from '../../chain/pole-bridge';
import type { SeatId } from '../../engine';
import type { PoleEvent } from '../../engine/pole';
import { ChainGameError, GameError } from '../errors';
import type { ChainOpRow } from './chain-store';
import { addressesOf, type GameChain, type GameChains } from './game-chain';
import { isTransient, messageOf, type ChainRuntime } from './runtime';
import { fateOf, isConfirmed, isQueued, isVoid, type OpRecord } from './steps';

/** Ops that must be on-chain before the game may take their step: a burn takes a copy from its holder (P7). */
const needsInclusion = (ops: readonly ChainOp[]): boolean => ops.some((o) => o.kind !== 'mint');

/** The refusal a move gets when Tezos refused its operations. */
const refused = (e: BridgeError): ChainGameError =>
  new ChainGameError('CHAIN_REJECTED', `Tezos refused this move, so it did not happen: ${e.message}`, {
    bridge: e.code,
  });

export class Settlement {
  constructor(
    private readonly rt: ChainRuntime,
    private readonly games: GameChains,
  ) {}

  /**
   * Takes the chain operations of an accepted step (seq = the state's seq after it) before the host logs it.
   * Mints only (a purchase, a free copy): simulated at the node's head so a refusal refuses the move, then `held`
   * and returned at once — `committed` puts them in the bank's queue once the step is logged. A step with a burn
   * (flip, forfeit: P7) waits for its operations' inclusion. A step confirmed before a restart is recognised, not
   * sent again.
   * @throws BridgeError (transient: the caller keeps the step with `keep`), HostError 422 CHAIN_REJECTED
   */
  async settle(
    gameId: string,
    seq: number,
    seat: SeatId,
    action: unknown,
    events: readonly PoleEvent[],
  ): Promise<void> {
    const game = this.games.get(gameId);
    if (!game) return;
    const plan = game.bridge.plan!;
    if (plan.appliedSeq !== null && seq <= plan.appliedSeq) return; // confirmed and recorded before a restart
    let ops: ChainOp[];
    try {
      ops = game.bridge.chainOpsFor(events, addressesOf(game));
    } catch (e) {
      throw new ChainGameError('CHAIN_REJECTED', `this move cannot be put on-chain: ${messageOf(e)}`);
    }
    const earlier = await this.rt.store.latestStep(gameId, seq);
    if (earlier && !isVoid(earlier) && (earlier.seat !== seat || stableJson(earlier.action) !== stableJson(action))) {
      // Another move holds this seq on-chain (kept here, or sent by another app instance): this one is stale.
      throw new GameError('STALE', `another move is being put on-chain at seq ${seq}: look again`);
    }
    if (ops.length === 0) return;
    // Confirmed (a burn step whose logging a stop cut short) or logged already (by another app instance).
    if (earlier && (isConfirmed(earlier) || isQueued(earlier))) return;
    let op: OpRecord;
    if (earlier && !isVoid(earlier)) {
      op = this.rt.ops.of(earlier);
      if (await this.#retake(game, earlier, op, ops, seq)) return;
    } else {
      op = await this.rt.ops.held(gameId, { seq, seat, action, detail: { ops } });
    }
    if (needsInclusion(ops)) await this.#include(game, op, ops, seq);
    else await this.#simulate(game, op, ops);
  }

  /**
   * Takes a kept step again: only if no other app instance is taking it right now, and unless it went on-chain
   * before (true: it is, and it is recorded).
   * @throws BridgeError BRIDGE_UNCONFIRMED (another instance sends it, or it may still be included), HostError 422
   */
  async #retake(game: GameChain, earlier: ChainOpRow, op: OpRecord, ops: ChainOp[], seq: number): Promise<boolean> {
    if (!(await op.take(this.rt.confirmationMs * 2))) {
      throw new BridgeError(
        'BRIDGE_UNCONFIRMED',
        `step ${seq} of game ${game.row.gameId} is being sent by another app instance`,
      );
    }
    if (!earlier.opHash) return false;
    try {
      return await this.#adoptEarlier(game, earlier.opHash, earlier, op, ops, seq);
    } catch (e) {
      if (isTransient(e)) await op.retryLater(e.message);
      throw e;
    }
  }

  /** A step injected before (a crash, an unconfirmed inclusion): true when it is on-chain and now recorded. */
  async #adoptEarlier(
    game: GameChain,
    opHash: string,
    earlier: ChainOpRow,
    op: OpRecord,
    ops: ChainOp[],
    seq: number,
  ): Promise<boolean> {
    // Still in the mempool, perhaps (fateOf throws): sending again could apply it twice. Wait for it instead.
    const fate = await fateOf(game.bridge, opHash, earlier.detail.fromLevel ?? game.row.lastLevel);
    if (fate?.applied) {
      game.bridge.adopt(ops, seq);
      await this.games.savePlan(game, game.bridge.plan!, fate.level);
      await op.confirm({ level: fate.level, error: null });
      return true;
    }
    if (fate) {
      await op.fail(`operation ${opHash} failed at level ${fate.level}`);
      throw new ChainGameError(
        'CHAIN_REJECTED',
        `Tezos refused this move, so it did not happen: operation ${opHash} failed`,
      );
    }
    return false;
  }

  /** Mints only: simulated at the head, then held for the bank's queue. */
  async #simulate(game: GameChain, op: OpRecord, ops: ChainOp[]): Promise<void> {
    await this.rt.timed(game.row.gameId, 'check', async () => {
      try {
        await game.bridge.dryRun(ops);
      } catch (e) {
        if (isTransient(e)) {
          await op.retryLater(e.message);
          throw e;
        }
        await op.fail(messageOf(e));
        throw isBridgeError(e) ? refused(e) : e;
      }
    });
    await op.hold({ error: null, detail: { ops } });
  }

  /** A burn: sent, and waited for until it is in a block. */
  async #include(game: GameChain, op: OpRecord, ops: ChainOp[], seq: number): Promise<void> {
    await op.send({ error: null, detail: { ops } });
    await this.rt.timed(game.row.gameId, 'inclusion', async () => {
      let fromLevel = game.row.lastLevel;
      try {
        fromLevel = await game.bridge.headLevel();
        const applied = await game.bridge.apply(ops, {
          seq,
          onInjected: (opHash) => op.note({ opHash, detail: { ops, fromLevel } }),
        });
        await this.games.savePlan(game, game.bridge.plan!, applied?.level);
        await op.confirm({ level: applied?.level ?? null, ...(applied ? { opHash: applied.opHash } : {}) });
      } catch (e) {
        if (isTransient(e)) {
          const { opHash } = e.detail;
          await op.retryLater(e.message, opHash ? { opHash, detail: { ops, fromLevel } } : {});
          throw e;
        }
        await op.fail(messageOf(e));
        throw isBridgeError(e) ? refused(e) : e;
      }
    });
  }
}
