import { createTranslator } from 'next-intl';
import type { TenLocale } from '../ten/ten-language';
import type { RulesDoc } from './rules-doc';
import { tenRulesEn, type TenRulesMessages } from './ten-text/en';
import { tenRulesHu } from './ten-text/hu';

/**
 * Ten's rules as data: the sections (named after rulings T1–T10), how many paragraphs each has and the rulings each
 * cites. The words are next-intl messages in each language (ten-text/), so the page reads the same in both.
 */
export const TEN_RULES_OUTLINE: readonly {
  readonly id: string;
  readonly paragraphs: number;
  readonly rulings: readonly string[];
}[] = [
  { id: 't1', paragraphs: 2, rulings: ['T1'] },
  { id: 't2', paragraphs: 1, rulings: ['T2'] },
  { id: 't3', paragraphs: 3, rulings: ['T3'] },
  { id: 't4', paragraphs: 2, rulings: ['T4'] },
  { id: 't5', paragraphs: 1, rulings: ['T5'] },
  { id: 't6', paragraphs: 1, rulings: ['T6', 'T6a'] },
  { id: 't7', paragraphs: 1, rulings: ['T7'] },
  { id: 't8', paragraphs: 1, rulings: ['T8'] },
  { id: 't9', paragraphs: 2, rulings: ['T9'] },
  { id: 't10', paragraphs: 1, rulings: ['T10'] },
];

export const TEN_RULES_MESSAGES: Readonly<Record<TenLocale, TenRulesMessages>> = { en: tenRulesEn, hu: tenRulesHu };

/** The page's own words around the rules (contents, "Ruling", the link to a new game). */
export type RulesChrome = TenRulesMessages['chrome'];

function translator(locale: TenLocale) {
  const t = createTranslator({ locale, messages: TEN_RULES_MESSAGES[locale] as unknown as Record<string, string> });
  // Rules prose has no placeholders: raw text, so an apostrophe or brace is never read as ICU syntax.
  return (key: string): string => {
    const text: unknown = t.raw(key as never);
    if (typeof text !== 'string') throw new Error(`Ten rules (${locale}): no message ${key}`);
    return text;
  };
}

/** Ten's rules page in one language. */
export function tenRulesDoc(locale: TenLocale): { doc: RulesDoc; chrome: RulesChrome } {
  const t = translator(locale);
  const doc: RulesDoc = {
    game: 'ten',
    title: t('title'),
    intro: t('intro'),
    source: t('source'),
    sections: TEN_RULES_OUTLINE.map((s) => ({
      id: s.id,
      title: t(`sections.${s.id}.title`),
      body: Array.from({ length: s.paragraphs }, (_, i) => t(`sections.${s.id}.body.p${i + 1}`)),
      rulings: s.rulings.map((id) => ({ id, text: t(`sections.${s.id}.rulings.${id}`) })),
    })),
  };
  const chrome: RulesChrome = {
    contents: t('chrome.contents'),
    ruling: t('chrome.ruling'),
    play: t('chrome.play'),
    sectionLink: t('chrome.sectionLink'),
  };
  return { doc, chrome };
}
