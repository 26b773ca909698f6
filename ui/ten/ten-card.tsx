import { cardById, type Card } from '../../engine/ten';
import { cardLabel } from './ten-log';

/** The colour class of a card: its colour, white for white jokers, currency for currency cards. */
export function cardTone(card: Card): string {
  switch (card.kind) {
    case 'number':
    case 'colourJoker':
      return card.colour;
    case 'whiteJoker':
    case 'wild':
      return 'white';
    case 'currency':
      return 'currency';
  }
}

/** What is printed big on a card: its number, `#` for a joker, −value for currency. */
export function cardFace(card: Card): string {
  switch (card.kind) {
    case 'number':
    case 'whiteJoker':
      return String(card.number);
    case 'colourJoker':
    case 'wild':
      return '#';
    case 'currency':
      return `−${card.value}`;
  }
}

/** One Ten card, drawn with CSS; its label says what it is in words. */
export function TenCard({ id, size = 'md', note }: { id: string; size?: 'sm' | 'md' | 'lg'; note?: string }) {
  const card = cardById(id);
  const label = cardLabel(card);
  return (
    <span className={`ten-card tone-${cardTone(card)} size-${size}${card.kind !== 'number' && card.kind !== 'currency' ? ' is-joker' : ''}`} role="img" aria-label={note ? `${label}, ${note}` : label} title={note ? `${label} · ${note}` : label}>
      <span className="ten-card-face" aria-hidden="true">
        {cardFace(card)}
      </span>
      {card.kind === 'currency' && <span className="ten-card-kind" aria-hidden="true">¤</span>}
      {card.kind === 'whiteJoker' && <span className="ten-card-kind" aria-hidden="true">any colour</span>}
      {card.kind === 'wild' && <span className="ten-card-kind" aria-hidden="true">anything</span>}
    </span>
  );
}
