/** Seed "Winning" and ruling T9's tie-breaks, on games played to their end (T8). */
import { describe, expect, it } from 'vitest';
import { ten, type TenOutcome } from '../../../engine/ten';
import { actAll, payment, playToEnd, skipFinalRound } from './play';
import { ofType } from './reads';
import { lastCards } from './states';

const RED_123 = ['red-1a', 'red-2a', 'red-3a'];

function outcomeOf(state: Parameters<typeof ten.outcome>[0]): TenOutcome {
  const outcome = ten.outcome(state) as TenOutcome | null;
  expect(outcome).not.toBeNull();
  return outcome!;
}

describe('Winning: most points', () => {
  it('seed "Most points wins": 3 points beat 2 points, whatever the tokens', () => {
    const { state, events } = playToEnd({ players: 3 }, 0, {
      0: { tokens: 0, collection: RED_123 },
      1: { tokens: 10, collection: ['blue-1a', 'blue-2a'] },
      2: { tokens: 10, collection: [] },
    });
    const [ended] = ofType(events, 'gameEnded');
    expect(ended!.winners).toEqual([0]);
    expect(ended!.scores.map((s) => s.points)).toEqual([3, 2, 0]);
    const outcome = outcomeOf(state);
    expect(outcome.winners).toEqual([0]);
    expect(outcome.standings.map((s) => [s.seat, s.rank, s.score])).toEqual([
      [0, 1, 3],
      [1, 2, 2],
      [2, 3, 0],
    ]);
  });

  it('seed "points for the longest sequence of each colour": points add up across colours', () => {
    const { state } = playToEnd({ players: 2 }, 1, {
      0: { collection: ['red-1a', 'red-2a', 'blue-5a', 'blue-6a', 'orange-9'] },
      1: { collection: ['green-1a', 'green-2a', 'green-3a', 'green-4a'] },
    });
    const outcome = outcomeOf(state);
    expect(outcome.winners).toEqual([0]);
    expect(outcome.standings[0]).toMatchObject({
      seat: 0,
      score: 5,
      colours: { red: 2, blue: 2, orange: 1, green: 0 },
    });
    expect(outcome.standings[1]).toMatchObject({
      seat: 1,
      score: 4,
      colours: { red: 0, blue: 0, orange: 0, green: 4 },
    });
  });

  it("T9: the gameEnded event shows each player's points per colour and where their jokers went", () => {
    const { events } = playToEnd({ players: 2 }, 0, {
      0: { collection: ['red-1a', 'red-2a', 'red-joker-a'] },
      1: { collection: ['blue-4a', 'blue-6a', 'white-5'] },
    });
    const [ended] = ofType(events, 'gameEnded');
    expect(ended!.scores).toEqual([
      {
        seat: 0,
        points: 3,
        colours: { red: 3, blue: 0, orange: 0, green: 0 },
        jokers: [{ card: 'red-joker-a', colour: 'red', number: 3 }],
        tokens: 5,
        cards: 3,
      },
      {
        seat: 1,
        points: 3,
        colours: { red: 0, blue: 3, orange: 0, green: 0 },
        jokers: [{ card: 'white-5', colour: 'blue', number: 5 }],
        tokens: 5,
        cards: 3,
      },
    ]);
    expect(ended!.newBest).toBeUndefined();
  });

  it('T7+T9: a joker won in the last auction counts in the final score', () => {
    const start = lastCards({ players: 2 }, 0, ['orange-5a', 'white-wild'], {
      players: { 0: { collection: RED_123 }, 1: { collection: ['blue-1a', 'blue-2a'] } },
    });
    const { state } = actAll(start, [
      [0, { type: 'draw' }],
      [0, { type: 'draw' }],
      [1, { type: 'bid', amount: 1 }],
      [0, { type: 'pass' }],
      [1, { type: 'pay', payment: payment(1) }],
      [0, { type: 'takeCurrency' }],
    ]);
    const end = skipFinalRound(state);
    const [ended] = ofType(end.events, 'gameEnded');
    expect(ended!.scores[1]).toMatchObject({ points: 3, cards: 3, jokers: [{ card: 'white-wild' }] });
    // 3 points each and 5 vs 4 tokens: seat 0 wins the tie (T9).
    expect(ended!.winners).toEqual([0]);
  });

  it('T6+T8: a purchase in the final buy round counts, and so do the tokens spent on it', () => {
    const start = lastCards({ players: 2 }, 1, ['green-9'], {
      market: ['blue-1a'],
      players: {
        0: { tokens: 6, collection: RED_123 },
        1: { tokens: 2, collection: ['orange-1a', 'orange-2a', 'orange-3a', 'orange-4a'] },
      },
    });
    const { state, events } = actAll(start, [
      [1, { type: 'draw' }],
      [1, { type: 'takeCurrency' }],
      [0, { type: 'buy', card: 'blue-1a', payment: payment(1) }],
      [1, { type: 'endTurn' }],
    ]);
    const [ended] = ofType(events, 'gameEnded');
    expect(ended!.scores.map((s) => [s.points, s.tokens, s.cards])).toEqual([
      [4, 5, 4],
      [4, 2, 4],
    ]);
    expect(outcomeOf(state).winners).toEqual([0]);
  });
});

describe('T9 ties', () => {
  it('T9 "Ties: most currency tokens": equal points, more tokens wins', () => {
    const { state } = playToEnd({ players: 3 }, 2, {
      0: { tokens: 4, collection: RED_123 },
      1: { tokens: 6, collection: ['blue-4a', 'blue-5a', 'blue-6a'] },
      2: { tokens: 9, collection: [] },
    });
    const outcome = outcomeOf(state);
    expect(outcome.winners).toEqual([1]);
    expect(outcome.standings.map((s) => [s.seat, s.rank])).toEqual([
      [1, 1],
      [0, 2],
      [2, 3],
    ]);
  });

  it('T9 "(bust tokens excluded)": bust tokens do not break a tie', () => {
    const { state, events } = playToEnd({ players: 2 }, 0, {
      0: { tokens: 3, bustTokens: 3, collection: RED_123 },
      1: { tokens: 4, bustTokens: 0, collection: ['blue-4a', 'blue-5a', 'blue-6a'] },
    });
    expect(outcomeOf(state).winners).toEqual([1]);
    expect(ofType(events, 'gameEnded')[0]!.scores.map((s) => s.tokens)).toEqual([3, 4]);
  });

  it('T9 "then fewest cards": equal points and tokens, fewer cards wins', () => {
    const { state } = playToEnd({ players: 2 }, 0, {
      0: { tokens: 5, collection: [...RED_123, 'red-5a', 'red-7'] },
      1: { tokens: 5, collection: ['blue-4a', 'blue-5a', 'blue-6a', 'blue-8'] },
    });
    const outcome = outcomeOf(state);
    expect(outcome.standings.map((s) => [s.seat, s.rank, s.score, s.tokens, s.cards])).toEqual([
      [1, 1, 3, 5, 4],
      [0, 2, 3, 5, 5],
    ]);
    expect(outcome.winners).toEqual([1]);
  });

  it('T9: tokens are compared before cards', () => {
    const { state } = playToEnd({ players: 2 }, 0, {
      0: { tokens: 6, collection: [...RED_123, 'red-5a', 'red-7'] },
      1: { tokens: 5, collection: ['blue-4a', 'blue-5a', 'blue-6a'] },
    });
    expect(outcomeOf(state).winners).toEqual([0]);
  });

  it('T9: the tie-breaks only apply to equal points', () => {
    const { state } = playToEnd({ players: 2 }, 0, {
      0: { tokens: 0, collection: ['red-1a', 'red-2a', 'red-3a', 'red-4a', 'red-5a', 'blue-1a', 'green-7'] },
      1: { tokens: 10, collection: ['blue-4a', 'blue-5a', 'blue-6a'] },
    });
    expect(outcomeOf(state).winners).toEqual([0]);
  });

  it('T9 "then shared": a full tie shares the win and the first rank', () => {
    const { state, events } = playToEnd({ players: 3 }, 0, {
      0: { tokens: 5, collection: RED_123 },
      1: { tokens: 2, collection: ['green-1a'] },
      2: { tokens: 5, collection: ['blue-7', 'blue-8', 'blue-9'] },
    });
    const outcome = outcomeOf(state);
    expect(outcome.winners).toEqual([0, 2]);
    expect(outcome.standings.map((s) => [s.seat, s.rank])).toEqual([
      [0, 1],
      [2, 1],
      [1, 3],
    ]);
    expect(ofType(events, 'gameEnded')[0]!.winners).toEqual([0, 2]);
  });

  it('T9: everyone with nothing ties — all share the win', () => {
    const { state } = playToEnd({ players: 4 }, 3, {});
    const outcome = outcomeOf(state);
    expect(outcome.winners).toEqual([0, 1, 2, 3]);
    expect(outcome.standings.every((s) => s.rank === 1 && s.score === 0)).toBe(true);
  });

  it('T9: tied seats below the winner share a rank too', () => {
    const { state } = playToEnd({ players: 4 }, 1, {
      0: { tokens: 1, collection: ['red-1a'] },
      1: { tokens: 1, collection: ['blue-1a'] },
      2: { tokens: 0, collection: ['orange-1a', 'orange-2a'] },
      3: { tokens: 0, collection: [] },
    });
    expect(outcomeOf(state).standings.map((s) => [s.seat, s.rank])).toEqual([
      [2, 1],
      [0, 2],
      [1, 2],
      [3, 4],
    ]);
  });

  it('T5+T9: cards spent as payment leave the collection and no longer count as cards (or points)', () => {
    const start = lastCards({ players: 2 }, 0, ['green-9'], {
      market: ['orange-1a'],
      players: {
        0: { tokens: 0, collection: [...RED_123, 'blue-8'] },
        1: { tokens: 0, collection: ['blue-4a', 'blue-5a', 'blue-6a', 'green-1a'] },
      },
    });
    const { state } = actAll(start, [
      [0, { type: 'draw' }],
      [0, { type: 'takeCurrency' }],
      [1, { type: 'endTurn' }],
      [0, { type: 'buy', card: 'orange-1a', payment: payment(0, 0, ['blue-8']) }],
    ]);
    // Both 4 points (3 + 1) and 0 tokens; 4 cards each: a shared win.
    const outcome = outcomeOf(state);
    expect(outcome.standings.map((s) => [s.seat, s.score, s.cards])).toEqual([
      [0, 4, 4],
      [1, 4, 4],
    ]);
    expect(outcome.winners).toEqual([0, 1]);
  });
});
