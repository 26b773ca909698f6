/**
 * On-chain Tezos Pole as a person sees it: from the click on "Buy" in Chromium to the page showing the purchase's
 * mint confirmed on Tezos (the chain panel's step, which the "Confirmed on Tezos" toast shows at the same moment).
 * The real app (next start) on an in-process devnet with instant blocks; one person signed in with a devnet account
 * against a heuristic bot, on a small board whose works are large editions, so nearly every turn offers a purchase.
 */
import type { Browser, Page } from 'playwright-core';
import { bootstrapAccount } from '../../devnet/node';
import type { CreateGameResponse } from '../../server';
import { launchBrowser } from '../lib/browser';
import { startAppServer, type AppServer } from '../lib/app-server';
import { devnetWithContract, type DevnetContract } from '../lib/devnet-contract';
import type { BenchCase } from './types';

const works = ['Tide', 'Kelp', 'Lantern', 'Harbour', 'Salt', 'Reed', 'Dune'];
const BOARD = {
  id: 'bench-browser',
  name: 'Bench',
  tiles: [
    { kind: 'go', id: 'go', name: 'Start' },
    ...works.map((title) => ({
      kind: 'artist',
      id: title.toLowerCase(),
      artist: 'Bench Artist',
      title,
      price: 10,
      multiplier: 1,
      editionSize: 1000,
    })),
  ],
};

const YOUR_CHOICE = '[data-testid="decision"] [aria-label="Your choices"] button:not([disabled])';
const STEP = 'li[data-kind="step"]';

/** The newest chain step the page lists (its op id), 0 when none. */
const newestStep = (page: Page): Promise<number> =>
  page.evaluate(
    (selector) =>
      Math.max(0, ...[...document.querySelectorAll(selector)].map((li) => Number(li.getAttribute('data-op')))),
    STEP,
  );

/** Creates a game of the signed-in person and a bot on Tezos, takes the seat, claims it and approves the bank. */
async function newGame(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  const created = await page.evaluate(async (board) => {
    const res = await fetch('/api/games', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        game: 'pole',
        mode: 'online',
        options: { laps: 30, board },
        seats: [
          { kind: 'human', name: 'Ada' },
          { kind: 'heuristic', name: 'Bot' },
        ],
        botPaceMs: 0,
        onChain: {},
      }),
    });
    if (!res.ok) throw new Error(`creating the game: ${res.status} ${await res.text()}`);
    return (await res.json()) as CreateGameResponse;
  }, BOARD);
  await page.goto(new URL(created.invites[0]!.path, baseUrl).href);
  const setup = page.getByTestId('chain-setup');
  await setup.getByRole('button', { name: /^Claim this seat with tz1/ }).click({ timeout: 60_000 });
  await setup.getByRole('button', { name: 'Approve the bank for this game' }).click({ timeout: 60_000 });
  await page.locator('[data-testid="chain-panel"][data-ready="true"]').waitFor({ timeout: 90_000 });
}

let started: { chain: DevnetContract; app: AppServer; browser: Browser } | null = null;

export const poleChainBrowserCases: readonly BenchCase[] = [
  {
    name: 'chain: purchase → confirmed on the page (Chromium, real app, devnet with instant blocks)',
    unit: 'ms',
    goal: { atMost: 1000 },
    prepare: async () => {
      const bank = bootstrapAccount(1);
      const served: { url?: string } = {};
      const chain = await devnetWithContract({ admin: bank, metadataGateway: () => served.url });
      const app = await startAppServer({
        env: {
          TEZOS_NETWORK: 'devnet',
          TEZOS_RPC_URL: chain.devnet.rpcUrl,
          TZKT_URL: chain.devnet.tzktUrl,
          POLE_FA2_CONTRACT: chain.contract.address,
          POLE_BANK_SECRET_KEY: bank.secretKey,
        },
      });
      served.url = app.baseUrl;
      chain.devnet.allowOrigin(app.baseUrl);
      const browser = await launchBrowser();
      started = { chain, app, browser };
      const page = await (await browser.newContext()).newPage();
      await page.goto(`${app.baseUrl}/signin?next=%2F`);
      await page.getByRole('button', { name: 'Sign in as bootstrap2', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await newGame(page, app.baseUrl);
      return async () => {
        for (;;) {
          const choice = page.locator(YOUR_CHOICE).first();
          const over = page.getByTestId('outcome-banner');
          await Promise.race([choice.waitFor({ timeout: 60_000 }), over.waitFor({ timeout: 60_000 })]);
          if (await over.isVisible()) {
            await newGame(page, app.baseUrl);
            continue;
          }
          const buy = page.locator(YOUR_CHOICE).filter({ hasText: /^Buy / });
          if ((await buy.count()) === 0) {
            await choice.click();
            continue;
          }
          const before = await newestStep(page);
          const clicked = performance.now();
          await buy.first().click();
          // The purchase's own step: the first one listed after the click that mints to Ada (the bot's come later).
          await page.waitForFunction(
            ([selector, after]) => {
              const mine = [...document.querySelectorAll(selector)]
                .filter(
                  (li) => Number(li.getAttribute('data-op')) > after && /Minted .* to Ada/.test(li.textContent ?? ''),
                )
                .sort((a, b) => Number(a.getAttribute('data-op')) - Number(b.getAttribute('data-op')));
              return mine[0]?.getAttribute('data-status') === 'confirmed';
            },
            [STEP, before] as const,
            { timeout: 60_000, polling: 'raf' },
          );
          return performance.now() - clicked;
        }
      };
    },
    teardown: async () => {
      await started?.browser.close();
      await started?.app.stop();
      await started?.chain.devnet.stop();
      started = null;
    },
  },
];
