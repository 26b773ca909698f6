import { cardById, type Card, type TenEvent } from '../../engine/ten';
import { tenWords, type TenWords } from './ten-locale';

/**
 * The running log of a Ten game in words (English unless `w` says otherwise), built only from the engine's events:
 * "Ada drew Red 5 (total 7)", "Bao bid 3 for White #", "Ada bought Blue 4 for 4"… Events another event already tells
 * give null.
 */

/** A card in words: "Red 5", "Red #" (colour joker), "White 5" (any colour), "White #" (anything), "Currency 3". */
export function cardLabel(card: Card, w: TenWords = tenWords()): string {
  switch (card.kind) {
    case 'number':
      return w.t('card.number', { colour: w.t(`colour.${card.colour}`), number: card.number });
    case 'colourJoker':
      return w.t('card.colourJoker', { colour: w.t(`colour.${card.colour}`) });
    case 'whiteJoker':
      return w.t('card.whiteJoker', { number: card.number });
    case 'wild':
      return w.t('card.wild');
    case 'currency':
      return w.t('card.currency', { value: card.value });
  }
}

/** The label of a card id, tolerating unknown ids (a record from another version). */
export function cardIdLabel(id: string, w: TenWords = tenWords()): string {
  try {
    return cardLabel(cardById(id), w);
  } catch {
    return id;
  }
}

/** One event as a sentence, or null when another event tells it. */
export function describeTenEvent(event: TenEvent, names: readonly string[], w: TenWords = tenWords()): string | null {
  const { t } = w;
  const who = (seat: number) => names[seat] ?? t('log.seat', { n: seat + 1 });
  const card = (id: string) => cardIdLabel(id, w);
  const cards = (ids: readonly string[]) => w.list(ids.map(card));
  switch (event.type) {
    case 'turnStarted':
      return t('log.turnStarted', { turn: event.turn, who: who(event.seat) });
    case 'drew': {
      const drawn = cardById(event.card);
      if (drawn.kind !== 'number' && drawn.kind !== 'currency')
        return t('log.drewJoker', { who: who(event.seat), card: cardLabel(drawn, w) });
      return t('log.drew', {
        who: who(event.seat),
        card: cardLabel(drawn, w),
        total: event.total,
        currency: event.currency,
      });
    }
    case 'busted':
      return event.cause === 'numbers'
        ? t('log.bustNumbers', { who: who(event.seat), total: event.total })
        : t('log.bustCurrency', { who: who(event.seat), currency: event.currency });
    case 'tookNumbers':
      return event.cards.length
        ? t('log.tookNumbers', { who: who(event.seat), cards: cards(event.cards) })
        : t('log.stoppedEmpty', { who: who(event.seat) });
    case 'tookCurrency':
      return t('log.tookCurrency', { who: who(event.seat), value: event.value });
    case 'gained': {
      if (event.amount === 0 && event.lost === 0) return null;
      const tokens = t('count.tokens', { n: event.amount });
      return event.lost > 0
        ? t('log.gainedLost', { who: who(event.seat), tokens, lost: event.lost })
        : t('log.gained', { who: who(event.seat), tokens });
    }
    case 'bustToken':
      return event.received
        ? t('log.bustToken', { who: who(event.seat) })
        : t('log.noBustToken', { who: who(event.seat) });
    case 'toMarket':
      return t('log.toMarket', { cards: cards(event.cards) });
    case 'discarded':
      return t('log.discarded', { cards: cards(event.cards) });
    case 'auctionOpened':
      return t('log.auctionOpened', { card: card(event.joker), bidders: event.bidders.map(who).join(', ') });
    case 'bid':
      return t('log.bid', { who: who(event.seat), amount: event.amount });
    case 'passed':
      return t('log.passed', { who: who(event.seat) });
    case 'auctionWon':
      return t('log.auctionWon', { who: who(event.seat), card: card(event.joker), price: event.price });
    case 'jokerDiscarded':
      return t('log.jokerDiscarded', { card: card(event.joker) });
    case 'paid': {
      const parts: string[] = [];
      if (event.tokens) parts.push(t('count.tokens', { n: event.tokens }));
      if (event.bustTokens) parts.push(t('count.bustTokens', { n: event.bustTokens }));
      if (event.cards.length) parts.push(cards(event.cards));
      const values = {
        who: who(event.seat),
        price: event.price,
        parts: parts.length ? w.list(parts) : t('log.nothing'),
      };
      return event.lost > 0 ? t('log.paidLost', { ...values, lost: event.lost }) : t('log.paid', values);
    }
    case 'bought':
      return t('log.bought', { who: who(event.seat), card: card(event.card), price: event.price });
    case 'buyPhaseEnded':
      return event.bought ? null : t('log.boughtNothing', { who: who(event.seat) });
    case 'deckEmpty':
      return t('log.deckEmpty', { who: who(event.seat) });
    case 'finalRound':
      return t('log.finalRound', { order: event.order.map(who).join(', ') });
    case 'gameEnded': {
      const top = event.scores.find((s) => s.seat === event.winners[0]);
      if (event.newBest !== undefined) {
        return t(event.newBest ? 'log.soloBest' : 'log.soloOver', {
          who: who(event.scores[0]?.seat ?? 0),
          points: top?.points ?? 0,
        });
      }
      const points = top ? t('count.points', { n: top.points }) : null;
      if (event.winners.length === 1) {
        const winner = who(event.winners[0]!);
        return points ? t('log.winsWith', { who: winner, points }) : t('log.wins', { who: winner });
      }
      const all = w.list(event.winners.map(who));
      return points ? t('log.sharedWith', { who: all, points }) : t('log.shared', { who: all });
    }
  }
}
