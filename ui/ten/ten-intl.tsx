'use client';

import { NextIntlClientProvider, useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { parseTenLocale, TEN_LOCALES, type TenLocale } from './ten-language';
import { setTenLocale } from './ten-language-choice';
import { TEN_MESSAGES, tenWords, type TenWords } from './ten-locale';
import styles from './ten.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';

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
