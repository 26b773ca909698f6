import { describe, expect, it } from 'vitest';
import type { GameSnapshot, GameUpdate, SeatInfo } from '../../server/protocol';
import {
  applySnapshot,
  applyUpdate,
  eventsUrl,
  followSeat,
  humanSeats,
  parseSeat,
  pendingHumanSeats,
  playPath,
  invitePath,
  fragmentToken,
  snapshotUrl,
} from '../../ui/play/game-api';
import { snapshotWith } from './fixtures';

const seats: SeatInfo[] = [
  { seat: 0, name: 'Ada', kind: 'human', botTakeover: false },
  { seat: 1, name: 'Bao', kind: 'normal', botTakeover: false },
  { seat: 2, name: 'Cleo', kind: 'human', botTakeover: false },
  { seat: 3, name: 'Dev', kind: 'human', botTakeover: true },
];

const snapshot = snapshotWith({
  id: 'g1',
  game: 'pole',
  seq: 3,
  seats,
  seat: 0,
  access: 'host',
  view: { v: 3 },
  pending: [{ seat: 0, kind: 'roll' }],
  legal: [{ type: 'roll' }],
  events: [{ type: 'a' }, { type: 'b' }],
  seedCommitment: 'c0ffee',
});

const update = (seq: number, events: { type: string }[]): GameUpdate => ({
  seq,
  view: { v: seq },
  pending: [{ seat: 1, kind: 'roll' }],
  legal: [],
  events,
  outcome: null,
  deadline: 123,
  seats,
  seed: null,
});

describe('game-api', () => {
  it('builds the protocol URLs', () => {
    expect(snapshotUrl('g 1', 2)).toBe('/api/games/g%201?seat=2');
    expect(snapshotUrl('g1', null)).toBe('/api/games/g1');
    expect(eventsUrl('g1', 0, 7)).toBe('/api/games/g1/events?seat=0&after=7');
    expect(playPath('g1', 0)).toBe('/play/g1?seat=0');
    expect(playPath('g1')).toBe('/play/g1');
    // The token only ever in the fragment, which no request carries.
    expect(invitePath('g1', 'T/+', 0)).toBe('/play/g1?seat=0#token=T%2F%2B');
    expect(fragmentToken('#token=T%2F%2B')).toBe('T/+');
    expect(fragmentToken('')).toBeNull();
  });

  it('applies updates in order and ignores repeats', () => {
    const next = applyUpdate(snapshot, update(4, [{ type: 'c' }]));
    expect(next.seq).toBe(4);
    expect(next.events.map((e) => e.type)).toEqual(['a', 'b', 'c']);
    expect(next.deadline).toBe(123);
    expect(next.seat).toBe(0);
    expect(applyUpdate(next, update(4, [{ type: 'c' }]))).toBe(next);
    expect(applyUpdate(next, update(2, [{ type: 'x' }]))).toBe(next);
    // The update that ends the game reveals the seed; the commitment stays.
    const over = applyUpdate(next, { ...update(5, []), outcome: { winners: [0], standings: [] }, seed: 'the-seed' });
    expect(over).toMatchObject({ seed: 'the-seed', seedCommitment: 'c0ffee' });
  });

  it('takes a resumed stream’s opening snapshot whole when it is newer, then its updates', () => {
    const opening: GameSnapshot = {
      ...snapshot,
      seq: 50,
      view: { v: 50 },
      events: [{ type: 'a' }, { type: 'b' }, { type: 'm' }],
    };
    const taken = applySnapshot(snapshot, opening);
    expect(taken).toBe(opening);
    expect(applyUpdate(taken, update(51, [{ type: 'n' }])).events.map((e) => e.type)).toEqual(['a', 'b', 'm', 'n']);
    // An older or equal snapshot (the page read a newer one meanwhile) changes nothing.
    expect(applySnapshot(taken, snapshot)).toBe(taken);
    expect(applySnapshot(taken, { ...opening })).toBe(taken);
  });

  it('follows the pending human seat in hot-seat', () => {
    expect(humanSeats(seats)).toEqual([0, 2]);
    const bids = [
      { seat: 0, kind: 'bid' },
      { seat: 1, kind: 'bid' },
      { seat: 2, kind: 'bid' },
      { seat: 3, kind: 'bid' },
    ];
    expect(pendingHumanSeats(bids, seats)).toEqual([0, 2]);
    expect(followSeat(bids, seats, 2)).toBe(2);
    expect(followSeat(bids, seats, null)).toBe(0);
    // Ada has bid: Cleo's turn to bid.
    expect(followSeat(bids.slice(1), seats, 0)).toBe(2);
    // Only bots (or a seat its bot took over) decide: stay.
    expect(followSeat([{ seat: 1, kind: 'roll' }], seats, 0)).toBeNull();
    expect(followSeat([{ seat: 3, kind: 'roll' }], seats, 2)).toBeNull();
  });

  it('parses the seat query parameter', () => {
    expect(parseSeat('2')).toBe(2);
    expect(parseSeat(['1', '2'])).toBe(1);
    expect(parseSeat('x')).toBeNull();
    expect(parseSeat('9')).toBeNull();
    expect(parseSeat('')).toBeNull();
    expect(parseSeat(undefined)).toBeNull();
  });
});
