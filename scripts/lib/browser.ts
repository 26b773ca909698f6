/** Debian's chromium through playwright-core, for the browser suites (test/e2e) and the play page's benchmark. */
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium (Playwright's own browser download is not used). */
export const CHROMIUM = '/usr/bin/chromium';

/** Headless, no sandbox (containers), and nothing that phones home or updates itself during a run. */
export const BROWSER_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's chromium, headless; `extraArgs` for a suite's own needs (e.g. trusting a throwaway certificate). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...BROWSER_ARGS, ...extraArgs] });
}
