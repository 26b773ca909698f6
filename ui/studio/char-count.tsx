import { cx } from '../lib/cx';
import styles from './studio.module.css';

/**
 * A text field's length against its limit, "4,980 / 5,000", shown under the field instead of a `maxLength` that would
 * cut pasted or imported text without a word; past the limit it says by how much.
 */
export function CharCount({ id, value, max }: { id: string; value: string; max: number }) {
  const over = value.length - max;
  return (
    <p id={id} className={cx(styles.charCount, over > 0 && styles.isOver)} aria-live="polite">
      {value.length.toLocaleString('en-US')} / {max.toLocaleString('en-US')}
      {over > 0 && ` — ${over.toLocaleString('en-US')} too many: shorten it`}
    </p>
  );
}
