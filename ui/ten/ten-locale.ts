import { createFormatter, createTranslator } from 'next-intl';
import { listNames } from '../lib/seats';
import { en, type TenMessages } from './messages/en';
import { hu } from './messages/hu';
import type { TenLocale } from './ten-language';

export const TEN_MESSAGES: Readonly<Record<TenLocale, TenMessages>> = { en, hu };

/** A message by its key (`log.bid`) with its values, in one locale. */
export type TenT = (key: string, values?: Readonly<Record<string, string | number>>) => string;

/** What Ten's words need in one language: its messages and how it lists names ("Ada, Bao and Cleo", "Ada, Bao és Cleo"). */
export interface TenWords {
  readonly locale: TenLocale;
  readonly t: TenT;
  readonly list: (items: readonly string[]) => string;
}

function makeWords(locale: TenLocale): TenWords {
  // No AppConfig augmentation: the keys are checked by the messages' shared type and the i18n test, not per call.
  const translate = createTranslator({ locale, messages: TEN_MESSAGES[locale] as unknown as Record<string, string> });
  const format = createFormatter({ locale });
  return {
    locale,
    t: (key, values) => translate(key as never, values as never),
    // English keeps the site's own list wording (no serial comma), the other languages their Intl conjunction.
    list: locale === 'en' ? listNames : (items) => format.list([...items], { type: 'conjunction' }),
  };
}

const WORDS: Readonly<Record<TenLocale, TenWords>> = { en: makeWords('en'), hu: makeWords('hu') };

/** Ten's words in a language (built once per language). */
export const tenWords = (locale: TenLocale = 'en'): TenWords => WORDS[locale];
