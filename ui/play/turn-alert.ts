'use client';

import { useEffect } from 'react';
import type { Decision, Outcome, SeatId } from '../../engine/core';
import type { SeatInfo } from '../../server/protocol';
import { pendingHumanSeats } from './game-api';

/** What of a snapshot says whether the viewer must act. */
export interface TurnFacts {
  readonly pending: readonly Decision[];
  readonly seats: readonly SeatInfo[];
  readonly outcome: Outcome | null;
}

/**
 * Who the person at this page must decide for now, as a key that changes when a new turn of theirs begins (the
 * hot-seat device passes from one person's decision to another's), or null when nobody here must act. A hot-seat
 * host acts for every human seat; an online seat for itself; a spectator never.
 */
export function turnKey(facts: TurnFacts, seat: SeatId | null, host: boolean): string | null {
  if (facts.outcome !== null) return null;
  const waiting = pendingHumanSeats(facts.pending, facts.seats);
  const mine = host ? waiting : waiting.filter((s) => s === seat);
  return mine.length ? mine.join(',') : null;
}

/** The colours of the dotted favicon: the site mark's, and the dot's. */
export interface FaviconColours {
  readonly mark: string;
  readonly frame: string;
  readonly centre: string;
  readonly dot: string;
  readonly ring: string;
}

/** The site's mark with a dot in its corner, as an SVG data URL: the favicon while it is the viewer's turn. */
export function dottedFavicon(c: FaviconColours): string {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
    `<rect x="2" y="2" width="28" height="28" rx="7" fill="${c.mark}"/>` +
    `<rect x="8" y="8" width="16" height="16" rx="3" fill="none" stroke="${c.frame}" stroke-width="2.5"/>` +
    `<circle cx="16" cy="16" r="3" fill="${c.centre}"/>` +
    `<circle cx="25" cy="7" r="6.5" fill="${c.dot}" stroke="${c.ring}" stroke-width="2"/>` +
    '</svg>';
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The design tokens the favicon is drawn in (read from the page, so it follows the theme). */
function faviconColours(): FaviconColours {
  const css = window.getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    mark: token('--accent', 'royalblue'),
    frame: token('--paper', 'white'),
    centre: token('--gold', 'gold'),
    dot: token('--bad', 'red'),
    ring: token('--bg', 'black'),
  };
}

/**
 * While it is the viewer's turn the tab says so — its title (`wanted`: "● Your turn · Gotopoly") and a dotted favicon — so that a person in another tab
 * sees it; both are put back as they were when the turn ends or the table closes.
 */
export function useTurnTitle(yourTurn: boolean, wanted: string): void {
  useEffect(() => {
    if (!yourTurn) return;
    let pageTitle = document.title;
    document.title = wanted;
    // Next may set the page's own title after this ran (its metadata streams in): the turn's title is put back then,
    // and the page's is the one restored when the turn ends.
    const titleKept = new MutationObserver(() => {
      if (document.title === wanted) return;
      pageTitle = document.title;
      document.title = wanted;
    });
    titleKept.observe(document.head, { childList: true, subtree: true, characterData: true });
    const found = [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')];
    // A page without an icon link gets one for the turn (the browser shows /favicon.ico otherwise).
    const added = found.length
      ? null
      : document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'icon' }));
    const icons = added ? [added] : found;
    const hrefs = icons.map((icon) => icon.getAttribute('href'));
    const types = icons.map((icon) => icon.getAttribute('type'));
    const dotted = dottedFavicon(faviconColours());
    for (const icon of icons) {
      icon.href = dotted;
      icon.type = 'image/svg+xml';
    }
    return () => {
      titleKept.disconnect();
      document.title = pageTitle;
      added?.remove();
      found.forEach((icon, i) => {
        const href = hrefs[i];
        const type = types[i];
        if (href) icon.setAttribute('href', href);
        if (type) icon.setAttribute('type', type);
        else icon.removeAttribute('type');
      });
    };
  }, [yourTurn, wanted]);
}
