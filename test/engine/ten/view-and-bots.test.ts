/** What a seat sees (everything but the deck order), and the bots, which decide from that view only. */
import { describe, expect, it } from 'vitest';
import { playToEnd, rngFromSeed } from '../../../engine';
import { bustProbability, deckFor, ten, tenBots, tenView, type TenAction, type TenState } from '../../../engine/ten';
import { table, withTableau } from './states';

const { heuristic, random } = tenBots;
const choose = (bot: typeof heuristic, state: TenState, seat: number): TenAction =>
  bot.choose(state, seat, rngFromSeed('bot'));

describe('view(state, seat)', () => {
  it('hides the order of the draw pile (and the PRNG) but not its size; everything else is public', () => {
    const state = ten.setup({ players: 3 }, 'view');
    const view = tenView(state, 1);
    expect(view).not.toHaveProperty('deck');
    expect(view).not.toHaveProperty('rng');
    expect(view.deckCount).toBe(state.deck.length);
    expect(view.players).toEqual(state.players);
    expect(view.market).toEqual(state.market);
    expect(view.viewer).toBe(1);
    expect(JSON.stringify(tenView(state, null))).not.toContain(state.deck[0]!);
  });
});

describe('bots use only their view', () => {
  it("both bots choose the same action whatever the order of the draw pile and the game's PRNG", () => {
    let compared = 0;
    for (const bot of [heuristic, random]) {
      playToEnd(ten, { players: 3 }, `secrets-${bot.name}`, [bot, bot, bot], {
        onAction: (_before, after) => {
          for (const { seat } of ten.pending(after)) {
            const shuffled = { ...after, deck: after.deck.slice().reverse(), rng: rngFromSeed('x').getState() };
            expect(choose(bot, shuffled, seat)).toEqual(choose(bot, after, seat));
            compared++;
          }
        },
      });
    }
    expect(compared).toBeGreaterThan(200);
  });
});

describe('heuristic: the exact chance that the next card busts', () => {
  it('counts the busting cards among those not yet seen: with a total of 8, every unseen 3–9 number card', () => {
    const state = withTableau(table({ players: 4 }, 0, ['red-4a', 'blue-4a']), ['red-4a', 'blue-4a']);
    const view = tenView(state, 0);
    const unseen = deckFor(4).filter((c) => !['red-4a', 'blue-4a'].includes(c.id));
    const busting = unseen.filter((c) => c.kind === 'number' && c.number >= 3).length;
    expect(bustProbability(view, 8, 0)).toBeCloseTo(busting / unseen.length, 12);
  });

  it('counts currency busts too: with currency 8 showing, every unseen currency 3, 4 or 5', () => {
    const cards = ['currency-5-1', 'currency-3-1'];
    const state = withTableau(table({ players: 4 }, 0, cards), cards);
    const unseen = deckFor(4).filter((c) => !cards.includes(c.id));
    const busting = unseen.filter((c) => c.kind === 'currency' && c.value >= 3).length;
    expect(bustProbability(tenView(state, 0), -8, 8)).toBeCloseTo(busting / unseen.length, 12);
  });

  it('is 0 when nothing can bust (total 1, no currency) and the bot then always draws', () => {
    const state = withTableau(table({ players: 2 }, 0, ['red-1a']), ['red-1a']);
    expect(bustProbability(tenView(state, 0), 1, 0)).toBe(0);
    expect(choose(heuristic, state, 0)).toEqual({ type: 'draw' });
  });

  it('stops at a total of 10 (only a joker would not bust) and takes the cards that build its runs', () => {
    const cards = ['red-4a', 'red-6a'];
    const state = withTableau(table({ players: 2 }, 0, cards, { players: { 0: { collection: ['red-5a'] } } }), cards);
    expect(choose(heuristic, state, 0)).toEqual({ type: 'takeNumbers' });
  });
});

describe('heuristic: auctions and the market', () => {
  it('bids for a joker that extends a run and passes on one that adds nothing', () => {
    const auction = (collection: string[]): TenState => ({
      ...table({ players: 2 }, 0, []),
      players: [
        { tokens: 5, bustTokens: 0, collection: [] },
        { tokens: 5, bustTokens: 0, collection },
      ],
      stage: { kind: 'auction', joker: 'red-joker-a', bidders: [1, 0], index: 0, high: null },
    });
    expect(choose(heuristic, auction(['red-1a', 'red-2a']), 1)).toEqual({ type: 'bid', amount: 1 });
    const fullRed = ['red-1a', 'red-2a', 'red-3a', 'red-4a', 'red-5a', 'red-6a', 'red-7', 'red-8', 'red-9'];
    expect(choose(heuristic, auction(fullRed), 1)).toEqual({ type: 'pass' });
  });

  it('buys the market card that adds the most points, paying with tokens', () => {
    const state: TenState = {
      ...table({ players: 2 }, 0, [], {
        market: ['blue-9', 'red-4a', 'green-1a'],
        players: { 0: { collection: ['red-2a', 'red-3a', 'red-5a'] } },
      }),
      stage: { kind: 'buy', seat: 0, final: false, queue: [] },
    };
    const action = choose(heuristic, state, 0);
    expect(action).toEqual({ type: 'buy', card: 'red-4a', payment: { tokens: 4, bustTokens: 0, cards: [] } });
  });

  it('wins most two-player games against the random bot, from either seat', () => {
    let wins = 0;
    const games = 60;
    for (let i = 0; i < games; i++) {
      const seat = i % 2;
      const { outcome } = playToEnd(
        ten,
        { players: 2 },
        `duel/${i}`,
        seat === 0 ? [heuristic, random] : [random, heuristic],
      );
      if (outcome.winners.length === 1 && outcome.winners[0] === seat) wins++;
    }
    expect(wins).toBeGreaterThan(games * 0.8);
  });
});
