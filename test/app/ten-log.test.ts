import { describe, expect, it } from 'vitest';
import { playToEnd } from '../../engine';
import { cardById, ten, tenHeuristicBot, tenRandomBot, type TenEvent } from '../../engine/ten';
import { cardIdLabel, cardLabel, describeTenEvent } from '../../ui/ten/ten-log';

const names = ['Ada', 'Bao', 'Cleo'];
const game = playToEnd(ten, { players: 3 }, 'ten-log-1', [tenHeuristicBot, tenRandomBot, tenHeuristicBot], {
  collectEvents: true,
});
const events = game.events;
const first = <T extends TenEvent['type']>(type: T) =>
  events.find((e): e is Extract<TenEvent, { type: T }> => e.type === type);

describe('ten log', () => {
  it('labels cards', () => {
    expect(cardLabel(cardById('red-5a'))).toBe('Red 5');
    expect(cardLabel(cardById('blue-joker-a'))).toBe('Blue #');
    expect(cardLabel(cardById('white-7'))).toBe('White 7');
    expect(cardLabel(cardById('white-wild'))).toBe('White #');
    expect(cardIdLabel('currency-3-1')).toBe('Currency 3');
  });

  it('describes every event of a real game', () => {
    for (const e of events) {
      const text = describeTenEvent(e, names);
      if (text === null) expect(['gained', 'buyPhaseEnded']).toContain(e.type);
      else expect(text.length).toBeGreaterThan(3);
    }
  });

  it('tells draws, busts and rewards', () => {
    const drew = events.find((e) => e.type === 'drew' && cardById(e.card).kind === 'number')!;
    if (drew.type === 'drew') {
      expect(describeTenEvent(drew, names)).toBe(
        `${names[drew.seat]} drew ${cardIdLabel(drew.card)}: total ${drew.total}, currency ${drew.currency}`,
      );
    }
    const busted = first('busted');
    if (busted) expect(describeTenEvent(busted, names)).toMatch(/busted: the (total|currency cards) reached \d+$/);
    const took = first('tookNumbers')!;
    expect(describeTenEvent(took, names)).toContain(`${names[took.seat]} took`);
    expect(describeTenEvent({ type: 'gained', seat: 1, amount: 2, lost: 1, reason: 'takeNumbers' }, names)).toBe(
      'Bao gained 2 tokens (1 lost: cap or empty supply)',
    );
  });

  it('tells auctions, payments and the end', () => {
    const opened = first('auctionOpened');
    if (opened)
      expect(describeTenEvent(opened, names)).toMatch(/^Auction for White|^Auction for (Red|Blue|Orange|Green) #/);
    expect(describeTenEvent({ type: 'bid', seat: 2, amount: 3 }, names)).toBe('Cleo bid 3');
    expect(
      describeTenEvent({ type: 'paid', seat: 0, price: 4, tokens: 1, bustTokens: 1, cards: [], lost: 0 }, names),
    ).toBe('Ada paid 4 with 1 token and 1 bust token');
    expect(describeTenEvent({ type: 'bought', seat: 1, card: 'green-7', price: 7 }, names)).toBe(
      'Bao bought Green 7 for 7',
    );
    const ended = first('gameEnded')!;
    const winner = ended.scores.find((s) => s.seat === ended.winners[0])!;
    expect(describeTenEvent(ended, names)).toContain(`with ${winner.points} point`);
    expect(describeTenEvent(first('finalRound')!, names)).toMatch(/^Final buy round: /);
  });
});
