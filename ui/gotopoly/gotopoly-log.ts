import {
  LONDON,
  type Colour,
  type GotopolyDecision,
  type GotopolyEvent,
  type Purse,
  type Space,
  type TradeOffer,
} from '../../engine/gotopoly';
import { listNames } from '../lib/seats';

/**
 * The running log of a Gotopoly game in plain English, built only from the engine's events (nobody diffs states):
 * "Ada played a 4 and moved to Park Lane", "Ada paid £35 rent on Park Lane to Bao's uncle"… Events that another
 * event already tells (a rent's transfer, the landing before an action) give null.
 */

/** Pounds with thin grouping that does not depend on the browser's locale: "£1,250", "−£12". */
export function formatPounds(amount: number): string {
  const sign = amount < 0 ? '−' : '';
  const digits = String(Math.abs(Math.trunc(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}£${digits}`;
}

/** The printed name of a board space ("Old Kent Road", "Chance"), or "space n" off the board. */
export function spaceName(index: number): string {
  return LONDON.spaces[index]?.name ?? `space ${index}`;
}

const SHORT: readonly [RegExp, string][] = [
  [/^The Angel Islington$/, 'The Angel'],
  [/^Northumberland Avenue$/, 'Northumb. Ave'],
  [/^Jail \/ Just Visiting$/, 'Jail'],
  [/^Community Chest$/, 'Chest'],
  [/ Station$/, ''],
  [/ Street$/, ' St'],
  [/ Road$/, ' Rd'],
  [/ Square$/, ' Sq'],
  [/ Company$/, ' Co.'],
];

/** A name short enough for a board cell ("Old Kent Rd", "Fenchurch St."). */
export function shortSpaceName(space: Space): string {
  return SHORT.reduce((name, [pattern, by]) => name.replace(pattern, by), space.name);
}

/** The colour group of a property space, or null. */
export function colourOf(index: number): Colour | null {
  const space = LONDON.spaces[index];
  return space?.kind === 'property' ? space.colour : null;
}

const seatName = (names: readonly string[], seat: number): string => names[seat] ?? `Seat ${seat + 1}`;
const uncleName = (names: readonly string[], seat: number): string => `${seatName(names, seat)}’s uncle`;
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function purseName(purse: Purse, names: readonly string[]): string {
  if (purse === 'bank') return 'the bank';
  return 'student' in purse ? seatName(names, purse.student) : uncleName(names, purse.uncle);
}

/** One side of a trade in words: "Old Kent Road and £50", or "nothing". */
function tradeSide(spaces: readonly number[], cash: number): string {
  const parts = spaces.map(spaceName);
  if (cash > 0) parts.push(formatPounds(cash));
  return parts.length ? listNames(parts) : 'nothing';
}

/** "Ada’s uncle offers Bao’s uncle Old Kent Road for £60". */
export function describeOffer(offer: TradeOffer, names: readonly string[]): string {
  return `${uncleName(names, offer.from)} offers ${uncleName(names, offer.to)} ${tradeSide(offer.give, offer.giveCash)} for ${tradeSide(offer.take, offer.takeCash)}`;
}

/** One event as a sentence, or null when another event tells it (or it tells nothing worth reading). */
export function describeGotopolyEvent(event: GotopolyEvent, names: readonly string[]): string | null {
  const who = (seat: number) => seatName(names, seat);
  const uncle = (seat: number) => uncleName(names, seat);
  switch (event.type) {
    case 'termStarted':
      return `Term ${event.term} begins`;
    case 'phaseStarted':
      return event.phase === 'build'
        ? null
        : `Term ${event.term}: ${event.phase === 'auction' ? 'Auction' : 'Movement'} phase`;
    case 'transfer': {
      const from = purseName(event.from, names);
      const to = purseName(event.to, names);
      switch (event.reason) {
        case 'fare':
          return `${from} paid ${formatPounds(event.amount)} in fares`;
        case 'tax':
          return `${from} paid ${formatPounds(event.amount)} ${event.space === undefined ? 'tax' : spaceName(event.space)}`;
        case 'card':
          return event.from === 'bank'
            ? `${to} collected ${formatPounds(event.amount)}`
            : `${from} paid ${formatPounds(event.amount)} to the bank`;
        case 'bail':
          return `${from} paid ${formatPounds(event.amount)} bail`;
        case 'writeOff':
          return `The bank wrote off ${to}’s debt of ${formatPounds(event.amount)}`;
        case 'grant':
          return `${to} received a fresh ${formatPounds(event.amount)} grant`;
        case 'rent':
        case 'wage':
        case 'railFare':
        case 'handout':
        case 'utility':
        case 'auction':
        case 'house':
        case 'trade':
          return null; // told by rent, worked, wentHome, paidBill, auctionResolved, built, tradeAccepted
      }
      return null;
    }
    case 'built':
      return event.houses >= 5
        ? `${uncle(event.seat)} upgraded ${spaceName(event.space)} to a B&B (${formatPounds(event.cost)})`
        : `${uncle(event.seat)} built house ${event.houses} on ${spaceName(event.space)} (${formatPounds(event.cost)})`;
    case 'tradeOffered':
      return describeOffer(event.offer, names);
    case 'tradeAccepted':
      return `${uncle(event.offer.to)} accepted: ${uncle(event.offer.from)} gave ${tradeSide(event.offer.give, event.offer.giveCash)} for ${tradeSide(event.offer.take, event.offer.takeCash)}`;
    case 'tradeRejected':
      return `${uncle(event.offer.to)} turned down ${uncle(event.offer.from)}’s offer`;
    case 'buildTradeDone':
      return `${uncle(event.seat)} is done building and trading`;
    case 'auctionOpened':
      return `${event.term === 0 ? 'Opening auction' : `Term ${event.term} auction`}: ${listNames(event.lot.map(spaceName))}`;
    case 'bidSubmitted':
      return `${uncle(event.seat)} placed sealed bids`;
    case 'auctionResolved':
      return event.results
        .map((r) => {
          if (r.winner !== null) return `${spaceName(r.space)} sold to ${uncle(r.winner)} for ${formatPounds(r.price)}`;
          const top = Math.max(0, ...r.bids);
          return top > 0
            ? `${spaceName(r.space)} unsold (tie at ${formatPounds(top)})`
            : `${spaceName(r.space)} unsold (no bids)`;
        })
        .join('; ');
    case 'moveOrder':
      return `Move order: ${event.order.map(who).join(', ')}`;
    case 'turnStarted':
    case 'landed':
      return null;
    case 'jailTurnServed':
      return `${who(event.seat)} served ${event.turns === 1 ? 'a first' : `turn ${event.turns} of a`} jail term`;
    case 'leftJail':
      return event.how === 'served'
        ? `${who(event.seat)} is out of jail (time served)`
        : event.how === 'bail'
          ? `${who(event.seat)} paid bail and left jail`
          : `${who(event.seat)} used Get Out Of Jail Free`;
    case 'tokenUsed':
      return `${who(event.seat)} played a ${event.token} (a ${event.replacement} replaces it)`;
    case 'moved':
      if (event.by === 'token')
        return `${who(event.seat)} moved ${plural(event.steps, 'space')} to ${spaceName(event.to)}`;
      return event.steps < 0
        ? `${who(event.seat)} went back ${plural(-event.steps, 'space')} to ${spaceName(event.to)}`
        : `${who(event.seat)} went on to ${spaceName(event.to)}`;
    case 'rent':
      return `${who(event.seat)} paid ${formatPounds(event.amount)} rent on ${spaceName(event.space)} to ${event.to === 'bank' ? 'the bank' : uncle(event.to)}${event.doubled ? ' (doubled: whole colour owned)' : ''}`;
    case 'rentFree':
      return event.why === 'alreadyVisited'
        ? `${who(event.seat)} kipped on the floor at ${spaceName(event.space)}: no rent`
        : `${spaceName(event.space)} is ${uncle(event.seat)}’s: no rent there this term`;
    case 'studied':
      return `${who(event.seat)} studied at ${spaceName(event.space)}: ${plural(event.credits, 'term credit')}`;
    case 'worked':
      return `${who(event.seat)} worked at ${spaceName(event.space)}: +${formatPounds(event.wage)}`;
    case 'wentHome':
      return `${who(event.seat)} went home from ${spaceName(event.space)}: fare ${formatPounds(event.fare)}, handout ${formatPounds(event.handout)} (dice ${event.dice.join(' + ')})`;
    case 'sleptRough':
      return `${who(event.seat)} slept rough at ${spaceName(event.space)}`;
    case 'paidBill':
      return `${who(event.seat)} paid the ${spaceName(event.space)} bill: ${formatPounds(event.bill)}`;
    case 'tookRisk':
      return `${who(event.seat)} skipped the ${spaceName(event.space)} bill and took a RISK card (${event.risk} held)`;
    case 'cardDrawn':
      return `${who(event.seat)} drew ${event.deck === 'chance' ? 'Chance' : 'Community Chest'}: “${event.text}”`;
    case 'deckReshuffled':
      return `The ${event.deck === 'chance' ? 'Chance' : 'Community Chest'} deck was reshuffled`;
    case 'riskChanged':
      return `${who(event.seat)} now holds ${plural(event.risk, 'RISK card')}`;
    case 'sentToJail': {
      const why =
        event.cause === 'space' ? 'Go To Jail' : event.cause === 'card' ? 'a card' : 'played a token ≤ RISK cards held';
      return `${who(event.seat)} was sent to jail (${why})`;
    }
    case 'passedGo':
      return `${who(event.seat)} passed GO: lap ${event.laps}`;
    case 'bankrupt':
      return `${who(event.seat)} is in the red (${formatPounds(event.cash)}) and is thrown off the course`;
    case 'restarted':
      return `${who(event.seat)} restarted at GO`;
    case 'retired':
      return `${who(event.seat)} retired from the course`;
    case 'chainLimit':
      return `Too many moves in one turn: ${who(event.seat)} stops on ${spaceName(event.space)}`;
    case 'termEnded':
      return `Term ${event.term} ends`;
    case 'gameEnded': {
      const winners = listNames(event.winners.map(who));
      if (event.reason === 'degree') return `${winners} graduated and wins the game!`;
      const top = event.standings.find((s) => s.rank === 1);
      const credits = top ? ` with ${plural(top.credits, 'term credit')}` : '';
      const why = event.reason === 'timeLimit' ? 'Time limit reached' : 'No student left on the course';
      return event.winners.length === 1
        ? `${why}: ${winners} wins${credits}`
        : `${why}: shared win for ${winners}${credits}`;
    }
  }
}

/**
 * Where the game stands against its G18 time limit, beside the term's name: "before term 1; the game lasts at most
 * 150 terms" during the opening auction, "of at most 150 terms" after (never "Opening auction of
 * at most 150", which reads as if the auction had the limit).
 */
export function termLimitText(term: number, maxTerms: number): string {
  const terms = `${maxTerms.toLocaleString('en-US')} ${maxTerms === 1 ? 'term' : 'terms'}`;
  return term === 0 ? `before term 1; the game lasts at most ${terms}` : `of at most ${terms}`;
}

/** What a pending decision waits for, in words ("Bao’s uncle to bid", "Ada to pick a move token"). */
export function describeGotopolyDecision(decision: GotopolyDecision, names: readonly string[]): string {
  const who = seatName(names, decision.seat);
  const uncle = uncleName(names, decision.seat);
  switch (decision.kind) {
    case 'buildTrade':
      return `${uncle} to build or trade`;
    case 'answerTrade':
      return `${uncle} to answer a trade offer`;
    case 'bid':
      return `${uncle} to bid`;
    case 'jail':
      return `${who} to serve jail time or get out`;
    case 'token':
      return `${who} to pick a move token`;
    case 'study':
      return `${who} to study or work at ${spaceName(decision.space)}`;
    case 'station':
      return `${who} to go home or sleep rough at ${spaceName(decision.space)}`;
    case 'utility':
      return `${who} to pay the ${spaceName(decision.space)} bill or take a RISK card`;
    case 'bankrupt':
      return `${who} to restart or retire`;
  }
}
