/** Properties over ≥ 1,000 seeded games (1–5 players): where every card is, the token purses and supply, endings, replay. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRuleError, playToEnd, replay, stateHash } from '../../../engine';
import { deckFor, ten, tenBots, type TenBot, type TenState } from '../../../engine/ten';

/** Every place a card can be: the draw pile, the tableau, the market, a collection, the discard pile, the auction block. */
function placesOf(state: TenState): string[] {
  const { stage } = state;
  const block = stage.kind === 'auction' || stage.kind === 'pay' ? [stage.joker] : [];
  return [
    ...state.deck,
    ...state.tableau,
    ...state.market,
    ...state.discard,
    ...state.players.flatMap((p) => p.collection),
    ...block,
  ];
}

function violations(state: TenState): string[] {
  const out: string[] = [];
  // Every card of the table's deck is in exactly one place; no other card is anywhere (T2).
  const places = placesOf(state);
  const expected = deckFor(state.players.length).map((c) => c.id);
  if (places.length !== expected.length || new Set(places).size !== places.length)
    out.push(`${places.length} cards in play, ${new Set(places).size} distinct`);
  const deck = new Set(expected);
  for (const id of places) if (!deck.has(id)) out.push(`card ${id} is not in this table's deck`);
  // T4: nobody ever holds more than ten currency tokens; nothing goes negative; tokens are conserved.
  let tokens = state.supply.tokens;
  let bust = state.supply.bustTokens;
  state.players.forEach((p, seat) => {
    if (p.tokens < 0 || p.tokens > state.config.tokenCap) out.push(`seat ${seat}: ${p.tokens} tokens`);
    if (p.bustTokens < 0) out.push(`seat ${seat}: ${p.bustTokens} bust tokens`);
    tokens += p.tokens;
    bust += p.bustTokens;
  });
  if (state.supply.tokens < 0 || state.supply.bustTokens < 0) out.push(`supply ${JSON.stringify(state.supply)}`);
  if (tokens !== state.config.tokenSupply)
    out.push(`${tokens} currency tokens in the game, not ${state.config.tokenSupply}`);
  if (bust !== state.config.bustSupply) out.push(`${bust} bust tokens in the game, not ${state.config.bustSupply}`);
  // T3: a tableau left standing is never bust.
  if (state.stage.kind === 'draw' && (state.stage.total >= 11 || state.stage.currency >= 11))
    out.push('a bust tableau stands');
  return out;
}

const BOTS: Record<string, TenBot> = tenBots;

describe('Ten properties over 1,000 seeded games', () => {
  it('every card is in exactly one place, token purses stay within 0–10, the supply never goes negative, every game ends, replays match', () => {
    let games = 0;
    const players = new Set<number>();
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.array(fc.constantFrom('random', 'heuristic'), { minLength: 5, maxLength: 5 }),
        fc.constantFrom(5, 5, 2),
        (count, seed, botNames, startingTokens) => {
          const found: string[] = [];
          const bots = botNames.slice(0, count).map((name) => BOTS[name]!);
          const config = { players: count, startingTokens };
          const result = playToEnd(ten, config, seed, bots, {
            maxActions: 5000,
            onAction: (_before, after) => {
              if (found.length < 5) found.push(...violations(after));
            },
          });
          expect(found).toEqual([]);
          // T8: the game ends once the deck is drawn out and the final buy round is over.
          expect(result.state.stage.kind).toBe('over');
          expect(result.state.deck).toEqual([]);
          expect(result.outcome.winners.length).toBeGreaterThan(0);
          expect(stateHash(replay(result.record).state)).toBe(stateHash(result.state));
          players.add(count);
          games++;
        },
      ),
      { numRuns: 1000, seed: 20261130 },
    );
    expect(games).toBe(1000);
    expect(players).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('every action legal() lists is accepted by apply', () => {
    let checked = 0;
    for (const [count, seed] of [
      [1, 'l1'],
      [2, 'l2'],
      [4, 'l4'],
      [5, 'l5'],
    ] as const) {
      const bots = Array.from({ length: count }, (_, s) => (s % 2 ? tenBots.heuristic : tenBots.random));
      playToEnd(ten, { players: count }, seed, bots, {
        onAction: (_before, after) => {
          for (const { seat } of ten.pending(after)) {
            for (const action of ten.legal(after, seat)) {
              try {
                ten.apply(after, seat, action);
                checked++;
              } catch (err) {
                if (isRuleError(err)) {
                  throw new Error(`seat ${seat}: legal action ${JSON.stringify(action)} refused: ${err.code}`, {
                    cause: err,
                  });
                }
                throw err;
              }
            }
          }
        },
      });
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
