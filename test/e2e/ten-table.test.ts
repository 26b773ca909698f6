/**
 * Ten's table on the real app in Debian's chromium: Ada plays against a bot that moves at once and draws until she
 * busts. The bust clears her tableau in the same action (rules T3), so the table keeps it in view — who busted, the
 * card that did it, what the tableau lost, a line in the log — through the bot's whole turn, until she puts it away.
 * Then she switches the table to Hungarian, and the page around it follows: header, chat, seed, tab title.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RESULTS } from './app-server';
import { browserSuite } from './browser-pages';
import { createGame, gameRequest, type Invite } from './game-api';

const suite = browserSuite();

/** Her choices while she plays to bust: draw on her turn, pass in a joker auction. */
const PLAY_ON = /^(Draw a card|Pass)$/;

/** Plays Ada's decisions until the table shows her bust; false if none came in `limit` of her moves. */
async function drawUntilBust(page: Page, limit: number): Promise<boolean> {
  const bust = page.getByTestId('ten-bust').filter({ hasText: 'Ada busted' });
  for (let move = 0; move < limit; move++) {
    const choice = page.locator('button:enabled').filter({ hasText: PLAY_ON });
    await bust.or(choice).first().waitFor();
    if (await bust.isVisible()) return true;
    const seq = await page.getByTestId('play').getAttribute('data-seq');
    await choice.first().click();
    await page.locator(`[data-testid="play"]:not([data-seq="${seq}"])`).waitFor();
  }
  return false;
}

describe('Ten’s table', () => {
  it(
    'keeps a bust in view through the next seat’s turn until the player puts it away; in Hungarian the page around it follows',
    { timeout: 120_000 },
    async () => {
      const created = await createGame(
        suite.baseUrl,
        gameRequest('ten', ['Ada', { kind: 'normal', name: 'Bot' }], { botPaceMs: 0 }),
      );
      const [ada] = created.invites as [Invite];
      const page = await suite.pages.open(ada.path);
      await page.getByTestId('ten-table').waitFor();

      // She never stops, so she busts: every draw adds to the total or the currency, and either busts at 11.
      expect(await drawUntilBust(page, 60)).toBe(true);
      const notice = page.getByTestId('ten-bust');
      const busted = await notice.innerText();
      expect(busted).toContain('The card that did it');
      expect(busted).toContain('What the tableau lost');
      await page
        .getByTestId('action-log')
        .getByText(/^Ada busted/)
        .first()
        .waitFor();

      // The bot plays its whole turn at once (Ada passes in any joker auction it opens); when her turn comes round,
      // a bust is still shown: hers, or the bot's if it busted too (a later bust replaces an earlier one).
      const draw = page.getByRole('button', { name: 'Draw a card' });
      // Read now, never waited for: `isEnabled` on a button not (yet) there waits out the whole default timeout.
      const canDraw = async () => (await draw.count()) > 0 && (await draw.isEnabled());
      for (let auction = 0; auction < 20 && !(await canDraw()); auction++) {
        const pass = page.locator('button:enabled').filter({ hasText: /^Pass$/ });
        await draw.and(page.locator(':enabled')).or(pass).first().waitFor();
        expect(await notice.isVisible()).toBe(true);
        if (await pass.isVisible()) {
          const seq = await page.getByTestId('play').getAttribute('data-seq');
          await pass.click();
          await page.locator(`[data-testid="play"]:not([data-seq="${seq}"])`).waitFor();
        }
      }
      expect(await draw.isEnabled()).toBe(true);
      expect(await notice.isVisible()).toBe(true);
      expect(await notice.innerText()).toMatch(/^(Ada|Bot) busted/);
      await page.screenshot({ path: path.join(RESULTS, 'ten-bust.png'), fullPage: true });
      await notice.getByRole('button', { name: 'OK' }).click();
      await notice.waitFor({ state: 'detached' });

      // In Hungarian, the page around the table speaks it too — and keeps it after a reload, tab title and all.
      await page.getByRole('group', { name: 'Language · Nyelv' }).getByRole('button', { name: 'Magyar' }).click();
      const play = page.getByTestId('play');
      await play.getByRole('heading', { level: 1, name: 'Tízes' }).waitFor();
      await page.reload();
      await play.getByRole('link', { name: 'Szabályok' }).first().waitFor();
      await play.getByRole('heading', { name: 'Csevegés' }).waitFor();
      const words = await play.innerText();
      for (const english of ['Seat 1', 'Rules', 'Chat', 'Seed commitment', 'Leave seat', 'Sound', 'Notify me', 'Live'])
        expect(words, english).not.toMatch(new RegExp(`\\b${english}\\b`));
      expect(await page.title()).toContain('Tízes');
      expect(await page.locator('footer[data-game="ten"]').innerText()).toMatch(/^Tízes, az aukciós kártyajáték/);
      await page.screenshot({ path: path.join(RESULTS, 'ten-hungarian.png'), fullPage: true });
      suite.pages.expectNoErrors([/409/]);
    },
  );
});
