/**
 * A ref for a game table that keeps the panel of the seat to act (`aria-current="true"`) in view inside the side
 * column it scrolls in — never by scrolling the page — when that seat changes and when the window is resized
 * (with four or more seats the one to act can be below the column's fold).
 */
export function keepCurrentSeatInView(table: HTMLElement | null): (() => void) | undefined {
  if (!table) return undefined;
  const reveal = () => {
    const current = table.querySelector('[aria-current="true"]');
    if (current) revealWithin(current, table);
  };
  reveal();
  const resized = new ResizeObserver(reveal);
  resized.observe(table);
  const changed = new MutationObserver(reveal);
  changed.observe(table, { subtree: true, attributes: true, attributeFilter: ['aria-current'], childList: true });
  return () => {
    resized.disconnect();
    changed.disconnect();
  };
}

/** Scrolls the element's nearest scrolling ancestor inside `within` just enough to show it (its top first). */
function revealWithin(element: Element, within: HTMLElement): void {
  for (let box = element.parentElement; box && box !== within.parentElement; box = box.parentElement) {
    const { overflowY } = getComputedStyle(box);
    if (overflowY !== 'auto' && overflowY !== 'scroll') continue;
    const view = box.getBoundingClientRect();
    const shown = element.getBoundingClientRect();
    if (shown.top < view.top) box.scrollTop -= view.top - shown.top;
    else if (shown.bottom > view.bottom) box.scrollTop += Math.min(shown.bottom - view.bottom, shown.top - view.top);
    return;
  }
}
