// visx (Airbnb's React + SVG chart primitives) rather than a whole charting library: the lab needs only bar charts,
// and visx's small packages (scales, axes, grid, shapes; d3-scale underneath) add a few kB to the studio page, where
// Observable Plot or Vega-Lite bring their own renderer and uPlot draws on a canvas without text to read. The chart
// stays React markup: rendered on the server, styled by a CSS Module, its title, description and figures plain text.
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, Line } from '@visx/shape';
import { useId } from 'react';
import styles from './lab-chart.module.css';
import ui from '../styles/controls.module.css';

export interface ChartBar {
  /** Unique within the chart (a tile id, a seat number): labels may repeat, keys may not. */
  readonly key: string;
  readonly label: string;
  /** null: no figure (drawn as an empty stub, labelled "–"). */
  readonly value: number | null;
}

/** A horizontal line across the plot, e.g. the fair share 1/n of a win-rate chart. */
export interface ChartReference {
  readonly value: number;
  readonly label: string;
}

const PLOT_HEIGHT = 230;
/** Charts of more bars than this are drawn full width. */
const WIDE = 8;
const FONT_PX = 12;
/** An x label is about this wide per character at FONT_PX: enough to tell whether labels fit under their bars. */
const CHAR_PX = 7;
/** Longer x labels are cut on the chart (the table below has them whole). */
const MAX_LABEL = 24;
/** Labels that do not fit their bar's width are turned this far, so neighbours never overlap. */
export const LABEL_ANGLE = -40;

/** What both axes share: their classes, and text sized here but coloured and set by the stylesheet. */
const AXIS = {
  axisLineClassName: styles.axisLine,
  tickClassName: styles.tick,
  labelClassName: styles.axisLabel,
  labelProps: { fontSize: 14, fill: undefined, fontFamily: undefined, textAnchor: 'middle' },
} as const;
const TICK_LABEL = { className: styles.tickLabel, fontSize: FONT_PX, fill: undefined, fontFamily: undefined } as const;

const shortLabel = (label: string) => (label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label);

/**
 * A vertical bar chart: both axes labelled, every bar's value printed (up to 24 bars) so it reads without hovering,
 * x labels turned when they would not fit under their bars, and an optional reference line. The SVG is one image
 * with a title and a description; screen readers also get every figure from a table.
 */
export function LabChart({
  title,
  description,
  bars,
  xLabel,
  yLabel,
  format,
  reference,
}: {
  title: string;
  description: string;
  bars: readonly ChartBar[];
  xLabel: string;
  yLabel: string;
  format: (v: number) => string;
  reference?: ChartReference;
}) {
  const id = useId();
  const wide = bars.length > WIDE;
  const width = wide ? 1000 : 420;
  const labels = new Map(bars.map((b) => [b.key, shortLabel(b.label)]));
  const left = 62;
  const right = 12;
  const x = scaleBand<string>({ domain: bars.map((b) => b.key), range: [0, width - left - right], padding: 0.3 });
  const longest = Math.max(0, ...[...labels.values()].map((l) => l.length * CHAR_PX));
  const turned = longest > x.step();
  // A turned label reaches down by its length times the sine of the angle.
  const bottom = turned ? Math.ceil(longest * Math.sin((-LABEL_ANGLE * Math.PI) / 180)) + 48 : 52;
  const top = 20;
  const height = top + PLOT_HEIGHT + bottom;
  const y = scaleLinear<number>({
    domain: [0, Math.max(0, reference?.value ?? 0, ...bars.map((b) => b.value ?? 0)) || 1],
    range: [PLOT_HEIGHT, 0],
    nice: 4,
  });
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  return (
    <figure className={wide ? `${styles.chart} ${styles.wide}` : styles.chart}>
      <figcaption className={styles.caption}>{title}</figcaption>
      <svg
        className={styles.plot}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        <Group left={left} top={top}>
          <GridRows scale={y} width={x.range()[1]} numTicks={4} className={styles.grid} />
          {bars.map((bar) => {
            const h = bar.value === null ? 2 : Math.max(1, PLOT_HEIGHT - y(bar.value));
            const barX = x(bar.key) ?? 0;
            return (
              <g key={bar.key}>
                <Bar
                  className={bar.value === null ? `${styles.bar} ${styles.empty}` : styles.bar}
                  x={barX}
                  y={PLOT_HEIGHT - h}
                  width={x.bandwidth()}
                  height={h}
                  data-key={bar.key}
                />
                {bars.length <= 24 && (
                  <text
                    className={styles.value}
                    x={barX + x.bandwidth() / 2}
                    y={PLOT_HEIGHT - h - 4}
                    textAnchor="middle"
                  >
                    {bar.value === null ? '–' : format(bar.value)}
                  </text>
                )}
              </g>
            );
          })}
          {reference && (
            <g className={styles.reference} data-testid="chart-reference" data-value={reference.value}>
              <Line from={{ x: 0, y: y(reference.value) }} to={{ x: x.range()[1], y: y(reference.value) }} />
              <text x={x.range()[1]} y={y(reference.value) - 5} textAnchor="end">
                {`${reference.label} ${format(reference.value)}`}
              </text>
            </g>
          )}
          <AxisLeft
            scale={y}
            numTicks={4}
            tickFormat={(v) => format(Number(v))}
            {...AXIS}
            tickLabelProps={{ ...TICK_LABEL, textAnchor: 'end', dx: -4, dy: 4 }}
            label={yLabel}
            labelOffset={36}
          />
          <AxisBottom
            top={PLOT_HEIGHT}
            scale={x}
            // Every bar keeps its label (visx would thin a band axis to about ten).
            numTicks={bars.length}
            tickFormat={(key) => labels.get(key) ?? key}
            {...AXIS}
            tickLabelProps={{ ...TICK_LABEL, textAnchor: turned ? 'end' : 'middle', angle: turned ? LABEL_ANGLE : 0 }}
            label={xLabel}
            labelOffset={bottom - 40}
          />
        </Group>
      </svg>
      <table className={ui.visuallyHidden}>
        <caption>{`${title}. ${description}`}</caption>
        <thead>
          <tr>
            <th scope="col">{xLabel}</th>
            <th scope="col">{yLabel}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.key}>
              <th scope="row">{bar.label}</th>
              <td>{bar.value === null ? 'no figure' : format(bar.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
