import type { RandomGenerator } from '../core/rng';
import { freshRngState } from '../core/search';
import type { SeatId } from '../core/types';
import type { PoleState } from './state';

/** What a seat sees of a Tezos Pole game (`pole.view`): everything but the PRNG. */
export type PoleView = Omit<PoleState, 'rng'>;

/**
 * Tezos Pole hides nothing but its dice: the board, every holding and every balance are open, and nothing lies face
 * down. A state consistent with a seat's view is therefore the view itself with a PRNG drawn afresh from `rng`: every
 * future roll (movement, event dice, the final appraisal) is unknown to the seat and sampled anew.
 */
export function determinizePole(view: PoleView, _seat: SeatId, rng: RandomGenerator): PoleState {
  return { ...view, rng: freshRngState(rng) };
}
