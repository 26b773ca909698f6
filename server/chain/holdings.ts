/**
 * The holdings read before a roll or a flip (the only actions that can pay a royalty, end the game with its
 * valuation, or sell a copy back): the holders are read from the TzKT API and, when they differ from the engine's,
 * recorded as the system seat's P13 `holdings` action. The read does not wait for the game's own operations: those
 * not in the indexer's balances yet are counted on top, so a copy on its way is not taken for one that left. The
 * roll that ends the game waits for them all to be in and indexed: its valuation scores the real holders.
 */
import type { ChainOp, HoldingsAction } from '../../chain/pole-bridge';
import { pole, readChangesHoldings, type PoleState } from '../../engine/pole';
import { addressesOf, type GameChain, type GameChains } from './game-chain';
import type { LoggedSteps } from './logged-steps';
import type { ChainRuntime } from './runtime';
import { isConfirmed, isInjected, isOnItsWay, isVoid } from './steps';

const actionType = (action: unknown): unknown => (action as { type?: unknown } | null)?.type;

export class Holdings {
  constructor(
    private readonly rt: ChainRuntime,
    private readonly games: GameChains,
    private readonly logged: LoggedSteps,
  ) {}

  /**
   * The P13 `holdings` action to record before `action`, when it is a roll or a flip and the chain's holders would
   * change the engine's (a copy that left the game is recorded once; a read that finds what the engine already made
   * of the last one, e.g. a returned copy kept out of play, records nothing); null otherwise.
   * @throws BridgeError BRIDGE_INDEXER (transient), BRIDGE_*
   */
  async before(gameId: string, state: PoleState, action: unknown): Promise<HoldingsAction | null> {
    const game = this.games.get(gameId);
    if (!game) return null;
    const type = actionType(action);
    if (type !== 'roll' && type !== 'flip') return null;
    if (game.kept) {
      // A kept step whose operations went out was read before it was first tried; read now, its own mint could
      // already show and be taken for a copy from outside the game (P13: copies in play never increase by a read).
      const step = await this.rt.store.latestStep(gameId, state.seq + 1);
      if (step && !isVoid(step)) return null;
    }
    const tiles = game.row.plan.tokens.map((t) => t.tile);
    // The roll that ends the game (its valuation scores the holders) reads them once every operation of the game is
    // in and indexed; any other read takes the game's own operations still on their way into account instead.
    const ends = type === 'roll' && rollEnds(state, action);
    if (ends) await this.logged.drained(game);
    return this.rt.timed(gameId, 'read', async () => {
      const { action: read, level } = await game.bridge.readHoldingsAt(
        tiles,
        addressesOf(game),
        ends ? game.row.lastLevel : game.readLevel,
        (at) => this.#unindexed(game, at),
      );
      game.readLevel = Math.max(game.readLevel, level);
      return readChangesHoldings(state, read) ? read : null;
    });
  }

  /**
   * The game's step operations not in the indexer's balances at `level`: queued, injected and not included by then
   * (looked up on the node), or included after it. Failed steps changed nothing on-chain.
   */
  async #unindexed(game: GameChain, level: number): Promise<ChainOp[]> {
    const out: ChainOp[] = [];
    for (const row of await this.rt.store.listOps(game.row.gameId)) {
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
}

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
