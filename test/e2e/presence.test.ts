/**
 * Presence, the grace period and taking a seat back, on the real app (next build + next start, a private
 * PGlite directory) in Debian's chromium, a browser context per person: Bea sees Ada connected; Ada's browser
 * closes and Bea sees her away, with the grace's countdown, while her seat is still hers; only when the grace ends
 * does her bot play it, which Bea's log says; Ada reopens her invite link, takes her seat back and plays it, and
 * Bea's log says so too.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './browser-pages';
import { createGame, gameRequest, snapshotOf, type Invite } from './game-api';
import { takeFirstChoice } from './play-page';

const suite = browserSuite();

/** Seat `seat`'s card in the page's seat list. */
const seatCard = (page: Page, seat: number) => page.getByTestId('seats').locator(`[data-seat="${seat}"]`);
const presenceOf = (page: Page, seat: number) => seatCard(page, seat).getByTestId('presence');
const gameLog = (page: Page) => page.getByTestId('action-log');

/** Waits until seat `seat` shows `presence` on the page. */
const waitForPresence = (page: Page, seat: number, presence: 'connected' | 'away') =>
  page.waitForFunction(
    ([s, p]) =>
      document
        .querySelector(`[data-testid="seats"] [data-seat="${s}"] [data-testid="presence"]`)
        ?.getAttribute('data-presence') === p,
    [seat, presence] as const,
    { timeout: 30_000 },
  );

describe('presence and the grace period', () => {
  it(
    'shows who is connected, hands an away seat to its bot only after the grace, and lets its person take it back',
    { timeout: 180_000 },
    async () => {
      const GRACE = 5;
      const created = await createGame(
        suite.baseUrl,
        gameRequest('pole', ['Ada', 'Bea'], { options: { laps: 1 }, graceSeconds: GRACE }),
      );
      const [ada, bea] = created.invites as [Invite, Invite];
      const beaPage = await suite.pages.open(bea.path);
      await waitForPresence(beaPage, 1, 'connected');
      // Ada has not come yet.
      expect(await presenceOf(beaPage, 0).getAttribute('data-presence')).toBe('away');
      let adaPage = await suite.pages.open(ada.path);
      await waitForPresence(beaPage, 0, 'connected');
      await waitForPresence(adaPage, 1, 'connected');

      // Ada's browser closes: Bea sees her away, counting down her grace, and her seat is still hers.
      await adaPage.context().close();
      await waitForPresence(beaPage, 0, 'away');
      await presenceOf(beaPage, 0).getByTestId('grace').waitFor();
      expect(await gameLog(beaPage).getByText('Ada is away — their bot plays').count()).toBe(0);
      expect(await seatCard(beaPage, 0).getByText('bot (left)').count()).toBe(0);

      // Only when it ends does her bot play for her, and Bea's log says so.
      await gameLog(beaPage).getByText('Ada is away — their bot plays').waitFor();
      await seatCard(beaPage, 0).getByText('bot (left)').waitFor();
      expect(await presenceOf(beaPage, 0).getByTestId('grace').count()).toBe(0);

      // Ada opens her invite link again, in a new browser: her seat is her bot's until she takes it back.
      adaPage = await suite.pages.open(ada.path);
      await waitForPresence(beaPage, 0, 'connected');
      await adaPage.getByRole('button', { name: 'Take your seat back' }).click();
      await gameLog(beaPage).getByText('Ada took their seat back').waitFor();
      await gameLog(adaPage).getByText('Ada took their seat back').waitFor();
      await expect.poll(() => seatCard(beaPage, 0).getByText('bot (left)').count()).toBe(0);
      expect(await adaPage.getByRole('button', { name: 'Take your seat back' }).count()).toBe(0);

      // And she plays it: whoever is to decide does, until Ada has decided once herself.
      let adaPlayed = false;
      for (let i = 0; i < 12 && !adaPlayed; i++) {
        const snap = await snapshotOf(suite.baseUrl, created.id);
        expect(snap.outcome).toBeNull();
        const toDecide = snap.pending[0]!.seat;
        await takeFirstChoice(toDecide === 0 ? adaPage : beaPage);
        adaPlayed = toDecide === 0;
      }
      expect(adaPlayed).toBe(true);
      suite.pages.expectNoErrors();
      await adaPage.context().close();
    },
  );
});
