import type { ReactNode } from 'react';
import ui from '../styles/controls.module.css';

/**
 * A table that scrolls sideways inside its panel when the screen is narrower than its columns: one row of column
 * headings (`head`: its `<th scope="col">` cells) over the body's rows (`children`).
 */
export function ScrollTable({
  head,
  children,
  className = ui.dataTable,
  caption,
  testId,
}: {
  readonly head: ReactNode;
  readonly children: ReactNode;
  /** The table's class: a data table unless given (the games' standings, a feature's own). */
  readonly className?: string | undefined;
  /** A caption for screen readers, where no heading names the table. */
  readonly caption?: string;
  readonly testId?: string;
}) {
  return (
    <div className={ui.tableScroll}>
      <table className={className} data-testid={testId}>
        {caption && <caption className={ui.visuallyHidden}>{caption}</caption>}
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A column heading over numbers, aligned with them. */
export const NumHeading = ({ children }: { readonly children: ReactNode }) => (
  <th scope="col" className={ui.num}>
    {children}
  </th>
);

/** Column headings of plain text, in order: a `head` for ScrollTable. */
export const Headings = ({ names }: { readonly names: readonly string[] }) =>
  names.map((name) => (
    <th key={name} scope="col">
      {name}
    </th>
  ));
