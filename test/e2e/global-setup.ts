/**
 * Once per run, before any browser file: the production build (so no file builds, or waits on another's build, in
 * its own hooks), one app server and one Chromium that every browser file shares. Each file still makes its own
 * games, people and browser contexts in them; a file that needs an app of its own (a chain, a relay, other limits)
 * starts one and says why.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureBuild, ROOT, startAppServer } from '../../scripts/lib/app-server';
import { BROWSER_ARGS, CHROMIUM } from '../../scripts/lib/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared app server's base URL. */
    appUrl: string;
    /** The shared app server's process id. */
    appPid: number;
    /** Where the shared app server's output goes. */
    appLogFile: string;
    /** The shared Chromium's Playwright endpoint. */
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await ensureBuild();
  const results = path.join(ROOT, 'test-results');
  mkdirSync(results, { recursive: true });
  const logFile = path.join(results, 'shared-app-server.log');
  rmSync(logFile, { force: true });
  const [app, browser] = await Promise.all([
    startAppServer({ logFile }),
    chromium.launchServer({ executablePath: CHROMIUM, args: [...BROWSER_ARGS] }),
  ]);
  project.provide('appUrl', app.baseUrl);
  project.provide('appPid', app.pid);
  project.provide('appLogFile', logFile);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close().catch(() => undefined);
    await app.stop();
  };
}
