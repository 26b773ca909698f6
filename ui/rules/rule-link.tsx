import type { ReactNode } from 'react';
import type { GameId } from '../../engine/core';
import { rulesHref } from './rules-doc';
import styles from './rules.module.css';

/**
 * A prompt's link to the rules section that governs it ("Why can't I buy?" → P5). It opens in a new tab: the game
 * stays where it is.
 */
export function RuleLink({ game, section, children }: { game: GameId; section: string; children: ReactNode }) {
  return (
    <a className={styles.ruleLink} href={rulesHref(game, section)} target="_blank" rel="noopener" data-rule={section}>
      {children}
    </a>
  );
}
