import type { SeatId } from '../../engine';
import type { PoleEvent, PoleState } from '../../engine/pole';
import { isHostError } from '../errors';
import type { Move, MovePolicy, MoveSteps } from '../move-policy';
import type { MoveGate } from './move-gate';
import { isTransient } from './runtime';

/**
 * The move policy of a Tezos Pole game on Tezos. Before a seat's move the holders are read from the chain (a logged
 * `holdings` fact when they changed, P13); the move's operations are checked before it is logged (a burn waits for
 * its block) and sent by the bank's queue after. A chain that does not answer keeps the move to try again; a kept
 * move the rules or the chain now refuse is dropped and the player chooses again.
 */
export class ChainMoves implements MovePolicy {
  constructor(
    private readonly chain: MoveGate,
    private readonly onError: (err: unknown) => void,
  ) {}

  async commit(move: Move, steps: MoveSteps): Promise<number> {
    const { chain } = this;
    const id = move.gameId;
    const seat = move.seat as SeatId;
    await chain.refresh(id);
    chain.gate(id, move.retrying);
    let baseSeq = steps.seq;
    try {
      const holdings = await chain.holdingsBefore(id, steps.state as PoleState, move.action);
      if (holdings) await steps.recordFact(holdings);
      baseSeq = steps.seq;
      const step = steps.step();
      await chain.settle(id, baseSeq + 1, seat, move.action, step.events as PoleEvent[]);
      let seq: number;
      try {
        seq = await steps.append(step);
      } catch (err) {
        // Another instance logged first: the step taken for the chain is void unless it logged this very one.
        if (isHostError(err) && err.code === 'STALE') await chain.abandon(id, baseSeq + 1, steps.logged(baseSeq + 1));
        throw err;
      }
      // Logged: its operations go to the bank's queue; a failure here is caught up with on the next load.
      await chain.committed(id, seq).catch(this.onError);
      if (move.retrying) chain.resumed(id);
      return seq;
    } catch (err) {
      if (isTransient(err))
        throw chain.keep(id, { seat, action: move.action, baseSeq, contribution: move.contribution }, err);
      if (move.retrying) chain.rejected(id, err instanceof Error ? err.message : String(err));
      throw err;
    }
  }
}
