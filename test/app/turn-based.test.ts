/** Turn-based play in the pages: a deadline days away reads in days, and My games counts your turns in the tab. */
import { describe, expect, it } from 'vitest';
import { titleWithTurns } from '../../ui/games/turn-count';
import { formatClock } from '../../ui/lib/clock-text';

describe('turn-based play in the pages', () => {
  it('reads a deadline in days, hours or minutes as it nears', () => {
    expect(formatClock(2 * 86_400_000 + 3 * 3_600_000 + 59_000)).toBe('2 d 3 h');
    expect(formatClock(5 * 3_600_000 + 12 * 60_000)).toBe('5 h 12 min');
    expect(formatClock(61_000)).toBe('1:01');
  });

  it('counts your turns in the tab title, and takes the count away when none is left', () => {
    expect(titleWithTurns('My games · Tezos Pole', 2)).toBe('(2) My games · Tezos Pole');
    expect(titleWithTurns('(2) My games · Tezos Pole', 3)).toBe('(3) My games · Tezos Pole');
    expect(titleWithTurns('(3) My games · Tezos Pole', 0)).toBe('My games · Tezos Pole');
  });
});
