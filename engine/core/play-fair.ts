import { FAIR_SCHEME, rollOf } from './fair';
import { stateHash } from './hash';
import { botRngFor } from './play';
import { applyRolled, type GameRecord, type RecordedAction } from './record';
import { seedCommitment } from './rng';
import type { Bot, GameDefinition, GameEvent, SeatId } from './types';

/** A seat's hash chain as a fair game uses it: registered when the game was at `at`, giving link k on demand. */
export interface PlayedChain {
  readonly seat: SeatId;
  readonly at: number;
  readonly head: string;
  readonly link: (k: number) => string;
}

/**
 * Plays a game to its end with bots the way a host plays a provably fair one (FAIRNESS.md): a seat with a chain
 * registered before an action gives its next link with it, every action is reseeded by its roll, and the record keeps
 * the links, the rolls and the state hashes. Benches and tests build the records `verify` checks with it.
 */
export function playFairToEnd<S, A, C, E extends GameEvent>(
  definition: GameDefinition<S, A, C, E>,
  config: C,
  seed: string,
  bots: readonly Bot<S, A>[],
  fair: { readonly gameId: string; readonly chains: readonly PlayedChain[] },
): GameRecord<C, A> {
  const used = new Map<PlayedChain, number>();
  const botRng = botRngFor(seed);
  let state = definition.setup(config, seed);
  const actions: RecordedAction<A>[] = [];
  for (let seq = 1; definition.pending(state).length > 0; seq++) {
    const seat = definition.pending(state)[0]!.seat;
    const action = bots[seat]!.choose(state, seat, botRng);
    const chain = fair.chains.find((c) => c.seat === seat && c.at < seq);
    let contribution: string | null = null;
    if (chain) {
      const k = (used.get(chain) ?? 0) + 1;
      used.set(chain, k);
      contribution = chain.link(k);
    }
    const roll = rollOf(seed, fair.gameId, seq, contribution);
    state = applyRolled(definition as GameDefinition<S, unknown, unknown, E>, state, seat, action, roll).state;
    actions.push({ seat, action, contribution, roll, hash: stateHash(state) });
  }
  return {
    game: definition.id,
    version: definition.version,
    config,
    seed,
    actions,
    fair: {
      scheme: FAIR_SCHEME,
      gameId: fair.gameId,
      commitment: seedCommitment(seed),
      chains: fair.chains.map(({ seat, head, at }) => ({ seat, head, at })),
    },
    finalHash: stateHash(state),
  };
}
