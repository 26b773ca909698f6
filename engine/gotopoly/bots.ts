import { BOLDNESS, NEUTRAL_PERSONALITY, bestOf, easyBot, pickOne, type Personality } from '../core/personality';
import { randomInt, type RandomGenerator } from '../core/rng';
import type { Bot, SeatId } from '../core/types';
import { LONDON } from './boards/london';
import { buildableSpaces, groupOf, isTradable } from './building';
import { jailCardOf } from './card-deck';
import { decisionOf, legalActions, type GotopolyDecision } from './decisions';
import { rentOf } from './property';
import { positionOf, propertyAt } from './ring';
import { railFare } from './station';
import type { GotopolyAction, GotopolyState, GotopolyView, TradeOffer } from './state';
import { gotopolyView } from './view';

export type GotopolyBot = Bot<GotopolyState, GotopolyAction>;

/** Bots see what their seat sees (view.ts), never the deck order, the PRNG or other uncles' sealed bids. */
function viewFor(state: GotopolyState, seat: SeatId): { view: GotopolyView; decision: GotopolyDecision } {
  const view = gotopolyView(state, seat);
  const decision = decisionOf(view, seat);
  if (!decision) throw new Error(`bot: seat ${seat} has nothing to decide`);
  return { view, decision };
}

/** Random sealed bids: each lot property gets a bid up to its list price half the time, scaled down to fit the cash. */
function randomBids(lot: readonly number[], cash: number, rng: RandomGenerator): number[] {
  const bids = lot.map((space) =>
    randomInt(rng, 0, 1) === 1 ? randomInt(rng, 1, propertyAt(LONDON, space)!.price) : 0,
  );
  const total = bids.reduce((a, b) => a + b, 0);
  return total <= cash ? bids : bids.map((b) => Math.floor((b * cash) / total));
}

/**
 * Uniform over kinds of legal action (build, trade, end; serve, pay, card…), then uniform within the kind, so the
 * many possible trade offers do not crowd out everything else; sealed bids are random amounts within the cash.
 */
export const gotopolyRandomBot: GotopolyBot = {
  name: 'random',
  choose(state, seat, rng) {
    const { view, decision } = viewFor(state, seat);
    if (decision.kind === 'bid') return { type: 'bid', bids: randomBids(decision.lot, decision.cash, rng) };
    const options = legalActions(view, seat);
    const kinds = [...new Set(options.map((o) => o.type))];
    const kind = kinds[randomInt(rng, 0, kinds.length - 1)]!;
    const ofKind = options.filter((o) => o.type === kind);
    return ofKind[randomInt(rng, 0, ofKind.length - 1)]!;
  },
};

/** How much a property is worth to `seat`'s uncle: list price, more when it builds towards a whole colour group. */
function worthTo(view: GotopolyView, seat: SeatId, space: number, without: readonly number[] = []): number {
  const property = propertyAt(LONDON, space)!;
  const group = groupOf(property);
  const owners = group.filter((s) => s !== space && !without.includes(s)).map((s) => view.estates[s]!.owner);
  const mine = owners.filter((o) => o === seat).length;
  const rivals = owners.filter((o) => o !== null && o !== seat).length;
  const completes = mine === group.length - 1;
  // Rent yield: what a built-up property earns per pound sunk into it (cheap groups earn more per pound).
  const builtYield = property.rent[3]! / (property.price + 3 * property.houseCost);
  const factor = 1 + (completes ? 1 : mine * 0.3) - (rivals > 0 ? 0.25 : 0) + builtYield * 0.5;
  return Math.round(property.price * factor);
}

function heuristicBids(
  view: GotopolyView,
  seat: SeatId,
  lot: readonly number[],
  cash: number,
  rng: RandomGenerator,
  boldness: number,
): number[] {
  // Keep back a reserve for houses; jitter so that equal minds rarely tie (a tie leaves the property unsold, G4).
  // A bold uncle bids more and spends more of its cash (× boldness: at most 0.8 of it in the first term).
  const budget = Math.floor(cash * (view.term === 0 ? 0.7 : 0.5) * boldness);
  const bids = lot.map((space) => Math.round((worthTo(view, seat, space) * randomInt(rng, 80, 110) * boldness) / 100));
  const total = bids.reduce((a, b) => a + b, 0);
  return total <= budget ? bids : bids.map((b) => Math.floor((b * budget) / total));
}

/** The best house to add: the largest rent increase per pound (of equal increases, any). */
function bestBuild(view: GotopolyView, seat: SeatId, rng: RandomGenerator): number | null {
  const spaces = buildableSpaces(view, seat);
  if (spaces.length === 0) return null;
  return bestOf(rng, spaces, (space) => {
    const p = propertyAt(LONDON, space)!;
    const h = view.estates[space]!.houses;
    return (p.rent[h + 1]! - p.rent[h]!) / p.houseCost;
  });
}

/**
 * An offer for the one property missing from a colour group this uncle otherwise owns, at 1.5 × its list price
 * (× boldness) when that is within 0.6 of its cash (× boldness); of several such properties, any.
 */
function completionOffer(view: GotopolyView, seat: SeatId, rng: RandomGenerator, boldness: number): TradeOffer | null {
  const cash = view.uncles[seat]!.cash;
  const offers: TradeOffer[] = [];
  for (const space of LONDON.properties) {
    const owner = view.estates[space]!.owner;
    if (owner === null || owner === seat || !isTradable(view.estates, space)) continue;
    const group = groupOf(propertyAt(LONDON, space)!);
    if (!group.every((s) => s === space || view.estates[s]!.owner === seat)) continue;
    const price = Math.round(propertyAt(LONDON, space)!.price * 1.5 * boldness);
    if (price <= cash * 0.6 * boldness)
      offers.push({ from: seat, to: owner, give: [], take: [space], giveCash: price, takeCash: 0 });
  }
  return offers.length ? pickOne(rng, offers) : null;
}

/** Accepts when what the uncle gains (cash and properties, at their worth to it) beats what it gives up. */
function acceptsTrade(view: GotopolyView, seat: SeatId, offer: TradeOffer): boolean {
  const lose = offer.take.reduce((sum, s) => sum + worthTo(view, seat, s), 0) + offer.takeCash;
  const gain = offer.give.reduce((sum, s) => sum + worthTo(view, seat, s, offer.take), 0) + offer.giveCash;
  return gain > lose;
}

/** The score of landing on `space` for the student (higher is better), from public information. */
function landingScore(view: GotopolyView, seat: SeatId, space: number, cashAfterFare: number, credits: number): number {
  const target = view.config.creditsToWin;
  const s = LONDON.spaces[space]!;
  const broke = (cost: number) => (cost > cashAfterFare ? -400 - 40 * credits : -cost);
  switch (s.kind) {
    case 'go':
      return credits >= target && cashAfterFare >= 0 ? 1_000_000 : 0;
    case 'property': {
      const estate = view.estates[space]!;
      const rent = estate.visited === view.term || estate.owner === seat ? 0 : rentOf(view.estates, space, s).amount;
      return (credits < target ? 40 : 5) + broke(rent);
    }
    case 'station': {
      const fare = railFare(space, view.students[seat]!, view.config.railcardDiscount);
      const handout = 7 * credits * view.config.handoutPerCredit;
      return fare <= cashAfterFare ? Math.max(0, handout - fare) : 0;
    }
    case 'utility':
      return -8;
    case 'tax':
      return broke(s.amount);
    case 'card':
      return -3;
    case 'go-to-jail':
      return -60;
    case 'jail':
    case 'free-parking':
      return 0;
  }
}

/** The token with the best score (of equally good ones, any). */
function chooseToken(view: GotopolyView, seat: SeatId, tokens: readonly number[], rng: RandomGenerator): number {
  return bestOf(rng, new Set(tokens), (token) => tokenScore(view, seat, tokens, token));
}

function tokenScore(view: GotopolyView, seat: SeatId, tokens: readonly number[], token: number): number {
  const student = view.students[seat]!;
  const target = view.config.creditsToWin;
  if (token <= student.risk) return -500;
  const cashAfter = student.cash - token * view.config.farePerSpace;
  const progress = student.progress + token;
  const space = positionOf(progress);
  let score = landingScore(view, seat, space, cashAfter, student.credits) - token * view.config.farePerSpace;
  const credits = student.credits + (LONDON.spaces[space]!.kind === 'property' ? 1 : 0);
  const toGo = 40 - (progress % 40);
  if (credits >= target && space !== 0) {
    // Near the finish: set up an exact landing on GO with a token still held afterwards, never overshoot it.
    const left = tokens.slice();
    left.splice(left.indexOf(token), 1, 7 - token);
    if (toGo <= 6 && left.includes(toGo) && toGo > student.risk) score += 300;
    if (Math.floor(progress / 40) > Math.floor(student.progress / 40)) score -= 200;
  }
  return score;
}

/**
 * A sensible player. The uncle values properties by rent yield and colour completion, bids within a budget, builds
 * where a house adds the most rent per pound, and buys the last property of a group. The student picks tokens that
 * land on rent-free or useful spaces, avoids RISK jail, and aims to land exactly on GO with enough credits. Of
 * equally good builds, trade offers and tokens it takes any (drawn with `rng`), not the first. `personality.boldness`
 * scales what it risks: its bids, its bid budget and the price it offers for a group's last property (× boldness),
 * the cash it keeps back before paying bail or a fare home (÷ boldness), and the smallest utility bill it would
 * rather take a RISK card for (÷ boldness).
 */
export function heuristicBot(personality: Personality = NEUTRAL_PERSONALITY): GotopolyBot {
  const { boldness } = personality;
  const bailReserve = 40 / boldness;
  const fareReserve = 20 / boldness;
  const riskyBill = 12 / boldness;
  return {
    name: 'heuristic',
    choose(state, seat, rng) {
      const { view, decision } = viewFor(state, seat);
      const student = view.students[seat]!;
      switch (decision.kind) {
        case 'bid':
          return { type: 'bid', bids: heuristicBids(view, seat, decision.lot, decision.cash, rng, boldness) };
        case 'buildTrade': {
          const space = decision.built ? null : bestBuild(view, seat, rng);
          if (space !== null) return { type: 'build', space };
          // One offer per term at most: a rejected offer would only be repeated.
          const firstOffer = decision.offersLeft === view.config.tradeOffersPerTerm && decision.offersLeft > 0;
          const offer = firstOffer ? completionOffer(view, seat, rng, boldness) : null;
          if (!offer) return { type: 'endBuild' };
          const { from: _from, ...terms } = offer;
          return { type: 'offerTrade', ...terms };
        }
        case 'answerTrade':
          return acceptsTrade(view, seat, decision.offer) ? { type: 'acceptTrade' } : { type: 'rejectTrade' };
        case 'jail':
          if (jailCardOf(student)) return { type: 'useJailCard' };
          return student.cash >= view.config.bail + bailReserve ? { type: 'payBail' } : { type: 'serve' };
        case 'token':
          return { type: 'move', token: chooseToken(view, seat, decision.tokens, rng) };
        case 'study':
          return student.credits < view.config.creditsToWin && student.cash >= 5 ? { type: 'study' } : { type: 'work' };
        case 'station': {
          const handout = 7 * student.credits * view.config.handoutPerCredit;
          return handout > decision.fare && student.cash >= decision.fare + fareReserve
            ? { type: 'goHome' }
            : { type: 'sleepRough' };
        }
        case 'utility':
          return student.risk === 0 && decision.bill > riskyBill ? { type: 'takeRisk' } : legalActions(view, seat)[0]!;
        case 'bankrupt':
          return { type: 'restart' };
      }
    },
  };
}

/** The heuristic with a neutral personality: what existing callers get. */
export const gotopolyHeuristicBot: GotopolyBot = heuristicBot();

/**
 * An easier opponent than the heuristic: a cautious heuristic that plays the random bot's move at EASY_SLIPS % of its
 * decisions (never retiring a bankrupt student). One of it wins about 12 % of 4-player games against three heuristic
 * bots, where the random bot wins none.
 */
export const gotopolyEasyBot: GotopolyBot = easyBot(
  heuristicBot({ boldness: BOLDNESS.min }),
  gotopolyRandomBot,
  (state, seat) => viewFor(state, seat).decision.kind !== 'bankrupt',
);

/**
 * The bots by level: `easy` (gotopolyEasyBot, a softened heuristic: the random bot is too weak to be fun) and
 * `normal` (the neutral heuristic, also under its older name `heuristic`); `random` stays the random bot.
 */
export const gotopolyBots = {
  easy: gotopolyEasyBot,
  normal: gotopolyHeuristicBot,
  random: gotopolyRandomBot,
  heuristic: gotopolyHeuristicBot,
} as const;
export type GotopolyBotName = keyof typeof gotopolyBots;
