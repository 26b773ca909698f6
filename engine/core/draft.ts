import { rngFromState, rollDie, shuffle, type RandomGenerator, type RngState } from './rng';
import type { SeatId } from './types';

/**
 * What every game's working copy of its state for one `apply` shares: the events the action emits, and the game's
 * seeded PRNG, restored from the state only when the action draws. The input state is never touched; `next` gives
 * the new state: one more action applied, the PRNG where the action left it.
 */
export abstract class DraftBase<S extends { readonly seq: number; readonly rng: RngState }, E> {
  readonly events: E[] = [];
  private generator: RandomGenerator | null = null;

  constructor(protected readonly base: S) {}

  /** The game's seeded PRNG. */
  get rng(): RandomGenerator {
    this.generator ??= rngFromState(this.base.rng);
    return this.generator;
  }

  /** One d6 from the game's seeded PRNG. */
  rollD6(): number {
    return rollDie(this.rng, 6);
  }

  shuffle<T>(items: readonly T[]): T[] {
    return shuffle(this.rng, items);
  }

  emit(event: E): void {
    this.events.push(event);
  }

  /** The new state: the base with `changes`, its seq one further, its PRNG state where this action left it. */
  protected next(changes: Partial<S>): S {
    return {
      ...this.base,
      ...changes,
      seq: this.base.seq + 1,
      rng: this.generator ? this.generator.getState() : this.base.rng,
    };
  }
}

/** The seats in play order after `seat`, not including it: "clockwise", "to the left", the next seat index first. */
export function seatsAfter(seat: SeatId, seats: number): SeatId[] {
  const out: SeatId[] = [];
  for (let k = 1; k < seats; k++) out.push((seat + k) % seats);
  return out;
}
