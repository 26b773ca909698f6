import styles from './play.module.css';
import ui from '../styles/controls.module.css';

/** A playback speed picker: one option per speed, by index (the watch page's controls and the replay viewer). */
export function SpeedSelect({
  speeds,
  value,
  onChange,
}: {
  readonly speeds: readonly { readonly label: string }[];
  readonly value: number;
  readonly onChange: (index: number) => void;
}) {
  return (
    <label className={styles.speed}>
      <span className={ui.visuallyHidden}>Speed</span>
      <select value={value} onChange={(e) => onChange(Number(e.target.value))} aria-label="Speed">
        {speeds.map((s, i) => (
          <option key={s.label} value={i}>
            {s.label}
          </option>
        ))}
      </select>
    </label>
  );
}
