'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useSyncExternalStore } from 'react';
import type { GameId } from '../../engine/core';
import { GAMES, isGameId } from '../lib/game-catalog';
import { useTenLocale } from '../ten/ten-language-choice';
import site from './site-chrome.module.css';

/** The footer of pages that are about no one game (home, sign-in, the chain explorer, a table still loading). */
export const NEUTRAL_FOOTER =
  'Tezos Pole, Gotopoly and Ten, each played by its own rules with the table’s rulings; every game keeps a record that replays move by move.';

/** Ten's footer for a player who chose Hungarian, the language its rules were written in. */
const TEN_FOOTER_HU =
  'Tízes, az aukciós kártyajáték, a felhasználó magyar szabályösszefoglalója és az asztal döntései szerint. A kártyákat a számuk és a színük alapján rajzoljuk; kiadott kártyagrafikát nem veszünk át.';

/** Pages that are Tezos Pole's by their path alone: watching its bots, the studio, its tokens. */
const POLE_PATHS = [
  /^\/watch(\/|$)/,
  /^\/studio(\/|$)/,
  /^\/collection(\/|$)/,
  /^\/token(\/|$)/,
  /^\/play\/[^/]+\/tokens$/,
];

/**
 * The game a page is about: by its path (a new game's form, a leaderboard), else the one the page announced (a live
 * table, a replay), else none.
 */
export function footerGame(pathname: string, announced: GameId | null): GameId | null {
  const setUp = /^\/(?:new|leaderboard)\/([^/]+)/.exec(pathname)?.[1];
  if (isGameId(setUp)) return setUp;
  if (POLE_PATHS.some((p) => p.test(pathname))) return 'pole';
  return announced;
}

// The game a page shows once it has loaded it (its path does not say): one per tab, as there is one footer.
let announced: GameId | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const announce = (game: GameId | null) => {
  if (announced === game) return;
  announced = game;
  for (const listener of listeners) listener();
};

/** For a page whose game is known only once it loads (a live table, a replay): the footer is that game's. */
export function useFooterGame(game: GameId | null): void {
  useEffect(() => {
    announce(game);
    return () => announce(null);
  }, [game]);
}

/** The site footer: the game's own words on its pages, neutral ones elsewhere. */
export function SiteFooter() {
  const pathname = usePathname() ?? '/';
  const shown = useSyncExternalStore(
    subscribe,
    () => announced,
    () => null,
  );
  const game = footerGame(pathname, shown);
  const hungarian = useTenLocale() === 'hu' && game === 'ten';
  return (
    <footer className={site.footer} data-game={game ?? 'none'} lang={hungarian ? 'hu' : undefined}>
      <p>{hungarian ? TEN_FOOTER_HU : game ? GAMES[game].footer : NEUTRAL_FOOTER}</p>
    </footer>
  );
}
