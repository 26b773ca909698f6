import { BOLDNESS, NEUTRAL_PERSONALITY, bestOf, easyBot, pickOne, type Personality } from '../core/personality';
import { randomInt, shuffle, type RandomGenerator } from '../core/rng';
import type { Bot, SeatId } from '../core/types';
import { TEN_DECK, cardById, deckFor, type Card, type NumberCard } from './cards';
import { heldNumbers, numberKey } from './buying';
import { capacityOf } from './payment';
import { decisionOf, legalActions, paymentMenu, type TenDecision } from './decisions';
import { marginalGains, marginalLosses, scoreTotal } from './scoring';
import type { Payment, TenAction, TenState, TenView } from './state';
import { tenView } from './view';

export type TenBot = Bot<TenState, TenAction>;

function viewFor(state: TenState, seat: SeatId): { view: TenView; decision: TenDecision } {
  const view = tenView(state, seat);
  const decision = decisionOf(view);
  if (!decision || decision.seat !== seat) throw new Error(`bot: seat ${seat} has nothing to decide`);
  return { view, decision };
}

/** Uniform over kinds of action (draw / take numbers / take currency; bid / pass; buy / end), then within the kind. */
export const tenRandomBot: TenBot = {
  name: 'random',
  choose(state, seat, rng: RandomGenerator) {
    const { view } = viewFor(state, seat);
    const options = legalActions(view, seat);
    const kinds = [...new Set(options.map((o) => o.type))];
    const kind = kinds[randomInt(rng, 0, kinds.length - 1)]!;
    const ofKind = options.filter((o) => o.type === kind);
    return ofKind[randomInt(rng, 0, ofKind.length - 1)]!;
  },
};

/** A card's effect on the running total as one number: n for a number card, −v for a currency card, 0 for a joker. */
const TOTAL_EFFECT: ReadonlyMap<string, number> = new Map(
  TEN_DECK.map((c) => [c.id, c.kind === 'number' ? c.number : c.kind === 'currency' ? -c.value : 0]),
);

/** Per table size, how many cards of each total effect the deck holds (index effect + 5: −5 … 9). */
const EFFECT_COUNTS: readonly (readonly number[])[] = [1, 2, 3, 4, 5].map((players) => {
  const counts = new Array<number>(15).fill(0);
  for (const card of deckFor(players)) counts[TOTAL_EFFECT.get(card.id)! + 5]! += 1;
  return counts;
});

/**
 * T3: the exact probability that the next card busts the tableau. The cards a seat has not seen are exactly the draw
 * pile (every other card of the table's deck is in plain view), so: the deck's busting cards minus those in view,
 * over the pile's size. A number n busts when total + n ≥ 11, a currency v when currency + v ≥ 11; jokers never do.
 */
export function bustProbability(view: TenView, total: number, currency: number): number {
  // Nothing can bust below these: the highest number card is 9, the highest currency card 5.
  if (view.deckCount === 0 || (total + 9 < 11 && currency + 5 < 11)) return 0;
  const unseen = EFFECT_COUNTS[view.players.length - 1]!.slice();
  for (const id of view.tableau) unseen[TOTAL_EFFECT.get(id)! + 5]! -= 1;
  for (const pile of [view.market, view.discard, ...view.players.map((p) => p.collection)]) {
    const seen = effectCounts(pile);
    for (let k = 0; k < unseen.length; k++) unseen[k]! -= seen[k]!;
  }
  let busting = 0;
  for (let effect = 1; effect <= 9; effect++) if (total + effect >= 11) busting += unseen[effect + 5]!;
  for (let value = 1; value <= 5; value++) if (currency + value >= 11) busting += unseen[5 - value]!;
  return busting / view.deckCount;
}

/**
 * How many cards of each total effect a pile holds, cached by the pile: the engine replaces a pile's array only when
 * the pile changes, so most piles are counted once however many decisions look at them.
 */
const pileCounts = new WeakMap<readonly string[], readonly number[]>();
function effectCounts(pile: readonly string[]): readonly number[] {
  let counts = pileCounts.get(pile);
  if (!counts) {
    const fresh = new Array<number>(15).fill(0);
    for (const id of pile) fresh[TOTAL_EFFECT.get(id)! + 5]! += 1;
    pileCounts.set(pile, fresh);
    counts = fresh;
  }
  return counts;
}

/** What one point at the end is worth in tokens, for trading points against currency. */
const TOKENS_PER_POINT = 3;

/**
 * The cards of a pile and their score, cached by the pile's array: the engine replaces a collection's array only when
 * it changes, so a collection is looked up and scored once however many decisions consult it.
 */
const pileCards = new WeakMap<readonly string[], { cards: readonly Card[]; score: number }>();
function cardsAndScore(ids: readonly string[]): { cards: readonly Card[]; score: number } {
  let entry = pileCards.get(ids);
  if (!entry) {
    const cards = ids.map(cardById);
    entry = { cards, score: scoreTotal(cards) };
    pileCards.set(ids, entry);
  }
  return entry;
}
const cardsOf = (ids: readonly string[]): readonly Card[] => cardsAndScore(ids).cards;

/** Points the collection gains with `extra` cards. */
function gainWith(collection: readonly Card[], base: number, extra: readonly Card[]): number {
  return scoreTotal([...collection, ...extra]) - base;
}

/** A collection's cards by the points each would cost to give up, cached by the collection's array. */
const lossesByPile = new WeakMap<readonly string[], readonly { id: string; loss: number }[]>();

/**
 * Pays prices for one seat at least cost: tokens, then bust tokens, then the collected cards whose loss costs the
 * fewest points (computed once, and only when cards are needed). Of equally cheap payments, and of cards that cost
 * equally few points, it takes any (drawn with the bot's `rng`), not the first.
 */
class Purse {
  readonly collection: readonly Card[];

  constructor(
    private readonly view: TenView,
    private readonly seat: SeatId,
  ) {
    this.collection = cardsOf(view.players[seat]!.collection);
  }

  private cardsByLoss(): readonly { id: string; loss: number }[] {
    const ids = this.view.players[this.seat]!.collection;
    let byLoss = lossesByPile.get(ids);
    if (!byLoss) {
      const losses = marginalLosses(this.collection);
      byLoss = this.collection.map((card, k) => ({ id: card.id, loss: losses[k]! })).sort((a, b) => a.loss - b.loss);
      lossesByPile.set(ids, byLoss);
    }
    return byLoss;
  }

  /** The `count` cards that cost the fewest points to give up; of cards tied at the cut, any. */
  private cheapestCards(count: number, rng: RandomGenerator): readonly { id: string; loss: number }[] {
    const byLoss = this.cardsByLoss();
    if (count === 0 || count >= byLoss.length || byLoss[count - 1]!.loss !== byLoss[count]!.loss)
      return byLoss.slice(0, count);
    const edge = byLoss[count - 1]!.loss;
    const below = byLoss.filter((c) => c.loss < edge);
    const tied = shuffle(
      rng,
      byLoss.filter((c) => c.loss === edge),
    );
    return [...below, ...tied.slice(0, count - below.length)];
  }

  /** The cheapest payment of `price` and the points it gives up, or null when the seat cannot pay. */
  cheapest(price: number, rng: RandomGenerator): { payment: Payment; pointsLost: number } | null {
    const player = this.view.players[this.seat]!;
    // A card never pays for less than a token does: cards only when tokens and bust tokens cannot cover the price.
    const menu = paymentMenu(player, price, this.view.config.bustTokenValue);
    if (menu.length === 0) return null;
    const withoutCards = menu.filter((o) => o.cards.length === 0);
    // The points a payment's cards give up are the same whichever of the equally cheap cards it takes.
    const priced = (withoutCards.length ? withoutCards : menu).map((option) => {
      const pointsLost = option.cards.length
        ? this.cardsByLoss()
            .slice(0, option.cards.length)
            .reduce((s, c) => s + c.loss, 0)
        : 0;
      const cost = option.tokens + option.bustTokens * 2.5 + option.cards.length + pointsLost * TOKENS_PER_POINT;
      return { option, pointsLost, cost };
    });
    const { option, pointsLost } = bestOf(rng, priced, (p) => -p.cost);
    const cards = option.cards.length ? this.cheapestCards(option.cards.length, rng).map((c) => c.id) : [];
    return { payment: { ...option, cards }, pointsLost };
  }
}

/** How many of the best-ranked market cards the bot scores exactly and prices. */
const BUY_SHORTLIST = 4;

/**
 * Below this chance of busting the (neutral) bot always draws on; above 0.6 it never does. A bold bot's thresholds are
 * these × boldness.
 */
const SAFE_DRAW = 0.15;

function drawOrStop(
  view: TenView,
  seat: SeatId,
  decision: Extract<TenDecision, { kind: 'draw' }>,
  rng: RandomGenerator,
  boldness: number,
): TenAction {
  if (!decision.canStop) return { type: 'draw' };
  const risk = decision.canDraw ? bustProbability(view, decision.total, decision.currency) : 1;
  const safe = SAFE_DRAW * boldness;
  if (risk < safe) return { type: 'draw' };
  const player = view.players[seat]!;
  const { cards: collection, score } = cardsAndScore(player.collection);
  const numbers = view.tableau.map(cardById).filter((c) => c.kind === 'number');
  const pointsGain = numbers.length ? gainWith(collection, score, numbers) : 0;
  const others = view.players.length - 1;
  // Taking the numbers hands the tableau's currency to every other player: a small cost.
  const numbersValue = pointsGain * TOKENS_PER_POINT - (others > 0 ? decision.currency * 0.3 : 0);
  const currencyValue = Math.min(decision.currency, view.config.tokenCap - player.tokens);
  const stopValue = Math.max(numbersValue, currencyValue);
  const threshold = (stopValue <= 0 ? 0.6 : stopValue >= 6 ? SAFE_DRAW : 0.3) * boldness;
  if (risk < threshold) return { type: 'draw' };
  if (numbersValue === currencyValue) return pickOne(rng, [{ type: 'takeNumbers' }, { type: 'takeCurrency' }]);
  return numbersValue > currencyValue ? { type: 'takeNumbers' } : { type: 'takeCurrency' };
}

function bidFor(view: TenView, seat: SeatId, decision: Extract<TenDecision, { kind: 'bid' }>): TenAction {
  const player = view.players[seat]!;
  const [marginal] = marginalGains(cardsOf(player.collection), [cardById(decision.joker)]);
  if (view.players.length === 1)
    return marginal! > 0 && decision.max >= 1 ? { type: 'bid', amount: 1 } : { type: 'pass' };
  // Bid by the joker's marginal score, paid from tokens and bust tokens (spending cards would cost points). Not scaled
  // by boldness: in an ascending auction one token more takes the joker, so a bolder bidder took nearly every joker
  // and the personality became a skill gap (one bold bot won 77 % of games against three cautious ones).
  const spendable = player.tokens + player.bustTokens * view.config.bustTokenValue;
  const willing = Math.min(marginal! * TOKENS_PER_POINT, spendable, decision.max);
  return decision.min <= willing ? { type: 'bid', amount: decision.min } : { type: 'pass' };
}

function buyOrEnd(
  view: TenView,
  seat: SeatId,
  decision: Extract<TenDecision, { kind: 'buy' }>,
  rng: RandomGenerator,
): TenAction {
  const player = view.players[seat]!;
  const capacity = capacityOf(player, view.config);
  // T6: distinct market cards the seat does not already hold and could pay for.
  const candidates: NumberCard[] = [];
  const seen = heldNumbers(player);
  for (const id of view.market) {
    const card = cardById(id) as NumberCard;
    const key = numberKey(card);
    if (seen.has(key) || card.number > capacity) continue;
    seen.add(key);
    candidates.push(card);
  }
  if (candidates.length === 0) return { type: 'endTurn' };
  const purse = new Purse(view, seat);
  // Rank every candidate by its gain without the white jokers (table lookups, no joker-sharing search), then score
  // the best few exactly and price them.
  const plain = purse.collection.filter((c) => c.kind !== 'whiteJoker' && c.kind !== 'wild');
  const rough = marginalGains(plain, candidates);
  const shortlist = bestRanked(
    rng,
    candidates.map((card, k) => ({ card, rank: rough[k]! * TOKENS_PER_POINT - card.number })),
    BUY_SHORTLIST,
  ).map((c) => c.card);
  const gains =
    plain.length === purse.collection.length
      ? shortlist.map((c) => rough[candidates.indexOf(c)]!)
      : marginalGains(purse.collection, shortlist);
  const worth: { card: string; payment: Payment; value: number }[] = [];
  shortlist.forEach((card, k) => {
    const gain = gains[k]!;
    if (gain <= 0) return;
    const paid = purse.cheapest(card.number, rng);
    if (!paid) return;
    const net = gain - paid.pointsLost;
    // Tokens only break ties at the end: in the final round any net point is worth buying.
    const spent = decision.final ? 0 : paid.payment.tokens + paid.payment.bustTokens * 2.5;
    const value = net * TOKENS_PER_POINT - spent;
    if (net > 0 && value > 0) worth.push({ card: card.id, payment: paid.payment, value });
  });
  if (worth.length === 0) return { type: 'endTurn' };
  const chosen = bestOf(rng, worth, (w) => w.value);
  return { type: 'buy', card: chosen.card, payment: chosen.payment };
}

/** The `count` items of highest rank, best first; of items tied at the cut, any (drawn with `rng`). */
function bestRanked<T extends { rank: number }>(rng: RandomGenerator, items: readonly T[], count: number): T[] {
  const ranked = items.slice().sort((a, b) => b.rank - a.rank);
  if (ranked.length <= count || ranked[count - 1]!.rank !== ranked[count]!.rank) return ranked.slice(0, count);
  const edge = ranked[count - 1]!.rank;
  const above = ranked.filter((c) => c.rank > edge);
  const tied = shuffle(
    rng,
    ranked.filter((c) => c.rank === edge),
  );
  return [...above, ...tied.slice(0, count - above.length)];
}

/**
 * A sensible player: draws while the exact chance that the next card busts (from the cards it has not seen) is
 * small for what it stands to lose, values the two rewards by the points the numbers add to its runs against the
 * tokens, bids for jokers by their marginal score, buys the market card that adds the most points, and pays with
 * tokens before cards. Of equally good choices (the two rewards, payments, cards to give up, market cards) it takes
 * any, drawn with `rng`, not the first. `personality.boldness` scales what it risks: its push-your-luck thresholds,
 * the chances of busting it still draws at (× boldness); its joker bids stay neutral (see bidFor).
 */
export function heuristicBot(personality: Personality = NEUTRAL_PERSONALITY): TenBot {
  const { boldness } = personality;
  return {
    name: 'heuristic',
    choose(state, seat, rng) {
      const { view, decision } = viewFor(state, seat);
      switch (decision.kind) {
        case 'draw':
          return drawOrStop(view, seat, decision, rng, boldness);
        case 'bid':
          return bidFor(view, seat, decision);
        case 'pay': {
          const paid = new Purse(view, seat).cheapest(decision.price, rng);
          if (!paid) throw new Error('bot: a won auction cannot be paid');
          return { type: 'pay', payment: paid.payment };
        }
        case 'buy':
          return buyOrEnd(view, seat, decision, rng);
      }
    },
  };
}

/** The heuristic with a neutral personality: what existing callers get. */
export const tenHeuristicBot: TenBot = heuristicBot();

/**
 * An easier opponent than the heuristic: a cautious heuristic that plays the random bot's move at EASY_SLIPS % of its
 * decisions. One of it wins about 12 % of 4-player games against three heuristic bots, where the random bot wins
 * none.
 */
export const tenEasyBot: TenBot = easyBot(heuristicBot({ boldness: BOLDNESS.min }), tenRandomBot);

/**
 * The bots by level: `easy` (tenEasyBot, a softened heuristic: the random bot is too weak to be fun) and `normal`
 * (the neutral heuristic, also under its older name `heuristic`); `random` stays the random bot.
 */
export const tenBots = {
  easy: tenEasyBot,
  normal: tenHeuristicBot,
  random: tenRandomBot,
  heuristic: tenHeuristicBot,
} as const;
export type TenBotName = keyof typeof tenBots;
