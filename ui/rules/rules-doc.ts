import type { GameId } from '../../engine/core';

/** A ruling (docs/rules/) cited where it decides the section's ambiguity: its id and what it decides, in brief. */
export interface RulingNote {
  /** "P5", "P6a", "G14a", "T3". */
  readonly id: string;
  readonly text: string;
}

/**
 * One section of a game's rules page. Its id is the page anchor (`/rules/pole#p5`), named after the ruling that
 * governs it, so a prompt can link the section a player would ask about.
 */
export interface RulesSection {
  readonly id: string;
  readonly title: string;
  /** Paragraphs, in plain language. */
  readonly body: readonly string[];
  readonly rulings: readonly RulingNote[];
}

/** A game's rules in our own words: the user's text (`source`) as decided by the rulings. */
export interface RulesDoc {
  readonly game: GameId;
  readonly title: string;
  readonly intro: string;
  /** Which text these rules retell. */
  readonly source: string;
  readonly sections: readonly RulesSection[];
}

/** The section of a rules page that decides a ruling: sections are named after their ruling, and P6a sits in P6's. */
export const rulingSection = (ruling: string): string => ruling.replace(/[a-z]+$/, '').toLowerCase();

/** The rules page of a game, or one of its sections. */
export function rulesHref(game: GameId, section?: string): string {
  return `/rules/${game}${section ? `#${section}` : ''}`;
}
