/**
 * Pages for the browser suites: each in a browser context of its own (its own cookies, session storage and wallet),
 * with every uncaught exception and console error collected, so a test can assert none happened on any page.
 */
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';

export class BrowserPages {
  private readonly pageErrors: string[] = [];
  private readonly consoleErrors: string[] = [];

  constructor(private readonly browser: Browser) {}

  async newPage(): Promise<Page> {
    const context = await this.browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    page.on('pageerror', (err) => this.pageErrors.push(`${page.url()}: ${String(err)}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') this.consoleErrors.push(`${page.url()}: ${msg.text()}`);
    });
    return page;
  }

  /** No uncaught exception and no console error on any page, but those `expected` matches (e.g. a refusal's status). */
  expectNoErrors(expected: readonly RegExp[] = []): void {
    expect(this.pageErrors).toEqual([]);
    expect(this.consoleErrors.filter((e) => !expected.some((r) => r.test(e)))).toEqual([]);
  }

  /** Prints the console errors seen (afterAll), so a failure elsewhere still shows them. */
  report(): void {
    if (this.consoleErrors.length) console.info(`console errors:\n${this.consoleErrors.join('\n')}`);
  }
}

/** GETs a JSON route of the app, expecting 200. */
export async function getJson<T>(baseUrl: string, pathname: string): Promise<T> {
  const res = await fetch(`${baseUrl}${pathname}`, { cache: 'no-store' });
  expect(res.status, `GET ${pathname}`).toBe(200);
  return (await res.json()) as T;
}
