'use client';

import { NextIntlClientProvider, useLocale, useTranslations } from 'next-intl';
import { useSyncExternalStore, type ReactNode } from 'react';
import {
  parseTenLocale,
  TEN_LOCALE_COOKIE,
  TEN_LOCALES,
  TEN_MESSAGES,
  tenWords,
  type TenLocale,
  type TenWords,
} from './ten-locale';
import styles from './ten.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';

const listeners = new Set<() => void>();

function readCookie(): TenLocale {
  const pair = document.cookie.split('; ').find((c) => c.startsWith(`${TEN_LOCALE_COOKIE}=`));
  return parseTenLocale(pair?.slice(TEN_LOCALE_COOKIE.length + 1)) ?? 'en';
}

/** Keeps the language for Ten's table and rules page alike, for a year; every table on the page follows at once. */
export function setTenLocale(locale: TenLocale): void {
  document.cookie = `${TEN_LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  for (const f of listeners) f();
}

const subscribe = (f: () => void) => {
  listeners.add(f);
  return () => listeners.delete(f);
};

/** The language chosen for Ten (English while the server renders and the page hydrates). */
export function useTenLocale(): TenLocale {
  return useSyncExternalStore(subscribe, readCookie, () => 'en');
}

/** Ten's messages for what it wraps. */
export function TenIntl({ locale, children }: { locale: TenLocale; children: ReactNode }) {
  return (
    <NextIntlClientProvider locale={locale} messages={TEN_MESSAGES[locale]} timeZone="UTC">
      {children}
    </NextIntlClientProvider>
  );
}

/** Ten's messages inside `TenIntl`, with t.rich for the ones that carry markup. */
export const useTenT = () => useTranslations();

/** The plain-text words (labels, log lines) of the language `TenIntl` gives. */
export const useTenWords = (): TenWords => tenWords(parseTenLocale(useLocale()) ?? 'en');

const NAMES: Readonly<Record<TenLocale, string>> = { en: 'English', hu: 'Magyar' };

/**
 * English / Magyar on Ten's pages. Each language is named in itself. `hrefs` makes each a link (the rules page,
 * rendered on the server in the language of its query); without, a button that switches the table in place.
 */
export function LanguageSwitch({
  current,
  hrefs,
}: {
  current: TenLocale;
  hrefs?: Readonly<Record<TenLocale, string>>;
}) {
  return (
    <div className={styles.languages} role="group" aria-label="Language · Nyelv">
      {TEN_LOCALES.map((l) =>
        hrefs ? (
          <a
            key={l}
            lang={l}
            href={hrefs[l]}
            className={cx(ui.button, ui.small, l !== current && ui.ghost)}
            aria-current={l === current ? 'true' : undefined}
            onClick={() => setTenLocale(l)}
          >
            {NAMES[l]}
          </a>
        ) : (
          <button
            key={l}
            lang={l}
            type="button"
            className={cx(ui.button, ui.small, l !== current && ui.ghost)}
            aria-pressed={l === current}
            onClick={() => setTenLocale(l)}
          >
            {NAMES[l]}
          </button>
        ),
      )}
    </div>
  );
}
