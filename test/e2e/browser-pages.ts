/**
 * Pages for the browser suites: each in a browser context of its own (its own cookies, session storage and wallet),
 * with every uncaught exception and console error collected, so a test can assert none happened on any page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser, startAppServer, type AppServer, type AppServerOptions } from './app-server';

export class BrowserPages {
  private readonly pageErrors: string[] = [];
  private readonly consoleErrors: string[] = [];
  /** Every answer of 400 or more the pages got, for the report of a test that fails on a console error. */
  private readonly refusals: string[] = [];

  constructor(
    private readonly browser: Browser,
    private readonly baseUrl: string,
  ) {}

  async newPage(): Promise<Page> {
    const context = await this.browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    page.on('pageerror', (err) => this.pageErrors.push(`${page.url()}: ${String(err)}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') this.consoleErrors.push(`${page.url()}: ${msg.text()}`);
    });
    // Chromium's console line for a refused request names the page, not the request: note which request it was.
    page.on('response', (res) => {
      if (res.status() >= 400)
        this.refusals.push(`${res.request().method()} ${new URL(res.url()).pathname} ${res.status()}`);
    });
    return page;
  }

  /** A new page (a browser context of its own) at `link`: a path of the app, or a whole URL (an invite link). */
  async open(link: string): Promise<Page> {
    const page = await this.newPage();
    await page.goto(new URL(link, this.baseUrl).href);
    return page;
  }

  /**
   * No uncaught exception and no console error on any page since the last check, but those `expected` matches (e.g. a
   * refusal's status). What it checked is cleared, so one test's error is not every later test's failure too.
   */
  expectNoErrors(expected: readonly RegExp[] = []): void {
    const pageErrors = this.pageErrors.splice(0);
    const consoleErrors = this.consoleErrors.splice(0).filter((e) => !expected.some((r) => r.test(e)));
    const refusals = this.refusals.splice(0);
    expect(pageErrors).toEqual([]);
    expect(consoleErrors, `requests refused meanwhile: ${refusals.join(', ') || 'none'}`).toEqual([]);
  }

  /** Prints the console errors seen (afterAll), so a failure elsewhere still shows them. */
  report(): void {
    if (this.consoleErrors.length) console.info(`console errors:\n${this.consoleErrors.join('\n')}`);
  }
}

/** What a browser suite runs against: the real app (next build + next start, a private PGlite directory) and chromium. */
export interface BrowserSuite {
  readonly server: AppServer;
  readonly browser: Browser;
  readonly baseUrl: string;
  readonly pages: BrowserPages;
}

/**
 * Starts the app and chromium before the file's tests and stops them after (registering its own beforeAll and
 * afterAll); the fields are there once the tests run. `options` may be a function, for options known only once an
 * earlier beforeAll ran (a devnet's address): its afterAll, registered before, then runs after this one's.
 */
export function browserSuite(options: AppServerOptions | (() => AppServerOptions) = {}): BrowserSuite {
  const suite = {} as { server: AppServer; browser: Browser; baseUrl: string; pages: BrowserPages };
  beforeAll(async () => {
    suite.server = await startAppServer(typeof options === 'function' ? options() : options);
    suite.baseUrl = suite.server.baseUrl;
    suite.browser = await launchBrowser();
    suite.pages = new BrowserPages(suite.browser, suite.baseUrl);
  }, 300_000);
  afterAll(async () => {
    suite.pages?.report();
    await suite.browser?.close().catch(() => undefined);
    await suite.server?.stop();
  });
  return suite;
}
