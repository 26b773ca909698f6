/**
 * How a move reaches a game's log. The host's one move path (server/host/moves.ts) checks the seq, then hands the
 * move to the game's policy, chosen when the game is loaded: `plainMoves` for a game off the chain (the engine's
 * step, logged), `ChainMoves` (server/chain/chain-moves.ts) for Tezos Pole on Tezos (holdings read first, the step's
 * operations checked before it is logged and sent after). Here, so that neither side imports the other to meet.
 */
import type { Actor, GameEvent } from '../engine';

/** A move on its way to the log. */
export interface Move {
  readonly gameId: string;
  readonly seat: Actor;
  readonly action: unknown;
  /** A kept move tried again now that the chain answers. */
  readonly retrying: boolean;
  /** The seat's hash-chain link that rolls for it (FAIRNESS.md), if any. */
  readonly contribution: string | null;
}

export interface EngineStep {
  readonly state: unknown;
  readonly events: GameEvent[];
}

/** What a policy may do with the game while it holds the move (in the game's queue). */
export interface MoveSteps {
  /** The game's state and seq now (they move on as steps are logged). */
  readonly state: unknown;
  readonly seq: number;
  /** The engine's step for the move on the state now. @throws RuleRefusal */
  step(): EngineStep;
  /** Logs `step` at the next seq and applies it. @throws GameError STALE when another instance logged first. */
  append(step: EngineStep): Promise<number>;
  /** Logs and applies a fact from outside the game before the move (the system seat's action, e.g. P13 holdings). */
  recordFact(action: unknown): Promise<void>;
  /** The entry logged at `seq` (after STALE: the one another instance logged there). */
  logged(seq: number): { readonly seat: unknown; readonly action: unknown } | undefined;
}

export interface MovePolicy {
  /** Takes `move` to the log and returns its seq. */
  commit(move: Move, steps: MoveSteps): Promise<number>;
}

/** Off the chain: the engine's step, logged. */
export const plainMoves: MovePolicy = {
  commit: (_move, steps) => steps.append(steps.step()),
};
