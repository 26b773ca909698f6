/**
 * Refusals that tell the truth, and the wallet in the header, end to end: the real app (next build + next
 * start) on an in-process devnet with its TzKT API, in Debian's chromium, nothing mocked. For each refusal the
 * server sends while people set up an on-chain game — a seat not claimed yet (SEAT_NOT_CLAIMED), acting before the
 * chain setup is ready (CHAIN_NOT_READY), a wallet claiming a second seat (ADDRESS_IN_GAME), a seat someone else
 * claimed first (SEAT_CLAIMED), another wallet acting for a seat (WRONG_WALLET) — the page shows the server's own
 * message, read from the very answer the page received, where it used to say "The game moved on…". The header shows
 * the devnet badge, the signed-in account's balance and a link to its account page, at a phone's width and on a
 * desktop, with no horizontal scroll.
 */
import path from 'node:path';
import { TezosToolkit } from '@taquito/taquito';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTez } from '../../ui/wallet/wallet-status';
import { bootstrapAccount } from '../../devnet/node';
import type { CreateGameResponse, ErrorBody } from '../../server/protocol';
import { RESULTS } from './app-server';
import type { BrowserPages } from './browser-pages';
import { openSeatSignedIn, signIn as signInAt, startChainApp, type ChainApp } from './chain-app';
import { gameRequest } from './game-api';

const alice = bootstrapAccount(2);
const bob = bootstrapAccount(3);
const carol = bootstrapAccount(4);

let app: ChainApp | null = null;
let baseUrl = '';
let pages: BrowserPages;

beforeAll(async () => {
  app = await startChainApp();
  ({ baseUrl, pages } = app);
}, 600_000);

afterAll(async () => {
  await app?.stop();
});

/** Chromium logs each refused request as "Failed to load resource … status of 4xx": those are the refusals under test. */
const REFUSAL_LOGS = [/Failed to load resource: the server responded with a status of (403|409)/];

const signIn = (page: Page, alias: string, next: string): Promise<void> => signInAt(page, baseUrl, alias, next);

/** Clicks `click` and returns the refusal the server answered the request matching `path` with. */
async function refusalTo(
  page: Page,
  method: string,
  pathname: RegExp,
  click: () => Promise<void>,
): Promise<ErrorBody & { status: number }> {
  const [res] = await Promise.all([
    page.waitForResponse((r: Response) => r.request().method() === method && pathname.test(new URL(r.url()).pathname)),
    click(),
  ]);
  const body = (await res.json()) as ErrorBody;
  return { ...body, status: res.status() };
}

/** Where each refusal shows: the decision's own alert, or the alert of the panel "The game on Tezos" (chain setup). */
const SCOPES = {
  decision: (page: Page) => page.getByTestId('decision'),
  chain: (page: Page) => page.getByRole('region', { name: 'The game on Tezos' }),
};

/** The page shows exactly `message` in an alert inside `scope`, and nowhere the old guess. */
async function expectShown(page: Page, scope: keyof typeof SCOPES, message: string): Promise<void> {
  const alert = SCOPES[scope](page).getByRole('alert').filter({ hasText: message });
  await alert.waitFor();
  expect((await alert.innerText()).trim()).toBe(message);
  expect(await page.locator('body').innerText()).not.toContain('moved on');
}

/**
 * Clicks `click`, expects the server to refuse the request matching `pathname` with `status` and `error`, and the page
 * to show that refusal's own message in `scope`; a screenshot of it lands in `screenshot`. Returns the message.
 */
async function expectRefusalShown(
  page: Page,
  request: { method: string; pathname: RegExp; click: () => Promise<void> },
  refusal: { status: number; error: string },
  scope: keyof typeof SCOPES,
  screenshot: string,
): Promise<string> {
  const refused = await refusalTo(page, request.method, request.pathname, request.click);
  expect(refused).toMatchObject(refusal);
  await expectShown(page, scope, refused.message);
  await page.screenshot({ path: path.join(RESULTS, screenshot), fullPage: true });
  pages.expectNoErrors(REFUSAL_LOGS);
  return refused.message;
}

const claimButton = (page: Page) =>
  page.getByTestId('chain-setup').getByRole('button', { name: /^Claim this seat with tz1/ });
/** The seat's claim is refused with `error` (409), shown in the chain setup's panel; returns the server's message. */
const claimRefused = (page: Page, error: string, screenshot: string): Promise<string> =>
  expectRefusalShown(
    page,
    { method: 'POST', pathname: /\/chain\/claim$/, click: () => claimButton(page).click() },
    { status: 409, error },
    'chain',
    screenshot,
  );
const rollButton = (page: Page) => page.getByTestId('decision').getByRole('button', { name: 'Roll the die' });

/** Waits until the seat's claim button is offered and enabled (the game's tokens are confirmed). */
async function claimOffered(page: Page): Promise<void> {
  await claimButton(page).waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () => {
      const b = [...document.querySelectorAll('[data-testid="chain-setup"] button')].find((el) =>
        el.textContent?.startsWith('Claim this seat'),
      );
      return b instanceof HTMLButtonElement && !b.disabled;
    },
    undefined,
    { timeout: 60_000 },
  );
}

describe('the wallet in the header', () => {
  for (const viewport of [
    { name: 'phone', width: 375, height: 812 },
    { name: 'desktop', width: 1440, height: 1000 },
  ]) {
    it(
      `shows the devnet badge, the balance and the account link on a ${viewport.name} (${viewport.width} px)`,
      { timeout: 120_000 },
      async () => {
        const page = await pages.newPage();
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await signIn(page, alice.alias, '/');
        const header = page.getByRole('banner');

        const badge = header.getByTestId('network-badge');
        await badge.waitFor();
        expect(await badge.getAttribute('data-network')).toBe('devnet');
        expect((await badge.textContent())?.replace('Network: ', '')).toBe('Devnet');

        // The balance is the node's, as the chain sees it.
        const mutez = (await new TezosToolkit(app!.chain.devnet.rpcUrl).tz.getBalance(alice.address)).toNumber();
        const balance = header.getByTestId('wallet-balance');
        await balance.waitFor();
        expect((await balance.textContent())?.replace(', balance ', '')).toBe(formatTez(mutez));
        const account = header.getByTestId('wallet-account');
        expect(await account.getAttribute('href')).toBe(`/explorer/account/${alice.address}`);
        expect(await header.getByTestId('wallet-low-balance').count()).toBe(0);

        // Everything fits: no horizontal scroll, the badge and the balance inside the viewport.
        const fits = {
          page: await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          header: await header.evaluate((el) => el.scrollWidth <= window.innerWidth),
        };
        expect(fits).toEqual({ page: true, header: true });
        for (const part of [badge, balance, header.getByRole('button', { name: 'Sign out' })]) {
          const box = (await part.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        }
        await page.screenshot({ path: path.join(RESULTS, `refusals-header-${viewport.name}.png`) });

        // The link opens the account's page on the app's own explorer (the devnet has no public one).
        await account.click();
        await page.waitForURL(`**/explorer/account/${alice.address}`);
        await page.getByTestId('explorer-account').waitFor();
        expect(await page.getByTestId('account-balance').innerText()).toContain(formatTez(mutez).replace(' ꜩ', ''));
        pages.expectNoErrors();
      },
    );
  }
});

// One on-chain game's seats, claimed in turn: Alice's first seat, then her second, then Bob's. Each refusal needs the
// claims before it, and the chain cannot take a claim back, so these keep their order.
describe('refusals on an on-chain game show the server’s own message', { shuffle: false }, () => {
  let game: CreateGameResponse;
  const pathOf = (seat: number) => game.invites.find((i) => i.seat === seat)!.path;
  /** The seat's invite link opened in `alias`'s signed-in browser, which then holds the seat. */
  const openSeat = (page: Page, alias: string, seat: number): Promise<void> =>
    openSeatSignedIn(page, baseUrl, pathOf(seat), alias);

  beforeAll(async () => {
    const request = gameRequest('pole', ['Alice', 'Bob'], { seed: 'e2e-refusals', turnSeconds: null, onChain: {} });
    // Created by a signed-in wallet, as the new-game form does: the bank pays for on-chain games.
    const page = await pages.newPage();
    await signIn(page, alice.alias, '/');
    const res = await page.request.post(`${baseUrl}/api/games`, { data: request, headers: { origin: baseUrl } });
    expect(res.status()).toBe(201);
    game = (await res.json()) as CreateGameResponse;
    await page.close();
  });

  it(
    'a seat not claimed yet, then acting before the setup is ready (SEAT_NOT_CLAIMED, CHAIN_NOT_READY)',
    { timeout: 120_000 },
    async () => {
      const page = await pages.newPage();
      await openSeat(page, alice.alias, 0);
      await claimOffered(page);

      // Rolling before the seat is bound to a wallet.
      const unclaimed = await refusalTo(page, 'POST', /\/actions$/, () => rollButton(page).click());
      expect(unclaimed).toMatchObject({ status: 403, error: 'SEAT_NOT_CLAIMED' });
      await expectShown(page, 'decision', unclaimed.message);

      // Claimed, but Bob has not claimed nor approved: the chain setup is not ready.
      await claimButton(page).click();
      await page.getByTestId('chain-setup').getByRole('button', { name: 'Approve the bank' }).waitFor();
      const early = await refusalTo(page, 'POST', /\/actions$/, () => rollButton(page).click());
      expect(early).toMatchObject({ status: 409, error: 'CHAIN_NOT_READY' });
      expect(early.message).toMatch(/^the game has not started: /);
      await expectShown(page, 'decision', early.message);
      await page.screenshot({ path: path.join(RESULTS, 'refusals-chain-not-ready.png'), fullPage: true });
      pages.expectNoErrors(REFUSAL_LOGS);
    },
  );

  it('a wallet claiming a second seat of the game (ADDRESS_IN_GAME)', { timeout: 120_000 }, async () => {
    const page = await pages.newPage();
    await openSeat(page, alice.alias, 1);
    await claimOffered(page);
    expect(await claimRefused(page, 'ADDRESS_IN_GAME', 'refusals-address-in-game.png')).toContain(alice.address);
  });

  it('claiming a seat someone claimed first (SEAT_CLAIMED)', { timeout: 120_000 }, async () => {
    // Carol and Bob both open seat 2's link. Carol's page is frozen between two of its chain polls (its clock
    // paused), so it still offers the claim when Bob takes the seat: the race two holders of one link can run.
    const carolPage = await pages.newPage();
    await carolPage.clock.install();
    await openSeat(carolPage, carol.alias, 1);
    await claimOffered(carolPage);
    await carolPage.clock.pauseAt(Date.now() + 2000);

    const bobPage = await pages.newPage();
    await openSeat(bobPage, bob.alias, 1);
    await claimOffered(bobPage);
    await claimButton(bobPage).click();
    await bobPage.getByTestId('chain-setup').getByRole('button', { name: 'Approve the bank' }).waitFor();

    expect(await claimRefused(carolPage, 'SEAT_CLAIMED', 'refusals-seat-claimed.png')).toContain(bob.address);
  });

  it('another wallet acting for a seat (WRONG_WALLET)', { timeout: 120_000 }, async () => {
    // Bob opens Alice's link: the page says whose seat it is, and the server refuses his roll in its own words.
    const page = await pages.newPage();
    await openSeat(page, bob.alias, 0);
    await page
      .getByTestId('chain-setup')
      .getByText(/This seat is played by tz1/)
      .waitFor({ timeout: 60_000 });
    const wrong = await expectRefusalShown(
      page,
      { method: 'POST', pathname: /\/actions$/, click: () => rollButton(page).click() },
      { status: 403, error: 'WRONG_WALLET' },
      'decision',
      'refusals-wrong-wallet.png',
    );
    expect(wrong).toBe(`seat 1 is bound to ${alice.address}, not to ${bob.address}`);
  });
});
