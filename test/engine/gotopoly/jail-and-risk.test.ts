/** Seed 8.0 "Jail and RISK", seed 4.5, 4.7 and ruling G14 (with G11 for RISK cards from utilities). */
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
  sp,
  stackDeck,
  turnOf,
  withStudents,
} from './helpers';

const JAIL = sp('jail');

/** Student 0 in jail, having served `served` turns, about to decide at the start of their turn. */
function jailed(
  served: number,
  patch: Parameters<typeof withStudents>[1][number] = {},
  state = fresh(),
): GotopolyState {
  const s = withStudents(state, { 0: { progress: progressAt('jail'), jailed: served, ...patch } });
  return turnOf(s, 0, { decision: { kind: 'jail' } });
}

describe('G14 RISK cards and move tokens (seed 8.2)', () => {
  it('G14 "using a 2 token with 2 RISK cards goes to jail" instead of moving; no fare, the token is still spent', () => {
    const { state, events } = moveFrom(withStudents(fresh(), { 0: { risk: 2 } }), 0, progressAt('mayfair'), 2);
    expect(ofType(events, 'sentToJail')).toEqual([{ type: 'sentToJail', seat: 0, cause: 'risk', risk: 0 }]);
    expect(ofType(events, 'moved')).toEqual([]);
    expect(positionOfSeat(state, 0)).toBe(JAIL);
    expect(state.students[0]!.jailed).toBe(0);
    expect(state.students[0]!.cash).toBe(200);
    expect(state.students[0]!.tokens).toEqual([1, 3, 4, 5, 5, 6]);
  });

  it('seed 8.2 "equal to or less than": a 1 token with 2 RISK cards also goes to jail', () => {
    const { state, events } = moveFrom(withStudents(fresh(), { 0: { risk: 2 } }), 0, 0, 1);
    expect(ofType(events, 'sentToJail').map((e) => e.cause)).toEqual(['risk']);
    expect(positionOfSeat(state, 0)).toBe(JAIL);
  });

  it('G14: a 3 token with 2 RISK cards moves normally', () => {
    const { state, events } = moveFrom(withStudents(fresh(), { 0: { risk: 2 } }), 0, 0, 3);
    expect(ofType(events, 'sentToJail')).toEqual([]);
    expect(positionOfSeat(state, 0)).toBe(sp('park-lane'));
    expect(state.students[0]!.jailed).toBeNull();
    expect(state.students[0]!.risk).toBe(2);
    expect(netTo(events, { student: 0 })).toBe(-3 - 35);
  });

  it('G14: with no RISK cards every token moves', () => {
    const { events } = moveFrom(fresh(), 0, 0, 1);
    expect(ofType(events, 'sentToJail')).toEqual([]);
    expect(ofType(events, 'moved')).toHaveLength(1);
  });

  it('G11 / seed 4.7 "choose don\'t pay and take a RISK card": a utility adds a RISK card', () => {
    const landed = moveFrom(fresh(), 0, progressAt('water-works') - 4, 4).state;
    expect(pendingOf(landed)).toEqual(['0:utility']);
    const { state, events } = act(landed, 0, { type: 'takeRisk' });
    expect(state.students[0]!.risk).toBe(1);
    expect(ofType(events, 'tookRisk')).toEqual([{ type: 'tookRisk', seat: 0, space: sp('water-works'), risk: 1 }]);
  });

  it('seed 8.2 "Through certain cards, players will receive RISK cards"', () => {
    const stacked = stackDeck(fresh(), 'chance', ['graduation-ball']);
    const { state } = moveFrom(stacked, 0, 0, 4);
    expect(state.students[0]!.risk).toBe(2);
  });
});

describe('G14 Go To Jail (seed 4.5, 8.1, 8.3)', () => {
  it('seed 8.1 "If a player lands on the Go To Jail card his token is moved to the jail square": the Go To Jail space', () => {
    const { state, events } = moveFrom(fresh(), 0, progressAt('go-to-jail') - 4, 4);
    expect(ofType(events, 'sentToJail')).toEqual([{ type: 'sentToJail', seat: 0, cause: 'space', risk: 0 }]);
    expect(positionOfSeat(state, 0)).toBe(JAIL);
    expect(state.students[0]!.jailed).toBe(0);
    expect(state.students[0]!.credits).toBe(0);
  });

  it('G14 "Go To Jail (space or card)": a Go To Jail card sends the student to jail, staying on the same lap', () => {
    const stacked = stackDeck(withStudents(fresh(), { 0: { risk: 1 } }), 'chance', ['busking']);
    const { state, events } = moveFrom(stacked, 0, progressAt('chance-3', 2) - 4, 4);
    expect(ofType(events, 'sentToJail').map((e) => e.cause)).toEqual(['card']);
    expect(positionOfSeat(state, 0)).toBe(JAIL);
    expect(Math.floor(state.students[0]!.progress / 40)).toBe(2);
    expect(state.students[0]!.jailed).toBe(0);
  });

  it('G14 "Go To Jail (space or card)": without any RISK card, the card still sends the student to jail (seed 8.3 is not a condition)', () => {
    const stacked = stackDeck(fresh(), 'chest', ['noise-complaint']);
    const { state, events } = moveFrom(stacked, 0, progressAt('community-chest-3') - 6, 6);
    expect(ofType(events, 'sentToJail').map((e) => e.cause)).toEqual(['card']);
    expect(state.students[0]!.jailed).toBe(0);
    expect(state.decks.chest.discard).toContain('noise-complaint');
  });

  it('seed 4.6: landing on the Jail square by a move is just visiting', () => {
    const { state, events } = moveFrom(fresh(), 0, progressAt('jail') - 5, 5);
    expect(ofType(events, 'sentToJail')).toEqual([]);
    expect(state.students[0]!.jailed).toBeNull();
    expect(netTo(events, { student: 0 })).toBe(-5);
  });
});

describe('G14 in jail (seed 8.4)', () => {
  it('seed 8.4 "A player stays in jail for 3 turns": each served turn ends the turn; after the third the student is free', () => {
    let state = jailed(0);
    expect(gotopoly.legal(state, 0)).toContainEqual({ type: 'serve' });
    for (const served of [1, 2]) {
      const r = act(state, 0, { type: 'serve' });
      expect(ofType(r.events, 'jailTurnServed')).toEqual([{ type: 'jailTurnServed', seat: 0, turns: served }]);
      expect(ofType(r.events, 'moved')).toEqual([]);
      expect(r.state.students[0]!.jailed).toBe(served);
      state = turnOf(r.state, 0, { decision: { kind: 'jail' } });
    }
    const last = act(state, 0, { type: 'serve' });
    expect(ofType(last.events, 'leftJail')).toEqual([{ type: 'leftJail', seat: 0, how: 'served' }]);
    expect(last.state.students[0]!.jailed).toBeNull();
    expect(positionOfSeat(last.state, 0)).toBe(JAIL);
  });

  it('G14: after serving 3 turns the student moves normally at the start of the next term', () => {
    const players2 = fresh({ players: 2 });
    const s = turnOf(withStudents(players2, { 0: { progress: progressAt('jail'), jailed: 2 } }), 0, {
      decision: { kind: 'jail' },
    });
    const served = act(s, 0, { type: 'serve' });
    expect(served.state.students[0]!.jailed).toBeNull();
    // The term ends; nothing to build or trade; both uncles pass the auction; Movement starts with student 0.
    const { state, events } = actAll(served.state, [
      [0, { type: 'bid', bids: [0, 0] }],
      [1, { type: 'bid', bids: [0, 0] }],
    ]);
    expect(ofType(events, 'moveOrder')).toEqual([{ type: 'moveOrder', order: [0, 1] }]);
    expect(pendingOf(state)).toEqual(['0:token']);
    const moved = act(state, 0, { type: 'move', token: 5 });
    expect(ofType(moved.events, 'moved')[0]).toMatchObject({ from: JAIL, steps: 5 });
  });

  it('G14: a student still in jail at the start of a new turn must deal with jail, not move', () => {
    const players2 = fresh({ players: 2 });
    const s = withStudents(players2, { 0: { progress: progressAt('jail'), jailed: 1 } });
    const { state: after } = actAll(turnOf(s, 1, { order: [1, 0] }), [
      [1, { type: 'move', token: 1 }],
      [1, { type: 'work' }],
    ]);
    expect(pendingOf(after)).toEqual(['0:jail']);
    expect(refusedCode(after, 0, { type: 'move', token: 1 })).toBe('WRONG_DECISION');
  });

  it('G14 "or earlier by paying £50": bail frees the student, who then moves this turn', () => {
    const { state, events } = act(jailed(0), 0, { type: 'payBail' });
    expect(state.students[0]!.cash).toBe(150);
    expect(ofType(events, 'transfer')).toEqual([
      { type: 'transfer', from: { student: 0 }, to: 'bank', amount: 50, reason: 'bail' },
    ]);
    expect(ofType(events, 'leftJail')).toEqual([{ type: 'leftJail', seat: 0, how: 'bail' }]);
    expect(state.students[0]!.jailed).toBeNull();
    expect(pendingOf(state)).toEqual(['0:token']);
    const moved = act(state, 0, { type: 'move', token: 1 });
    expect(ofType(moved.events, 'moved')[0]!.from).toBe(JAIL);
  });

  it('G14 "or ... using a Get Out Of Jail Free card": the card frees the student and returns to its deck', () => {
    const withCard = jailed(1, { kept: [{ deck: 'chance', card: 'tutor-reference' }] });
    expect(gotopoly.legal(withCard, 0)).toContainEqual({ type: 'useJailCard' });
    const { state, events } = act(withCard, 0, { type: 'useJailCard' });
    expect(ofType(events, 'leftJail')).toEqual([{ type: 'leftJail', seat: 0, how: 'card' }]);
    expect(state.students[0]!.kept).toEqual([]);
    expect(state.decks.chance.discard).toContain('tutor-reference');
    expect(state.students[0]!.cash).toBe(200);
    expect(pendingOf(state)).toEqual(['0:token']);
  });

  it('G14: a Get Out Of Jail Free card drawn from a deck is kept, not discarded', () => {
    const stacked = stackDeck(fresh(), 'chest', ['union-lawyer']);
    const { state } = moveFrom(stacked, 0, progressAt('community-chest-3') - 6, 6);
    expect(state.students[0]!.kept).toEqual([{ deck: 'chest', card: 'union-lawyer' }]);
    expect(state.decks.chest.discard).not.toContain('union-lawyer');
  });

  it('G14: no card, no card exit; no £50, no bail', () => {
    expect(refusedCode(jailed(0), 0, { type: 'useJailCard' })).toBe('NO_JAIL_CARD');
    expect(refusedCode(jailed(0, { cash: 49 }), 0, { type: 'payBail' })).toBe('CANNOT_AFFORD');
    expect(gotopoly.legal(jailed(0, { cash: 49 }), 0)).toEqual([{ type: 'serve' }]);
  });
});

describe('jailClearsRisk (engine option; G14 is silent on RISK cards after jail)', () => {
  it('jailClearsRisk default true: going to jail hands the RISK cards back', () => {
    const s = withStudents(fresh(), { 0: { risk: 3 } });
    expect(s.config.jailClearsRisk).toBe(true);
    const { state } = moveFrom(s, 0, 0, 2);
    expect(state.students[0]!.risk).toBe(0);
    const bySpace = moveFrom(withStudents(fresh(), { 0: { risk: 1 } }), 0, progressAt('go-to-jail') - 4, 4).state;
    expect(bySpace.students[0]!.risk).toBe(0);
  });

  it('jailClearsRisk false: RISK cards are kept, so a low token after jail sends the student straight back', () => {
    const s = withStudents(fresh({ jailClearsRisk: false }), { 0: { risk: 2 } });
    const { state, events } = moveFrom(s, 0, 0, 2);
    expect(ofType(events, 'sentToJail')).toEqual([{ type: 'sentToJail', seat: 0, cause: 'risk', risk: 2 }]);
    expect(state.students[0]!.risk).toBe(2);
    const out = act(turnOf(state, 0, { decision: { kind: 'jail' }, term: 2 }), 0, { type: 'payBail' }).state;
    const again = act(out, 0, { type: 'move', token: 1 });
    expect(ofType(again.events, 'sentToJail').map((e) => e.cause)).toEqual(['risk']);
  });

  it('G14 with the option off: a high token still moves', () => {
    const s = withStudents(fresh({ jailClearsRisk: false }), { 0: { risk: 2 } });
    const { events } = moveFrom(s, 0, 0, 6);
    expect(ofType(events, 'sentToJail')).toEqual([]);
  });
});

describe('RISK cards handed back by cards', () => {
  it('"Return a RISK card" takes one away, never below zero', () => {
    const one = moveFrom(stackDeck(withStudents(fresh(), { 0: { risk: 2 } }), 'chance', ['fake-id']), 0, 0, 4).state;
    expect(one.students[0]!.risk).toBe(1);
    const none = moveFrom(stackDeck(fresh(), 'chance', ['fake-id']), 0, 0, 4).state;
    expect(none.students[0]!.risk).toBe(0);
  });
});
