/**
 * What the on-chain browser suites start from: an in-process devnet with the editions contract (bootstrap1 its admin
 * and the app's bank), the real app (next build + next start) pointed at it, Debian's chromium, and signing a page in
 * with a devnet account.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { bootstrapAccount, type DevnetOptions } from '../../devnet/node';
import { devnetWithContract, type DevnetContract } from '../../scripts/lib/devnet-contract';
import { launchBrowser, ROOT, startAppServer, type AppServer } from './app-server';
import { BrowserPages } from './browser-pages';

export const RESULTS = path.join(ROOT, 'test-results');

export interface ChainApp {
  readonly chain: DevnetContract;
  readonly server: AppServer;
  readonly browser: Browser;
  readonly pages: BrowserPages;
  readonly baseUrl: string;
  /** The editions contract (KT1…). */
  readonly contract: string;
  stop(): Promise<void>;
}

export interface ChainAppOptions {
  /** The devnet's block time and indexer lag (default: a block per operation, no lag). */
  readonly pace?: Pick<DevnetOptions, 'blockTime' | 'indexerLag'>;
  /** More environment for the app (e.g. POLE_BEACON_RELAYS). */
  readonly env?: Readonly<Record<string, string>>;
  /** More Chromium flags (e.g. --ignore-certificate-errors for a relay's throwaway certificate). */
  readonly browserArgs?: readonly string[];
}

/** Starts it all; `prepare` runs on the devnet before the app starts (e.g. tokens an artist made earlier). */
export async function startChainApp(
  prepare?: (chain: DevnetContract) => Promise<void>,
  options: ChainAppOptions = {},
): Promise<ChainApp> {
  mkdirSync(RESULTS, { recursive: true });
  const bank = bootstrapAccount(1);
  const chain = await devnetWithContract({ admin: bank, ...(options.pace ? { pace: options.pace } : {}) });
  await prepare?.(chain);
  const { devnet, contract } = chain;
  const server = await startAppServer({
    env: {
      TEZOS_NETWORK: 'devnet',
      TEZOS_RPC_URL: devnet.rpcUrl,
      TZKT_URL: devnet.tzktUrl,
      POLE_FA2_CONTRACT: contract.address,
      POLE_BANK_SECRET_KEY: bank.secretKey,
      ...options.env,
    },
  });
  // The pages' wallet code calls the devnet from the app's origin, which it lets in only once told (devnet/node/cors.ts).
  devnet.allowOrigin(server.baseUrl);
  const browser = await launchBrowser(options.browserArgs);
  const pages = new BrowserPages(browser, server.baseUrl);
  return {
    chain,
    server,
    browser,
    pages,
    baseUrl: server.baseUrl,
    contract: contract.address,
    async stop() {
      pages.report();
      await browser.close().catch(() => undefined);
      await server.stop();
      await devnet.stop();
    },
  };
}

/** Signs the page's context in with a devnet account on the sign-in page, then lands on `next`. */
export async function signIn(page: Page, baseUrl: string, alias: string, next: string): Promise<void> {
  await page.goto(`${baseUrl}/signin?next=${encodeURIComponent(next)}`);
  await page.getByRole('button', { name: `Sign in as ${alias}`, exact: true }).click();
  await page.waitForURL((url) => `${url.pathname}${url.search}` === next);
}

export type TableState = 'over' | 'decide' | 'wait';

/** What a player's table shows now: the outcome, a decision this seat can take, or something to wait for. */
export function tableState(page: Page): Promise<TableState> {
  return page.evaluate(() => {
    if (document.querySelector('[data-testid="outcome-banner"]')) return 'over';
    const table = document.querySelector('[data-testid="play-table"]');
    if (!table || table.getAttribute('aria-busy') !== 'false') return 'wait';
    return document.querySelector('[data-testid="decision"] [aria-label="Your choices"] button:not([disabled])')
      ? 'decide'
      : 'wait';
  });
}

/** Waits until the table offers this seat a decision or shows the outcome. */
export const nextTableState = (page: Page) =>
  page.waitForFunction(
    () => {
      if (document.querySelector('[data-testid="outcome-banner"]')) return true;
      const table = document.querySelector('[data-testid="play-table"]');
      return (
        table?.getAttribute('aria-busy') === 'false' &&
        document.querySelector('[data-testid="decision"] [aria-label="Your choices"] button:not([disabled])') !== null
      );
    },
    undefined,
    { timeout: 60_000 },
  );
