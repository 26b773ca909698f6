/**
 * Ten's bust kept in view (ui/ten/last-bust.ts): rules T3's bust clears the tableau in the same action — "all number
 * cards in the tableau go to the market" — so the table reads from the events who busted, the card that did it and
 * what was lost, and keeps it until the busting seat draws again.
 */
import { describe, expect, it } from 'vitest';
import type { TenEvent } from '../../engine/ten';
import { lastBust } from '../../ui/ten/last-bust';

const turn = (seat: number, n: number): TenEvent => ({ type: 'turnStarted', seat, turn: n });
const drew = (seat: number, card: string, total: number): TenEvent => ({
  type: 'drew',
  seat,
  card,
  total,
  currency: 0,
  left: 50,
});

describe('the latest bust', () => {
  const bustOfAda: TenEvent[] = [
    turn(0, 1),
    drew(0, 'red-5', 5),
    drew(0, 'blue-7', 12),
    { type: 'busted', seat: 0, cause: 'numbers', total: 12, currency: 0 },
    { type: 'toMarket', cards: ['red-5', 'blue-7'] },
    { type: 'bustToken', seat: 0, received: true },
    { type: 'gained', seat: 1, amount: 0, lost: 0, reason: 'bust' },
    turn(1, 2),
  ];

  it('names the busting seat, the card it drew and the cards the tableau lost, after the next seat has started', () => {
    expect(lastBust(bustOfAda)).toEqual({
      at: 3,
      seat: 0,
      cause: 'numbers',
      total: 12,
      currency: 0,
      card: 'blue-7',
      lost: ['red-5', 'blue-7'],
    });
    // The next player draws: the bust is still shown.
    expect(lastBust([...bustOfAda, drew(1, 'green-2', 2)])?.seat).toBe(0);
  });

  it('is still shown when the busting seat’s next turn comes round, gone once it draws again; a later bust replaces it', () => {
    // A bot between may play its whole turn at once: the player still finds the bust when their turn comes.
    const back = [...bustOfAda, drew(1, 'green-2', 2), turn(0, 3)];
    expect(lastBust(back)?.seat).toBe(0);
    expect(lastBust([...back, drew(0, 'red-3', 3)])).toBeNull();
    const bea: TenEvent[] = [
      ...bustOfAda,
      drew(1, 'orange-9', 9),
      drew(1, 'orange-4', 13),
      { type: 'busted', seat: 1, cause: 'numbers', total: 13, currency: 0 },
      { type: 'toMarket', cards: ['orange-9', 'orange-4'] },
    ];
    expect(lastBust(bea)).toMatchObject({ seat: 1, card: 'orange-4', lost: ['orange-9', 'orange-4'] });
  });

  it('has none in a game without a bust', () => {
    expect(lastBust([turn(0, 1), drew(0, 'red-1', 1)])).toBeNull();
  });
});
