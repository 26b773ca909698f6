import { describe, expect, it } from 'vitest';
import { LONDON, positionOf as gotopolyPosition, type Student } from '../../engine/gotopoly';
import { pole, positionOf, type PoleEvent, type PoleState } from '../../engine/pole';
import { studentLegs } from '../../ui/gotopoly/student-steps';
import { moneyChanges } from '../../ui/play/money-moves';
import { tumbleFace } from '../../ui/pole/dice';
import { moveLegs, poleLegs, poleMoveSteps, stepPath } from '../../ui/pole/pawn-steps';

describe('pawn steps: the tiles a pawn passes between two snapshots', () => {
  it('passes every tile between, one at a time, and stops on the new one', () => {
    expect(stepPath(3, [4])).toEqual([4, 5, 6, 7]);
    expect(stepPath(3, [])).toEqual([]);
  });

  it('wraps round from the last tile to Start and on (a 24-tile ring)', () => {
    expect(stepPath(46, [5]).map((p) => positionOf(p, 24))).toEqual([23, 0, 1, 2, 3]);
  });

  // P8a: "Only forward moves pass GO. A backward move that lands exactly on GO pays the bonus but completes no lap."
  it('steps backward for a backward move, back over Start too', () => {
    expect(stepPath(25, [-3]).map((p) => positionOf(p, 24))).toEqual([0, 23, 22]);
  });

  it('walks a roll, then an event tile’s move back, leg by leg', () => {
    expect(stepPath(10, [5, -3])).toEqual([11, 12, 13, 14, 15, 14, 13, 12]);
  });

  it('takes the latest moves of the seat that add up to the change of progress', () => {
    expect(moveLegs(10, 12, [5, -3])).toEqual([5, -3]);
    expect(moveLegs(15, 12, [5, -3])).toEqual([-3]);
    expect(moveLegs(10, 16, [4, 6])).toEqual([6]);
  });

  it('walks the whole change when the moves are no longer among the turn’s events, and goes straight there past a lap', () => {
    expect(moveLegs(10, 30, [4])).toBeNull();
    expect(poleLegs(10, 14, [], 24)).toEqual([4]);
    expect(poleLegs(10, 7, [], 24)).toEqual([-3]);
    expect(poleLegs(10, 15, [5], 24)).toEqual([5]);
    expect(poleLegs(57, 0, [], 24)).toBeNull();
  });

  it('reads a seat’s moves from the engine’s events: a real roll is walked tile by tile to where the engine put the pawn', () => {
    let state: PoleState = pole.setup({ players: 2 }, 'pawn-steps-1');
    const ring = state.config.board.tiles.length;
    const events: PoleEvent[] = [];
    for (let k = 0; k < 12; k++) {
      const [decision] = pole.pending(state);
      if (!decision) break;
      const seat = decision.seat;
      const before = state.players[seat]!.progress;
      const step = pole.apply(state, seat, pole.legal(state, seat)[0]!);
      state = step.state;
      events.push(...step.events);
      const after = state.players[seat]!.progress;
      if (after === before) continue;
      const legs = poleLegs(before, after, poleMoveSteps(step.events, seat), ring);
      expect(legs).not.toBeNull();
      const tiles = stepPath(before, legs!).map((p) => positionOf(p, ring));
      expect(tiles.at(-1)).toBe(positionOf(after, ring));
      const rolled = step.events.find((e) => e.type === 'rolled');
      if (rolled?.type === 'rolled')
        expect(tiles.length).toBeGreaterThanOrEqual(rolled.dice.reduce((a, b) => a + b, 0));
    }
    expect(events.some((e) => e.type === 'moved')).toBe(true);
  });
});

describe('student steps (Gotopoly)', () => {
  const student = (over: Partial<Student>): Student => ({
    cash: 200,
    progress: 0,
    credits: 0,
    tokens: [1, 2, 3, 4, 5, 6],
    risk: 0,
    kept: [],
    jailed: null,
    retired: false,
    restarts: 0,
    ...over,
  });

  // G1: "Students move anti-clockwise: from GO the next space is Mayfair, then Super Tax, Park Lane, and so on."
  it('walks anticlockwise from GO: Mayfair, Super Tax, Park Lane', () => {
    const legs = studentLegs(student({ progress: 0 }), student({ progress: 3 }));
    const names = stepPath(0, legs!).map((p) => LONDON.spaces[gotopolyPosition(p)]!.name);
    expect(names).toEqual(['Mayfair', 'Super Tax', 'Park Lane']);
  });

  it('wraps past GO into the next lap', () => {
    const legs = studentLegs(student({ progress: 38 }), student({ progress: 41 }));
    expect(stepPath(38, legs!).map((p) => gotopolyPosition(p))).toEqual([1, 0, 39]);
  });

  // G14: "Go To Jail (space or card) sends the student to jail."
  it('goes straight to jail, and straight back to GO on a restart (G15)', () => {
    expect(studentLegs(student({ progress: 20 }), student({ progress: 10, jailed: 0 }))).toBeNull();
    expect(studentLegs(student({ progress: 27 }), student({ progress: 0, restarts: 1 }))).toBeNull();
  });

  it('steps back for a card’s move back', () => {
    expect(studentLegs(student({ progress: 12 }), student({ progress: 9 }))).toEqual([-3]);
  });
});

describe('the money that moved, and the die', () => {
  it('each purse’s change of money between two snapshots', () => {
    expect(moneyChanges([1500, 1500, 900], [1380, 1520, 1000])).toEqual([-120, 20, 100]);
    expect(moneyChanges([1500], [1400, 1500])).toEqual([0, 0]);
  });

  it('a tumbling die shows every face in turn before it settles', () => {
    expect(new Set([0, 1, 2, 3, 4, 5].map((f) => tumbleFace(4, f)))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
  });
});
