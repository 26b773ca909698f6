/**
 * The table on every screen: at three desktop sizes and a phone, each game's board, the decision the
 * player must take and the panel of the player whose turn it is are on screen without scrolling; on the phone the
 * page never scrolls sideways and the site menu is collapsed. Screenshots land in test-results/screens-*.png.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RESULTS } from './app-server';
import { browserSuite } from './browser-pages';
import { startHotSeatGame } from './new-game-form';

const VIEWPORTS = [
  { name: 'laptop', width: 1366, height: 768 },
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'full-hd', width: 1920, height: 1080 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const GAMES = { pole: 'Tezos Pole', gotopoly: 'Gotopoly', ten: 'Ten' } as const;
type GameId = keyof typeof GAMES;

/** What a player must see at once: the board (Ten: the tableau), the decision, the panel of the seat to act. */
const MUST_SEE = {
  board: '[data-testid="board"], [data-testid="gotopoly-board"], [data-testid="ten-tableau"]',
  decision: '[data-testid="decision"]',
  'current player': '[data-testid="seats"] [aria-current="true"]',
} as const;

const suite = browserSuite();

/**
 * A hot-seat game of three (a person in seat 1, two bots) left at its first decision. A fixed seed: the same first
 * decision on every run (Ten's opens a joker auction, its tallest tableau).
 */
const startGame = (page: Page, game: GameId): Promise<string> =>
  startHotSeatGame(page, suite.baseUrl, game, { seats: 3, seed: `screens-${game}` });

interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** The element's box in viewport coordinates, with the page scrolled to its top. */
async function boxOf(page: Page, selector: string): Promise<Box | null> {
  const box = await page.locator(selector).first().boundingBox();
  return box && { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height };
}

describe('The table fits the window', () => {
  for (const game of Object.keys(GAMES) as GameId[]) {
    it(
      `${GAMES[game]}: board, decision and the current player's panel are on screen at every size`,
      { timeout: 90_000 },
      async () => {
        const page = await suite.pages.newPage();
        await startGame(page, game);
        for (const vp of VIEWPORTS) {
          await page.setViewportSize({ width: vp.width, height: vp.height });
          await page.evaluate(() => window.scrollTo(0, 0));
          // Layout settles on the next frame after a resize.
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          await page.screenshot({ path: path.join(RESULTS, `screens-${game}-${vp.width}x${vp.height}.png`) });
          for (const [what, selector] of Object.entries(MUST_SEE)) {
            const box = await boxOf(page, selector);
            expect(box, `${what} at ${vp.width}×${vp.height}`).not.toBeNull();
            expect.soft(box!.left, `${what}'s left edge at ${vp.width}×${vp.height}`).toBeGreaterThanOrEqual(0);
            expect.soft(box!.top, `${what}'s top edge at ${vp.width}×${vp.height}`).toBeGreaterThanOrEqual(0);
            expect
              .soft(box!.right, `${what}'s right edge at ${vp.width}×${vp.height}`)
              .toBeLessThanOrEqual(vp.width + 0.5);
            expect
              .soft(box!.bottom, `${what}'s bottom edge at ${vp.width}×${vp.height}`)
              .toBeLessThanOrEqual(vp.height + 0.5);
          }
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          expect.soft(scrollWidth, `page width at ${vp.width}×${vp.height}`).toBeLessThanOrEqual(vp.width);
          if (game === 'pole') {
            // Every work's price row lies whole within its tile.
            const cut = await page.evaluate(() =>
              [...document.querySelectorAll('[data-tile-id]')].flatMap((tile) => {
                const meta = tile.querySelector('[class*="tileMeta"]');
                if (!meta || getComputedStyle(meta).display === 'none') return [];
                const [t, m] = [tile.getBoundingClientRect(), meta.getBoundingClientRect()];
                return m.bottom > t.bottom + 0.5 ? [tile.getAttribute('data-tile-id')] : [];
              }),
            );
            expect.soft(cut, `tiles whose price row is cut at ${vp.width}×${vp.height}`).toEqual([]);
          }
          if (vp.name === 'phone' && game === 'pole') {
            // The docked decision leaves the whole board in view above it: its last row is not under the dock.
            const board = await boxOf(page, MUST_SEE.board);
            const dock = await boxOf(page, MUST_SEE.decision);
            expect
              .soft(board!.bottom, "the board's bottom above the docked decision")
              .toBeLessThanOrEqual(dock!.top + 0.5);
          }
          if (vp.name === 'phone') {
            // The site menu folds into one button instead of wrapping over several lines.
            const header = await boxOf(page, 'header[role="banner"], body > header, header');
            expect.soft(header!.bottom - header!.top, 'site header height on a phone').toBeLessThanOrEqual(64);
            const menu = page.getByRole('button', { name: 'Menu' });
            expect.soft(await menu.isVisible(), 'a Menu button on a phone').toBe(true);
            expect.soft(await page.getByRole('link', { name: 'Studio' }).isVisible(), 'the menu folded').toBe(false);
            await menu.click();
            expect.soft(await page.getByRole('link', { name: 'Studio' }).isVisible(), 'the menu opened').toBe(true);
            await menu.click();
          }
        }
        suite.pages.expectNoErrors();
      },
    );
  }

  it(
    'player cards hold their names, tags and cash; Gotopoly never breaks a space name inside a word',
    { timeout: 90_000 },
    async () => {
      const page = await suite.pages.newPage();
      for (const game of Object.keys(GAMES) as GameId[]) {
        await startGame(page, game);
        for (const vp of VIEWPORTS) {
          await page.setViewportSize({ width: vp.width, height: vp.height });
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          // A card whose content is wider than the card shows "1,005 Tz" past its edge.
          const overflowing = await page.evaluate(() =>
            [...document.querySelectorAll('[data-testid="seats"] > li')]
              .filter((card) => card.scrollWidth > card.clientWidth + 1)
              .map((card) => card.textContent?.slice(0, 40)),
          );
          expect(overflowing, `${GAMES[game]} player cards overflowing at ${vp.width}×${vp.height}`).toEqual([]);
        }
      }
      await page.setViewportSize({ width: 1366, height: 768 });
      await startGame(page, 'gotopoly');
      // A word split across two lines has two boxes ("Fenchurc / h St.", "Piccadill / y").
      const broken = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="gotopoly-board"] [data-space-name]')].flatMap((name) => {
          const text = name.firstChild;
          if (!text || text.nodeType !== Node.TEXT_NODE) return [];
          const words = [...(text.textContent ?? '').matchAll(/\S+/g)];
          return words
            .filter((w) => {
              const range = document.createRange();
              range.setStart(text, w.index);
              range.setEnd(text, w.index + w[0].length);
              return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
            })
            .map((w) => w[0]);
        }),
      );
      expect(broken).toEqual([]);
    },
  );
});
