/**
 * Seats and pages as a player meets them in the browser, on the real app (next build + next start, a private PGlite
 * directory) in Debian's chromium, with an in-process devnet's TzKT API behind the explorer and token pages:
 * leaving an online seat turns the page into a live spectator's (it used to ask for the seat's view without its
 * token, 403, and freeze "Finished"); "Leave seat" is gone once the game is over; a hot-seat switch shows the new
 * seat's view whole, never the previous seat's under the new name with "Connecting…"; the seed's commitment during
 * play and the seed beside it at the end; each game's pages have their own footer; pages that name nothing answer
 * HTTP 404 with the not-found page (an unknown game's tokens page was a 500).
 */
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tzktRoutes } from '../../devnet/indexer';
import { bootstrapAccount, startDevnet, type Devnet } from '../../devnet/node';
import { GAMES } from '../../ui/lib/game-catalog';
import { RESULTS } from './app-server';
import { browserSuite } from './browser-pages';
import { actFirstLegal, createGame, gameRequest, snapshotOf as snapshotAt, type Invite } from './game-api';
import { seqOf, waitForSeq } from './play-page';

// The explorer and token pages read the devnet's TzKT API: an app of its own, pointed at it.
let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, tzkt: tzktRoutes });
}, 300_000);
afterAll(async () => {
  await devnet?.stop();
});
const suite = browserSuite(() => ({
  env: { TEZOS_NETWORK: 'devnet', TEZOS_RPC_URL: devnet.rpcUrl, TZKT_URL: devnet.tzktUrl },
}));

const snapshotOf = (id: string) => snapshotAt(suite.baseUrl, id);
const actAs = (id: string, invite: Invite) => actFirstLegal(suite.baseUrl, id, invite);

/** The connection's word in the play bar: Live, Connecting…, Reconnecting…, Finished or Game over. */
const connectionText = (page: Page) => page.getByTestId('play').locator('header [role="status"]').first().innerText();

describe('leaving an online seat', () => {
  it(
    'turns the page into a live spectator view of the game going on; "Leave seat" is gone once it is over; the seed shows as its commitment, then beside it',
    { timeout: 180_000 },
    async () => {
      const seed = 'defects-leave-seed';
      const created = await createGame(
        suite.baseUrl,
        gameRequest('pole', ['Ada', 'Bea'], { options: { laps: 1 }, seed }),
      );
      const { id } = created;
      const [ada, bea] = created.invites as [Invite, Invite];

      const beaPage = await suite.pages.newPage();
      const refused: string[] = [];
      beaPage.on('response', (res: Response) => {
        if (res.url().includes('/api/games/') && res.status() >= 400) refused.push(`${res.status()} ${res.url()}`);
      });
      await beaPage.goto(`${suite.baseUrl}${bea.path}`);
      await beaPage.getByText('Seat 2 · Bea').waitFor();
      // During play: the seed's commitment, never the seed.
      await beaPage.getByTestId('seed-commitment').waitFor();
      expect(await beaPage.getByTestId('seed-facts').innerText()).toContain('The seed is revealed when the game ends');
      expect(await beaPage.locator('body').innerText()).not.toContain(seed);

      beaPage.once('dialog', (dialog) => void dialog.accept());
      await beaPage.getByRole('button', { name: 'Leave seat' }).click();
      await beaPage.getByText('You left the seat; its bot plays on.').waitFor();
      await beaPage.getByText('Spectating').waitFor();
      await expect.poll(() => beaPage.getByTestId('play').getAttribute('data-seat')).toBe('spectator');
      await expect.poll(() => connectionText(beaPage)).toBe('Live');
      expect(await beaPage.getByRole('button', { name: 'Leave seat' }).count()).toBe(0);
      expect(new URL(beaPage.url()).search).toBe('');

      // The game goes on (Ada plays, Bea's bot too) and the spectator's table follows it, live and not dimmed.
      const adaPage = await suite.pages.open(ada.path);
      await adaPage.getByText('Seat 1 · Ada').waitFor();
      await adaPage.getByRole('button', { name: 'Leave seat' }).waitFor();
      const before = await seqOf(beaPage);
      // Ada acts whenever it is her turn; the bot moves in between.
      await vi.waitFor(
        async () => {
          await actAs(id, ada);
          expect((await snapshotOf(id)).seq).toBeGreaterThanOrEqual(before + 3);
        },
        { timeout: 30_000, interval: 50 },
      );
      await waitForSeq(beaPage, before + 3);
      expect(await beaPage.getByTestId('play').locator('[aria-busy]').first().getAttribute('aria-busy')).toBe('false');
      expect(await connectionText(beaPage)).toBe('Live');
      await beaPage.screenshot({ path: path.join(RESULTS, 'defects-left-seat-spectating.png'), fullPage: true });

      // Ada plays it to the end.
      await vi.waitFor(
        async () => {
          while (await actAs(id, ada));
          expect((await snapshotOf(id)).outcome).not.toBeNull();
        },
        { timeout: 60_000, interval: 20 },
      );
      const over = await snapshotOf(id);
      expect(over.outcome).not.toBeNull();
      for (const page of [adaPage, beaPage]) {
        await waitForSeq(page, over.seq);
        await page.getByTestId('outcome-banner').waitFor();
        expect(await connectionText(page)).toBe('Game over');
        // Nothing left to leave.
        expect(await page.getByRole('button', { name: 'Leave seat' }).count()).toBe(0);
        // The seed, beside its commitment, checked.
        expect(await page.getByTestId('seed').innerText()).toBe(seed);
        expect(await page.getByTestId('seed-commitment').innerText()).toBe(over.seedCommitment);
        expect(await page.getByTestId('seed-facts').innerText()).toContain(
          'it matches the commitment shown during the game',
        );
      }
      await adaPage.screenshot({ path: path.join(RESULTS, 'defects-game-over-seed.png'), fullPage: true });
      // Never a refused read: Bea's page never asked for seat 2's view without its token.
      expect(refused).toEqual([]);
      suite.pages.expectNoErrors();
    },
  );
});

describe('hot-seat seat switching', () => {
  it(
    'shows the new seat’s view whole, at once: never the previous seat’s under the new name, never "Connecting…"',
    { timeout: 90_000 },
    async () => {
      const created = await createGame(
        suite.baseUrl,
        gameRequest('ten', ['Ann', 'Ben'], { seed: 'defects-switch', mode: 'hotseat' }),
      );
      const page = await suite.pages.open(`/play/${created.id}?token=${encodeURIComponent(created.hostToken)}`);
      const switcher = page.getByRole('group', { name: /Hot-seat/ });
      await switcher.waitFor();
      await switcher.getByRole('checkbox', { name: 'Follow whoever must decide' }).uncheck();
      const first = Number(await page.getByTestId('play').getAttribute('data-seat'));
      const names = ['Ann', 'Ben'];

      // What the page shows, at every change from the click on: the seat in the bar, the seat whose view the table
      // is, the connection's word and whether the table is dimmed.
      await page.evaluate(() => {
        const seen: { label: string | null; view: string | null; status: string | null; busy: string | null }[] = [];
        (window as unknown as { seen: typeof seen }).seen = seen;
        const root = document.querySelector('[data-testid="play"]')!;
        const record = () => {
          const bar = root.querySelector('header')?.textContent ?? '';
          seen.push({
            label: /Seat (\d) ·/.exec(bar)?.[1] ?? null,
            view: root.getAttribute('data-seat'),
            status: root.querySelector('header [role="status"]')?.textContent ?? null,
            busy: root.querySelector('[aria-busy]')?.getAttribute('aria-busy') ?? null,
          });
        };
        new MutationObserver(record).observe(root, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
      });
      for (const target of [1 - first, first]) {
        await switcher.getByRole('button', { name: new RegExp(`^${names[target]}`) }).click();
        await expect.poll(() => page.getByTestId('play').getAttribute('data-seat')).toBe(String(target));
        await page.getByText(`Seat ${target + 1} · ${names[target]}`).waitFor();
        expect(await connectionText(page)).toBe('Live');
      }
      const seen = await page.evaluate(
        () =>
          (
            window as unknown as {
              seen: { label: string | null; view: string | null; status: string | null; busy: string | null }[];
            }
          ).seen,
      );
      expect(seen.length).toBeGreaterThan(0);
      for (const moment of seen) {
        expect(moment.status).not.toBe('Connecting…');
        expect(moment.busy).toBe('false');
        // The bar names the seat whose view the table is.
        expect(moment.label === null ? 'spectator' : String(Number(moment.label) - 1)).toBe(moment.view);
      }
      // Ten's footer, not Tezos Pole's.
      expect(await page.locator('footer').getAttribute('data-game')).toBe('ten');
      expect(await page.locator('footer').innerText()).toBe(GAMES.ten.footer);
      suite.pages.expectNoErrors();
    },
  );
});

describe('footers', () => {
  const footerOf = async (pathname: string) => {
    const html = await (await fetch(`${suite.baseUrl}${pathname}`)).text();
    const footer = /<footer[^>]*data-game="([a-z]+)"[^>]*>([\s\S]*?)<\/footer>/.exec(html);
    return {
      game: footer?.[1] ?? null,
      text: footer?.[2]?.replace(/<[^>]+>/g, '').replace(/&#x27;|&#39;/g, '’') ?? null,
    };
  };

  it("each game's pages show its own footer, the other pages a neutral one", async () => {
    for (const game of ['pole', 'gotopoly', 'ten'] as const) {
      const footer = await footerOf(`/new/${game}`);
      expect(footer.game).toBe(game);
      expect(footer.text).toContain(GAMES[game].footer.slice(0, 40));
    }
    for (const game of ['gotopoly', 'ten'] as const)
      expect((await footerOf(`/new/${game}`)).text).not.toContain('Tezos Pole');
    expect(await footerOf('/watch')).toMatchObject({ game: 'pole' });
    const home = await footerOf('/');
    expect(home.game).toBe('none');
    expect(home.text).not.toContain('Genesis board');
  });
});

describe('pages that name nothing answer 404', () => {
  let page: Page;
  beforeAll(async () => {
    page = await suite.pages.newPage();
  });
  // Chromium logs each 404 it loaded: those are the answers under test. Each test checks its own, so none is left for
  // whichever test runs next (the order is shuffled).
  afterEach(() => suite.pages.expectNoErrors([/Failed to load resource: the server responded with a status of 404/]));
  /** The page's HTTP status and whether the browser shows the not-found page. */
  const statusOf = async (pathname: string) => {
    const res = await page.goto(`${suite.baseUrl}${pathname}`);
    await page.locator('#main').waitFor();
    return { status: res?.status(), notFoundPage: (await page.getByTestId('not-found').count()) === 1 };
  };
  const notFound = { status: 404, notFoundPage: true };

  it("an unknown game's table (its tab naming no game), an unknown game's tokens page, and an off-chain game's", async () => {
    expect(await statusOf('/play/no-such-game')).toEqual(notFound);
    expect(await statusOf('/play/%00')).toEqual(notFound);
    expect(await statusOf('/play/no-such-game/tokens')).toEqual(notFound);
    const offChain = await createGame(suite.baseUrl, gameRequest('ten', ['Ann'], { mode: 'hotseat' }));
    expect(await statusOf(`/play/${offChain.id}/tokens`)).toEqual(notFound);
    // A game that is there answers 200, its tab naming the game.
    expect(await statusOf(`/play/${offChain.id}`)).toEqual({ status: 200, notFoundPage: false });
    expect(await page.title()).toMatch(/^Ten · Play/);
  });

  it('a token, operation, block or account the indexer does not know, or an id that is not one', async () => {
    expect(await statusOf('/token/KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi/7')).toEqual(notFound);
    expect(await statusOf('/token/KT1nope/1')).toEqual(notFound);
    expect(await statusOf('/explorer/op/ooCr1syCiSr9hZnDrEK73LfiKtRUe8oUP9fQaZwUciJwpW2eavZ')).toEqual(notFound);
    expect(await statusOf('/explorer/op/oops')).toEqual(notFound);
    expect(await statusOf('/explorer/block/99999')).toEqual(notFound);
    expect(await statusOf('/explorer/account/tz1notanaddress')).toEqual(notFound);
    // What is there still answers 200.
    expect(await statusOf(`/explorer/account/${bootstrapAccount(1).address}`)).toEqual({
      status: 200,
      notFoundPage: false,
    });
    expect(await statusOf('/token/KT1nope/1')).toEqual(notFound);
    await page.screenshot({ path: path.join(RESULTS, 'defects-not-found.png'), fullPage: true });
  });
});
