/**
 * A step's operations once the game logged it: into the bank's queue, then delivered in the background through the
 * bank's one sender (chain/pole-bridge/bank-sender.ts: one batch per block with every other game's, Tezos's 1M
 * rule) while the game goes on. A step still queued after a restart is sent, one injected before a crash is looked
 * up on-chain rather than sent twice. A queued step refused for good later (the contract changed its mind: closed
 * game, bank no longer minter) is `failed` and reported: nothing of it is on-chain, and the next holdings read
 * records its copy as never arrived (P13: out of the game), so the chain and the game agree again.
 */
import stableJson from 'safe-stable-stringify';
import { BridgeError } from '../../chain/pole-bridge';
import { sleep } from '../../chain/clock';
import { ChainGameError } from '../errors';
import type { ChainOpRow } from './chain-store';
import type { GameChain, GameChains } from './game-chain';
import { isTransient, messageOf, type ChainRuntime } from './runtime';
import { fateOf, isHeld, isInjected, isOnItsWay, type OpRecord } from './steps';

/** A logged action as `attach` is told it (the host's log entry at a seq). */
export interface LoggedStep {
  readonly seat: unknown;
  readonly action: unknown;
}

const sameStep = (row: ChainOpRow, logged: LoggedStep): boolean =>
  logged.seat === row.seat && stableJson(logged.action) === stableJson(row.action);

/** Why a step taken at a seq is void: the game's log holds another one there. */
export const ANOTHER_MOVE = 'another move was played at this point of the game';

export class LoggedSteps {
  constructor(
    private readonly rt: ChainRuntime,
    private readonly games: GameChains,
  ) {}

  /**
   * After a restart: a step taken (`held`) whose action reached the log before the server stopped goes to the bank;
   * one that did not is void. `logged(k)`: the game's logged action at seq k (1-based, k ≤ seq).
   */
  async reconcile(game: GameChain, seq: number, logged: (seq: number) => LoggedStep | undefined): Promise<void> {
    for (const row of await this.rt.store.listOps(game.row.gameId)) {
      if (row.kind !== 'step' || !isHeld(row) || row.seq === null || row.seq > seq) continue;
      const entry = logged(row.seq);
      const op = this.rt.ops.of(row);
      if (entry !== undefined && sameStep(row, entry)) await op.queue();
      else await op.fail(ANOTHER_MOVE);
    }
  }

  /** The step at `seq` is in the game's log: its operations go to the bank's queue (nothing to do for a step without). */
  async committed(gameId: string, seq: number): Promise<void> {
    const game = this.games.get(gameId);
    if (!game) return;
    const row = await this.rt.store.latestStep(gameId, seq);
    if (!row || !isHeld(row)) return;
    const op = this.rt.ops.of(row);
    await op.queue();
    this.#deliver(game, { ...row, status: op.status });
  }

  /**
   * The step taken at `seq` did not reach the log here (another app instance logged first, `logged`): it is void,
   * unless the logged one is this very step.
   */
  async abandon(gameId: string, seq: number, logged: LoggedStep | undefined): Promise<void> {
    const game = this.games.get(gameId);
    const row = game ? await this.rt.store.latestStep(gameId, seq) : null;
    if (!game || !row || !isHeld(row)) return;
    if (logged && sameStep(row, logged)) return this.committed(gameId, seq);
    await this.rt.ops.of(row).fail(ANOTHER_MOVE);
  }

  /** Sends the game's logged steps (seq ≤ `upTo`) still queued or on their way, as the server left them. */
  async resume(game: GameChain, upTo = Infinity): Promise<void> {
    for (const row of await this.rt.store.listOps(game.row.gameId))
      if (row.kind === 'step' && isOnItsWay(row) && row.seq !== null && row.seq <= upTo) this.#deliver(game, row);
  }

  /**
   * Waits until none of the game's logged steps is queued or on its way (this process delivers them all): the
   * game's `lastLevel` is then the last one's.
   * @throws BridgeError BRIDGE_UNCONFIRMED (transient: still on its way after the confirmation timeout)
   */
  drained(game: GameChain): Promise<void> {
    const { gameId } = game.row;
    return this.rt.timed(gameId, 'drain', async () => {
      await this.resume(game);
      await this.rt.deliveries.settled(gameId, this.rt.clock, this.rt.clock.now() + this.rt.confirmationMs);
      const open = (await this.rt.store.listOps(gameId)).find((o) => o.kind === 'step' && isOnItsWay(o));
      if (open) throw new BridgeError('BRIDGE_UNCONFIRMED', `step ${open.seq} of game ${gameId} is not on-chain yet`);
    });
  }

  /**
   * Delivers a logged step's operations in the background, through the bank's one sender (batched with whatever
   * else the bank sends meanwhile): retried with backoff while Tezos does not answer, looked up rather than sent
   * again once injected. A refusal now, after the game moved on, marks the step `failed` and is reported.
   */
  #deliver(game: GameChain, row: ChainOpRow): void {
    const { deliveries } = this.rt;
    const busy = deliveries.find(game.row.gameId, row.id);
    if (busy) {
      // A stopped predecessor's delivery: this one goes on with whatever it leaves undone.
      if (busy.owner !== this) this.rt.background.add(busy.work.then(() => this.resume(game)));
      return;
    }
    if (this.rt.background.closed) return;
    this.rt.background.add(deliveries.add(game.row.gameId, row.id, this, this.#send(game, row).catch(this.rt.onError)));
  }

  async #send(game: GameChain, row: ChainOpRow): Promise<void> {
    const op = this.rt.ops.of(row);
    const ops = row.detail.ops ?? [];
    let opHash = isInjected(row) ? row.opHash : null;
    let fromLevel = row.detail.fromLevel ?? game.row.lastLevel;
    for (let attempt = 0; !this.rt.background.closed; attempt++) {
      try {
        if (opHash) {
          const fate = await fateOf(game.bridge, opHash, fromLevel);
          if (fate?.applied) return await this.#confirm(game, op, opHash, fate.level, null);
          opHash = null; // included and failed, or expired: nothing of it is on-chain, it goes again
        }
        fromLevel = await game.bridge.headLevel();
        const applied = await game.bridge.apply(ops, {
          onInjected: (hash) => {
            opHash = hash;
            return op.send({ opHash: hash, error: null, detail: { ops, fromLevel } });
          },
        });
        return await this.#confirm(game, op, applied?.opHash ?? null, applied?.level ?? null, applied?.costMutez ?? 0);
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
        await sleep(this.rt.clock, this.rt.backoff(attempt));
      }
    }
  }

  /** `costMutez`: what the bank paid for the step's calls; null when it was found included (its receipt unread). */
  async #confirm(
    game: GameChain,
    op: OpRecord,
    opHash: string | null,
    level: number | null,
    costMutez: number | null,
  ): Promise<void> {
    await op.confirm({
      error: null,
      level,
      ...(opHash ? { opHash } : {}),
      ...(costMutez !== null ? { detail: { costMutez } } : {}),
    });
    if (level !== null) await this.games.saveLevel(game, level);
  }
}
