import { useId } from 'react';
import styles from './studio.module.css';
import ui from '../styles/controls.module.css';

export interface Bar {
  readonly label: string;
  /** null: no figure (drawn as an empty stub, labelled "–"). */
  readonly value: number | null;
}

const HEIGHT = 300;
/** Charts of more bars than this are drawn full width. */
const WIDE = 8;

/** A rounded-up axis maximum with 4 even steps (1, 2, 2.5, 5 × 10^k). */
function niceMax(max: number): number {
  if (max <= 0) return 1;
  const step = max / 4;
  const power = 10 ** Math.floor(Math.log10(step));
  const nice = [1, 2, 2.5, 5, 10].find((m) => m * power >= step)! * power;
  return nice * 4;
}

/**
 * A vertical bar chart as inline SVG, with both axes labelled and every bar's value printed, so it reads without
 * hovering; screen readers get the same figures from a table.
 */
export function BarChart({ title, bars, xLabel, yLabel, format }: { title: string; bars: readonly Bar[]; xLabel: string; yLabel: string; format: (v: number) => string }) {
  const id = useId();
  const wide = bars.length > WIDE;
  // Long labels under many bars would collide: slant them.
  const slant = wide && bars.some((b) => b.label.length > 5);
  const width = wide ? 1000 : 420;
  const margin = { top: 20, right: 12, bottom: slant ? 128 : 52, left: 62 };
  const top = niceMax(Math.max(0, ...bars.map((b) => b.value ?? 0)));
  const plotW = width - margin.left - margin.right;
  const plotH = HEIGHT - margin.top - margin.bottom;
  const slot = plotW / Math.max(1, bars.length);
  const barW = Math.max(2, Math.min(48, slot * 0.7));
  const y = (v: number) => margin.top + plotH - (v / top) * plotH;
  const ticks = [0, 1, 2, 3, 4].map((i) => (top / 4) * i);
  return (
    <figure className={wide ? `${styles.labChart} ${styles.isWide}` : styles.labChart}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`}>
        {ticks.map((t) => (
          <g key={t}>
            <line className={styles.grid} x1={margin.left} x2={width - margin.right} y1={y(t)} y2={y(t)} />
            <text x={margin.left - 6} y={y(t) + 4} textAnchor="end">
              {format(t)}
            </text>
          </g>
        ))}
        <line className={styles.axis} x1={margin.left} x2={margin.left} y1={margin.top} y2={margin.top + plotH} />
        <line className={styles.axis} x1={margin.left} x2={width - margin.right} y1={margin.top + plotH} y2={margin.top + plotH} />
        {bars.map((bar, i) => {
          const cx = margin.left + slot * i + slot / 2;
          const h = bar.value === null ? 2 : Math.max(1, (bar.value / top) * plotH);
          const base = margin.top + plotH;
          return (
            <g key={`${bar.label}-${i}`}>
              <rect className={bar.value === null ? `${styles.bar} ${styles.isEmpty}` : styles.bar} x={cx - barW / 2} y={base - h} width={barW} height={h}>
                <title>{`${bar.label}: ${bar.value === null ? 'no figure' : format(bar.value)}`}</title>
              </rect>
              {bars.length <= 24 && (
                <text className={styles.value} x={cx} y={base - h - 4} textAnchor="middle">
                  {bar.value === null ? '–' : format(bar.value)}
                </text>
              )}
              <text
                x={cx}
                y={base + 14}
                textAnchor={slant ? 'end' : 'middle'}
                transform={slant ? `rotate(-40 ${cx} ${base + 14})` : undefined}
              >
                {bar.label.length > 18 ? `${bar.label.slice(0, 17)}…` : bar.label}
              </text>
            </g>
          );
        })}
        <text className={styles.axisLabel} x={margin.left + plotW / 2} y={HEIGHT - 6} textAnchor="middle">
          {xLabel}
        </text>
        <text className={styles.axisLabel} transform={`rotate(-90 16 ${margin.top + plotH / 2})`} x={16} y={margin.top + plotH / 2} textAnchor="middle">
          {yLabel}
        </text>
      </svg>
      <table className={ui.visuallyHidden}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{xLabel}</th>
            <th scope="col">{yLabel}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar, i) => (
            <tr key={`${bar.label}-${i}`}>
              <th scope="row">{bar.label}</th>
              <td>{bar.value === null ? 'no figure' : format(bar.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
