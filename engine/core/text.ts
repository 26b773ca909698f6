import type { z } from 'zod';

/**
 * Text people type (names, titles, seeds, ids) is refused when it holds what no such text needs and what breaks the
 * layers below: NUL, which PostgreSQL cannot store in text or jsonb; other C0/C1 control characters, which
 * garble logs and pages; and UTF-16 surrogates without their pair, which have no UTF-8 form (the store would keep a
 * U+FFFD instead, so a seed would no longer replay its game). Multi-line fields keep tab, newline and carriage return.
 */
export const PLAIN_TEXT_MESSAGE = 'must not contain control characters (NUL, …) or unpaired UTF-16 surrogates';

/** Whether `text` is plain text: no control characters (tab, newline and CR allowed when `multiline`), no lone surrogates. */
export function isPlainText(text: string, multiline = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20) {
      if (!multiline || (c !== 0x09 && c !== 0x0a && c !== 0x0d)) return false;
    } else if (c >= 0x7f && c <= 0x9f) {
      return false; // DEL and the C1 controls
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const low = text.charCodeAt(i + 1);
      if (!(low >= 0xdc00 && low <= 0xdfff)) return false;
      i++; // a pair: one character outside the BMP
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/**
 * The one refinement every user-facing string schema goes through: `plainText(z.string().max(40))`. The schema keeps
 * its type (zod 4 refinements are checks), so `.maxLength` and `.trim()` still read and chain as before.
 */
export function plainText<T extends z.ZodString>(schema: T, options: { multiline?: boolean } = {}): T {
  return schema.refine((text) => isPlainText(text, options.multiline), PLAIN_TEXT_MESSAGE);
}
