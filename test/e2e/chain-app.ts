/**
 * What the on-chain browser suites start from: an in-process devnet with the editions contract (bootstrap1 its admin
 * and the app's bank), the real app (next build + next start) pointed at it, Debian's chromium; an artist's earlier
 * token on it; signing a page in with a devnet account, and a seat's chain setup.
 */
import type { Browser, Page } from 'playwright-core';
import { tileTokenMetadata } from '../../chain';
import { bootstrapAccount, type DevnetOptions } from '../../devnet/node';
import { devnetWithContract, type DevnetContract } from '../../scripts/lib/devnet-contract';
import { launchBrowser, startAppServer, type AppServer } from './app-server';
import { BrowserPages } from './browser-pages';

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
  const bank = bootstrapAccount(1);
  // The devnet's TzKT reads tokens' off-chain metadata through the app's own gateway, once the app is up.
  const app: { url?: string } = {};
  const chain = await devnetWithContract({
    admin: bank,
    metadataGateway: () => app.url,
    ...(options.pace ? { pace: options.pace } : {}),
  });
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
  app.url = server.baseUrl;
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

/**
 * A token an artist made before the game (so the studio and the collection pages have one to show): "Tide Study" by
 * Ines Duarte, `creator` its creator, one copy minted to her so TzKT lists it. Returns its token id.
 */
export async function mintArtistToken(chain: DevnetContract, creator: string, gameId: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#2a9d8f"/></svg>`;
  const metadata = tileTokenMetadata({
    title: 'Tide Study',
    artist: 'Ines Duarte',
    creators: [creator],
    listPrice: 150,
    multiplier: 2,
    editionSize: 4,
    gameId,
    artifact: { uri: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, mimeType: 'image/svg+xml' },
  });
  await chain.contract.send(chain.contract.createTokens([{ maxSupply: 4, creator, metadata }]));
  const tokenId = String((await chain.contract.state()).nextTokenId - 1n);
  await chain.contract.send(chain.contract.mint([{ tokenId, to: creator, amount: 1 }]));
  return tokenId;
}

/**
 * Opens a seat's invite link (its token, in the fragment, is handed over: this browser holds the seat), then signs in
 * as `alias` and comes back to the table, with no token in any URL.
 */
export async function openSeatSignedIn(page: Page, baseUrl: string, link: string, alias: string): Promise<void> {
  await page.goto(new URL(link, baseUrl).href);
  await page.waitForURL((url) => url.hash === '');
  await page.getByTestId('play').waitFor();
  const url = new URL(page.url());
  await signIn(page, baseUrl, alias, `${url.pathname}${url.search}`);
}

/** Waits until the game's chain setup is done: every seat claimed and the bank approved. */
export const waitChainReady = (page: Page, timeout = 90_000) =>
  page.locator('[data-testid="chain-panel"][data-ready="true"]').waitFor({ timeout });
