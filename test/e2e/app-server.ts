/** The real app for the browser suites (scripts/lib/app-server.ts) and Debian's chromium through playwright-core. */
import { chromium, type Browser } from 'playwright-core';

export { ROOT, startAppServer, type AppServer } from '../../scripts/lib/app-server';

/** Debian's chromium, headless; `extraArgs` for a suite's own needs (e.g. trusting a throwaway certificate). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...extraArgs],
  });
}
