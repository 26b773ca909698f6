/** One column of a text table: numbers read best right-aligned, names left-aligned. */
export interface Column<R> {
  readonly header: string;
  readonly align?: 'left' | 'right';
  readonly cell: (row: R) => string;
}

/** Renders rows as an aligned plain-text table: header, a rule, then one line per row (no trailing spaces). */
export function formatTable<R>(columns: readonly Column<R>[], rows: readonly R[]): string {
  const cells = rows.map((row) => columns.map((c) => c.cell(row)));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((line) => line[i]!.length)));
  const render = (line: readonly string[]) =>
    line
      .map((text, i) => (columns[i]!.align === 'right' ? text.padStart(widths[i]!) : text.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [render(columns.map((c) => c.header)), rule, ...cells.map(render)].join('\n') + '\n';
}

/** A number with fixed decimals and thousands separators ("12,345.6"); "-" for null or NaN. */
export function num(value: number | null, decimals = 0): string {
  if (value === null || Number.isNaN(value)) return '-';
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A fraction as a percentage ("25.3 %"). */
export function pct(fraction: number, decimals = 1): string {
  return `${num(fraction * 100, decimals)} %`;
}
