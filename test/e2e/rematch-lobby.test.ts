/**
 * Rematch and lobby on the real app (next build + next start, a private PGlite directory) in Debian's
 * chromium, a browser context per person. Ada and Bea finish a one-lap Tezos Pole (their moves posted with their own
 * seat tokens, the quickest honest end); Ada presses "Play again" and lands in her seat of the rematch, and Bea's
 * page — never reloaded — offers "Join the rematch", which takes her to her own seat there. Then a public game: Cat
 * opens the lobby from the site menu, joins under her name, and sits at the table in the free seat, whose original
 * invite no longer opens it.
 */
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RESULTS } from './app-server';
import { browserSuite } from './browser-pages';
import { actFirstLegal, createGame, gameRequest, snapshotOf, type Invite } from './game-api';

const suite = browserSuite();

/** Plays the game to its end: whoever is to move plays their first legal action with their own token. */
async function playToEnd(id: string, invites: readonly Invite[]): Promise<void> {
  for (let moves = 0; moves < 500; moves++) {
    const seen = await snapshotOf(suite.baseUrl, id);
    if (seen.outcome) return;
    const seat = seen.pending[0]!.seat;
    // Only people play: nothing else moves meanwhile.
    expect(
      await actFirstLegal(
        suite.baseUrl,
        id,
        invites.find((i) => i.seat === seat)!,
      ),
    ).toBe(true);
  }
  throw new Error(`game ${id} did not end`);
}

/** On a phone (390×844): the page is no wider than the screen and `button` lies within it. */
async function fitsPhone(page: Page, button: ReturnType<Page['getByRole']>): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await button.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const box = await button.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
}

/**
 * The serious and critical axe violations on the page as it is now (as the accessibility suite counts them), within
 * `within` (a selector) if given.
 */
async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  const { violations } = await (within ? axe.include(within) : axe).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

const gameOf = (page: Page): string => decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
const seatShown = (page: Page) => page.getByTestId('play').getAttribute('data-seat');

describe('rematch', () => {
  it(
    'is made by the first "Play again" and joined by the other seat live, each in their own seat',
    { timeout: 180_000 },
    async () => {
      const created = await createGame(suite.baseUrl, gameRequest('pole', ['Ada', 'Bea'], { options: { laps: 1 } }));
      const adaPage = await suite.pages.open(created.invites[0]!.path);
      const beaPage = await suite.pages.open(created.invites[1]!.path);
      for (const page of [adaPage, beaPage]) await page.getByTestId('play').waitFor();
      // Bea's page must learn of the rematch without a reload: a mark on this document would not survive one.
      await beaPage.evaluate(() => document.documentElement.setAttribute('data-never-reloaded', 'yes'));

      await playToEnd(created.id, created.invites);
      for (const page of [adaPage, beaPage]) {
        await page.getByTestId('outcome-banner').waitFor();
        await page.getByTestId('rematch').getByRole('button', { name: 'Play again' }).waitFor();
      }

      await adaPage.getByRole('button', { name: 'Play again' }).click();
      await adaPage.waitForURL((url) => url.pathname.startsWith('/play/') && !url.pathname.includes(created.id));
      const rematch = gameOf(adaPage);
      await expect.poll(() => seatShown(adaPage)).toBe('0');
      expect(await adaPage.getByText('Seat 1 · Ada').count()).toBe(1);

      await beaPage.getByRole('button', { name: 'Join the rematch' }).waitFor();
      expect(await beaPage.evaluate(() => document.documentElement.getAttribute('data-never-reloaded'))).toBe('yes');
      // The offer itself (the finished table around it is the accessibility suite's).
      expect(await seriousViolations(beaPage, '[data-testid="rematch"]')).toEqual([]);
      await fitsPhone(beaPage, beaPage.getByRole('button', { name: 'Join the rematch' }));
      await beaPage.screenshot({ path: path.join(RESULTS, 'rematch-offer-phone.png') });
      await beaPage.getByRole('button', { name: 'Join the rematch' }).click();
      await beaPage.waitForURL((url) => url.pathname === `/play/${rematch}`);
      await expect.poll(() => seatShown(beaPage)).toBe('1');
      expect(await beaPage.getByText('Seat 2 · Bea').count()).toBe(1);

      // The rematch is a new game from the start, at the same table; the old game names it.
      const fresh = await snapshotOf(suite.baseUrl, rematch);
      expect(fresh.seats.map((s) => s.name)).toEqual(['Ada', 'Bea']);
      expect(fresh.outcome).toBeNull();
      expect((await snapshotOf(suite.baseUrl, created.id)).rematch).toBe(rematch);
      suite.pages.expectNoErrors();
    },
  );
});

describe('lobby', () => {
  it(
    'lists a public game; a third person joins its free seat from the lobby under her name and sees the table',
    { timeout: 120_000 },
    async () => {
      const created = await createGame(suite.baseUrl, gameRequest('ten', ['Ada', 'Bea'], { public: true }));
      const adaPage = await suite.pages.open(created.invites[0]!.path);
      await adaPage.getByTestId('play').waitFor();

      const catPage = await suite.pages.open('/');
      await catPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lobby' }).click();
      await catPage.waitForURL((url) => url.pathname === '/lobby');
      const card = catPage.locator(`[data-game-id="${created.id}"]`);
      await card.waitFor();
      expect(await card.getByRole('listitem').allInnerTexts()).toEqual(['Ada', 'Seat 2: free']);
      expect(await seriousViolations(catPage)).toEqual([]);
      await fitsPhone(catPage, card.getByRole('button', { name: 'Join' }));
      await catPage.screenshot({ path: path.join(RESULTS, 'lobby-phone.png') });
      await catPage.getByLabel(/^Your name/).fill('Cat');
      await card.getByRole('button', { name: 'Join' }).click();

      await catPage.waitForURL((url) => url.pathname === `/play/${created.id}`);
      await expect.poll(() => seatShown(catPage)).toBe('1');
      await catPage.getByText('Seat 2 · Cat').waitFor();
      await catPage.getByTestId('play-table').waitFor();
      await catPage.screenshot({ path: path.join(RESULTS, 'lobby-joined.png'), fullPage: true });

      // The seat's first invite no longer opens it. Every seat taken, the game started by itself: the lobby shows it
      // playing, to watch, and never offers to join it.
      const invite = await fetch(
        `${suite.baseUrl}/api/games/${created.id}?token=${encodeURIComponent(created.invites[1]!.token)}`,
        { cache: 'no-store' },
      );
      expect(invite.status).toBe(403);
      await catPage.goto(`${suite.baseUrl}/lobby`);
      await card.getByTestId('lobby-status').filter({ hasText: 'Playing' }).waitFor();
      expect(await card.getByRole('button', { name: 'Join' }).count()).toBe(0);
      await card.getByRole('link', { name: 'Watch' }).waitFor();
      suite.pages.expectNoErrors();
    },
  );
});
