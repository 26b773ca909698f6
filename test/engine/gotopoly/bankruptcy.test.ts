/** Seed 9.0 "Bankruptcy" and ruling G15. */
import { describe, expect, it } from 'vitest';
import { gotopoly, type GotopolyState } from '../../../engine/gotopoly';
import {
  act,
  actAll,
  fresh,
  moveFrom,
  netTo,
  ofType,
  pendingOf,
  positionOfSeat,
  progressAt,
  refusedCode,
  stackDeck,
  withEstates,
  withStudents,
} from './helpers';

const GO = progressAt('go');

/** Student 0 (5 credits, a RISK card, lap 2) moves a 3 onto Mayfair (uncle 1's, £50 rent) with only £20: £3 fare, £50 rent → −£33. */
function intoTheRed(state = fresh()): { state: GotopolyState; events: ReturnType<typeof act>['events'] } {
  const s = withStudents(withEstates(state, { mayfair: { owner: 1 } }), {
    0: { cash: 20, credits: 5, risk: 1, progress: 78 },
  });
  return moveFrom(s, 0, 78, 3, { order: [0, 1] });
}

describe('G15 going into the red (seed 9.1)', () => {
  it('seed 9.1 "If a player ever goes into the red, he is immediately thrown off the course": restart or retire, nothing else', () => {
    const { state, events } = intoTheRed();
    expect(state.students[0]!.cash).toBe(-33);
    expect(ofType(events, 'bankrupt')).toEqual([{ type: 'bankrupt', seat: 0, cash: -33 }]);
    expect(pendingOf(state)).toEqual(['0:bankrupt']);
    expect(gotopoly.legal(state, 0)).toEqual([{ type: 'restart' }, { type: 'retire' }]);
    // "immediately": no study/work choice on the property.
    expect(refusedCode(state, 0, { type: 'study' })).toBe('WRONG_DECISION');
  });

  it('G15: the creditor uncle is paid in full even though the student cannot cover it', () => {
    const { state, events } = intoTheRed();
    expect(netTo(events, { uncle: 1 })).toBe(50);
    expect(state.uncles[1]!.cash).toBe(2050);
  });

  it('G15: the fare alone can put a student in the red; the move then ends without acting on the space', () => {
    const s = withStudents(fresh(), { 0: { cash: 2 } });
    const { state, events } = moveFrom(s, 0, GO, 3);
    expect(state.students[0]!.cash).toBe(-1);
    expect(ofType(events, 'rent')).toEqual([]);
    expect(pendingOf(state)).toEqual(['0:bankrupt']);
  });

  it('G15: tax can put a student in the red', () => {
    const s = withStudents(fresh(), { 0: { cash: 100 } });
    const { state } = moveFrom(s, 0, progressAt('income-tax') - 1, 1);
    expect(state.students[0]!.cash).toBe(-101);
    expect(pendingOf(state)).toEqual(['0:bankrupt']);
  });

  it('G15: a card payment can put a student in the red', () => {
    const s = stackDeck(withStudents(fresh(), { 0: { cash: 30 } }), 'chest', ['textbooks']);
    const { state } = moveFrom(s, 0, progressAt('community-chest-3') - 6, 6);
    expect(state.students[0]!.cash).toBe(-26);
    expect(pendingOf(state)).toEqual(['0:bankrupt']);
  });

  it('G15: exactly £0 is not in the red', () => {
    const s = withStudents(fresh(), { 0: { cash: 51 } });
    const { state, events } = moveFrom(s, 0, GO, 1);
    expect(state.students[0]!.cash).toBe(0);
    expect(ofType(events, 'bankrupt')).toEqual([]);
    expect(pendingOf(state)).toEqual(['0:study']);
  });
});

describe('G15 restart (seed 9.1 "start back at Go with no TERM CREDITS")', () => {
  it('G15 "restart at GO with a fresh £200 grant, a fresh token set and no term credits"', () => {
    const red = intoTheRed().state;
    const { state, events } = act(red, 0, { type: 'restart' });
    const s = state.students[0]!;
    expect(s.cash).toBe(200);
    expect(s.progress).toBe(0);
    expect(positionOfSeat(state, 0)).toBe(0);
    expect(s.credits).toBe(0);
    expect(s.tokens).toEqual([1, 2, 3, 4, 5, 6]);
    expect(s.risk).toBe(0);
    expect(s.jailed).toBeNull();
    expect(s.retired).toBe(false);
    expect(s.restarts).toBe(1);
    expect(ofType(events, 'restarted')).toEqual([{ type: 'restarted', seat: 0 }]);
    // The turn is over: the next student moves.
    expect(pendingOf(state)).toEqual(['1:token']);
  });

  it('G15: the debt is written off by the bank with a recorded transfer, then the grant is paid', () => {
    const { events } = act(intoTheRed().state, 0, { type: 'restart' });
    expect(ofType(events, 'transfer')).toEqual([
      { type: 'transfer', from: 'bank', to: { student: 0 }, amount: 33, reason: 'writeOff' },
      { type: 'transfer', from: 'bank', to: { student: 0 }, amount: 200, reason: 'grant' },
    ]);
  });

  it('G15: kept cards go back to their decks when the student is thrown off the course', () => {
    const s = withStudents(fresh(), { 0: { kept: [{ deck: 'chance', card: 'railcard' }] } });
    const { state } = act(intoTheRed(s).state, 0, { type: 'restart' });
    expect(state.students[0]!.kept).toEqual([]);
    expect(state.decks.chance.discard).toContain('railcard');
  });

  it('G15 "Their uncle plays on": the uncle keeps his cash and properties after the student restarts', () => {
    const s = withEstates(fresh(), { 'old-kent-road': { owner: 0 } });
    const { state } = act(intoTheRed(s).state, 0, { type: 'restart' });
    expect(state.uncles[0]!.cash).toBe(2000);
    expect(state.estates[1]!.owner).toBe(0);
  });
});

describe('G15 retire', () => {
  it('G15 "or retire": the retired student leaves the move order; the debt is still written off', () => {
    const { state, events } = act(intoTheRed().state, 0, { type: 'retire' });
    expect(state.students[0]!.retired).toBe(true);
    expect(ofType(events, 'retired')).toEqual([{ type: 'retired', seat: 0 }]);
    expect(ofType(events, 'transfer')).toEqual([
      { type: 'transfer', from: 'bank', to: { student: 0 }, amount: 33, reason: 'writeOff' },
    ]);
    expect(state.students[0]!.cash).toBe(0);
    expect(pendingOf(state)).toEqual(['1:token']);
  });

  it('G15 "Their uncle plays on": a retired student\'s uncle still bids next term; the student no longer moves', () => {
    const two = fresh({ players: 2 });
    const retired = act(intoTheRed(two).state, 0, { type: 'retire' }).state;
    // Student 1 moves onto Mayfair (their own uncle's) and works; the term ends.
    let s = actAll(retired, [
      [1, { type: 'move', token: 1 }],
      [1, { type: 'work' }],
    ]).state;
    // Next term: the Build/Trade phase (uncle 1 may trade Mayfair) and the auction still involve uncle 0.
    for (let i = 0; i < 5 && gotopoly.pending(s)[0]?.kind === 'buildTrade'; i++) {
      s = act(s, gotopoly.pending(s)[0]!.seat, { type: 'endBuild' }).state;
    }
    expect(pendingOf(s)).toEqual(['0:bid', '1:bid']);
    const { state: moving, events } = actAll(s, [
      [0, { type: 'bid', bids: s.stage.kind === 'auction' ? s.stage.lot.map(() => 0) : [] }],
      [1, { type: 'bid', bids: s.stage.kind === 'auction' ? s.stage.lot.map(() => 0) : [] }],
    ]);
    expect(ofType(events, 'moveOrder')).toEqual([{ type: 'moveOrder', order: [1] }]);
    expect(pendingOf(moving)).toEqual(['1:token']);
  });

  it('G15: when every student has retired the game ends', () => {
    const two = withStudents(fresh({ players: 2 }), { 1: { retired: true } });
    const { state, events } = act(intoTheRed(two).state, 0, { type: 'retire' });
    expect(state.stage).toEqual({ kind: 'over', reason: 'noStudents', winners: expect.any(Array) });
    expect(ofType(events, 'gameEnded').map((e) => e.reason)).toEqual(['noStudents']);
    expect(gotopoly.pending(state)).toEqual([]);
    expect(gotopoly.outcome(state)).not.toBeNull();
  });

  it('G15: with one student still on the course the game goes on', () => {
    const three = withStudents(fresh({ players: 3 }), { 2: { retired: true } });
    const { state } = act(intoTheRed(three).state, 0, { type: 'retire' });
    expect(state.stage.kind).not.toBe('over');
    expect(pendingOf(state)).toEqual(['1:token']);
  });
});
