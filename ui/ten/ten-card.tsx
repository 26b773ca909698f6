import { cardById, type Card } from '../../engine/ten';
import { cardLabel } from './ten-log';
import { useTenWords } from './ten-intl';
import styles from './ten.module.css';
import { cx } from '../lib/cx';

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

/** A card colour's token, on paper (`--ten-red`…) or, brighter, on the dark wall (`--ten-red-bright`…), as `--card`/`--c`. */
export function toneColour(tone: string, onDark = false): string {
  return `var(--ten-${tone}${onDark ? '-bright' : ''})`;
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
  const w = useTenWords();
  const label = cardLabel(card, w);
  return (
    <span
      className={cx(styles.card, card.kind !== 'number' && card.kind !== 'currency' && styles.isJoker)}
      style={{ '--card': toneColour(cardTone(card)) } as React.CSSProperties}
      data-tone={cardTone(card)}
      data-size={size}
      role="img"
      aria-label={note ? w.t('card.withNote', { label, note }) : label}
      title={note ? `${label} · ${note}` : label}
    >
      <span className={styles.cardFace} aria-hidden="true">
        {cardFace(card)}
      </span>
      {card.kind === 'currency' && (
        <span className={styles.cardKind} aria-hidden="true">
          ¤
        </span>
      )}
      {card.kind === 'whiteJoker' && (
        <span className={styles.cardKind} aria-hidden="true">
          {w.t('card.anyColour')}
        </span>
      )}
      {card.kind === 'wild' && (
        <span className={styles.cardKind} aria-hidden="true">
          {w.t('card.anything')}
        </span>
      )}
    </span>
  );
}
