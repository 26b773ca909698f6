/**
 * The real app and Debian's chromium for the browser suites. Asked for nothing special, a file gets the run's shared
 * app server and Chromium (test/e2e/global-setup.ts): its `stop` and `close` leave them running for the other files.
 * Asked for an environment or browser flags of its own, it gets a private one (scripts/lib/app-server.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import {
  startAppServer as startPrivateAppServer,
  type AppServer,
  type AppServerOptions,
  ROOT,
} from '../../scripts/lib/app-server';
import { launchBrowser as launchPrivateBrowser } from '../../scripts/lib/browser';

export { ROOT, type AppServer, type AppServerOptions } from '../../scripts/lib/app-server';

/** Where the suites' screenshots and files land (test/e2e/global-setup.ts makes it, once for the run). */
export const RESULTS = path.join(ROOT, 'test-results');

const isPlain = (options: AppServerOptions): boolean => !options.env && !options.databaseUrl && !options.logFile;

/** The shared app server, or a private one for `options` that ask for an environment or database of their own. */
export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  if (!isPlain(options)) return startPrivateAppServer(options);
  const logFile = inject('appLogFile');
  return {
    baseUrl: inject('appUrl'),
    pid: inject('appPid'),
    log: () => readFileSync(logFile, 'utf8'),
    stop: async () => undefined, // the run's teardown stops it
  };
}

/** The shared Chromium (closing it only disconnects this file), or a private one with `extraArgs`. */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (extraArgs.length > 0) return launchPrivateBrowser(extraArgs);
  return chromium.connect(inject('browserEndpoint'));
}
