import { flipReturn } from '../../engine/pole';
import { formatTz } from '../lib/seats';
import styles from './flip-outcome.module.css';

/** A debtor's position while they must flip (P7): what they owe and the cash they have. */
export interface Debt {
  readonly owed: number;
  readonly cash: number;
}

/** "You owe 120 Tz and have 45 Tz: 75 Tz short." — the debt a flip prompt shows above its choices. */
export const debtText = ({ owed, cash }: Debt): string =>
  `You owe ${formatTz(owed)} and have ${formatTz(cash)}: ${formatTz(owed - cash)} short.`;

/**
 * Inside a flip option: the Tz the copy returns, P7's floor10(list price / 2), and whether that pays the
 * debt or leaves the debtor short (then another copy is flipped, or with none left the rest is settled by P7).
 */
export function FlipOutcome({ price, debt }: { price: number; debt: Debt }) {
  const returns = flipReturn({ price });
  const short = debt.owed - debt.cash - returns;
  return (
    <>
      {` · returns ${formatTz(returns)}`}
      {short <= 0 ? (
        <span className={styles.covers}>, which pays the debt</span>
      ) : (
        <span className={styles.short}>: still {formatTz(short)} short</span>
      )}
    </>
  );
}
