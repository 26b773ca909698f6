/**
 * "My games" on the real app (next build + next start, a private PGlite directory) in Debian's chromium.
 * Ada, signed in with a devnet wallet, opens her invite link (its token in the fragment: it leaves the address bar
 * and no request carries it), closes the tab, opens `/games` in a new tab of the same browser, finds the game with
 * "Your turn", goes back in and plays on. A second browser, on a phone, signed in with the same wallet, finds the
 * game too (the wallet's seat), and forgets it; the first browser still holds it.
 */
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GameSnapshot } from '../../server/protocol';
import { RESULTS } from './app-server';
import { browserSuite } from './browser-pages';
import { createGame, gameRequest, signInContext, snapshotOf } from './game-api';
import { takeFirstChoice } from './play-page';

const suite = browserSuite();

const signIn = (context: BrowserContext, i: number) => signInContext(suite.baseUrl, context, i);

const myGame = (page: Page, id: string) => page.locator(`[data-testid="my-game"][data-game-id="${id}"]`);

describe('my games', () => {
  it(
    'brings a closed tab back to its seat from /games, and a signed-in wallet finds it on another browser',
    { timeout: 180_000 },
    async () => {
      const game = await createGame(
        suite.baseUrl,
        gameRequest('pole', ['Ada', 'Bea'], { options: { laps: 2 }, seed: 'e2e-my-games' }),
      );
      // The seat the game waits for first (the seed decides who starts).
      const opening = await snapshotOf(suite.baseUrl, game.id);
      const ada = game.invites.find((i) => i.seat === opening.pending[0]!.seat)!;
      const name = game.seats[ada.seat]!.name;
      const atSeat = `[data-testid="play"][data-seat="${ada.seat}"]`;
      expect(ada.path).toContain('#token=');

      const first = await suite.pages.newPage();
      const adaBrowser = first.context();
      await signIn(adaBrowser, 2);
      await first.goto(`${suite.baseUrl}${ada.path}`);
      await first.locator(atSeat).waitFor();
      // The token left the address bar; the browser holds the seat in an httpOnly cookie instead.
      await first.waitForURL((url) => url.hash === '' && !url.search.includes('token'));
      const cookies = await adaBrowser.cookies();
      expect(cookies.find((c) => c.name === 'tp_browser')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      expect(
        await first.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage })),
      ).not.toContain(ada.token);
      await first.close();

      // A new tab of the same browser: the game is in "My games", waiting for Ada.
      const again = await adaBrowser.newPage();
      await again.goto(`${suite.baseUrl}/games`);
      const row = myGame(again, game.id);
      await row.waitFor();
      expect(await row.getAttribute('data-your-turn')).toBe('true');
      expect(await row.innerText()).toContain('Your turn');
      expect(await row.innerText()).toContain(name);
      await row.getByRole('link', { name: /Tezos Pole/ }).click();
      await again.locator(atSeat).waitFor();
      expect(again.url()).not.toContain('token');
      // Ada plays on with no token in the page: the server knows her seat.
      await takeFirstChoice(again);
      const view = (await (await again.request.get(`${suite.baseUrl}/api/games/${game.id}`)).json()) as GameSnapshot;
      expect(view).toMatchObject({ access: 'seat', seat: ada.seat });

      // Another browser, on a phone, signed in with Ada's wallet: the game is there too, and opens at her seat.
      const phone = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
      await signIn(phone, 2);
      const other = await phone.newPage();
      await other.goto(`${suite.baseUrl}/games`);
      await myGame(other, game.id).waitFor();
      expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await other.screenshot({ path: path.join(RESULTS, 'my-games-phone.png'), fullPage: true });
      await myGame(other, game.id).getByRole('link').click();
      await other.locator(atSeat).waitFor();

      // Forgetting it there forgets the wallet's seat; Ada's first browser still holds its own.
      await other.goto(`${suite.baseUrl}/games`);
      await myGame(other, game.id)
        .getByRole('button', { name: /^Forget/ })
        .click();
      await other.getByTestId('my-games-empty').waitFor();
      await other.reload();
      await other.getByTestId('my-games-empty').waitFor();
      await again.goto(`${suite.baseUrl}/games`);
      await myGame(again, game.id).waitFor();

      // The seat's token was never in a request line the server could log.
      expect(suite.server.log()).not.toContain(ada.token);
      await phone.close();
      suite.pages.expectNoErrors();
    },
  );
});
