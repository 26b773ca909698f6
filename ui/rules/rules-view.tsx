import type { GameId } from '../../engine/core';
import { LanguageSwitch } from '../ten/ten-intl';
import type { TenLocale } from '../ten/ten-language';
import { GOTOPOLY_RULES } from './gotopoly-rules';
import { POLE_RULES } from './pole-rules';
import type { RulesDoc } from './rules-doc';
import { tenRulesDoc, type RulesChrome } from './ten-rules';
import styles from './rules.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';

const ENGLISH: RulesChrome = {
  contents: 'Contents',
  ruling: 'Ruling',
  play: 'Start a game',
  sectionLink: 'Link to this section',
};

/** A game's rules and the words around them, in `locale` where the game has it (Ten), else English. */
export function rulesFor(game: GameId, locale: TenLocale): { doc: RulesDoc; chrome: RulesChrome; locale: TenLocale } {
  switch (game) {
    case 'pole':
      return { doc: POLE_RULES, chrome: { ...ENGLISH, play: 'Start a game of Tezos Pole' }, locale: 'en' };
    case 'gotopoly':
      return { doc: GOTOPOLY_RULES, chrome: { ...ENGLISH, play: 'Start a game of Gotopoly' }, locale: 'en' };
    case 'ten':
      return { ...tenRulesDoc(locale), locale };
  }
}

/**
 * A rules page: contents, then one section per rule with its anchor (`#p5`), its plain-language text and the rulings
 * that decide it, cited in place. Ten's page has the English / Magyar switch.
 */
export function RulesView({ game, locale }: { game: GameId; locale: TenLocale }) {
  const { doc, chrome, locale: lang } = rulesFor(game, locale);
  return (
    <article className={styles.page} lang={lang} data-testid="rules">
      <header className={styles.head}>
        <h1>{doc.title}</h1>
        {game === 'ten' && <LanguageSwitch current={lang} hrefs={{ en: '?lang=en', hu: '?lang=hu' }} />}
      </header>
      <p>{doc.intro}</p>
      <p className={cx(styles.source, ui.muted, ui.small)}>{doc.source}</p>
      <nav aria-labelledby="rules-contents">
        <h2 id="rules-contents" className={ui.panelTitle}>
          {chrome.contents}
        </h2>
        <ol className={styles.contents}>
          {doc.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {doc.sections.map((s) => (
        <section key={s.id} id={s.id} className={styles.section} aria-labelledby={`${s.id}-title`}>
          <h2 id={`${s.id}-title`}>
            {s.title}
            <a className={styles.anchor} href={`#${s.id}`} aria-label={`${chrome.sectionLink}: ${s.title}`}>
              #
            </a>
          </h2>
          {s.body.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          <ul className={styles.rulings} aria-label={chrome.ruling}>
            {s.rulings.map((r) => (
              <li key={r.id} data-ruling={r.id}>
                <span className={styles.rulingId}>
                  {chrome.ruling} {r.id}
                </span>
                {r.text}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <p className={styles.actions}>
        <a className={cx(ui.button, ui.primary)} href={`/new/${game}`}>
          {chrome.play}
        </a>
      </p>
    </article>
  );
}
