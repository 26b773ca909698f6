/** Seed 10.0 "Winning the game", rulings G16 (degree), G18 (time limit) and the outcome. */
import { describe, expect, it } from 'vitest';
import { gotopoly } from '../../../engine/gotopoly';
import {
  act,
  fresh,
  moveFrom,
  ofType,
  pendingOf,
  positionOfSeat,
  progressAt,
  sp,
  stackDeck,
  turnOf,
  withStudents,
} from './helpers';

const GO_LAP_1 = progressAt('go', 1); // 40

describe('G16 a degree (seed 10.1)', () => {
  it('G16 "landing on GO with 9 credits and £0 wins": the game ends at once with that student the winner', () => {
    const s = withStudents(fresh(), { 0: { credits: 9, cash: 1 } });
    const { state, events } = moveFrom(s, 0, GO_LAP_1 - 1, 1, { order: [0, 1, 2, 3] });
    expect(state.students[0]!.cash).toBe(0);
    expect(positionOfSeat(state, 0)).toBe(sp('go'));
    expect(state.stage).toEqual({ kind: 'over', reason: 'degree', winners: [0] });
    const ended = ofType(events, 'gameEnded');
    expect(ended).toHaveLength(1);
    expect(ended[0]!.winners).toEqual([0]);
    expect(ended[0]!.standings[0]).toMatchObject({ seat: 0, rank: 1, credits: 9 });
    // "The first player": nobody else moves.
    expect(gotopoly.pending(state)).toEqual([]);
  });

  it('G16 "at least 9": more than 9 credits also wins', () => {
    const s = withStudents(fresh(), { 2: { credits: 12, cash: 80 } });
    const { state } = moveFrom(s, 2, GO_LAP_1 - 6, 6);
    expect(state.stage).toMatchObject({ kind: 'over', reason: 'degree', winners: [2] });
  });

  it('G16: 8 credits on GO does not win; the game goes on', () => {
    const s = withStudents(fresh(), { 0: { credits: 8, cash: 50 } });
    const { state, events } = moveFrom(s, 0, GO_LAP_1 - 1, 1, { order: [0, 1] });
    expect(state.stage.kind).toBe('movement');
    expect(ofType(events, 'gameEnded')).toEqual([]);
    expect(pendingOf(state)).toEqual(['1:token']);
  });

  it('G16 "land exactly on GO": passing GO with 9 credits does not win', () => {
    const s = withStudents(fresh(), { 0: { credits: 9, cash: 100 } });
    const { state, events } = moveFrom(s, 0, GO_LAP_1 - 1, 2);
    expect(ofType(events, 'passedGo')).toHaveLength(1);
    expect(ofType(events, 'gameEnded')).toEqual([]);
    expect(positionOfSeat(state, 0)).toBe(sp('mayfair'));
    expect(pendingOf(state)).toEqual(['0:study']);
  });

  it('seed 10.1 "a zero or positive cash holding": a student whose fare takes them into the red on GO does not win', () => {
    const s = withStudents(fresh(), { 0: { credits: 9, cash: 0 } });
    const { state, events } = moveFrom(s, 0, GO_LAP_1 - 1, 1);
    expect(ofType(events, 'gameEnded')).toEqual([]);
    expect(pendingOf(state)).toEqual(['0:bankrupt']);
  });

  it('G16: landing on GO at the very start of the route (a later lap, any lap) counts', () => {
    const s = withStudents(fresh(), { 1: { credits: 9, cash: 10 } });
    const { state } = moveFrom(s, 1, progressAt('go', 3) - 5, 5);
    expect(state.stage).toMatchObject({ kind: 'over', reason: 'degree', winners: [1] });
  });

  it('G16 / G12: a card move that passes GO does not win (card moves only land where they stop)', () => {
    // Chance (Pall Mall side) → "Fall asleep on the night bus ... Liverpool St.": forward past GO.
    const s = stackDeck(withStudents(fresh(), { 0: { credits: 9, cash: 50 } }), 'chance', ['night-bus']);
    const { state, events } = moveFrom(s, 0, progressAt('chance-1') - 3, 3);
    expect(ofType(events, 'moved').map((m) => m.by)).toEqual(['token', 'card']);
    expect(ofType(events, 'passedGo')).toHaveLength(1);
    expect(ofType(events, 'gameEnded')).toEqual([]);
    expect(positionOfSeat(state, 0)).toBe(sp('liverpool-street'));
  });

  it('G16: a student with 9 credits who does not reach GO keeps playing (studying elsewhere does not end the game)', () => {
    const s = withStudents(fresh(), { 0: { credits: 9, cash: 100 } });
    const landed = moveFrom(s, 0, 0, 1).state;
    const { state } = act(landed, 0, { type: 'study' });
    expect(state.students[0]!.credits).toBe(10);
    expect(state.stage.kind).not.toBe('over');
  });
});

describe('G18 time limit', () => {
  /** Three students; student 0 in jail serves the last turn of term `maxTerms`. */
  function lastTurn(students: Parameters<typeof withStudents>[1], maxTerms = 5) {
    const s = withStudents(fresh({ players: 3, maxTerms }), {
      ...students,
      0: { ...students[0], progress: 30, jailed: 0 },
    });
    return act(turnOf(s, 0, { decision: { kind: 'jail' }, term: maxTerms }), 0, { type: 'serve' });
  }

  it('G18 "If nobody has won after maxTerms terms, the game ends": the last turn of the last term ends it', () => {
    const { state, events } = lastTurn({ 0: { credits: 1 }, 1: { credits: 4 }, 2: { credits: 2 } });
    expect(ofType(events, 'termEnded')).toEqual([{ type: 'termEnded', term: 5 }]);
    expect(state.stage).toEqual({ kind: 'over', reason: 'timeLimit', winners: [1] });
    expect(gotopoly.pending(state)).toEqual([]);
  });

  it('G18: before the last term the game carries on into the next term', () => {
    const s = withStudents(fresh({ players: 3, maxTerms: 5 }), { 0: { progress: 30, jailed: 0 } });
    const { state, events } = act(turnOf(s, 0, { decision: { kind: 'jail' }, term: 4 }), 0, { type: 'serve' });
    expect(ofType(events, 'gameEnded')).toEqual([]);
    expect(state.term).toBe(5);
  });

  it('G18 "students rank by term credits, then cash"', () => {
    const { events } = lastTurn({
      0: { credits: 3, cash: 500 },
      1: { credits: 4, cash: 10 },
      2: { credits: 4, cash: 20 },
    });
    const standings = ofType(events, 'gameEnded')[0]!.standings;
    expect(standings.map((r) => [r.seat, r.rank])).toEqual([
      [2, 1],
      [1, 2],
      [0, 3],
    ]);
    expect(ofType(events, 'gameEnded')[0]!.winners).toEqual([2]);
  });

  it('G18 "still tied, shared": equal credits and cash share the win', () => {
    const { state, events } = lastTurn({
      0: { credits: 2, cash: 100 },
      1: { credits: 6, cash: 70 },
      2: { credits: 6, cash: 70 },
    });
    expect(state.stage).toEqual({ kind: 'over', reason: 'timeLimit', winners: [1, 2] });
    const standings = ofType(events, 'gameEnded')[0]!.standings;
    expect(standings.filter((r) => r.rank === 1).map((r) => r.seat)).toEqual([1, 2]);
    expect(standings.find((r) => r.seat === 0)!.rank).toBe(3);
  });

  it('G18 (engine: retired students rank after every student on the course)', () => {
    const { events } = lastTurn({
      0: { credits: 1, cash: 5 },
      1: { credits: 8, cash: 0, retired: true },
      2: { credits: 2, cash: 0 },
    });
    const standings = ofType(events, 'gameEnded')[0]!.standings;
    expect(standings.map((r) => r.seat)).toEqual([2, 0, 1]);
  });

  it('G18: the default limit is 150 terms', () => {
    expect(fresh().config.maxTerms).toBe(150);
  });
});

describe('outcome()', () => {
  it('outcome() is null while the game is running', () => {
    expect(gotopoly.outcome(fresh())).toBeNull();
    expect(gotopoly.outcome(moveFrom(fresh(), 0, 0, 1).state)).toBeNull();
  });

  it('outcome() after a degree: reason, the winner, the winner ranked first', () => {
    const s = withStudents(fresh(), { 3: { credits: 9, cash: 0 }, 1: { credits: 20, cash: 900 } });
    const state = moveFrom(withStudents(s, { 3: { cash: 4 } }), 3, GO_LAP_1 - 4, 4).state;
    const outcome = gotopoly.outcome(state);
    expect(outcome).toMatchObject({ reason: 'degree', winners: [3] });
    // G16: the graduate ranks first even though student 1 has more credits.
    expect(outcome!.standings[0]).toMatchObject({ seat: 3, rank: 1 });
    expect(outcome!.standings.find((r) => r.seat === 1)!.rank).toBe(2);
  });

  it('outcome() after the time limit matches the gameEnded event', () => {
    const { state, events } = lastTurn2();
    expect(gotopoly.outcome(state)).toEqual({
      reason: 'timeLimit',
      winners: ofType(events, 'gameEnded')[0]!.winners,
      standings: ofType(events, 'gameEnded')[0]!.standings,
    });
  });
});

function lastTurn2() {
  const s = withStudents(fresh({ players: 2, maxTerms: 1 }), {
    0: { progress: 30, jailed: 0, credits: 1 },
    1: { credits: 2 },
  });
  return act(turnOf(s, 0, { decision: { kind: 'jail' }, term: 1 }), 0, { type: 'serve' });
}
