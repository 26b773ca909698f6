import type { ComponentProps, ReactNode } from 'react';
import ui from '../styles/controls.module.css';
import { cx } from './cx';

/**
 * A panel headed by its title, the heading naming the section (`id` is the heading's); a `hint` stands beside the
 * title in small muted type. Other attributes (a test id, a tab stop) go to the section.
 */
export function TitledPanel({
  id,
  title,
  hint,
  children,
  ...section
}: {
  readonly id: string;
  readonly title: ReactNode;
  readonly hint?: ReactNode;
  readonly children: ReactNode;
} & Omit<ComponentProps<'section'>, 'id' | 'title' | 'className' | 'aria-labelledby' | 'children'>) {
  return (
    <section className={ui.panel} aria-labelledby={id} {...section}>
      <h2 id={id} className={ui.panelTitle}>
        {title}
        {hint !== undefined && (
          <>
            {' '}
            <span className={cx(ui.muted, ui.small)}>{hint}</span>
          </>
        )}
      </h2>
      {children}
    </section>
  );
}
