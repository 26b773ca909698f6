/**
 * A ref that keeps `--screen-top` on its element: how far below the top of the document it starts (the site's
 * header, a notice above it). The play page's stylesheet gives the table the rest of the window's height from it,
 * so the board, the decision and the players are all in view on load whatever the header holds.
 * React calls the returned function when the element goes.
 */
export function keepScreenTop(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined;
  const measure = () =>
    element.style.setProperty('--screen-top', `${Math.round(element.getBoundingClientRect().top + window.scrollY)}px`);
  measure();
  // What sits above the table can change height (the wallet's notices, a wrapped header): measure again then too.
  const observer = new ResizeObserver(measure);
  const header = document.querySelector('body header');
  if (header) observer.observe(header);
  observer.observe(element);
  window.addEventListener('resize', measure);
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', measure);
  };
}
