import { describe, expect, it } from 'vitest';
import type { SeatInfo } from '../../server/protocol';
import { dottedFavicon, turnKey } from '../../ui/play/turn-alert';
import { PLAY_WORDS } from '../../ui/play/play-words';

const seats: SeatInfo[] = [
  { seat: 0, name: 'Ada', kind: 'human', botTakeover: false },
  { seat: 1, name: 'Bao', kind: 'human', botTakeover: false },
  { seat: 2, name: 'Cleo', kind: 'normal', botTakeover: false },
  { seat: 3, name: 'Dev', kind: 'human', botTakeover: true },
];
const waitingFor = (...who: number[]) => ({
  pending: who.map((seat) => ({ seat, kind: 'roll' })),
  seats,
  outcome: null,
});

describe('whose turn the tab announces', () => {
  it('an online seat: its own decision only', () => {
    expect(turnKey(waitingFor(1), 1, false)).toBe('1');
    expect(turnKey(waitingFor(0), 1, false)).toBeNull();
    expect(turnKey(waitingFor(0, 1), 1, false)).toBe('1');
  });

  it('a hot-seat device: any person’s decision, and a new key when it passes to another person', () => {
    expect(turnKey(waitingFor(0), 1, true)).toBe('0');
    expect(turnKey(waitingFor(1), 1, true)).toBe('1');
    expect(turnKey(waitingFor(0, 1), null, true)).toBe('0,1');
  });

  it('never for a bot’s decision, a seat its bot took over, a spectator or a finished game', () => {
    expect(turnKey(waitingFor(2), 0, true)).toBeNull();
    expect(turnKey(waitingFor(3), 3, false)).toBeNull();
    expect(turnKey(waitingFor(0), null, false)).toBeNull();
    expect(turnKey({ ...waitingFor(0), outcome: { winners: [0] } as never }, 0, false)).toBeNull();
  });

  it('the title says “Your turn” with the game’s name, in the table’s language', () => {
    expect(PLAY_WORDS.en.turn.title('Gotopoly')).toBe('● Your turn · Gotopoly');
    expect(PLAY_WORDS.hu.turn.title('Tízes')).toBe('● Te következel · Tízes');
  });

  it('the dotted favicon is an SVG data URL of the mark with a dot, drawn in the colours given', () => {
    const url = dottedFavicon({
      mark: '#111111',
      frame: '#222222',
      centre: '#333333',
      dot: '#444444',
      ring: '#555555',
    });
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    const svg = decodeURIComponent(url.slice('data:image/svg+xml,'.length));
    expect(svg).toContain('<svg');
    for (const c of ['#111111', '#222222', '#333333', '#444444', '#555555']) expect(svg).toContain(c);
    expect(svg.match(/<circle/g)).toHaveLength(2);
  });
});
