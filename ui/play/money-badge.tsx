import styles from './money-badge.module.css';

/**
 * The money a purse just gained or lost, floating over where it happened ("+200 Tz", "−£24"); nothing for none. A
 * new amount rises again.
 */
export function MoneyBadge({ amount, format }: { amount: number; format: (amount: number) => string }) {
  if (amount === 0) return null;
  const text = `${amount > 0 ? '+' : '−'}${format(Math.abs(amount))}`;
  return (
    <span key={text} className={styles.badge} data-money={amount > 0 ? 'gain' : 'loss'} aria-hidden="true">
      {text}
    </span>
  );
}
