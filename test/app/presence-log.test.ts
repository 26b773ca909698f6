/**
 * Presence in the browser's pure code: a `seats` event replaces the seats and adds the seat marks the snapshot does
 * not have yet (a repeated one once), and every game's log tells a mark in words, apart from the moves around it.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../engine';
import type { GameSnapshot, SeatInfo, SeatMarkEvent } from '../../server/protocol';
import { applySeats, changesTurnClocks } from '../../ui/play/game-api';
import { eventLogEntries } from '../../ui/play/log-entries';

const seats: SeatInfo[] = [
  { seat: 0, name: 'Ada', kind: 'human', botTakeover: false, presence: 'connected', graceUntil: null },
  { seat: 1, name: 'Bea', kind: 'human', botTakeover: false, presence: 'away', graceUntil: 1_000 },
];
const away: SeatMarkEvent = { type: 'seatMark', n: 1, seat: 1, mark: 'away' };
const back: SeatMarkEvent = { type: 'seatMark', n: 2, seat: 1, mark: 'back' };

const snapshot = {
  id: 'g',
  game: 'ten',
  seq: 2,
  seats,
  seat: 0,
  events: [{ type: 'a' }] as GameEvent[],
} as unknown as GameSnapshot;

describe('applySeats', () => {
  it('takes the seats as sent and adds each new seat mark once, after the events shown', () => {
    const taken = seats.map((s) => (s.seat === 1 ? { ...s, botTakeover: true, graceUntil: null } : s));
    const once = applySeats(snapshot, { seats: taken, marks: [away], waiting: false });
    expect(once.seats).toEqual(taken);
    expect(once.events).toEqual([{ type: 'a' }, away]);
    const twice = applySeats(once, { seats, marks: [away, back], waiting: false });
    expect(twice.events).toEqual([{ type: 'a' }, away, back]);
    expect(applySeats(twice, { seats, marks: [away, back], waiting: false }).events).toBe(twice.events);
  });
});

describe('changesTurnClocks: when a seats event makes the table read its turn clock again', () => {
  const running = { ...snapshot, waitingRoom: null } as GameSnapshot;
  const update = (patch: Partial<SeatInfo>) => ({
    seats: seats.map((s) => (s.seat === 1 ? { ...s, ...patch } : s)),
    marks: [],
    waiting: false,
  });

  it('a bot taking a seat over drops its deadline, and handing it back starts a new one: read again', () => {
    expect(changesTurnClocks(running, update({ botTakeover: true, graceUntil: null }))).toBe(true);
    const takenOver = applySeats(running, update({ botTakeover: true }));
    expect(changesTurnClocks(takenOver, update({ botTakeover: false, presence: 'connected' }))).toBe(true);
  });

  it('the page’s own seat taken over (its person left it) is not read again as that seat', () => {
    const bea = { ...running, seat: 1 } as GameSnapshot;
    expect(changesTurnClocks(bea, update({ botTakeover: true, presence: 'away' }))).toBe(false);
  });

  it('someone coming and going changes no clock: not read again', () => {
    expect(changesTurnClocks(running, update({ presence: 'connected', graceUntil: null }))).toBe(false);
    expect(changesTurnClocks(running, update({ presence: 'away', graceUntil: 5_000 }))).toBe(false);
  });

  it('the start closes the waiting room and starts the clocks: read again', () => {
    const waiting = { ...snapshot, waitingRoom: { autoStart: false } } as unknown as GameSnapshot;
    expect(changesTurnClocks(waiting, { seats, marks: [], waiting: false })).toBe(true);
    expect(changesTurnClocks(waiting, { seats, marks: [], waiting: true })).toBe(false);
  });
});

describe('the log of seat marks', () => {
  it('gives each mark its own entry, in words, among the moves', () => {
    const entries = eventLogEntries(
      [{ type: 'a' }, away, { type: 'b' }, back, { type: 'seatMark', n: 3, seat: 0, mark: 'left' } as SeatMarkEvent],
      ['Ada', 'Bea'],
      (e) => e.type,
    );
    expect(entries.map((e) => e.lines[0]!.text)).toEqual([
      'a',
      'Bea is away — their bot plays',
      'b',
      'Bea took their seat back',
      'Ada left — their bot plays',
    ]);
    expect(entries[1]).toMatchObject({ seat: 1, meta: 'Bea' });
  });
});
