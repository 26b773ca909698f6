/**
 * An on-chain game when blocks take their time (here a block every 2 s and TzKT 1 s behind, Shadownet's
 * 6 s and 1.5 s scaled for CI). In Debian's chromium against the real app: a purchase shows at once as on its way to
 * Tezos with a spinner and the expected wait, a double click sends it once, and its confirmation arrives as a toast
 * linking to the operation.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../devnet/node';
import type { ChainInfo } from '../../server/chain/chain-games';
import type { GameSnapshot } from '../../server/protocol';
import { RESULTS } from './app-server';
import { signIn, startChainApp, waitChainReady, type ChainApp } from './chain-app';
import { getJson } from './game-api';
import { chooseOnChain, createAndInvite } from './new-game-form';
import { gameIdOf, takeFirstChoice } from './play-page';

const BLOCK_SECONDS = 2;
const alice = bootstrapAccount(2);
/** Decisions before Alice is offered a purchase, at most (a bug if more). */
const MAX_DECISIONS = 60;

let app: ChainApp | null = null;

beforeAll(async () => {
  app = await startChainApp(undefined, { pace: { blockTime: BLOCK_SECONDS, indexerLag: 1 } });
}, 600_000);

afterAll(async () => {
  await app?.stop();
});

/** Waits until the table offers Alice a choice (her turn, nothing on its way). */
const choices = (page: Page) => page.getByTestId('decision').getByRole('group', { name: 'Your choices' });
const waitForChoice = (page: Page) =>
  page.waitForFunction(
    () =>
      document.querySelector('[data-testid="play-table"]')?.getAttribute('aria-busy') === 'false' &&
      document.querySelector('[data-testid="decision"] [aria-label="Your choices"] button:not([disabled])') !== null,
    undefined,
    { timeout: 90_000 },
  );

describe('an on-chain game at a slow chain’s pace, in the browser', () => {
  it(
    'shows a purchase on its way with the expected wait, sends a double click once, and toasts its confirmation with the operation',
    { timeout: 300_000 },
    async () => {
      const { baseUrl, pages } = app!;
      const api = <T>(pathname: string): Promise<T> => getJson<T>(baseUrl, pathname);
      const page = await pages.newPage();
      await signIn(page, baseUrl, alice.alias, '/new/pole');
      await page.getByRole('heading', { level: 1, name: 'New game of Tezos Pole' }).waitFor();
      await page.getByRole('radio', { name: '2 seats' }).check();
      await page.getByLabel('Name of seat 1').fill('Alice');
      await chooseOnChain(page);
      const [invite] = (await createAndInvite(page, 'Tezos Pole', ['Alice'])) as [string];
      await page.goto(invite);
      const gameId = gameIdOf(page.url());

      const setup = page.getByTestId('chain-setup');
      await setup.getByRole('button', { name: /^Claim this seat with tz1/ }).click({ timeout: 120_000 });
      await setup.getByRole('button', { name: 'Approve the bank' }).click({ timeout: 60_000 });
      await waitChainReady(page, 120_000);

      // Alice rolls (and passes on nothing) until a purchase is offered.
      let buy = choices(page).getByRole('button', { name: /^Buy / });
      for (let decisions = 0; ; decisions++) {
        expect(decisions, 'decisions before a purchase was offered').toBeLessThan(MAX_DECISIONS);
        await waitForChoice(page);
        if (await buy.count()) break;
        await takeFirstChoice(page, 90_000);
      }
      buy = choices(page).getByRole('button', { name: /^Buy / });
      const tile = (await buy.innerText()).replace(/^Buy /, '').replace(/ for .*$/, '');
      const seqBefore = (await api<GameSnapshot>(`/api/games/${gameId}`)).seq;

      // A double click, as an impatient player does while the block is being baked.
      await buy.dblclick();
      // At once: on its way (each step drawn with a spinner), with the wait a block of 2 s makes.
      const progress = page.getByTestId('chain-progress');
      await progress.waitFor({ timeout: 10_000 });
      await expect.poll(() => progress.innerText()).toContain(`a block every ${BLOCK_SECONDS} s`);
      expect(
        await progress.getByTestId('chain-sending').or(progress.getByTestId('chain-in-flight')).count(),
      ).toBeGreaterThan(0);
      await page.screenshot({ path: path.join(RESULTS, 'chain-slow-pending.png'), fullPage: true });

      // The confirmation arrives as a toast naming the purchase, linked to its operation.
      // (Not another toast: a free copy an earlier roll gave Alice is minted and toasted too.)
      const toast = page
        .getByTestId('chain-toast')
        .filter({ hasText: 'Confirmed on Tezos' })
        .filter({ hasText: `Minted “${tile}” to Alice` });
      await toast.first().waitFor({ timeout: 60_000 });
      await page.screenshot({ path: path.join(RESULTS, 'chain-slow-toast.png') });
      const href = await toast.first().getByRole('link', { name: 'View the operation' }).getAttribute('href');
      const info = await api<ChainInfo>(`/api/games/${gameId}/chain`);
      const purchase = info.ops.filter((o) => o.kind === 'step' && o.seq === seqBefore + 1);
      // Sent once: one step for that move, confirmed, minting one copy to Alice; the second click sent nothing.
      expect(purchase).toHaveLength(1);
      expect(purchase[0]!.status).toBe('confirmed');
      expect(purchase[0]!.ops.filter((o) => o.kind === 'mint')).toHaveLength(1);
      expect(href).toBe(`/explorer/op/${encodeURIComponent(purchase[0]!.opHash!)}`);
      expect(await toast.first().innerText()).toContain(`Minted “${tile}” to Alice`);
      // No refusal reached the player (a second POST would have been refused as stale).
      expect(await page.getByTestId('decision').locator('[role="alert"]').count()).toBe(0);
      pages.expectNoErrors();
    },
  );
});
