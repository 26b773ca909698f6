import { randomInt, type RandomGenerator } from '../core/rng';
import type { Bot, SeatId } from '../core/types';
import { cardById, deckFor, type Card, type NumberCard } from './cards';
import { heldNumbers, numberKey } from './buying';
import { decisionOf, legalActions, paymentMenu, type TenDecision } from './decisions';
import { marginalGains, scoreTotal } from './scoring';
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

/** Whether a card drawn onto a tableau with this total and currency would bust it (T3; jokers never do). */
function wouldBust(card: Card, total: number, currency: number): boolean {
  return (card.kind === 'number' && total + card.number >= 11) || (card.kind === 'currency' && currency + card.value >= 11);
}

/**
 * T3: the exact probability that the next card busts the tableau. The cards a seat has not seen are exactly the draw
 * pile (every other card of the table's deck is in plain view), so: busting cards of the deck minus those in view,
 * over the pile's size.
 */
export function bustProbability(view: TenView, total: number, currency: number): number {
  // Nothing can bust below these: the highest number card is 9, the highest currency card 5.
  if (view.deckCount === 0 || (total + 9 < 11 && currency + 5 < 11)) return 0;
  let busting = 0;
  for (const card of deckFor(view.players.length)) if (wouldBust(card, total, currency)) busting++;
  const seen = (ids: readonly string[]) => {
    for (const id of ids) if (wouldBust(cardById(id), total, currency)) busting--;
  };
  seen(view.tableau);
  seen(view.market);
  seen(view.discard);
  for (const p of view.players) seen(p.collection);
  return busting / view.deckCount;
}

/** What one point at the end is worth in tokens, for trading points against currency. */
const TOKENS_PER_POINT = 3;

const cardsOf = (ids: readonly string[]) => ids.map(cardById);

/** Points the collection gains with `extra` cards. */
function gainWith(collection: readonly Card[], base: number, extra: readonly Card[]): number {
  return scoreTotal([...collection, ...extra]) - base;
}

/**
 * Pays prices for one seat at least cost: tokens, then bust tokens, then the collected cards whose loss costs the
 * fewest points (computed once, and only when cards are needed).
 */
class Purse {
  private byLoss: { id: string; loss: number }[] | null = null;
  readonly collection: Card[];

  constructor(private readonly view: TenView, private readonly seat: SeatId) {
    this.collection = cardsOf(view.players[seat]!.collection);
  }

  private cardsByLoss(): { id: string; loss: number }[] {
    const base = scoreTotal(this.collection);
    this.byLoss ??= this.collection
      .map((card) => ({ id: card.id, loss: base - scoreTotal(this.collection.filter((c) => c !== card)) }))
      .sort((a, b) => a.loss - b.loss);
    return this.byLoss;
  }

  /** The cheapest payment of `price` and the points it gives up, or null when the seat cannot pay. */
  cheapest(price: number): { payment: Payment; pointsLost: number } | null {
    const player = this.view.players[this.seat]!;
    let best: { payment: Payment; pointsLost: number } | null = null;
    let bestCost = Infinity;
    // A card never pays for less than a token does: cards only when tokens and bust tokens cannot cover the price.
    const menu = paymentMenu(player, price, this.view.config.bustTokenValue);
    const withoutCards = menu.filter((o) => o.cards.length === 0);
    for (const option of withoutCards.length ? withoutCards : menu) {
      const cards = option.cards.length ? this.cardsByLoss().slice(0, option.cards.length) : [];
      const pointsLost = cards.reduce((s, c) => s + c.loss, 0);
      const cost = option.tokens + option.bustTokens * 2.5 + cards.length + pointsLost * TOKENS_PER_POINT;
      if (cost < bestCost) [best, bestCost] = [{ payment: { ...option, cards: cards.map((c) => c.id) }, pointsLost }, cost];
    }
    return best;
  }
}

/** Below this chance of busting the bot always draws on; above 0.6 it never does. */
const SAFE_DRAW = 0.15;

function drawOrStop(view: TenView, seat: SeatId, decision: Extract<TenDecision, { kind: 'draw' }>): TenAction {
  if (!decision.canStop) return { type: 'draw' };
  const risk = decision.canDraw ? bustProbability(view, decision.total, decision.currency) : 1;
  if (risk < SAFE_DRAW) return { type: 'draw' };
  const player = view.players[seat]!;
  const collection = cardsOf(player.collection);
  const numbers = cardsOf(view.tableau).filter((c) => c.kind === 'number');
  const pointsGain = numbers.length ? gainWith(collection, scoreTotal(collection), numbers) : 0;
  const others = view.players.length - 1;
  // Taking the numbers hands the tableau's currency to every other player: a small cost.
  const numbersValue = pointsGain * TOKENS_PER_POINT - (others > 0 ? decision.currency * 0.3 : 0);
  const currencyValue = Math.min(decision.currency, view.config.tokenCap - player.tokens);
  const stopValue = Math.max(numbersValue, currencyValue);
  const threshold = stopValue <= 0 ? 0.6 : stopValue >= 6 ? SAFE_DRAW : 0.3;
  if (risk < threshold) return { type: 'draw' };
  return numbersValue >= currencyValue ? { type: 'takeNumbers' } : { type: 'takeCurrency' };
}

function bidFor(view: TenView, seat: SeatId, decision: Extract<TenDecision, { kind: 'bid' }>): TenAction {
  const player = view.players[seat]!;
  const [marginal] = marginalGains(cardsOf(player.collection), [cardById(decision.joker)]);
  if (view.players.length === 1) return marginal! > 0 && decision.max >= 1 ? { type: 'bid', amount: 1 } : { type: 'pass' };
  // Bid by the joker's marginal score, paid from tokens and bust tokens (spending cards would cost points).
  const spendable = player.tokens + player.bustTokens * view.config.bustTokenValue;
  const willing = Math.min(marginal! * TOKENS_PER_POINT, spendable, decision.max);
  return decision.min <= willing ? { type: 'bid', amount: decision.min } : { type: 'pass' };
}

function buyOrEnd(view: TenView, seat: SeatId, decision: Extract<TenDecision, { kind: 'buy' }>): TenAction {
  const player = view.players[seat]!;
  const candidates: NumberCard[] = [];
  const considered = heldNumbers(player);
  for (const id of view.market) {
    const card = cardById(id) as NumberCard;
    const key = numberKey(card);
    if (considered.has(key)) continue;
    considered.add(key);
    candidates.push(card);
  }
  if (candidates.length === 0) return { type: 'endTurn' };
  const purse = new Purse(view, seat);
  const gains = marginalGains(purse.collection, candidates);
  let best: { card: string; payment: Payment; value: number } | null = null;
  candidates.forEach((card, k) => {
    const gain = gains[k]!;
    if (gain <= 0) return;
    const paid = purse.cheapest(card.number);
    if (!paid) return;
    const net = gain - paid.pointsLost;
    // Tokens only break ties at the end: in the final round any net point is worth buying.
    const spent = decision.final ? 0 : paid.payment.tokens + paid.payment.bustTokens * 2.5;
    const value = net * TOKENS_PER_POINT - spent;
    if (net > 0 && value > 0 && (!best || value > best.value)) best = { card: card.id, payment: paid.payment, value };
  });
  const chosen = best as { card: string; payment: Payment } | null;
  return chosen ? { type: 'buy', card: chosen.card, payment: chosen.payment } : { type: 'endTurn' };
}

/**
 * A sensible player: draws while the exact chance that the next card busts (from the cards it has not seen) is
 * small for what it stands to lose, values the two rewards by the points the numbers add to its runs against the
 * tokens, bids for jokers by their marginal score, buys the market card that adds the most points, and pays with
 * tokens before cards.
 */
export const tenHeuristicBot: TenBot = {
  name: 'heuristic',
  choose(state, seat) {
    const { view, decision } = viewFor(state, seat);
    switch (decision.kind) {
      case 'draw':
        return drawOrStop(view, seat, decision);
      case 'bid':
        return bidFor(view, seat, decision);
      case 'pay': {
        const paid = new Purse(view, seat).cheapest(decision.price);
        if (!paid) throw new Error('bot: a won auction cannot be paid');
        return { type: 'pay', payment: paid.payment };
      }
      case 'buy':
        return buyOrEnd(view, seat, decision);
    }
  },
};

export const tenBots = { random: tenRandomBot, heuristic: tenHeuristicBot } as const;
export type TenBotName = keyof typeof tenBots;
