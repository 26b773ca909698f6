/** Where a key belongs to what has the focus, not to the page: text and choice fields, or every control. */
const OWN_KEYS = {
  fields: 'input, select, textarea, [contenteditable="true"]',
  controls: 'input, select, textarea, button, a, [contenteditable="true"]',
} as const;

/**
 * Whether a keydown is the page's shortcut to take: no Ctrl, Meta or Alt chord (those are the browser's), and not
 * pressed on a field (`fields`), or on any control (`controls`: buttons and links have Space and Enter of their own).
 */
export function isPageShortcut(e: KeyboardEvent, except: keyof typeof OWN_KEYS): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  const target = e.target as HTMLElement | null;
  return !target?.closest(OWN_KEYS[except]);
}
