/**
 * Seat names in the real new-game form, end to end: the real app (next build + next start) in Debian's
 * chromium. A name another seat has is shown beside the seat as soon as it is typed and the game will not start; a
 * pasted name past the limit is kept whole and counted, not cut; an emoji name's seat letter is the whole emoji, in
 * the form and on the board; and the live Tezos Pole log opens with the turn-order roll.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './browser-pages';
import { openNewGameForm } from './new-game-form';

const suite = browserSuite();

const nameInput = (page: Page, seat: number) => page.getByRole('textbox', { name: `Name of seat ${seat + 1}` });
const start = (page: Page) => page.getByRole('button', { name: 'Start the game' });

describe('seat names in the new-game form', () => {
  it(
    'shows a clash at once and will not start, keeps a long name whole, and draws an emoji name whole',
    { timeout: 120_000 },
    async () => {
      const page = await suite.pages.newPage();
      await openNewGameForm(page, suite.baseUrl, 'pole', { seats: 3 });
      await start(page).waitFor();
      await expect.poll(() => start(page).isEnabled()).toBe(true);

      await nameInput(page, 1).fill(' ada');
      const clash = 'Seat 2 has the same name as seat 1 (“Ada”): give each player a name of their own.';
      await page.locator('#seat-name-note-1').filter({ hasText: clash }).waitFor();
      expect(await nameInput(page, 1).getAttribute('aria-invalid')).toBe('true');
      expect(await start(page).isDisabled()).toBe(true);

      const long = 'Maximilian Alexander Wolfgang'; // 29 characters, as if pasted
      await nameInput(page, 1).fill(long);
      expect(await nameInput(page, 1).inputValue()).toBe(long);
      await page
        .locator('#seat-name-note-1')
        .filter({ hasText: 'Seat 2’s name is 29 characters long: a name has at most 24, so shorten it by 5.' })
        .waitFor();
      expect(await start(page).isDisabled()).toBe(true);

      await nameInput(page, 1).fill('🦊 Fox');
      await expect.poll(() => page.locator('#seat-name-note-1').count()).toBe(0);
      const seatRow = page.getByRole('listitem').filter({ has: nameInput(page, 1) });
      expect(await seatRow.locator('[aria-hidden="true"]').first().innerText()).toBe('🦊');
      await nameInput(page, 0).fill('Ada');
      await nameInput(page, 2).fill('Cleo');
      await start(page).click();
      await page.waitForURL(/\/play\//);
      const log = page.getByTestId('action-log');
      await log
        .getByText(/^Turn order: /)
        .first()
        .waitFor();
      expect(await log.innerText()).toMatch(/(Ada|🦊 Fox|Cleo) goes first/);
      const pawn = page.locator('[data-pawn-seat="1"]');
      await pawn.waitFor();
      expect(await pawn.innerText()).toBe('🦊');
      suite.pages.expectNoErrors();
    },
  );
});
