/**
 * Which language Ten's pages speak — English, or Hungarian, the language the user wrote Ten's rules in — kept in a
 * cookie. Apart from the messages (ten-locale.ts), so the play page's own words can follow the choice without
 * loading Ten's messages or their runtime; the browser's side of the cookie is ten-language-choice.ts.
 */
export const TEN_LOCALES = ['en', 'hu'] as const;
export type TenLocale = (typeof TEN_LOCALES)[number];

/** The cookie that keeps the choice across Ten's table and rules page (not a secret: a language). */
export const TEN_LOCALE_COOKIE = 'ten-lang';

/** A language from a query or cookie value; anything else is none. */
export function parseTenLocale(value: string | readonly string[] | null | undefined): TenLocale | null {
  const v: unknown = typeof value === 'string' || value == null ? value : value[0];
  return (TEN_LOCALES as readonly string[]).includes(v as string) ? (v as TenLocale) : null;
}
