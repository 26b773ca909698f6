/**
 * The Tezos Pole footer once showed on Gotopoly and Ten pages. Each game's pages have the game's own footer —
 * known by the path (a new game's form, Tezos Pole's own pages) or announced by the page once it has loaded the game
 * (a live table, a replay) — and every other page a neutral one.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { footerGame, NEUTRAL_FOOTER, SiteFooter } from '../../ui/home/site-footer';
import { GAMES } from '../../ui/lib/game-catalog';

describe('the site footer', () => {
  it("is a game's own on its pages", () => {
    expect(footerGame('/new/gotopoly', null)).toBe('gotopoly');
    expect(footerGame('/new/ten', 'pole')).toBe('ten');
    expect(footerGame('/new/pole', null)).toBe('pole');
    for (const pole of [
      '/watch',
      '/studio',
      '/studio/boards/b1',
      '/collection/tz1abc',
      '/token/KT1abc/3',
      '/play/g1/tokens',
    ])
      expect(footerGame(pole, null)).toBe('pole');
    // A live table or a replay says which game it shows once it has loaded it.
    expect(footerGame('/play/g1', 'gotopoly')).toBe('gotopoly');
    expect(footerGame('/replay', 'ten')).toBe('ten');
  });

  it('is neutral on the other pages, and on a table still loading', () => {
    for (const page of ['/', '/signin', '/chain', '/explorer/block/3', '/play/g1', '/replay', '/new/chess'])
      expect(footerGame(page, null)).toBeNull();
    const html = renderToStaticMarkup(createElement(SiteFooter));
    expect(html).toContain(NEUTRAL_FOOTER);
    expect(html).not.toContain('Tezos Pole rules');
  });

  it('says which rules each game is played by, and only Tezos Pole speaks of its Genesis board', () => {
    expect(GAMES.pole.footer).toContain('Tezos Pole rules v1.0');
    expect(GAMES.gotopoly.footer).toContain('Gotopoly V2.1');
    expect(GAMES.ten.footer).toContain('Ten');
    for (const game of ['gotopoly', 'ten'] as const) expect(GAMES[game].footer).not.toMatch(/Tezos Pole|Genesis/);
  });
});
