/** Seed §2 "Set-up", rulings P1 (players, cash, Start) and P2 (turn order, clockwise play). */
import { describe, expect, it } from 'vitest';
import { rngFromSeed, rollDie } from '../../../engine/core/rng';
import { pole, positionOf, type PoleState } from '../../../engine/pole';
import { configError, ruleError } from '../game-checks';
import { art, board, quiet } from './boards';
import { act, roll } from './play';
import { ofType } from './reads';
import { seedFor, setup, withTurn } from './states';

/** GO, four quiet squares, one artist tile: turns rarely need a decision. */
const RING = board(quiet('q1'), quiet('q2'), quiet('q3'), quiet('q4'), quiet('q5'), art('a', 100));

/** Turn-order rolls as the state records them, round by round: `{ 0: 3, 1: 5 }` is seat 0 rolling 3, seat 1 rolling 5. */
const rounds = (...dice: Record<number, number>[]) =>
  dice.map((round) => Object.entries(round).map(([seat, die]) => ({ seat: Number(seat), die })));

/** Plays the current seat's turn: roll, and pass any buy offer. */
function playTurn(state: PoleState): { state: PoleState; seat: number } {
  const seat = state.current;
  let next = roll(state, seat).state;
  while (next.phase === 'buy') next = act(next, seat, { type: 'pass' }).state;
  return { state: next, seat };
}

describe('P1 players', () => {
  // P1: "2–6 players. Each starts with 1,000 Tz." Seed §2.1: "places it on "Start", and receives 1 000 Tz from the Bank."
  it.each([2, 3, 4, 5, 6])('P1: %i players each start on Start with 1,000 Tz and nothing else', (n) => {
    const state = setup({ players: n, board: RING });
    expect(state.players).toHaveLength(n);
    for (const p of state.players) {
      expect(p.cash).toBe(1000);
      expect(p.progress).toBe(0);
      expect(state.config.board.tiles[positionOf(p.progress, RING.tiles.length)]!.kind).toBe('go');
    }
    expect(state.tiles.every((t) => t.holders.length === 0)).toBe(true);
    expect(state.phase).toBe('roll');
  });

  // P1: "2–6 players."
  it.each([1, 7, 0])('P1 "2–6 players": %i players is refused with ConfigError BAD_CONFIG naming players', (n) => {
    const err = configError(() => setup({ players: n, board: RING }));
    expect(err.code).toBe('BAD_CONFIG');
    expect(err.issues.some((i) => i.startsWith('players'))).toBe(true);
  });

  it('P1: a missing or fractional player count is refused, naming players', () => {
    for (const bad of [{ board: RING }, { players: 2.5, board: RING }, { players: '3', board: RING }]) {
      const err = configError(() => setup(bad as never));
      expect(err.code).toBe('BAD_CONFIG');
      expect(err.issues.some((i) => i.startsWith('players'))).toBe(true);
    }
  });

  it('P1 defaults: the default board (Genesis) starts with GO and everybody gets 1,000 Tz', () => {
    const state = setup({ players: 3 });
    expect(state.config.board.tiles[0]!.kind).toBe('go');
    expect(state.players.map((p) => p.cash)).toEqual([1000, 1000, 1000]);
  });

  // P1: "Money is whole Tz, never negative." (startingCash is the table option for the 1,000 Tz)
  it('P1 "Money is whole Tz, never negative": fractional or negative starting cash is refused, naming startingCash', () => {
    for (const startingCash of [10.5, -1]) {
      const err = configError(() => setup({ players: 2, board: RING, startingCash }));
      expect(err.code).toBe('BAD_CONFIG');
      expect(err.issues.some((i) => i.startsWith('startingCash'))).toBe(true);
    }
    expect(setup({ players: 2, board: RING, startingCash: 1500 }).players.map((p) => p.cash)).toEqual([1500, 1500]);
  });

  it('config validation names each bad option (and only those)', () => {
    const err = configError(() =>
      setup({ players: 3, board: RING, laps: 0, royaltySplit: 'half' as never, editionCopiesPerPlayer: 0 }),
    );
    expect(err.code).toBe('BAD_CONFIG');
    const named = err.issues.map((i) => i.split(' ')[0]);
    expect(named.sort()).toEqual(['editionCopiesPerPlayer', 'laps', 'royaltySplit']);
    expect(err.message).toContain('laps');
  });

  it('an unknown option is refused and named (typos do not silently fall back to defaults)', () => {
    const err = configError(() => setup({ players: 3, board: RING, lap: 3 } as never));
    expect(err.code).toBe('BAD_CONFIG');
    expect(err.issues.join(' ')).toContain('lap');
  });

  it('P3: a board that does not start with GO is refused (BAD_BOARD)', () => {
    const bad = {
      id: 'bad',
      name: 'Bad',
      tiles: [art('a', 100), quiet('q1'), quiet('q2'), { kind: 'go', id: 'go', name: 'Start' }],
    };
    const err = configError(() => setup({ players: 2, board: bad }));
    expect(err.code).toBe('BAD_BOARD');
    expect(err.issues.join(' ')).toContain('GO');
  });
});

describe('P2 turn order', () => {
  // Seed §2.2: "all roll the movement die; highest goes first". P2: "highest goes first".
  it('P2 "highest goes first": rolls 3, 5, 2 → seat 1 starts, after one round', () => {
    const state = setup({ players: 3, board: RING }, seedFor([3, 5, 2]));
    expect(state.turnOrderRolls).toEqual(rounds({ 0: 3, 1: 5, 2: 2 }));
    expect(state.firstSeat).toBe(1);
    expect(state.current).toBe(1);
    expect(pole.pending(state)).toEqual([{ seat: 1, kind: 'roll', l2Available: false }]);
  });

  // P2: only a tie for highest needs re-rolling; a tie further down does not matter.
  it('P2: a tie below the highest roll needs no re-roll (6, 2, 2 → seat 0)', () => {
    const state = setup({ players: 3, board: RING }, seedFor([6, 2, 2]));
    expect(state.turnOrderRolls).toHaveLength(1);
    expect(state.firstSeat).toBe(0);
  });

  // P2: "tied players re-roll among themselves until the order is strict."
  it('P2 "tied players re-roll among themselves": 5, 5, 2 then 3, 6 → seat 1; seat 2 does not re-roll', () => {
    const state = setup({ players: 3, board: RING }, seedFor([5, 5, 2, 3, 6]));
    expect(state.turnOrderRolls).toEqual(rounds({ 0: 5, 1: 5, 2: 2 }, { 0: 3, 1: 6 }));
    expect(state.firstSeat).toBe(1);
    expect(state.current).toBe(1);
  });

  // P2: "re-roll among themselves" — the tied seats need not be the first seats.
  it('P2: 2, 6, 6, 1 then 3, 5 → only seats 1 and 2 re-roll; seat 2 starts', () => {
    const state = setup({ players: 4, board: RING }, seedFor([2, 6, 6, 1, 3, 5]));
    expect(state.turnOrderRolls).toEqual(rounds({ 0: 2, 1: 6, 2: 6, 3: 1 }, { 1: 3, 2: 5 }));
    expect(state.firstSeat).toBe(2);
  });

  // P2: "… until the order is strict": ties again → roll again.
  it('P2 "until the order is strict": 4, 4 then 2, 2 then 1, 5 → three rounds, seat 1 starts', () => {
    const state = setup({ players: 2, board: RING }, seedFor([4, 4, 2, 2, 1, 5]));
    expect(state.turnOrderRolls).toEqual(rounds({ 0: 4, 1: 4 }, { 0: 2, 1: 2 }, { 0: 1, 1: 5 }));
    expect(state.firstSeat).toBe(1);
  });

  it('P2: a three-way tie 4, 4, 4 then 1, 3, 2 → seat 1', () => {
    const state = setup({ players: 3, board: RING }, seedFor([4, 4, 4, 1, 3, 2]));
    expect(state.turnOrderRolls).toHaveLength(2);
    expect(state.turnOrderRolls[1]!.map((r) => r.seat)).toEqual([0, 1, 2]);
    expect(state.firstSeat).toBe(1);
  });

  // P2: the recorded turn-order rolls are the real dice of the seed and explain the choice, for any seed.
  it('P2: for many seeds, the recorded rolls are the seeded dice and explain who goes first', () => {
    let sawTie = false;
    for (let i = 0; i < 300; i++) {
      const players = 2 + (i % 5);
      const seed = `p2-${i}`;
      const state = setup({ players, board: RING }, seed);
      const rounds = state.turnOrderRolls;
      // Replaying the seed's dice gives exactly the recorded rolls, in order.
      const rng = rngFromSeed(seed);
      for (const round of rounds) for (const r of round) expect(rollDie(rng, 6)).toBe(r.die);
      // Round 1: everyone, in seat order; each later round: exactly the seats tied for highest before.
      expect(rounds[0]!.map((r) => r.seat)).toEqual(Array.from({ length: players }, (_, s) => s));
      for (let k = 1; k < rounds.length; k++) {
        const prev = rounds[k - 1]!;
        const high = Math.max(...prev.map((r) => r.die));
        expect(prev.filter((r) => r.die === high).length).toBeGreaterThan(1);
        expect(rounds[k]!.map((r) => r.seat)).toEqual(prev.filter((r) => r.die === high).map((r) => r.seat));
        sawTie = true;
      }
      // The last round has a single highest roll: that seat goes first.
      const last = rounds[rounds.length - 1]!;
      const high = Math.max(...last.map((r) => r.die));
      const top = last.filter((r) => r.die === high);
      expect(top).toHaveLength(1);
      expect(state.firstSeat).toBe(top[0]!.seat);
      expect(state.current).toBe(state.firstSeat);
      // The first movement roll is the next die of the same seeded sequence.
      const next = rollDie(rng, 6);
      const { events } = roll(state, state.firstSeat);
      expect(ofType(events, 'rolled')[0]!.dice).toEqual([next]);
    }
    expect(sawTie).toBe(true);
  });

  it('P2: only the first player may act first', () => {
    const state = setup({ players: 3, board: RING }, seedFor([3, 5, 2]));
    for (const seat of [0, 2]) {
      expect(pole.legal(state, seat)).toEqual([]);
      expect(ruleError(() => roll(state, seat)).code).toBe('NOT_YOUR_TURN');
    }
    expect(pole.legal(state, 1)).toEqual([{ type: 'roll' }]);
  });
});

describe('P2 clockwise play', () => {
  // Seed §3.5: "End your turn; play passes clockwise." P2: "clockwise" = increasing seat index.
  it('P2 "play passes clockwise = increasing seat index": first seat 2 of 3 → 2, 0, 1, 2, 0', () => {
    let state = setup({ players: 3, board: RING }, seedFor([1, 2, 6]));
    expect(state.firstSeat).toBe(2);
    const order: number[] = [];
    for (let t = 0; t < 5; t++) {
      const played = playTurn(state);
      order.push(played.seat);
      state = played.state;
    }
    expect(order).toEqual([2, 0, 1, 2, 0]);
    expect(state.turn).toBe(6);
  });

  it('P2: the turn passes from the last seat back to seat 0 (6 players), announced by turnStarted', () => {
    const state = withTurn(setup({ players: 6, board: RING }), 5);
    let { state: next, events } = roll(state, 5);
    while (next.phase === 'buy') ({ state: next, events } = act(next, 5, { type: 'pass' }));
    expect(next.current).toBe(0);
    expect(ofType(events, 'turnStarted')).toEqual([{ type: 'turnStarted', seat: 0, turn: state.turn + 1 }]);
  });

  it('P2: the turn passes to the next seat up after a middle seat (seat 1 → seat 2 of 4)', () => {
    const state = withTurn(setup({ players: 4, board: RING }), 1);
    const { state: next } = playTurn(state);
    expect(next.current).toBe(2);
  });
});
