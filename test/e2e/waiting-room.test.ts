/**
 * A waiting room on the real app in Debian's chromium, a browser context per person: Ada creates an online game of
 * Ten from the form (two people and a bot, a turn timer, starting when she says); her table waits — no decision
 * offered, no clock running, no bot move over 30 s of the page's time — and shows the room link again after a reload;
 * Start asks to fill the free seat with a bot; Cyd opens the room link, picks the free seat under her name and sits at
 * the waiting table; Ada starts, and both tables play, the turn clock running.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RESULTS } from './app-server';
import { browserSuite } from './browser-pages';
import { createAndInvite } from './new-game-form';
import { snapshotOf } from './game-api';
import { gameIdOf } from './play-page';

const suite = browserSuite();

describe('a waiting room', () => {
  it(
    'waits for its people: the room link seats a newcomer in the free seat, the host sees it after a reload and starts',
    { timeout: 120_000 },
    async () => {
      const ada = await suite.pages.open('/new/ten');
      await ada.getByRole('heading', { level: 1, name: 'New game of Ten' }).waitFor();
      await ada.getByRole('radio', { name: '3 seats' }).check();
      await ada.getByLabel('Name of seat 1').fill('Ada');
      await ada.getByLabel('Name of seat 2').fill('Bea');
      await ada.getByLabel('Who plays seat 2').selectOption({ label: 'Person' });
      await ada.getByLabel('Bot pace').selectOption('0');
      await ada.getByRole('checkbox', { name: 'Turn timer' }).check();
      await ada.getByRole('radio', { name: 'Online' }).check();
      expect(await ada.getByRole('checkbox', { name: /^Waiting room/ }).isChecked()).toBe(true);
      await ada.getByRole('checkbox', { name: 'Start by itself once every seat is taken' }).uncheck();
      const [adaLink] = await createAndInvite(ada, 'Ten', ['Ada', 'Bea']);
      const roomLink = await ada.getByLabel('Room link').inputValue();
      expect(new URL(roomLink).pathname).toMatch(/^\/r\/[\w-]{20}$/);
      const id = gameIdOf(adaLink!);

      // Ada at her seat: the table waits, offers no decision, and says who has come. Her page runs on Playwright's
      // clock, so half a minute of its time passes in an instant: no turn clock counts down, the bot (no pace) does not
      // move, nothing is logged.
      await ada.clock.install();
      await ada.goto(adaLink!);
      const room = ada.getByTestId('waiting-room');
      await room.waitFor();
      await ada.clock.runFor(30_000);
      expect(await ada.getByRole('timer').count()).toBe(0);
      const waiting = await snapshotOf(suite.baseUrl, id);
      expect([waiting.seq, waiting.deadline]).toEqual([0, null]);
      expect(await ada.getByRole('button', { name: 'Pass' }).count()).toBe(0);
      expect(await room.getByTestId('waiting-seat').allInnerTexts()).toEqual([
        'Seat 1 · Ada (here)',
        'Seat 2 · free (free seat)',
        'Seat 3 · Cleo (normal bot)',
      ]);
      // Start with a seat free asks to fill it with a bot first.
      const start = room.getByRole('button', { name: 'Start the game' });
      expect(await start.isDisabled()).toBe(true);
      await room.getByRole('checkbox', { name: 'Fill the free seat with bots' }).waitFor();
      // After a reload the room link is there again.
      await ada.reload();
      await room.waitFor();
      expect(await room.getByTestId('room-link').inputValue()).toBe(roomLink);
      await ada.screenshot({ path: path.join(RESULTS, 'waiting-room-host.png'), fullPage: true });

      // Cyd opens the room link on her phone, picks the free seat under her name, and sits at the waiting table.
      const cyd = await suite.pages.newPage();
      await cyd.setViewportSize({ width: 390, height: 844 });
      await cyd.goto(roomLink);
      await cyd.getByLabel(/^Your name/).fill('Cyd');
      await cyd.screenshot({ path: path.join(RESULTS, 'waiting-room-link-phone.png'), fullPage: true });
      await cyd.getByRole('button', { name: 'Take seat 2' }).click();
      await cyd.waitForURL((url) => url.pathname === `/play/${id}`);
      await cyd.getByTestId('waiting-room').waitFor();
      await cyd.getByText('Seat 2 · Cyd').first().waitFor();
      await room.getByText('Seat 2 · Cyd').waitFor();

      // Every seat taken: Ada starts, both tables leave the room and the game is on.
      await start.click();
      await room.waitFor({ state: 'detached' });
      await cyd.getByTestId('waiting-room').waitFor({ state: 'detached' });
      // The game is on: whoever is first — a person with their turn timer, or the bot, which moves at once — moves.
      const decides = async () =>
        (await Promise.all([ada, cyd].map((p) => p.getByText('Your decision', { exact: true }).count()))).some(
          (n) => n > 0,
        );
      await expect
        .poll(async () => (await snapshotOf(suite.baseUrl, id)).seq > 0 || (await decides()), { timeout: 30_000 })
        .toBe(true);
      // …and the turn clock, which did not run while the room waited, now does: whoever decides sees theirs count down,
      // even when the first decision is a person's and no move has come since Start.
      await expect.poll(async () => (await snapshotOf(suite.baseUrl, id)).deadline, { timeout: 30_000 }).not.toBeNull();
      const seesOwnClock = async (page: Page) =>
        (await page.getByText('Your decision', { exact: true }).count()) > 0 &&
        (await page.getByRole('timer').count()) > 0;
      await expect
        .poll(async () => (await Promise.all([ada, cyd].map(seesOwnClock))).some(Boolean), { timeout: 30_000 })
        .toBe(true);
      await ada.screenshot({ path: path.join(RESULTS, 'waiting-room-started.png') });
      suite.pages.expectNoErrors();
    },
  );
});
