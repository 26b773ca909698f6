/**
 * What every game's definition tells the server beside its rules: the view a seat may see, and the move a turn timer
 * plays for a seat that did not move. A table where every timer runs out must still play to the end, each timed-out
 * move one the rules allow, and no view may carry the PRNG or face-down cards.
 */
import { describe, expect, it } from 'vitest';
import { games, type GameId, type SeatId } from '../../engine';

const CONFIGS: Record<GameId, unknown> = {
  pole: { players: 3 },
  gotopoly: { players: 3, maxTerms: 6 },
  ten: { players: 3 },
};

describe.each(Object.keys(CONFIGS) as GameId[])('%s', (id) => {
  const definition = games[id];

  it('a table where every turn timer runs out plays to the end, each default move a legal one', () => {
    for (const seed of ['timers-1', 'timers-2', 'timers-3']) {
      let state = definition.setup(CONFIGS[id], seed);
      let moves = 0;
      for (let pending = definition.pending(state); pending.length > 0; pending = definition.pending(state)) {
        const seat = pending[0]!.seat as SeatId;
        const move = definition.defaultMove(state, seat);
        expect(move, `${seed}: seat ${seat} has a decision but no default move`).not.toBeNull();
        expect(definition.legal(state, seat)).toContainEqual(move);
        state = definition.apply(state, seat, move).state;
        moves++;
        expect(moves, `${seed}: no end after ${moves} timed-out moves`).toBeLessThan(20_000);
      }
      expect(definition.outcome(state)).not.toBeNull();
    }
  });

  it('a seat with nothing to decide has no default move', () => {
    const state = definition.setup(CONFIGS[id], 'idle-seat');
    const deciding = new Set(definition.pending(state).map((d) => d.seat));
    const idle = [0, 1, 2].find((seat) => !deciding.has(seat))!;
    expect(definition.defaultMove(state, idle)).toBeNull();
  });

  it('no view, a seat’s or a spectator’s, carries the PRNG or the order of a face-down pile', () => {
    const state = definition.setup(CONFIGS[id], 'views') as { rng: unknown };
    // The face-down piles: Ten's deck, Gotopoly's chance and chest draw piles (Tezos Pole has none).
    const piles = [
      (state as { deck?: unknown }).deck,
      (state as { decks?: { chance: { draw: unknown }; chest: { draw: unknown } } }).decks?.chance.draw,
      (state as { decks?: { chance: { draw: unknown }; chest: { draw: unknown } } }).decks?.chest.draw,
    ].filter((pile) => pile !== undefined);
    expect(piles.length).toBe({ pole: 0, gotopoly: 2, ten: 1 }[id]);
    for (const seat of [0, 1, 2, null]) {
      const view = JSON.stringify(definition.view(state, seat));
      expect(view).not.toContain('"rng"');
      expect(view).not.toContain(JSON.stringify(state.rng));
      for (const pile of piles) expect(view).not.toContain(JSON.stringify(pile));
    }
  });
});
