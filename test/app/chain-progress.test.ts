import { describe, expect, it } from 'vitest';
import type { ChainOpInfo } from '../../ui/play/chain-game';
import { expectedWait, inFlight, newlySettled, secondsSince, statusById } from '../../ui/play/chain-steps';

const op = (id: number, status: ChainOpInfo['status'], extra: Partial<ChainOpInfo> = {}): ChainOpInfo => ({
  id,
  kind: 'step',
  seq: id,
  seat: 0,
  status,
  opHash: null,
  level: null,
  error: null,
  ops: [],
  at: '2026-12-01T12:00:00.000Z',
  ...extra,
});

describe('what the table says of chain steps on their way', () => {
  it('lists the steps not yet confirmed or failed, in order', () => {
    const ops = [op(1, 'confirmed'), op(2, 'pending'), op(3, 'retrying'), op(4, 'failed')];
    expect(inFlight(ops).map((o) => o.id)).toEqual([2, 3]);
  });

  it('toasts a step once, when it settles after the page opened (seen on its way or not), and not one settled before', () => {
    const first = [op(1, 'confirmed'), op(2, 'pending'), op(3, 'retrying')];
    const seen = statusById(first);
    const next = [
      op(1, 'confirmed'),
      op(2, 'confirmed', { opHash: 'oo1', level: 7 }),
      op(3, 'failed', { error: 'refused' }),
      op(4, 'confirmed'),
    ];
    expect(newlySettled(seen, next).map((o) => [o.id, o.status])).toEqual([
      [2, 'confirmed'],
      [3, 'failed'],
      // Sent and confirmed between two looks.
      [4, 'confirmed'],
    ]);
    // Looked at again with nothing new: no second toast.
    expect(newlySettled(statusById(next), next)).toEqual([]);
  });

  it('gives the usual wait as about two blocks (next block, then the indexer), and says when it takes longer', () => {
    expect(expectedWait(6, 3)).toBe('usually about 12 s (a block every 6 s) · 3 s so far');
    expect(expectedWait(6, 20)).toBe('taking longer than the usual 12 s (a block every 6 s) · 20 s so far');
    expect(expectedWait(null, 4)).toBe('4 s so far');
  });

  it('counts the seconds since a step was recorded, never below zero (a clock a little behind the server)', () => {
    const at = '2026-12-01T12:00:00.000Z';
    expect(secondsSince(at, Date.parse(at) + 4_900)).toBe(4);
    expect(secondsSince(at, Date.parse(at) - 2_000)).toBe(0);
  });
});
