/**
 * Chat and emotes in an online game, on the real app (next build + next start, a private PGlite
 * directory) in Debian's chromium, with a browser context per person: Ada's message and emote reach Bea live and
 * are still there after Bea refreshes; markup in a message shows as text; a spectator reads both and has no way to
 * post (the server refuses one anyway); the game's host mutes Bea, whose panel says so and whose post is refused.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RESULTS } from './app-server';
import { browserSuite } from './browser-pages';
import { createGame, gameRequest, type Invite } from './game-api';

const suite = browserSuite();

const chatLog = (page: Page) => page.getByRole('log', { name: 'Chat messages' });

describe('chat in an online game', () => {
  it(
    'shows a message and an emote live at the other seat and after a refresh; a spectator reads them and cannot post; a muted seat cannot',
    { timeout: 180_000 },
    async () => {
      const created = await createGame(suite.baseUrl, gameRequest('ten', ['Ada', 'Bea']));
      const [ada, bea] = created.invites as [Invite, Invite];
      const adaPage = await suite.pages.open(ada.path);
      const beaPage = await suite.pages.open(bea.path);
      for (const page of [adaPage, beaPage]) await chatLog(page).getByText('No messages yet.').waitFor();

      // Ada writes (markup stays text) and sends an emote; the counter counts as she types.
      const input = adaPage.getByLabel('Message to the table');
      const message = 'Hi Bea <b>good luck</b>';
      await input.fill(message);
      expect(await adaPage.getByTestId('chat').getByText(`${message.length}/280`).count()).toBe(1);
      await input.press('Enter');
      await adaPage.getByRole('button', { name: 'Send emote: Good game' }).click();

      // Live at Bea's seat, with Ada's name, before any refresh.
      await chatLog(beaPage).getByText(message, { exact: true }).waitFor();
      await chatLog(beaPage).getByRole('img', { name: 'Good game' }).waitFor();
      expect(await chatLog(beaPage).locator('b').count()).toBe(0);
      expect(await chatLog(beaPage).locator('li').first().innerText()).toContain('Ada');
      await expect.poll(() => input.inputValue()).toBe('');

      // After a refresh the chat is still there.
      await beaPage.reload();
      await chatLog(beaPage).getByText(message, { exact: true }).waitFor();
      await chatLog(beaPage).getByRole('img', { name: 'Good game' }).waitFor();

      // Bea answers; Ada sees it live.
      await beaPage.getByLabel('Message to the table').fill('Thanks!');
      await beaPage.getByRole('button', { name: 'Send', exact: true }).click();
      await chatLog(adaPage).getByText('Thanks!').waitFor();

      // A spectator reads everything and has nothing to post with; the server refuses a post without a seat's token.
      const watcher = await suite.pages.open(`/play/${created.id}`);
      await chatLog(watcher).getByText(message, { exact: true }).waitFor();
      await chatLog(watcher).getByRole('img', { name: 'Good game' }).waitFor();
      await chatLog(watcher).getByText('Thanks!').waitFor();
      expect(await watcher.getByLabel('Message to the table').count()).toBe(0);
      expect(await watcher.getByRole('button', { name: /^Send emote/ }).count()).toBe(0);
      expect(await watcher.getByTestId('chat-readonly').innerText()).toContain('Spectators read the chat');
      const refused = await watcher.evaluate(async (id) => {
        const res = await fetch(`/api/games/${id}/chat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: 'x', text: 'hi' }),
        });
        return res.status;
      }, created.id);
      expect(refused).toBe(403);

      // The host (the creator's link) mutes Bea: everyone sees it, and Bea's panel says she is muted.
      const hostPage = await suite.pages.open(`/play/${created.id}?token=${encodeURIComponent(created.hostToken)}`);
      await hostPage.getByRole('button', { name: 'Mute Bea' }).click();
      await hostPage.getByRole('button', { name: 'Unmute Bea' }).waitFor();
      await chatLog(adaPage).getByText('The host muted Bea.').waitFor();
      await beaPage.getByText("The game's host has muted your chat.").waitFor();
      expect(await beaPage.getByLabel('Message to the table').count()).toBe(0);
      await beaPage.screenshot({ path: path.join(RESULTS, 'chat-muted-seat.png'), fullPage: true });

      suite.pages.expectNoErrors([/403/]);
    },
  );
});
