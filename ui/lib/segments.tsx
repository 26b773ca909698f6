import type { ReactNode } from 'react';
import ui from '../styles/controls.module.css';

export interface Segment<T extends string | number> {
  readonly value: T;
  readonly label: ReactNode;
  /** The radio button's own name for screen readers, where its label is only shown (a bare number). */
  readonly ariaLabel?: string;
  readonly disabled?: boolean;
}

/** A choice of one among a few, as a row of segments: radio buttons, the chosen one marked. */
export function Segments<T extends string | number>({
  name,
  label,
  value,
  options,
  onChange,
}: {
  /** The radio buttons' form name. */
  readonly name: string;
  /** The group's name for screen readers. */
  readonly label: string;
  readonly value: T;
  readonly options: readonly Segment<T>[];
  readonly onChange: (value: T) => void;
}) {
  return (
    <div className={ui.segmented} role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <label key={o.value} className={o.value === value ? ui.isChecked : undefined}>
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={o.value === value}
            disabled={o.disabled}
            onChange={() => onChange(o.value)}
            aria-label={o.ariaLabel}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}

/** Segments for a count (of seats, of players): each shown as its bare number and read out as `spoken` says. */
export const countSegments = (counts: readonly number[], spoken: (n: number) => string): Segment<number>[] =>
  counts.map((n) => ({ value: n, label: <span aria-hidden="true">{n}</span>, ariaLabel: spoken(n) }));
